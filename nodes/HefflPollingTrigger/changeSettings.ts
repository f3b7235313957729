/**
 * A Changed kind's settings as the user gave them, checked before anything is read (Fields
 * to Watch, Options → Requests Per Minute), and what a pass costs beside the Poll Times.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { plural } from '../shared/table/schema';
import type { ChangedKind } from './changedKinds';
import { fieldsKey, MAX_MEMORY_BYTES } from './changeMemory';
import { DEFAULT_REQUESTS_PER_MINUTE, KEY_REQUESTS_PER_MINUTE } from './requestShare';

/** Fields to Watch: keys from the list, or an expression's keys (a list, or text separated by commas). */
export function watchedFields(context: IPollFunctions): string[] {
	const given = context.getNodeParameter('watchedFields', []) as unknown;
	const list = Array.isArray(given) ? given : typeof given === 'string' ? given.split(',') : [];
	const fields = fieldsKey(list.filter((field): field is string => typeof field === 'string'));
	if (!fields.length) {
		throw new NodeOperationError(context.getNode(), 'Fields to Watch: choose at least one field', {
			description:
				'Pick the fields whose change should start the workflow (custom fields are listed by label), or give their keys by expression, e.g. ownerUserId, price.',
		});
	}
	return fields;
}

/** Options → Requests Per Minute: a whole number from 1 to the key's 60. */
export function requestsPerMinute(context: IPollFunctions, options: IDataObject): number {
	const value = options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE;
	if (
		typeof value !== 'number' ||
		!Number.isInteger(value) ||
		value < 1 ||
		value > KEY_REQUESTS_PER_MINUTE
	) {
		throw new NodeOperationError(
			context.getNode(),
			`Options › Requests Per Minute: '${String(value)}' is not a whole number from 1 to ${KEY_REQUESTS_PER_MINUTE}`,
			{
				description: `Heffl allows ${KEY_REQUESTS_PER_MINUTE} requests a minute per API key; give this trigger a part of them (${DEFAULT_REQUESTS_PER_MINUTE} when unset).`,
			},
		);
	}
	return value;
}

const MODE_MINUTES: Record<string, number> = {
	everyMinute: 1,
	everyHour: 60,
	everyDay: 1_440,
	everyWeek: 10_080,
	everyMonth: 40_320,
};

/** The shortest time between the Poll Times, in minutes; undefined for a cron expression. */
export function pollIntervalMinutes(context: IPollFunctions): number | undefined {
	const pollTimes = context.getNodeParameter('pollTimes', {}) as IDataObject;
	const items = Array.isArray(pollTimes.item) ? (pollTimes.item as IDataObject[]) : [];
	const minutes = items.map((item) => {
		if (item.mode === 'everyX') {
			const value = Number(item.value);
			return value > 0 ? value * (item.unit === 'hours' ? 60 : 1) : undefined;
		}
		return MODE_MINUTES[String(item.mode)];
	});
	if (!minutes.length || minutes.some((value) => value === undefined)) return undefined;
	return Math.min(...(minutes as number[]));
}

/**
 * What a pass of `requests` costs, when it is more than the share reads between two Poll
 * Times: said in n8n's log once the first pass is read (and at activation when it cannot end
 * there), with the fixes.
 */
export function passTooLong(
	context: IPollFunctions,
	kind: ChangedKind,
	requests: { count: number; ended: boolean },
	perMinute: number,
): string | undefined {
	const interval = pollIntervalMinutes(context);
	if (interval === undefined || requests.count <= perMinute * interval) return undefined;
	const list = plural(kind.watched.resource.label);
	const size = requests.ended
		? `${requests.count} requests (about ${requests.count * 100} ${list})`
		: `more than ${requests.count} requests`;
	return `One check of the filtered ${list} takes ${size}, more than the ${perMinute * interval} this trigger reads between two Poll Times (${perMinute} a minute, every ${interval} minute${interval === 1 ? '' : 's'}): each change is found when the reading reaches it, up to ${Math.ceil(requests.count / (perMinute * interval))} Poll Times late. Narrow the Filters, or set the Poll Times further apart (or raise Options → Requests Per Minute).`;
}

export function memoryTooLarge(
	context: IPollFunctions,
	kind: ChangedKind,
	records: number,
	bytes: number,
): NodeOperationError {
	const list = plural(kind.watched.resource.label);
	return new NodeOperationError(
		context.getNode(),
		`The trigger would remember ${records} ${list} (${Math.round(bytes / 1000)} KB), more than the ${MAX_MEMORY_BYTES / 1_000_000} MB n8n keeps for it`,
		{
			description: `Narrow the Filters so fewer ${list} are watched, or watch fewer (or shorter) fields. Nothing was emitted and nothing is remembered past the last check.`,
		},
	);
}
