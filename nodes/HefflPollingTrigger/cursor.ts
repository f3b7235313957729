/**
 * Where "new" begins, kept in the node's static data (pure: no I/O, tested on its own).
 *
 * A record is identified by its id and placed by its createdAt. The cursor says which
 * records were handled (emitted, left out by the filters, or there at the start):
 * - `floor` and `seen`: records created before `floor` are handled; at or after it, the
 *   ids in `seen` are. So records sharing a createdAt, records a list shows twice while
 *   it shifts, and records whose createdAt lags a little behind the newest (a late
 *   commit) are each handled once. `floor` null: the list was empty, nothing is old.
 * - `backlog`, while a poll's budget ended before it read down to what earlier polls
 *   handled: the records below `below` (and at `below`, unless in `at`) are judged by the
 *   cursor as it was before that backlog (`floor`, `seen` inside it), and the next poll
 *   reads on from Heffl's page `resume`.
 *
 * Bounded: `seen`, `backlog.seen` and `backlog.at` hold at most MAX_SEEN ids each.
 */
import type { IDataObject } from 'n8n-workflow';

/** Handled records within this span of the newest are remembered by id (late arrivals). */
export const LOOKBACK_MS = 60_000;
/** The most ids each list of the cursor keeps; beyond it the floor moves up to the newest ones. */
export const MAX_SEEN = 500;
export const CURSOR_FORMAT = 2;

export type Seen = Record<string, number>;

/** What a cursor has handled: records this side of a floor, and those by id near the newest (see the module comment). */
export interface HandledSpan extends IDataObject {
	floor: number | null;
	seen: Seen;
}

export interface Backlog extends HandledSpan {
	/** Heffl's cursor of the last page read: the next poll reads that page again, then on. null: the first page. */
	resume: string | null;
	/** createdAt of the oldest record read; older records are not read yet. */
	below: number;
	/** Ids read at exactly `below`. */
	at: string[];
}

export interface Cursor extends HandledSpan {
	format: number;
	/** What the cursor is about (the watched kind): another kind starts afresh. */
	watching: string;
	backlog?: Backlog;
}

/** A record as the cursor sees it: its id and when it was created. */
export interface RecordTime {
	id: string;
	at: number;
}

/** A page that cannot be trusted: the poll stops there and the cursor does not pass it. */
export class GarbledPage extends Error {}

export function createdAtOf(record: IDataObject, label: string): number {
	const value = record.createdAt;
	const time = typeof value === 'string' ? Date.parse(value) : NaN;
	if (!Number.isFinite(time)) {
		throw new GarbledPage(
			`a ${label} in Heffl's list has no valid createdAt (${JSON.stringify(value ?? null)?.slice(0, 40)})`,
		);
	}
	return time;
}

export function idOf(record: IDataObject, label: string): string {
	const id = record.id;
	if ((typeof id !== 'string' && typeof id !== 'number') || id === '') {
		throw new GarbledPage(`a ${label} in Heffl's list has no id`);
	}
	return String(id);
}

const isTime = (value: unknown) => value === null || Number.isFinite(value);
const isSeen = (value: unknown) =>
	typeof value === 'object' &&
	value !== null &&
	Object.values(value).every((at) => Number.isFinite(at));

function isBacklog(value: unknown): value is Backlog {
	const backlog = value as Backlog | undefined;
	return (
		typeof backlog === 'object' &&
		backlog !== null &&
		(backlog.resume === null || typeof backlog.resume === 'string') &&
		Number.isFinite(backlog.below) &&
		Array.isArray(backlog.at) &&
		isTime(backlog.floor) &&
		isSeen(backlog.seen)
	);
}

/** A cursor of this kind (format 1, without a backlog, is read as it is). */
export function isCursor(value: unknown, watching: string): value is Cursor {
	const cursor = value as Cursor | undefined;
	return (
		typeof cursor === 'object' &&
		cursor !== null &&
		(cursor.format === 1 || cursor.format === CURSOR_FORMAT) &&
		cursor.watching === watching &&
		isTime(cursor.floor) &&
		isSeen(cursor.seen) &&
		(cursor.backlog === undefined || isBacklog(cursor.backlog))
	);
}

function handledBy(state: HandledSpan, record: RecordTime): boolean {
	if (state.floor !== null && record.at < state.floor) return true;
	return state.seen[record.id] !== undefined;
}

/** Whether the cursor has handled this record (see the module comment). */
export function isHandled(cursor: Cursor, record: RecordTime): boolean {
	const backlog = cursor.backlog;
	if (backlog) {
		if (record.at === backlog.below && backlog.at.includes(record.id)) return true;
		if (record.at <= backlog.below) return handledBy(backlog, record);
	}
	return handledBy(cursor, record);
}

/** The newest createdAt a state has handled (or its floor): a read ends below it. */
export function topOf(state: HandledSpan): number | null {
	const times = Object.values(state.seen);
	if (times.length === 0) return state.floor;
	return Math.max(state.floor ?? -Infinity, ...times);
}

/** Keeps `seen` at or above the floor and under MAX_SEEN, moving the floor up as needed. */
function settle(floor: number | null, seen: Seen): HandledSpan {
	let kept = Object.entries(seen).filter(([, at]) => floor === null || at >= floor);
	if (kept.length > MAX_SEEN) {
		kept.sort((a, b) => b[1] - a[1]);
		// Everything at or before the boundary becomes old: no id below the floor is needed.
		floor = kept[MAX_SEEN - 1][1] + 1;
		kept = kept.filter(([, at]) => at >= (floor as number));
	}
	return { floor, seen: Object.fromEntries(kept) };
}

const cursorOf = (watching: string, handled: HandledSpan, backlog?: Backlog): Cursor => ({
	format: CURSOR_FORMAT,
	watching,
	...handled,
	...(backlog && { backlog }),
});

/**
 * The first cursor: "now" is the newest record of the list (unfiltered, newest first).
 * `read` is what the start read: at least every record sharing the newest createdAt
 * (up to MAX_SEEN), and `more` whether the list goes on below it. What it read within
 * the lookback counts as seen; when the list goes on, the floor goes just past the
 * oldest record read, so nothing further down can pass for new.
 */
export function startCursor(watching: string, read: RecordTime[], more: boolean): Cursor {
	if (read.length === 0) return cursorOf(watching, { floor: null, seen: {} });
	const newest = Math.max(...read.map((record) => record.at));
	const oldest = Math.min(...read.map((record) => record.at));
	const floor = more ? Math.max(newest - LOOKBACK_MS, oldest + 1) : newest - LOOKBACK_MS;
	return cursorOf(
		watching,
		settle(floor, Object.fromEntries(read.map((record) => [record.id, record.at]))),
	);
}

/** Where a read stopped before reaching what was handled before. */
export interface ReadStop {
	resume: string | null;
	below: number;
	/** Ids read at exactly `below`, in the order read. */
	at: string[];
}

/**
 * The cursor after a poll handled these records. `stop`: the poll's budget (or a passing
 * fault) ended the read before it reached the earlier cursor, so the part below stays to
 * be read. Without `stop`, a pending backlog is done.
 */
export function advance(cursor: Cursor, handled: RecordTime[], stop?: ReadStop): Cursor {
	const seen = { ...cursor.seen };
	for (const record of handled) seen[record.id] = record.at;
	const times = Object.values(seen);
	const newest = times.length ? Math.max(...times) : null;
	let floor =
		newest === null ? cursor.floor : Math.max(cursor.floor ?? -Infinity, newest - LOOKBACK_MS);
	if (!stop) return cursorOf(cursor.watching, settle(floor, seen));

	// A read that began again from the first page and stopped above the backlog's unread
	// part moved nothing down: the part below stays unread, and the read goes on from there.
	const pending = cursor.backlog;
	const below = pending && pending.below < stop.below ? pending.below : stop.below;
	// Everything from `below` up was read: the floor may not stay under it, or a record
	// read below the old floor could pass for new. Ties at `below` are kept by id.
	floor = Math.max(floor ?? -Infinity, below + 1);
	const until: HandledSpan = pending ?? { floor: cursor.floor, seen: cursor.seen };
	const before = pending?.below === below ? pending.at : [];
	const now = stop.below === below ? stop.at : [];
	const at = [...new Set([...before, ...now])].slice(-MAX_SEEN);
	return cursorOf(cursor.watching, settle(floor, seen), {
		resume: stop.resume,
		below,
		at,
		floor: until.floor,
		seen: until.seen,
	});
}
