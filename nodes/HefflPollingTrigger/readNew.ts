/**
 * One poll's read: the watched list newest first down to what earlier polls handled (or,
 * while a backlog is pending, on from where the last poll stopped), every new record
 * checked against the filters Get Many would apply, the new ones handed back oldest first
 * with the cursor that follows them. The read ends before the poll's budget does; what it
 * read is emitted and the cursor remembers the part still unread. Nothing here writes
 * static data: the node decides when the cursor moves.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { judgeRecord } from '../shared/records/lists';
import { hefflListPage, MAX_PAGE_SIZE, transportLimits } from '../shared/transport';
import type { HefflListRequest } from '../shared/transport';
import type { PollClock } from './budget';
import { withinBudget } from './budget';
import type { Cursor, HandledSpan, RecordTime, ReadStop } from './cursor';
import { advance, isHandled, MAX_SEEN, topOf } from './cursor';
import { isPassing } from './faults';
import type { WatchedKind } from './kinds';
import { FIRST_PAGE_SIZE, filteredQuery, listRequest, placedPage } from './watchedList';

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

/** A read of the watched list under way: where it goes, what it has seen and handled. */
interface Walk {
	readonly cursor: Cursor;
	/** What the read walks towards: a pending backlog's unread part, else what earlier polls handled. */
	readonly until: HandledSpan;
	/** The newest createdAt `until` handled (null: none). */
	readonly top: number | null;
	/** The page to ask for next: undefined is the list's first page. */
	pageCursor: string | undefined;
	/** The next page is a backlog's last page read again, to prove nothing between was skipped. */
	resuming: boolean;
	pages: number;
	/** Pages read again, which are not progress: a resumed read may read that many more. */
	rereads: number;
	examined: Set<string>;
	cursorsSeen: Set<string>;
	/** The oldest createdAt read and the ids read at it, across pages (a stop inside a tie keeps them all). */
	lowest: { at: number; ids: string[] };
	/** The newest createdAt of the first page: records created while the poll reads are newer. */
	newestAtStart: number;
	fresh: Array<{ record: IDataObject; at: number }>;
	handled: RecordTime[];
	/** Where the next read resumes if this one stops after the last page it read through. */
	stop?: ReadStop;
}

interface Read {
	page: { records: IDataObject[]; nextCursor?: string };
	placed: Array<RecordTime & { record: IDataObject }>;
}

function startWalk(cursor: Cursor): Walk {
	const until: HandledSpan = cursor.backlog ?? cursor;
	const pageCursor = cursor.backlog?.resume ?? undefined;
	return {
		cursor,
		until,
		top: topOf(until),
		pageCursor,
		resuming: pageCursor !== undefined,
		pages: 0,
		rereads: cursor.backlog ? 1 : 0,
		examined: new Set(),
		cursorsSeen: new Set(),
		lowest: { at: Infinity, ids: [] },
		newestAtStart: Infinity,
		fresh: [],
		handled: [],
	};
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
	const passes = async (record: IDataObject) =>
		(await judgeRecord(within, kind.resource, request, await checksNow(), record)).keep;
	const walk = startWalk(cursor);
	let stoppedEarly: PollResult['stoppedEarly'];
	for (;;) {
		if (walk.pages > walk.rereads && !clock.roomForAPage()) {
			stoppedEarly = 'budget';
			break;
		}
		refuseEndlessList(context, kind, walk);
		const read = await readPage(within, kind, request, walk, clock);
		if ('failure' in read) {
			const outcome = afterFailure(walk, read.failure, clock);
			if (outcome === 'fromFirstPage') continue;
			stoppedEarly = outcome;
			break;
		}
		walk.pages++;
		if (!resumesInPlace(walk, read.value.placed)) continue;
		const reachedHandled = await examinePage(walk, read.value.placed, passes);
		const { nextCursor } = read.value.page;
		if (reachedHandled || !nextCursor) break;
		turnPage(context, kind, walk, nextCursor);
	}
	return outcomeOf(walk, stoppedEarly);
}

function refuseEndlessList(context: IPollFunctions, kind: WatchedKind, walk: Walk): void {
	if (walk.pages < transportLimits.maxPages) return;
	throw new NodeOperationError(
		context.getNode(),
		`Heffl's ${kind.resource.label} list is longer than ${transportLimits.maxPages} pages; reading stopped`,
	);
}

/** The next page, placed, or what reading it threw (the caller decides whether the poll fails). */
async function readPage(
	within: IPollFunctions,
	kind: WatchedKind,
	request: HefflListRequest,
	walk: Walk,
	clock: PollClock,
): Promise<{ value: Read } | { failure: unknown }> {
	const size = walk.pages === 0 && !walk.cursor.backlog ? FIRST_PAGE_SIZE : MAX_PAGE_SIZE;
	const startedAt = Date.now();
	try {
		const page = await hefflListPage.call(within, request, size, walk.pageCursor);
		clock.pageTook(Date.now() - startedAt);
		return { value: { page, placed: placedPage(within, kind, page.records) } };
	} catch (failure) {
		return { failure };
	}
}

/**
 * After a page failed: a backlog's cursor Heffl no longer takes is read from the first
 * page; a passing fault (or a spent budget) after some progress stops the read early,
 * emitting what it read; anything else fails the poll.
 */
function afterFailure(
	walk: Walk,
	failure: unknown,
	clock: PollClock,
): 'fromFirstPage' | NonNullable<PollResult['stoppedEarly']> {
	if (walk.resuming && isRefusedCursor(failure)) {
		walk.resuming = false;
		walk.pageCursor = undefined;
		return 'fromFirstPage';
	}
	if (walk.pages === 0 || !(clock.spent() || isPassing(failure))) throw failure;
	return clock.spent() ? 'budget' : (failure as Error);
}

/**
 * A backlog's page read again must begin with a record read before; otherwise the list
 * moved up (records deleted above it) and records between may be unread: the read goes
 * back to the first page (false).
 */
function resumesInPlace(walk: Walk, placed: RecordTime[]): boolean {
	if (!walk.resuming) return true;
	walk.resuming = false;
	const first = placed[0];
	if (first && aboveUnread(walk.cursor, first)) return true;
	walk.pageCursor = undefined;
	walk.rereads++;
	return false;
}

/**
 * Looks at each record of a page once, handling the new ones; true when the page reached
 * what earlier polls handled (below their newest record, or below the floor).
 */
async function examinePage(
	walk: Walk,
	placed: Array<RecordTime & { record: IDataObject }>,
	passes: (record: IDataObject) => Promise<boolean>,
): Promise<boolean> {
	if (walk.pageCursor === undefined && placed.length)
		walk.newestAtStart = Math.min(walk.newestAtStart, placed[0].at);
	let reachedKnown = false;
	for (const { id, at, record } of placed) {
		// Records created while the poll reads shift the list down: a later page repeats
		// what was read, or starts with records newer than the last page (they are new).
		if (walk.examined.has(id)) continue;
		walk.examined.add(id);
		if (at < walk.lowest.at) walk.lowest = { at, ids: [id] };
		else if (at === walk.lowest.at) walk.lowest.ids = [...walk.lowest.ids, id].slice(-MAX_SEEN);
		if (walk.until.floor !== null && at < walk.until.floor) return true;
		if (walk.top !== null && at < walk.top) reachedKnown = true;
		if (isHandled(walk.cursor, { id, at })) continue;
		// Reading a backlog, only its unread part is handled: newer records are left to
		// the poll that reads from the first page once the backlog is done.
		if (walk.cursor.backlog && aboveUnread(walk.cursor, { id, at })) continue;
		const keep = await passes(record);
		walk.handled.push({ id, at });
		if (keep) walk.fresh.push({ record, at });
	}
	return reachedKnown;
}

/** A page read through: a stop after it reads it again next time; a cursor seen before ends the read. */
function turnPage(context: IPollFunctions, kind: WatchedKind, walk: Walk, nextCursor: string) {
	walk.stop = { resume: walk.pageCursor ?? null, below: walk.lowest.at, at: walk.lowest.ids };
	if (walk.cursorsSeen.has(nextCursor)) {
		throw new NodeOperationError(
			context.getNode(),
			`Heffl sent a page cursor of the ${kind.resource.label} list it had sent before; reading stopped`,
		);
	}
	walk.cursorsSeen.add(nextCursor);
	walk.pageCursor = nextCursor;
}

/**
 * What the read found. A read that stops early has read every record down to `lowest`
 * that was there when it began; records created since (newer than its first page) may be
 * above and below what it read, so they are left to the next read from the first page.
 */
function outcomeOf(walk: Walk, stoppedEarly: PollResult['stoppedEarly']): PollResult {
	// Stopped early: the unread part is remembered (where this read stopped, or where the
	// pending backlog already stood when no page was read through).
	const unread = stoppedEarly === undefined ? undefined : (walk.stop ?? stopOf(walk.cursor));
	const kept = (entry: { at: number }) =>
		!unread || walk.cursor.backlog !== undefined || entry.at <= walk.newestAtStart;
	// Oldest first; records of one createdAt in the order Heffl lists them.
	const oldestFirst = walk.fresh
		.filter(kept)
		.map((entry, index) => ({ ...entry, index }))
		.sort((a, b) => a.at - b.at || a.index - b.index)
		.map((entry) => entry.record);
	const handledNow = walk.handled.filter(kept);
	return {
		fresh: oldestFirst,
		next: advance(walk.cursor, handledNow, unread),
		pages: walk.pages,
		dropped: handledNow.length - oldestFirst.length,
		stoppedEarly,
	};
}

/**
 * Whether a record lies above a pending backlog's unread part: newer than its `below`, or
 * at it and read. A backlog's page read again must begin there, or records may be skipped.
 */
function aboveUnread(cursor: Cursor, record: RecordTime): boolean {
	const backlog = cursor.backlog;
	if (!backlog) return true;
	return (
		record.at > backlog.below || (record.at === backlog.below && backlog.at.includes(record.id))
	);
}

/** The stop a pending backlog already has (a poll that made no progress keeps it). */
function stopOf(cursor: Cursor): ReadStop | undefined {
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
