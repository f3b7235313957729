/**
 * Finding records by e-mail (Create or Update, Get Many's Email filter) in a constant
 * number of requests, never trusting a search to be complete (issue 35, docs/assumptions.md):
 *
 * - Heffl's documented `search` (§7) narrows; a record it returns with exactly this e-mail
 *   (ignoring case and surrounding spaces) is a match.
 * - Its "nothing" is believed only once the execution has seen that search find a listed
 *   record by its e-mail: a probe, made at the first "nothing" (the list's first page, a
 *   record with an e-mail, an archived one where the page has one, searched for).
 * - Otherwise (no search, a search that does not find e-mails, rows that do not show them,
 *   a search Heffl refuses) the whole list is read once per execution and indexed by
 *   e-mail; records the execution writes are added to the index.
 */
import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import type { HefflListRequest } from '../../shared/transport';
import { hefflListPage, hefflPages, hefflPaginate } from '../../shared/transport';
import type { ResourceSpec } from '../../shared/table/schema';
import type { ExecutionState } from '../contract/executionState';

type Search = NonNullable<ResourceSpec['emailSearch']>;
type Base = Omit<HefflListRequest, 'path'>;

/** An e-mail address as records are compared by it: trimmed, lower case. */
export const emailKey = (value: unknown): string | undefined =>
	typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined;

/** How a match was found: `search` (rows of the search's list) or `list` (the resource's own list). */
export interface Found {
	records: IDataObject[];
	from: 'search' | 'list';
}

/** The records whose e-mail is exactly `email`. */
export async function findByEmail(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	base: Base,
	email: string,
	state: ExecutionState,
): Promise<Found> {
	const wanted = emailKey(email) ?? '';
	const index = state.emailIndexes.get(resource.value);
	if (index) return { records: index.get(wanted) ?? [], from: 'list' };
	const search = resource.emailSearch;
	const rows = search ? await searched(context, search, base, email.trim()) : undefined;
	// Rows that do not show an e-mail cannot be judged here: the whole list decides.
	if (rows?.every((row) => 'email' in row)) {
		const found = rows.filter((row) => emailKey(row.email) === wanted);
		// A hit is a match; it does not prove the search holds every record (archived ones).
		if (found.length)
			return { records: search?.oldestFirst ? oldestFirst(found) : found, from: 'search' };
		if (await searchProven(context, resource, base, state)) return { records: [], from: 'search' };
	}
	const built = await wholeList(context, resource, base);
	state.emailIndexes.set(resource.value, built);
	return { records: built.get(wanted) ?? [], from: 'list' };
}

/** After a write by e-mail: the record is what the execution's index holds for it. */
export function rememberWritten(
	state: ExecutionState,
	resource: ResourceSpec,
	email: string,
	record: IDataObject,
): void {
	const key = emailKey(email);
	if (key !== undefined) state.emailIndexes.get(resource.value)?.set(key, [record]);
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
 * Whether the resource's search finds a record by its e-mail, asked once per execution:
 * the first page of its list gives a record with an e-mail (an archived one if there is
 * one: a search that left archived records out would then fail the probe), which is
 * searched for.
 */
async function searchProven(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	base: Base,
	state: ExecutionState,
): Promise<boolean> {
	const known = state.emailSearchProven.get(resource.value);
	if (known !== undefined) return known;
	const search = resource.emailSearch as Search;
	const { records } = await hefflListPage.call(
		context,
		{ ...base, api: search.api, path: search.path, qs: {} },
		100,
	);
	const withEmail = records.filter((row) => emailKey(row.email)?.includes('@'));
	const sample = withEmail.find((row) => row.archived === true) ?? withEmail[0];
	const rows = sample && (await searched(context, search, base, String(sample.email).trim()));
	const proven = Boolean(
		rows?.some((row) => row.id === sample.id && emailKey(row.email) === emailKey(sample.email)),
	);
	state.emailSearchProven.set(resource.value, proven);
	return proven;
}

/** The resource's whole list (its own API and path), indexed by e-mail in list order. */
async function wholeList(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	base: Base,
): Promise<Map<string, IDataObject[]>> {
	const index = new Map<string, IDataObject[]>();
	for await (const page of hefflPages.call(context, { ...base, path: resource.path })) {
		for (const record of page) {
			const key = emailKey(record.email);
			if (key !== undefined) index.set(key, [...(index.get(key) ?? []), record]);
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
