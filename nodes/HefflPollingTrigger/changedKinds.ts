/**
 * Trigger On → Changed Company, Contact, Deal, Lead, Quotation, Task: the same six lists as
 * the New kinds (kinds.ts), each record compared with what the trigger saw last, for the
 * fields the user picks (Fields to Watch: the record's fields and its custom fields by label).
 * Heffl sends no event with a previous value, so `<kind>.changed` is this trigger's name.
 */
import type { ILoadOptionsFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { filterProperties } from '../shared/editor/listProperties';
import { fieldOptions } from '../shared/records/fieldOptions';
import { plural } from '../shared/table/schema';
import type { WatchedKind } from './kinds';
import { WATCHED_KINDS } from './kinds';
import { DEFAULT_REQUESTS_PER_MINUTE, KEY_REQUESTS_PER_MINUTE } from './requestShare';

export interface ChangedKind {
	/** Trigger On's value: "dealChanged". */
	value: string;
	name: string;
	description: string;
	/** The item's event: "deal.changed". */
	event: string;
	/** The list it reads: the New kind's (its filters, its order). */
	watched: WatchedKind;
}

/** Keys a record always shows and no user watches: what it is, and Heffl's own bookkeeping. */
const NOT_WATCHED = ['id', 'createdAt', 'updatedAt'];

export const CHANGED_KINDS: readonly ChangedKind[] = WATCHED_KINDS.map((watched) => ({
	value: `${watched.value}Changed`,
	name: `Changed ${watched.resource.displayName}`,
	description: `A ${watched.resource.label}'s watched fields change (with their previous values)`,
	event: `${watched.resource.value}.changed`,
	watched,
}));

const CHANGED_VALUES = CHANGED_KINDS.map(({ value }) => value);

export function changedKind(value: unknown): ChangedKind | undefined {
	return CHANGED_KINDS.find((candidate) => candidate.value === value);
}

function changedFilters(kind: ChangedKind): INodeProperties {
	const { resource } = kind.watched;
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description: `Only ${plural(resource.label)} that match, with the search and filters of ${resource.displayName} → Get Many. Each check reads every matching ${resource.label}: the fewer, the cheaper.`,
		displayOptions: { show: { event: [kind.value] } },
		options: filterProperties(resource),
	};
}

/** The Changed kinds' own parameters: Fields to Watch and their Filters. */
export const CHANGED_PROPERTIES: INodeProperties[] = [
	{
		displayName:
			'Each check reads every matching record (100 per request) and compares the watched fields with the last check. A change undone between two checks is no change.',
		name: 'changedNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: CHANGED_VALUES } },
	},
	{
		displayName: 'Fields to Watch Names or IDs',
		name: 'watchedFields',
		type: 'multiOptions',
		required: true,
		default: [],
		typeOptions: { loadOptionsMethod: 'getWatchableFields', loadOptionsDependsOn: ['event'] },
		description:
			'The fields whose change starts the workflow, each output with its value before and after (custom fields by label). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { event: CHANGED_VALUES } },
	},
	...CHANGED_KINDS.map(changedFilters),
];

/** Options → Requests Per Minute: the Changed kinds' share of the key's budget. */
export const REQUESTS_PER_MINUTE_OPTION: INodeProperties = {
	displayName: 'Requests Per Minute',
	name: 'requestsPerMinute',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: KEY_REQUESTS_PER_MINUTE },
	default: DEFAULT_REQUESTS_PER_MINUTE,
	description: `The most requests a minute this trigger reads with, of the API key's ${KEY_REQUESTS_PER_MINUTE} (for changed records only): the rest stays for other workflows on the key. A list that needs more is read across several checks.`,
	displayOptions: { show: { '/event': CHANGED_VALUES } },
};

/** Fields to Watch's list: the kind's record keys and its custom fields by label. */
export async function getWatchableFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const kind = changedKind(this.getCurrentNodeParameter('event'));
	return await fieldOptions(this, kind?.watched.resource, NOT_WATCHED);
}
