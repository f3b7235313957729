/**
 * One poll: read the watched list newest first down to what earlier polls handled (or,
 * while a backlog is pending, on from where the last poll stopped), check every new
 * record against the filters Get Many would apply, and hand back the new ones oldest
 * first with the cursor that follows them. The read ends before the poll's budget does;
 * what it read is emitted and the cursor remembers the part still unread. Nothing here
 * writes static data: the node decides when the cursor moves.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { FilterCheck } from '../shared/records/lists';
import { judgeRecord, listQuery, verifiedList } from '../shared/records/lists';
import { plural } from '../shared/table/schema';
import type { HefflListRequest } from '../shared/transport';
import { hefflListPage, MAX_PAGE_SIZE, transportLimits } from '../shared/transport';
import type { PollClock } from './budget';
import { withinBudget } from './budget';
import type { Cursor, Handled, Placed, Stop } from './cursor';
import { advance, createdAtOf, idOf, isHandled, MAX_SEEN, startCursor, topOf } from './cursor';
import { isPassing } from './faults';
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

/** One page's records, placed, checked to be newest first. */
function placedPage(context: IPollFunctions, kind: WatchedKind, records: IDataObject[]) {
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
	const read: Placed[] = [];
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

export interface PollResult {
	/** New records that pass the filters, oldest first. */
	fresh: IDataObject[];
	/** The cursor once they are emitted. */
	next: Cursor;
	/** Pages the poll read through. */
	pages: number;
	/** New records the filters left out. */
	dropped: number;
	/** Why the read stopped before reaching what earlier polls handled, if it did. */
	stoppedEarly?: 'budget' | Error;
}

/** What a read walks towards: the state the unread part ends at, and its newest record. */
interface Target {
	until: Handled;
	top: number | null;
}

/**
 * Reads pages until one reaches below the newest record the target handled (the rest of
 * that page is still looked at, for late arrivals), or the target's floor, or the end;
 * or until the budget leaves no room for another page. A backlog is read on from the
 * page the last poll stopped at, read again to prove nothing between was skipped (a
 * list that shifted up under deleted records is read from its first page instead).
 */
export async function readNew(
	context: IPollFunctions,
	kind: WatchedKind,
	cursor: Cursor,
	clock: PollClock,
): Promise<PollResult> {
	const within = withinBudget(context, clock);
	const { qs, checksNow } = await filteredQuery(within, kind);
	const request = listRequest(kind, qs);
	const until: Handled = cursor.backlog ?? cursor;
	const target: Target = { until, top: topOf(until) };

	const examined = new Set<string>();
	// The oldest createdAt read and the ids read at it, across pages (a stop inside a tie keeps them all).
	let lowest: { at: number; ids: string[] } = { at: Infinity, ids: [] };
	// The newest createdAt of the first page: records created while the poll reads are newer.
	let newestAtStart = Infinity;
	const backlog = cursor.backlog;
	const fresh: Array<{ record: IDataObject; at: number }> = [];
	const handled: Placed[] = [];
	let pages = 0;
	let stop: Stop | undefined;
	let stoppedEarly: PollResult['stoppedEarly'];
	// The page to ask for: undefined is the list's first page.
	let pageCursor: string | undefined = cursor.backlog?.resume ?? undefined;
	let resuming = pageCursor !== undefined;
	const cursorsSeen = new Set<string>();

	// The page read again to resume a backlog is not progress: a resumed poll reads one more.
	let reread = cursor.backlog ? 1 : 0;
	for (;;) {
		if (pages > reread && !clock.roomForAPage()) {
			stoppedEarly = 'budget';
			break;
		}
		if (pages >= transportLimits.maxPages) {
			throw new NodeOperationError(
				context.getNode(),
				`Heffl's ${kind.resource.label} list is longer than ${transportLimits.maxPages} pages; reading stopped`,
			);
		}
		const size = pages === 0 && !cursor.backlog ? FIRST_PAGE_SIZE : MAX_PAGE_SIZE;
		const startedAt = Date.now();
		const read = await settled(async () => {
			const page = await hefflListPage.call(within, request, size, pageCursor);
			clock.pageTook(Date.now() - startedAt);
			return { page, placed: placedPage(context, kind, page.records) };
		});
		if ('failure' in read) {
			const { failure } = read;
			if (resuming && isRefusedCursor(failure)) {
				// A cursor Heffl no longer takes: the backlog is read from the first page.
				resuming = false;
				pageCursor = undefined;
				continue;
			}
			// Nothing read yet, or a fault that will not pass: the poll fails with it.
			if (pages === 0 || !(clock.spent() || isPassing(failure))) throw failure;
			stoppedEarly = clock.spent() ? 'budget' : (failure as Error);
			break;
		}
		const { page, placed } = read.value;
		pages++;
		if (resuming) {
			resuming = false;
			// The page read again must begin with a record read before; otherwise the list
			// moved up (records deleted above it) and records between may be unread.
			const first = placed[0];
			if (!first || !aboveUnread(cursor, first)) {
				pageCursor = undefined;
				reread++;
				continue;
			}
		}

		if (pageCursor === undefined && placed.length)
			newestAtStart = Math.min(newestAtStart, placed[0].at);
		let reachedFloor = false;
		let reachedKnown = false;
		for (const { id, at, record } of placed) {
			// Records created while the poll reads shift the list down: a later page repeats
			// what was read, or starts with records newer than the last page (they are new).
			if (examined.has(id)) continue;
			examined.add(id);
			if (at < lowest.at) lowest = { at, ids: [id] };
			else if (at === lowest.at) lowest.ids = [...lowest.ids, id].slice(-MAX_SEEN);
			if (target.until.floor !== null && at < target.until.floor) {
				reachedFloor = true;
				break;
			}
			if (target.top !== null && at < target.top) reachedKnown = true;
			if (isHandled(cursor, { id, at })) continue;
			// Reading a backlog, only its unread part is handled: newer records are left to
			// the poll that reads from the first page once the backlog is done.
			if (backlog && aboveUnread(cursor, { id, at })) continue;
			const checks = await checksNow();
			const verdict = await judgeRecord(within, kind.resource, request, checks, record);
			handled.push({ id, at });
			if (verdict.keep) fresh.push({ record, at });
		}
		if (reachedFloor || reachedKnown || !page.nextCursor) {
			stop = undefined;
			break;
		}
		// This page is fully read: a stop after it reads it again next time.
		stop = { resume: pageCursor ?? null, below: lowest.at, at: lowest.ids };
		if (cursorsSeen.has(page.nextCursor)) {
			throw new NodeOperationError(
				context.getNode(),
				`Heffl sent a page cursor of the ${kind.resource.label} list it had sent before; reading stopped`,
			);
		}
		cursorsSeen.add(page.nextCursor);
		pageCursor = page.nextCursor;
	}

	// A read that stops early has read every record down to `lowest` that was there when
	// it began; records created since (newer than its first page) may be above and below
	// what it read, so they are left to the next read from the first page.
	const unread = stoppedEarly === undefined ? undefined : (stop ?? stopOf(cursor));
	const kept = (entry: { at: number }) => !unread || backlog || entry.at <= newestAtStart;
	// Oldest first; records of one createdAt in the order Heffl lists them.
	const oldestFirst = fresh
		.filter(kept)
		.map((entry, index) => ({ ...entry, index }))
		.sort((a, b) => a.at - b.at || a.index - b.index)
		.map((entry) => entry.record);
	const handledNow = handled.filter(kept);
	return {
		fresh: oldestFirst,
		// Stopped early: the unread part is remembered (where this read stopped, or where the
		// pending backlog already stood when no page was read through).
		next: advance(cursor, handledNow, unread),
		pages,
		dropped: handledNow.length - oldestFirst.length,
		stoppedEarly,
	};
}

/**
 * Whether a record lies above a pending backlog's unread part: newer than its `below`, or
 * at it and read. A backlog's page read again must begin there, or records may be skipped.
 */
function aboveUnread(cursor: Cursor, record: Placed): boolean {
	const backlog = cursor.backlog;
	if (!backlog) return true;
	return (
		record.at > backlog.below || (record.at === backlog.below && backlog.at.includes(record.id))
	);
}

/** A step's value, or what it threw (the caller decides whether the poll fails with it). */
async function settled<T>(step: () => Promise<T>): Promise<{ value: T } | { failure: unknown }> {
	try {
		return { value: await step() };
	} catch (failure) {
		return { failure };
	}
}

/** The stop a pending backlog already has (a poll that made no progress keeps it). */
function stopOf(cursor: Cursor): Stop | undefined {
	const backlog = cursor.backlog;
	return backlog && { resume: backlog.resume, below: backlog.below, at: backlog.at };
}

/** Heffl refused the cursor it sent (a 400 naming it): it may have expired. */
function isRefusedCursor(error: unknown): boolean {
	return (
		error instanceof NodeApiError &&
		Number(error.httpCode) === 400 &&
		/cursor/i.test(`${error.message} ${error.description ?? ''}`)
	);
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
