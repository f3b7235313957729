/**
 * Where "new" begins, kept in the node's static data. n8n saves static data after the
 * activation poll and whenever a poll emits items, not after a poll that emits nothing
 * (measured in real n8n 2.41, test/e2e/polling.test.ts): so the cursor moves only in
 * those polls, and a restart resumes from the last emission, never past it.
 *
 * The cursor is a time (`floor`) and the records at or after it that were already
 * handled (`seen`, id → createdAt). A record is new when it was created at or after the
 * floor and is not in `seen`: so records sharing a createdAt, records a list shows twice
 * while it shifts, and records whose createdAt lags behind the newest (a late commit,
 * a clock step) are each emitted once. Pure: no I/O, so it is tested on its own.
 */
import type { IDataObject } from 'n8n-workflow';

/** Handled records within this span of the newest are remembered by id (late arrivals). */
export const LOOKBACK_MS = 60_000;
/** The most ids kept; beyond it the floor moves up to the newest ones. */
export const MAX_SEEN = 500;
export const CURSOR_FORMAT = 1;

export interface Cursor extends IDataObject {
	format: number;
	/** What the cursor is about (the watched kind): another kind starts afresh. */
	watching: string;
	/** ms since the epoch; records created before it are not new. null: the list was empty, all are new. */
	floor: number | null;
	/** Records created at or after `floor` that were emitted or were there at the start. */
	seen: Record<string, number>;
}

/** A page that cannot be trusted: the poll leaves the cursor as it was. */
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

export function isCursor(value: unknown, watching: string): value is Cursor {
	const cursor = value as Cursor | undefined;
	return (
		typeof cursor === 'object' &&
		cursor !== null &&
		cursor.format === CURSOR_FORMAT &&
		cursor.watching === watching &&
		(cursor.floor === null || Number.isFinite(cursor.floor)) &&
		typeof cursor.seen === 'object' &&
		cursor.seen !== null
	);
}

/** The newest createdAt the cursor has handled (or its floor): pages below it are not read. */
export function topOf(cursor: Cursor): number | null {
	const times = Object.values(cursor.seen);
	if (times.length === 0) return cursor.floor;
	return Math.max(cursor.floor ?? -Infinity, ...times);
}

/** Keeps `seen` within the lookback and under MAX_SEEN, moving the floor up as needed. */
function settle(watching: string, floor: number | null, seen: Record<string, number>): Cursor {
	let kept = Object.entries(seen).filter(([, at]) => floor === null || at >= floor);
	if (kept.length > MAX_SEEN) {
		kept.sort((a, b) => b[1] - a[1]);
		// Everything at or before the boundary becomes old: no id below the floor is needed.
		floor = kept[MAX_SEEN - 1][1] + 1;
		kept = kept.filter(([, at]) => at >= (floor as number));
	}
	return { format: CURSOR_FORMAT, watching, floor, seen: Object.fromEntries(kept) };
}

/**
 * The first cursor: "now" is the newest record of the list's first page (newest first,
 * unfiltered), and what that page shows within the lookback counts as seen. When the
 * page is full and all of it is that recent, the floor goes just past its last record,
 * so nothing further down can pass for new.
 */
export function startCursor(
	watching: string,
	page: Array<{ id: string; at: number }>,
	more: boolean,
): Cursor {
	if (page.length === 0) return { format: CURSOR_FORMAT, watching, floor: null, seen: {} };
	const newest = Math.max(...page.map((record) => record.at));
	const oldest = Math.min(...page.map((record) => record.at));
	const floor = more ? Math.max(newest - LOOKBACK_MS, oldest + 1) : newest - LOOKBACK_MS;
	return settle(watching, floor, Object.fromEntries(page.map((record) => [record.id, record.at])));
}

/** The cursor after a poll handled (emitted, or checked and left out) these records. */
export function advance(cursor: Cursor, handled: Array<{ id: string; at: number }>): Cursor {
	if (handled.length === 0) return cursor;
	const seen = { ...cursor.seen };
	for (const record of handled) seen[record.id] = record.at;
	const newest = Math.max(...Object.values(seen));
	const floor = Math.max(cursor.floor ?? -Infinity, newest - LOOKBACK_MS);
	return settle(cursor.watching, floor, seen);
}
