/**
 * Finding records by a match key (Create or Update, Get Many's Email filter) in a constant
 * number of requests, never trusting a search to be complete (issues 35 and 42,
 * docs/assumptions.md). A key is a field and a normaliser (shared/table/matchKeys.ts):
 *
 * - Heffl's documented `search` (§7) narrows; a record it returns whose key has the same
 *   normal form is a match.
 * - Its "nothing" is believed only once the execution has seen that search find a listed
 *   record by this key: a probe, made at the first "nothing" (the list's first page, a
 *   record with the key, an archived one where the page has one, searched for).
 * - Otherwise (no search documented, a search that does not find this field, rows that do
 *   not show it, a search Heffl refuses) the whole list is read once per execution and
 *   indexed by the key; records the execution writes are added to the index.
 */
import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import type { HefflListRequest } from '../../shared/transport';
import { hefflListPage, hefflPages, hefflPaginate } from '../../shared/transport';
import type { MatchKey } from '../../shared/table/matchKeys';
import { keyOf, probeTerm } from '../../shared/table/matchKeys';
import type { ResourceSpec } from '../../shared/table/schema';
import type { ExecutionState } from '../contract/executionState';

type Search = NonNullable<ResourceSpec['lookupSearch']>;
type Base = Omit<HefflListRequest, 'path'>;

/** How a match was found: `search` (rows of the search's list) or `list` (the resource's own list). */
export interface Found {
	records: IDataObject[];
	from: 'search' | 'list';
}

/** Where the execution keeps what it learnt of this resource's records by this key. */
const slot = (resource: ResourceSpec, key: MatchKey) => `${resource.value}:${key.value}`;

/** The records whose key has the normal form of `given`. */
export async function findByKey(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	key: MatchKey,
	base: Base,
	given: string,
	state: ExecutionState,
): Promise<Found> {
	const wanted = key.normalise(given) ?? '';
	const index = state.keyIndexes.get(slot(resource, key));
	if (index) return { records: index.get(wanted) ?? [], from: 'list' };
	const search = resource.lookupSearch;
	const rows = search ? await searched(context, search, base, key.term(given.trim())) : undefined;
	// Rows that do not show the key's field cannot be judged here: the whole list decides.
	if (rows?.every((row) => key.field in row)) {
		const found = rows.filter((row) => keyOf(key, row) === wanted);
		// A hit is a match; it does not prove the search holds every record (archived ones).
		if (found.length)
			return { records: search?.oldestFirst ? oldestFirst(found) : found, from: 'search' };
		if (await searchProven(context, resource, key, base, state))
			return { records: [], from: 'search' };
	}
	const built = await wholeList(context, resource, key, base);
	state.keyIndexes.set(slot(resource, key), built);
	return { records: built.get(wanted) ?? [], from: 'list' };
}

/** After a write by a key: the record is what the execution's index holds for it. */
export function rememberWritten(
	state: ExecutionState,
	resource: ResourceSpec,
	key: MatchKey,
	given: string,
	record: IDataObject,
): void {
	const normal = key.normalise(given);
	if (normal !== undefined) state.keyIndexes.get(slot(resource, key))?.set(normal, [record]);
}

/**
 * Every row the search answers for `term` (usually one page), or undefined when Heffl
 * refuses the search (4xx other than 429): then it is not used in this execution.
 */
async function searched(
	context: IExecuteFunctions,
	search: Search,
	base: Base,
	term: string,
): Promise<IDataObject[] | undefined> {
	return await hefflPaginate
		.call(context, { ...base, api: search.api, path: search.path, qs: { search: term } })
		.catch((error: NodeApiError) => {
			const status = Number(error.httpCode);
			if (status >= 400 && status < 500 && status !== 429) return undefined;
			throw error;
		});
}

/**
 * Whether the resource's search finds a record by this key, asked once per execution:
 * the first page of its list gives a record with the key (an archived one if there is
 * one: a search that left archived records out would then fail the probe), which is
 * searched for.
 */
async function searchProven(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	key: MatchKey,
	base: Base,
	state: ExecutionState,
): Promise<boolean> {
	const known = state.searchProven.get(slot(resource, key));
	if (known !== undefined) return known;
	const search = resource.lookupSearch as Search;
	const { records } = await hefflListPage.call(
		context,
		{ ...base, api: search.api, path: search.path, qs: {} },
		100,
	);
	// A record whose key a user could give and only that field holds (matchKeys.ts probeTerm).
	const sampled = records.filter((row) => probeTerm(key, row) !== undefined);
	const sample = sampled.find((row) => row.archived === true) ?? sampled[0];
	const term = sample && probeTerm(key, sample);
	const rows = term === undefined ? undefined : await searched(context, search, base, term);
	const proven = Boolean(
		rows?.some((row) => row.id === sample.id && keyOf(key, row) === keyOf(key, sample)),
	);
	state.searchProven.set(slot(resource, key), proven);
	return proven;
}

/** The resource's whole list (its own API and path), indexed by the key in list order. */
async function wholeList(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	key: MatchKey,
	base: Base,
): Promise<Map<string, IDataObject[]>> {
	const index = new Map<string, IDataObject[]>();
	for await (const page of hefflPages.call(context, { ...base, path: resource.path })) {
		for (const record of page) {
			const normal = keyOf(key, record);
			if (normal !== undefined) index.set(normal, [...(index.get(normal) ?? []), record]);
		}
	}
	return index;
}

/** Oldest first by `createdAt`; records without one keep their place relative to each other. */
function oldestFirst(records: IDataObject[]): IDataObject[] {
	const time = (record: IDataObject) =>
		typeof record.createdAt === 'string' ? Date.parse(record.createdAt) : NaN;
	return records
		.map((record, position) => ({ record, position, at: time(record) }))
		.sort((a, b) =>
			Number.isNaN(a.at) || Number.isNaN(b.at) || a.at === b.at
				? a.position - b.position
				: a.at - b.at,
		)
		.map(({ record }) => record);
}
