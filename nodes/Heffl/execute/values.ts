/**
 * The value checks every field goes through: a value the API takes, or what is wrong
 * with it (naming the field) and how to fix it. Used by the table's fields and by
 * custom fields read from their definitions.
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
	if (value instanceof Date) return value.toISOString();
	const withIso = value as { toISO?: () => string } | null;
	if (withIso && typeof withIso.toISO === 'function') return withIso.toISO();
	return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A number, or text that is one (`"12"`); empty text is not a number. */
export function asNumber(value: unknown): Checked {
	if (typeof value === 'number')
		return Number.isFinite(value) ? ok(value) : fail(`'${value}' is not a number`);
	const text = asText(value).trim();
	const number = Number(text);
	return text !== '' && Number.isFinite(number)
		? ok(number)
		: fail(`'${asText(value)}' is not a number`);
}

/** A boolean, or the text `true` / `false` in any case. */
export function asBoolean(value: unknown): Checked {
	if (typeof value === 'boolean') return ok(value);
	const word = asText(value).trim().toLowerCase();
	return word === 'true' || word === 'false'
		? ok(word === 'true')
		: fail(`'${asText(value)}' is not true or false`);
}

export function parseJsonObject(original: unknown): Checked {
	let parsed: unknown = original;
	if (typeof original === 'string') {
		try {
			parsed = JSON.parse(original);
		} catch (error) {
			return fail(
				`is not valid JSON (${(error as Error).message})`,
				'Write an object like {"email": "ada@example.com"}.',
			);
		}
	}
	return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
		? ok(parsed as IDataObject)
		: fail('must be a JSON object', 'Write an object like {"email": "ada@example.com"}.');
}

/** A JSON list of objects, as text or as the list an expression gives. */
export function parseJsonList(original: unknown): Checked {
	let parsed: unknown = original;
	const hint = 'Write a list like [{"name": "Audit", "quantity": 1, "price": 500}].';
	if (typeof original === 'string') {
		try {
			parsed = JSON.parse(original);
		} catch (error) {
			return fail(`is not valid JSON (${(error as Error).message})`, hint);
		}
	}
	if (!Array.isArray(parsed)) return fail('must be a JSON list', hint);
	const wrong = parsed.findIndex(
		(entry) => !entry || typeof entry !== 'object' || Array.isArray(entry),
	);
	return wrong === -1
		? ok(parsed as IDataObject[])
		: fail(`entry ${wrong + 1} is not an object`, hint);
}

/** The checked value, or a NodeOperationError that names the field and says how to fix it. */
export function checked(
	node: INode,
	itemIndex: number,
	where: string,
	result: Checked,
): IDataObject[string] {
	if ('value' in result) return result.value;
	throw new NodeOperationError(node, `${where}: ${result.problem}`, {
		itemIndex,
		description: result.hint,
	});
}
