/**
 * JSON values checked: text parsed, or the value an expression gave, refused when nested
 * deeper than MAX_JSON_DEPTH (checks.ts), then a JSON object (Extra Fields, Filters (JSON))
 * or a JSON list of objects (line items).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Checked } from './checks';
import { fail, isDateLike, ok, shapeOf, tooDeep } from './checks';

/** JSON text parsed, or the value an expression gave; refused when nested too deep. */
function parsedJson(original: unknown, hint: string): Checked {
	if (typeof original !== 'string') return tooDeep(original) ?? ok(original as IDataObject);
	let parsed: unknown;
	try {
		parsed = JSON.parse(original);
	} catch (error) {
		return fail(`is not valid JSON (${(error as Error).message})`, hint);
	}
	return tooDeep(parsed) ?? ok(parsed as IDataObject);
}

/** A JSON object, as text or as the object an expression gives. */
export function parseJsonObject(original: unknown): Checked {
	const hint = 'Write an object like {"email": "ada@example.com"}.';
	const parsed = parsedJson(original, hint);
	if (!('value' in parsed)) return parsed;
	const value: unknown = parsed.value;
	return value && typeof value === 'object' && !Array.isArray(value) && !isDateLike(value)
		? ok(value as IDataObject)
		: fail(`must be a JSON object, not ${shapeOf(value)}`, hint);
}

/** A JSON list of objects, as text or as the list an expression gives. */
export function parseJsonList(original: unknown): Checked {
	const hint = 'Write a list like [{"name": "Audit", "quantity": 1, "price": 500}].';
	const parsed = parsedJson(original, hint);
	if (!('value' in parsed)) return parsed;
	const value: unknown = parsed.value;
	if (!Array.isArray(value)) return fail(`must be a JSON list, not ${shapeOf(value)}`, hint);
	const wrong = value.findIndex(
		(entry) => !entry || typeof entry !== 'object' || Array.isArray(entry),
	);
	return wrong === -1
		? ok(value as IDataObject[])
		: fail(`entry ${wrong + 1} is not an object`, hint);
}
