/**
 * The value checks every field goes through: a value the API takes, or what is wrong
 * with it (naming the field) and how to fix it. Used by the table's fields and by
 * custom fields read from their definitions. JSON values: jsonChecks.ts.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** ISO 8601 calendar dates, extended or basic, with an optional time and zone. */
const ISO_DATE =
	/^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):?(\d{2})(?::?(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
/** A checked value, or what is wrong with it and how to fix it. */
export type Checked = { value: IDataObject[string] } | { problem: string; hint?: string };

export function isEmpty(value: unknown): boolean {
	if (value && typeof value === 'object' && '__rl' in value)
		return isEmpty((value as IDataObject).value);
	return (
		value === undefined ||
		value === null ||
		(typeof value === 'string' && value.trim() === '') ||
		(Array.isArray(value) && value.length === 0) ||
		(typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
	);
}

export const fail = (problem: string, hint?: string): Checked => ({ problem, hint });
export const ok = (value: IDataObject[string]): Checked => ({ value });

/**
 * A whole e-mail address, for finding records by one: a part of one (`example.com`) would
 * make an exact lookup read every record for nothing. Permissive: one @ with text on both
 * sides and no spaces; what makes an address valid is Heffl's to judge.
 */
export function wholeEmail(value: IDataObject[string]): Checked {
	return /^[^\s@]+@[^\s@]+$/.test(String(value))
		? ok(value)
		: fail(
				`'${String(value).slice(0, 80)}' is not a whole e-mail address: records are found by exactly this address`,
				"Give the whole address, like ada@example.com. For part of one, Get Many's Search finds contacts through Heffl's search, and leads by reading every lead.",
			);
}

/**
 * An ISO 8601 date or date-time as Heffl takes it: `YYYY-MM-DD` for dates, a UTC
 * date-time with milliseconds for date-times. Refuses dates that are not on the
 * calendar (2026-02-31). A time without a zone is read as UTC.
 */
export function isoDate(text: string, as: 'date' | 'dateTime'): Checked {
	const match = ISO_DATE.exec(text.trim());
	const hint = 'Use an ISO 8601 date like 2026-12-31 or a date-time like 2026-12-31T17:00:00Z.';
	if (!match) return fail(`'${text}' is not an ISO 8601 date`, hint);
	const [year, month, day, hours = '0', minutes = '0', seconds = '0', fraction = '0', zone] =
		match.slice(1);
	const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
	if (
		calendar.getUTCFullYear() !== Number(year) ||
		calendar.getUTCMonth() !== Number(month) - 1 ||
		calendar.getUTCDate() !== Number(day) ||
		Number(hours) > 23 ||
		Number(minutes) > 59 ||
		Number(seconds) > 59
	) {
		return fail(`'${text}' is not a date on the calendar`, hint);
	}
	if (as === 'date') return ok(`${year}-${month}-${day}`);
	let offsetMinutes = 0;
	if (zone && zone.toUpperCase() !== 'Z') {
		const [, sign, zoneHours, zoneMinutes = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone) ?? [];
		offsetMinutes = (sign === '-' ? -1 : 1) * (Number(zoneHours) * 60 + Number(zoneMinutes));
	}
	const utc =
		Date.UTC(
			Number(year),
			Number(month) - 1,
			Number(day),
			Number(hours),
			Number(minutes),
			Number(seconds),
			Math.floor(Number(`0.${fraction}`) * 1000),
		) -
		offsetMinutes * 60_000;
	return ok(new Date(utc).toISOString());
}

/** Text of a value n8n may hand over as a Luxon DateTime, a Date or a string. */
export function asText(value: unknown): string {
	if (typeof value === 'string') return value;
	if (isDateLike(value)) return dateText(value);
	return typeof value === 'object' ? preview(value) : String(value);
}

/** A Date, or a Luxon DateTime (n8n's `$now`). */
export function isDateLike(value: unknown): boolean {
	return (
		value instanceof Date ||
		(value !== null &&
			typeof value === 'object' &&
			typeof (value as { toISO?: unknown }).toISO === 'function')
	);
}

function dateText(value: unknown): string {
	return value instanceof Date ? value.toISOString() : (value as { toISO: () => string }).toISO();
}

/**
 * How deep a JSON value given to the node may nest: far beyond any Heffl body or filter
 * (three or four levels), far below what would overflow a stack while reading it.
 */
export const MAX_JSON_DEPTH = 50;

/** The nesting depth of a value (a scalar is 0), counted without recursion; stops past `limit`. */
export function depthOf(value: unknown, limit = MAX_JSON_DEPTH): number {
	let deepest = 0;
	const pending: Array<[unknown, number]> = [[value, 0]];
	while (pending.length) {
		const [current, depth] = pending.pop() as [unknown, number];
		if (!current || typeof current !== 'object') continue;
		deepest = Math.max(deepest, depth + 1);
		if (deepest > limit) return deepest;
		for (const child of Object.values(current)) pending.push([child, depth + 1]);
	}
	return deepest;
}

/** A value nested deeper than MAX_JSON_DEPTH, refused before anything reads it recursively. */
export function tooDeep(value: unknown): Checked | undefined {
	return depthOf(value) > MAX_JSON_DEPTH
		? fail(
				`is nested more than ${MAX_JSON_DEPTH} levels deep`,
				"Heffl's values nest a few levels at most: check the expression, or send a flatter object.",
			)
		: undefined;
}

/** A short rendering of a value for messages, safe on values of any depth. */
export function preview(value: unknown): string {
	const cut = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
	if (typeof value === 'string') return `'${cut(value)}'`;
	if (typeof value !== 'object' || value === null) return String(value);
	if (depthOf(value) > MAX_JSON_DEPTH)
		return `an object nested more than ${MAX_JSON_DEPTH} levels deep`;
	return cut(JSON.stringify(value));
}

/** What an unusable value is, for messages: "an object ({"a":1})", "an empty list". */
export function shapeOf(value: unknown): string {
	if (Array.isArray(value)) return value.length ? `a list (${preview(value)})` : 'an empty list';
	if (value && typeof value === 'object')
		return Object.keys(value).length ? `an object (${preview(value)})` : 'an empty object ({})';
	return String(value);
}

/**
 * One value as text: text, a finite number, true or false, or a date. An object, a list,
 * NaN or Infinity is refused, saying what it is, rather than sent as "[object Object]",
 * as its JSON or as "NaN". `what` names what is asked: "text", "a number", "an ID".
 */
export function asScalarText(value: unknown, what = 'text', hint?: string): Checked {
	if (typeof value === 'string') return ok(value);
	if (typeof value === 'boolean') return ok(String(value));
	if (typeof value === 'number')
		return Number.isFinite(value)
			? ok(String(value))
			: fail(`${String(value)} is not ${what}`, hint ?? `Give ${what}.`);
	if (isDateLike(value)) return ok(dateText(value));
	return (
		tooDeep(value) ??
		fail(
			`is ${shapeOf(value)}, not ${what}`,
			hint ?? 'Map one value here (e.g. {{ $json.name }}), not a whole object or list.',
		)
	);
}

/** How an ID may be given, wherever one is asked (messages and the fields' hints). */
export const ID_HINT =
	'Give the ID as text, e.g. {{ $json.id }}; an object with an id (a record from an earlier node) is taken as that ID.';

/**
 * One record ID: text, a whole number, or an object with an `id` (a record an earlier
 * node returned), taken as that ID. NaN, Infinity, lists and objects without an id are
 * refused. The text is trimmed; whether Heffl has such a record is Heffl's to say.
 */
export function asId(value: unknown): Checked {
	if (value && typeof value === 'object' && !isDateLike(value)) {
		const deep = tooDeep(value);
		if (deep) return deep;
		if (Array.isArray(value)) return fail(`is ${shapeOf(value)}, not one ID`, ID_HINT);
		const { id } = value as IDataObject;
		if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))
			return ok(String(id).trim());
		const why = 'id' in value ? ` whose id is ${preview(id)}` : ' without an id';
		return fail(`is ${shapeOf(value)}${why}, not an ID`, ID_HINT);
	}
	const text = asScalarText(value, 'an ID', ID_HINT);
	return 'value' in text ? ok(String(text.value).trim()) : text;
}

/**
 * A list of IDs: a list (of IDs, or of objects with an id), one ID, or text separated by
 * commas. Each entry is read by `asId`; empty entries are left out.
 */
export function asIdList(value: unknown): Checked {
	const deep = tooDeep(value);
	if (deep) return deep;
	const entries = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value.split(',')
			: [value];
	const ids: string[] = [];
	for (const [index, entry] of entries.entries()) {
		if (entry === null || entry === undefined) continue;
		const id = asId(entry);
		if (!('value' in id))
			return Array.isArray(value) ? fail(`entry ${index + 1} ${id.problem}`, id.hint) : id;
		if (id.value !== '') ids.push(id.value as string);
	}
	return ok(ids);
}

/** A number, or text that is one (`"12"`); empty text, NaN, Infinity, objects and lists are not. */
export function asNumber(value: unknown): Checked {
	const hint = 'Give a number, like 12 or 0.5.';
	const text = asScalarText(value, 'a number', hint);
	if (!('value' in text)) return text;
	if (typeof value === 'number') return ok(value);
	const trimmed = String(text.value).trim();
	const number = Number(trimmed);
	return trimmed !== '' && Number.isFinite(number)
		? ok(number)
		: fail(`${preview(text.value)} is not a number`, hint);
}

/** A boolean, or the text `true` / `false` in any case. */
export function asBoolean(value: unknown): Checked {
	if (typeof value === 'boolean') return ok(value);
	const hint = 'Give true or false.';
	const text = asScalarText(value, 'true or false', hint);
	if (!('value' in text)) return text;
	const word = String(text.value).trim().toLowerCase();
	return word === 'true' || word === 'false'
		? ok(word === 'true')
		: fail(`${preview(text.value)} is not true or false`, hint);
}

/** `: problem`, or ` › Member: problem` where a problem is a member's. */
const joined = (problem: string) => (problem.startsWith('› ') ? ` ${problem}` : `: ${problem}`);

/** A member's problem as its whole's: "› City: is an object" (shown after the whole's name). */
export function inMember(name: string, result: { problem: string; hint?: string }): Checked {
	return fail(`› ${name}${joined(result.problem)}`, result.hint);
}

/** The checked value, or a NodeOperationError that names the field and says how to fix it. */
export function checked(
	node: INode,
	itemIndex: number,
	where: string,
	result: Checked,
): IDataObject[string] {
	if ('value' in result) return result.value;
	throw new NodeOperationError(node, `${where}${joined(result.problem)}`, {
		itemIndex,
		description: result.hint,
	});
}
