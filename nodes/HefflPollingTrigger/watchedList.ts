/**
 * How the trigger asks Heffl for the list it watches: newest first (§7), narrowed by the
 * Filters as Get Many narrows it, each page checked to be in that order. The start a
 * trigger takes at activation, and Fetch Test Event's newest record, read it here;
 * readNew.ts walks it at each poll.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FilterCheck } from '../shared/records/listQuery';
import { verifiedList } from '../shared/records/lists';
import { listQuery } from '../shared/records/listQuery';
import { plural } from '../shared/table/schema';
import type { HefflListRequest } from '../shared/transport';
import { hefflListPage, MAX_PAGE_SIZE } from '../shared/transport';
import type { PollClock } from './budget';
import { withinBudget } from './budget';
import type { Cursor, RecordTime } from './cursor';
import { createdAtOf, idOf, MAX_SEEN, startCursor } from './cursor';
import type { WatchedKind } from './kinds';

/** An idle poll reads this many records: enough to reach what the last poll saw. */
export const FIRST_PAGE_SIZE = 10;
/** A poll gives up quickly on a failing Heffl: the next poll catches up. */
export const POLL_MAX_RETRIES = 2;

/** §7: newest first by creation, stated rather than left to the default. */
const NEWEST_FIRST = { orderBy: 'createdAt', orderDir: 'desc' } as const;

export function listRequest(kind: WatchedKind, qs: IDataObject = {}): HefflListRequest {
	return {
		api: kind.resource.api,
		path: kind.resource.path,
		qs: { ...qs, ...NEWEST_FIRST },
		recordLabel: kind.resource.label,
		maxRetries: POLL_MAX_RETRIES,
	};
}

/**
 * A list that does not answer newest first cannot be polled: not a passing fault, so the
 * poll fails (n8n records a failed execution) naming the list and what to do.
 */
export function notNewestFirst(context: IPollFunctions, kind: WatchedKind) {
	const list = `${kind.resource.api === 'v2' ? 'API v2' : 'API v1'} GET ${kind.resource.path}`;
	return new NodeOperationError(
		context.getNode(),
		`Heffl's ${kind.resource.label} list (${list}) does not answer newest first, so new ${plural(kind.resource.label)} cannot be told from old ones`,
		{
			description: `The trigger asks for orderBy=createdAt&orderDir=desc (heffl-reference §7) and got a page whose records are not in that order. Ask Heffl to honour orderBy and orderDir on ${kind.resource.path}; until then use the Heffl Trigger (webhooks), which does not depend on list order${kind.value === 'task' ? ' (Heffl sends no task events: there is no webhook for new tasks)' : ''}.`,
		},
	);
}

/**
 * The Filters collection as the user set it, read as Get Many reads it: the query now,
 * the checks when a new record needs them. Filters that look values up in Heffl (a lead
 * stage's name) are left out of the query, which they do not change, so an idle poll
 * sends no lookups.
 */
export async function filteredQuery(context: IPollFunctions, kind: WatchedKind) {
	const filters = context.getNodeParameter('filters', {}) as IDataObject;
	const lookups = new Set(
		(kind.resource.filters ?? []).filter((field) => field.resolve).map((field) => field.name),
	);
	const withoutLookups = Object.fromEntries(
		Object.entries(filters).filter(([name]) => !lookups.has(name)),
	);
	const { qs } = await listQuery(context, kind.resource, withoutLookups, 0);
	let checks: Promise<FilterCheck[]> | undefined;
	const checksNow = async () =>
		await (checks ??= listQuery(context, kind.resource, filters, 0, {
			maxRetries: POLL_MAX_RETRIES,
		}).then((query) => query.checks));
	return { qs, checksNow };
}

/** One page's records, placed, checked to be newest first. */
export function placedPage(context: IPollFunctions, kind: WatchedKind, records: IDataObject[]) {
	const { label } = kind.resource;
	let previous = Infinity;
	return records.map((record) => {
		const placed = { id: idOf(record, label), at: createdAtOf(record, label), record };
		if (placed.at > previous) throw notNewestFirst(context, kind);
		previous = placed.at;
		return placed;
	});
}

/**
 * The first cursor, from the unfiltered list: "now" is Heffl's newest record of the kind.
 * When more records than the first page share its newest createdAt, the start reads on
 * until that createdAt ends, so every one of them is known by id (up to MAX_SEEN) and a
 * record that appears later with that same createdAt is still new.
 */
export async function firstCursor(
	context: IPollFunctions,
	kind: WatchedKind,
	watching: string,
	clock: PollClock,
): Promise<Cursor> {
	const within = withinBudget(context, clock);
	const request = listRequest(kind);
	const read: RecordTime[] = [];
	let cursor: string | undefined;
	for (let pages = 0; ; pages++) {
		const page = await hefflListPage.call(
			within,
			request,
			pages === 0 ? FIRST_PAGE_SIZE : MAX_PAGE_SIZE,
			cursor,
		);
		const placed = placedPage(context, kind, page.records);
		read.push(...placed.map(({ id, at }) => ({ id, at })));
		const newest = read[0]?.at;
		const tieGoesOn = placed.length > 0 && placed[placed.length - 1].at === newest;
		if (!page.nextCursor || !tieGoesOn || read.length >= MAX_SEEN) {
			return startCursor(watching, read, page.nextCursor !== undefined);
		}
		cursor = page.nextCursor;
	}
}

/** Fetch Test Event: the newest record that passes the filters, the cursor untouched. */
export async function newestRecord(
	context: IPollFunctions,
	kind: WatchedKind,
): Promise<IDataObject | undefined> {
	const { qs, checksNow } = await filteredQuery(context, kind);
	const request = listRequest(kind, qs);
	const [newest] = await verifiedList(context, kind.resource, request, 1, await checksNow());
	return newest;
}
