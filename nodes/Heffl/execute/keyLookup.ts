/**
 * Finding records by a match key (an e-mail, a website's domain, a name, a SKU:
 * table/matchKeys.ts) in a constant number of requests, never trusting a search to be
 * complete (issues 35, 42; docs/assumptions.md):
 *
 * - Heffl's documented `search` (§7), where the resource has one (`lookupSearch`), narrows;
 *   a record it returns whose key equals the given one is a match.
 * - Its "nothing" is believed only once the execution has seen that search find a listed
 *   record by that key: a probe per key, made at its first "nothing" (the list's first page,
 *   a record with the key that no other field of it holds, an archived one where the page has
 *   one, searched for in upper case).
 * - Otherwise (no search documented, a search that does not find that field, rows that do
 *   not show it, a search Heffl refuses) the whole list is read once per execution
 *   (records/keyedList.ts), indexed by each key asked; records the execution writes join it.
 */
import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import type { HefflListRequest } from '../../shared/transport';
import { hefflListPage, hefflPages, hefflPaginate } from '../../shared/transport';
import type { MatchKey } from '../../shared/table/matchKeys';
import type { ResourceSpec } from '../../shared/table/schema';
import type { ExecutionState } from '../contract/executionState';
import { KeyedList } from '../../shared/records/keyedList';

type Search = NonNullable<ResourceSpec['lookupSearch']>;
type Base = Omit<HefflListRequest, 'path'>;

/** How a match was found: `search` (rows of the search's list) or `list` (the resource's own list). */
export interface Found {
	records: IDataObject[];
	from: 'search' | 'list';
}

/** The records whose `key` equals that of `given`. */
export async function findByKey(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	key: MatchKey,
	base: Base,
	given: string,
	state: ExecutionState,
): Promise<Found> {
	const wanted = key.keyOf(given) ?? '';
	const listed = state.lists.get(resource.value);
	if (listed) return { records: listed.find(key, wanted), from: 'list' };
	const search = resource.lookupSearch;
	const rows = search ? await searched(context, search, base, key.term(given)) : undefined;
	// Rows that do not show the key's field cannot be judged here: the whole list decides.
	if (rows?.every((row) => key.recordKey in row)) {
		const found = rows.filter((row) => key.keyOf(row[key.recordKey]) === wanted);
		// A hit is a match; it does not prove the search holds every record (archived ones).
		if (found.length)
			return { records: search?.oldestFirst ? oldestFirst(found) : found, from: 'search' };
		if (await searchProven(context, resource, key, base, state))
			return { records: [], from: 'search' };
	}
	const list = await wholeList(context, resource, base);
	state.lists.set(resource.value, list);
	return { records: list.find(key, wanted), from: 'list' };
}

/** After a write: the record (as sent and answered) replaces its earlier self in the list read. */
export function rememberWritten(
	state: ExecutionState,
	resource: ResourceSpec,
	record: IDataObject,
): void {
	state.lists.get(resource.value)?.written(record);
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
 * Whether the resource's search finds a record by this key, asked once per execution and
 * key: the first page of its list gives a record with the key (an archived one if there is
 * one: a search that left archived records out would then fail the probe), searched for
 * as items are, in upper case (a search that minds case would then fail it too).
 */
async function searchProven(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	key: MatchKey,
	base: Base,
	state: ExecutionState,
): Promise<boolean> {
	const known = state.searchProven.get(`${resource.value}:${key.name}`);
	if (known !== undefined) return known;
	const search = resource.lookupSearch as Search;
	const { records } = await hefflListPage.call(
		context,
		{ ...base, api: search.api, path: search.path, qs: {} },
		100,
	);
	// A record whose other fields also hold the term (a domain in its e-mail) proves nothing.
	const withKey = records.filter((row) => {
		const value = row[key.recordKey];
		if (typeof value !== 'string' || key.keyOf(value) === undefined) return false;
		const elsewhere = JSON.stringify({ ...row, [key.recordKey]: null }).toLowerCase();
		return 'value' in key.check(value) && !elsewhere.includes(key.term(value).toLowerCase());
	});
	const sample = withKey.find((row) => row.archived === true) ?? withKey[0];
	const value = sample ? String(sample[key.recordKey]) : undefined;
	const rows =
		value === undefined
			? undefined
			: await searched(context, search, base, key.term(value).toUpperCase());
	const proven = Boolean(
		rows?.some(
			(row) => row.id === sample?.id && key.keyOf(row[key.recordKey]) === key.keyOf(value),
		),
	);
	state.searchProven.set(`${resource.value}:${key.name}`, proven);
	return proven;
}

/** The resource's whole list (its own API and path), in list order. */
async function wholeList(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	base: Base,
): Promise<KeyedList> {
	const records: IDataObject[] = [];
	for await (const page of hefflPages.call(context, { ...base, path: resource.path }))
		records.push(...page);
	return new KeyedList(records);
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
