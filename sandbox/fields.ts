/**
 * Field types of writable records and their checks. Each check returns the
 * value to store, or a problem phrased to follow the field name
 * (`email: must be a valid e-mail address`).
 */
import type { Workspace } from './store';
import type { Json, RecordKind } from './types';

export type FieldType =
	| { kind: 'string' }
	/** Required text: a string with something other than spaces. */
	| { kind: 'text' }
	| { kind: 'email' }
	| { kind: 'number' }
	| { kind: 'currency' }
	| { kind: 'enum'; values: readonly string[] }
	/** YYYY-MM-DD */
	| { kind: 'date' }
	/** ISO 8601 date or date-time */
	| { kind: 'dateTime' }
	/** ID of an existing record of this workspace */
	| { kind: 'ref'; collection: RecordKind; label: string }
	/** Array of IDs of existing records of this workspace */
	| { kind: 'refs'; collection: RecordKind; label: string }
	/** Array of numeric IDs of existing tags of this workspace */
	| { kind: 'tags' }
	/** One of the values, in any letter case; stored as listed (undocumented v1 task enums) */
	| { kind: 'enumAnyCase'; values: readonly string[] }
	/** ID of an existing record given as its string ID or its numeric ID (`numericId`) */
	| { kind: 'refOrNumber'; collection: RecordKind; label: string }
	/** A string or number ID; checked elsewhere (a deal's stage against its pipeline) */
	| { kind: 'anyId' }
	| { kind: 'boolean' }
	/** An object whose members are all strings (billing address, primary contact) */
	| { kind: 'object'; members: readonly string[] }
	/** Array of strings or numbers (tag IDs of v1 tasks) */
	| { kind: 'ids' };

export type Checked = { value: Json } | { problem: string };

const EMAIL =
	/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
	/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function isEmail(value: string): boolean {
	return value.length <= 254 && EMAIL.test(value) && !value.includes('..');
}

function isCalendarDate(value: string): boolean {
	const match = DATE.exec(value);
	if (!match) return false;
	const [year, month, day] = match.slice(1).map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	return (
		date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
	);
}

/** Checks a non-null value against its type. */
export function checkField(type: FieldType, value: unknown, workspace: Workspace): Checked {
	const problem = (text: string): Checked => ({ problem: text });
	switch (type.kind) {
		case 'string':
			return typeof value === 'string' ? { value } : problem('must be a string');
		case 'text':
			if (typeof value !== 'string') return problem('must be a string');
			return value.trim() ? { value } : problem('must not be empty');
		case 'email':
			if (typeof value !== 'string') return problem('must be a string');
			return isEmail(value) ? { value } : problem('must be a valid e-mail address');
		case 'number':
			return typeof value === 'number' && Number.isFinite(value)
				? { value }
				: problem('must be a number');
		case 'currency':
			return typeof value === 'string' && /^[A-Z]{3}$/.test(value)
				? { value }
				: problem('must be a 3-letter ISO 4217 currency code in capitals, like USD');
		case 'enum':
			return typeof value === 'string' && type.values.includes(value)
				? { value }
				: problem(`must be one of ${type.values.join(', ')}`);
		case 'date':
			return typeof value === 'string' && isCalendarDate(value)
				? { value }
				: problem('must be a date in the form YYYY-MM-DD');
		case 'dateTime':
			return typeof value === 'string' &&
				DATE_TIME.test(value) &&
				isCalendarDate(value.slice(0, 10)) &&
				!Number.isNaN(Date.parse(value))
				? { value }
				: problem('must be an ISO 8601 date or date-time, like 2026-03-31T17:00:00Z');
		case 'ref':
			if (typeof value !== 'string') return problem(`must be the ID of a ${type.label} (a string)`);
			return workspace.has(type.collection, value)
				? { value }
				: problem(`no ${type.label} with ID '${value}' in this workspace`);
		case 'refs': {
			if (!Array.isArray(value) || !value.every((id) => typeof id === 'string')) {
				return problem(`must be an array of ${type.label} IDs`);
			}
			const missing = (value as string[]).filter((id) => !workspace.has(type.collection, id));
			if (missing.length)
				return problem(`no ${type.label} with ID ${missing.join(', ')} in this workspace`);
			return { value: [...new Set(value as string[])] };
		}
		case 'enumAnyCase': {
			const found =
				typeof value === 'string'
					? type.values.find((candidate) => candidate.toLowerCase() === value.toLowerCase())
					: undefined;
			return found ? { value: found } : problem(`must be one of ${type.values.join(', ')}`);
		}
		case 'refOrNumber': {
			const records = workspace.all(type.collection);
			const found = records.find((record) =>
				typeof value === 'number' ? record.numericId === value : record.id === value,
			);
			if (typeof value !== 'string' && typeof value !== 'number')
				return problem(`must be the ID of a ${type.label}`);
			return found ? { value } : problem(`no ${type.label} with ID '${value}' in this workspace`);
		}
		case 'anyId':
			return typeof value === 'string' || typeof value === 'number'
				? { value }
				: problem('must be an ID (a string or a number)');
		case 'boolean':
			return typeof value === 'boolean' ? { value } : problem('must be true or false');
		case 'object': {
			if (!value || typeof value !== 'object' || Array.isArray(value))
				return problem(`must be an object with ${type.members.join(', ')}`);
			const entries = Object.entries(value as Record<string, unknown>);
			const unknown = entries.find(([key]) => !type.members.includes(key));
			if (unknown)
				return problem(`has no member '${unknown[0]}' (allowed: ${type.members.join(', ')})`);
			const wrong = entries.find(([, member]) => member !== null && typeof member !== 'string');
			return wrong ? problem(`${wrong[0]} must be a string`) : { value: value as Json };
		}
		case 'ids':
			return Array.isArray(value) &&
				value.every((id) => typeof id === 'string' || typeof id === 'number')
				? { value: value as Json }
				: problem('must be an array of IDs');
		case 'tags': {
			if (!Array.isArray(value) || !value.every((id) => Number.isInteger(id))) {
				return problem('must be an array of numeric tag IDs');
			}
			const unknown = (value as number[]).filter((id) => !workspace.has('tags', id));
			if (unknown.length) return problem(`no tag with ID ${unknown.join(', ')} in this workspace`);
			return { value: [...new Set(value as number[])] };
		}
	}
}

export const CUSTOM_FIELD_KEY = /^cf_[a-z0-9_]+$/;

export function checkCustomValue(value: unknown): Checked {
	return value === null || ['string', 'number', 'boolean'].includes(typeof value)
		? { value: value as Json }
		: { problem: 'a custom field value must be a string, number, boolean or null' };
}
