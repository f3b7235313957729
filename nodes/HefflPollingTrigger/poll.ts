/**
 * One poll: read the watched list newest first down to what earlier polls handled,
 * check every new record against the filters Get Many would apply, and hand back the
 * new ones oldest first with the cursor that follows them. Nothing here writes static
 * data: the node decides when the cursor moves.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { FilterCheck } from '../Heffl/execute/lists';
import { judgeRecord, listQuery, verifiedList } from '../Heffl/execute/lists';
import type { HefflListRequest } from '../shared/transport';
import { hefflListPage, hefflPages, MAX_PAGE_SIZE } from '../shared/transport';
import type { Cursor } from './cursor';
import { advance, createdAtOf, GarbledPage, idOf, startCursor, topOf } from './cursor';
import type { WatchedKind } from './kinds';

/** An idle poll reads this many records: enough to reach what the last poll saw. */
export const FIRST_PAGE_SIZE = 10;
/** A poll gives up quickly on a failing Heffl: the next poll catches up. */
export const POLL_MAX_RETRIES = 2;

/** §7: newest first by creation, stated rather than left to the default. */
const NEWEST_FIRST = { orderBy: 'createdAt', orderDir: 'desc' } as const;

function listRequest(kind: WatchedKind, qs: IDataObject = {}): HefflListRequest {
	return {
		api: kind.resource.api,
		path: kind.resource.path,
		qs: { ...qs, ...NEWEST_FIRST },
		recordLabel: kind.resource.label,
		maxRetries: POLL_MAX_RETRIES,
	};
}

/**
 * The Filters collection as the user set it, read as Get Many reads it: the query now,
 * the checks when a new record needs them. Filters that look values up in Heffl (a lead
 * stage's name) are left out of the query, which they do not change, so an idle poll
 * sends no lookups.
 */
async function filteredQuery(context: IPollFunctions, kind: WatchedKind) {
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

/** The first cursor, from the unfiltered list: "now" is Heffl's newest record of the kind. */
export async function firstCursor(
	context: IPollFunctions,
	kind: WatchedKind,
	watching: string,
): Promise<Cursor> {
	const page = await hefflListPage.call(context, listRequest(kind), FIRST_PAGE_SIZE);
	let previous = Infinity;
	const records = page.records.map((record) => {
		const at = createdAtOf(record, kind.resource.label);
		if (at > previous) throw notNewestFirst(kind);
		previous = at;
		return { id: idOf(record, kind.resource.label), at };
	});
	return startCursor(watching, records, page.nextCursor !== undefined);
}

function notNewestFirst(kind: WatchedKind) {
	return new GarbledPage(
		`Heffl's ${kind.resource.label} list is not ordered newest first (orderBy=createdAt, orderDir=desc), so new records cannot be told from old ones`,
	);
}

export interface PollResult {
	/** New records that pass the filters, oldest first. */
	fresh: IDataObject[];
	/** The cursor once they are emitted. */
	next: Cursor;
	/** Requests the poll sent to list records. */
	pages: number;
	/** New records the filters left out. */
	dropped: number;
}

/**
 * Reads pages until one reaches below the newest record the cursor handled (the rest of
 * that page is still looked at, for late arrivals), or the floor, or the end.
 */
export async function readNew(
	context: IPollFunctions,
	kind: WatchedKind,
	cursor: Cursor,
): Promise<PollResult> {
	const { label } = kind.resource;
	const { qs, checksNow } = await filteredQuery(context, kind);
	const request = listRequest(kind, qs);
	const top = topOf(cursor);
	const examined = new Set<string>();
	const fresh: Array<{ record: IDataObject; at: number }> = [];
	const handled: Array<{ id: string; at: number }> = [];
	let pages = 0;
	const pageSize = () => (pages === 0 ? FIRST_PAGE_SIZE : MAX_PAGE_SIZE);
	for await (const page of hefflPages.call(context, request, pageSize)) {
		pages++;
		let previous = Infinity;
		let reachedKnown = false;
		let reachedFloor = false;
		for (const record of page) {
			const id = idOf(record, label);
			// Records created while the poll reads shift the list down: a later page repeats
			// what was read, or starts with records newer than the last page (they are new).
			if (examined.has(id)) continue;
			examined.add(id);
			const at = createdAtOf(record, label);
			if (at > previous) throw notNewestFirst(kind);
			previous = at;
			if (cursor.floor !== null && at < cursor.floor) {
				reachedFloor = true;
				break;
			}
			if (top !== null && at < top) reachedKnown = true;
			if (cursor.seen[id] !== undefined) continue;
			const checks = await checksNow();
			const verdict = await judgeRecord(context, kind.resource, request, checks, record);
			handled.push({ id, at });
			if (verdict.keep) fresh.push({ record, at });
		}
		if (reachedFloor || reachedKnown) break;
	}
	// Oldest first; records of one createdAt in the order Heffl lists them.
	const oldestFirst = fresh
		.map((entry, index) => ({ ...entry, index }))
		.sort((a, b) => a.at - b.at || a.index - b.index)
		.map((entry) => entry.record);
	return {
		fresh: oldestFirst,
		next: advance(cursor, handled),
		pages,
		dropped: handled.length - fresh.length,
	};
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

/** Codes of the transport's own errors that say nothing about the request itself. */
const PASSING_CODES = new Set([
	'DEADLINE_EXCEEDED',
	'WAIT_TOO_LONG',
	'UNEXPECTED_ANSWER',
	'BAD_PAGE',
	'CANCELLED',
]);

/**
 * Whether a failed poll may simply be tried again at the next poll: a rate limit, Heffl
 * failing (5xx), no answer in time, a broken connection, or a page that cannot be
 * trusted. Anything else (a refused key, a refused filter) needs the user.
 */
export function isPassing(error: unknown): boolean {
	if (error instanceof GarbledPage) return true;
	if (!(error instanceof NodeApiError)) return false;
	const status = Number(error.httpCode);
	if (status === 429 || status >= 500) return true;
	const code = String((error.context as IDataObject | undefined)?.code ?? '');
	return PASSING_CODES.has(code) || /^E[A-Z_]+$/.test(code);
}
