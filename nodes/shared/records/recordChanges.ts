/**
 * Whether a value differs from what a record holds, in Heffl's terms: the one comparison
 * Create or Update writes only what differs by (nodes/Heffl/execute/upsert.ts) and a change
 * trigger compares two records by. A number and its numeric text are one value; a date and
 * the same day as a date-time; a date-time in any zone by its instant; empty text, null,
 * absent and an empty list alike; custom fields by their definition's kind; tags, ID lists and
 * multiple options as sets; line items line by line as Heffl returns them (extra keys of a
 * returned line, like its total, are Heffl's and not compared). Anything else is compared as
 * is: when unsure, a value differs (a write sends it).
 */
import type { IDataObject } from 'n8n-workflow';

import { asBoolean, asText, isDateLike, isoDate } from '../checks';
import type { FieldSpec, ResourceSpec } from '../table/schema';
import { fieldKey } from '../table/schema';
import type { CustomFieldDefinition } from './customFields';

export interface FieldChange {
	from: unknown;
	to: unknown;
}

type Spec = FieldSpec | CustomFieldDefinition | undefined;

const isDefinition = (spec: Spec): spec is CustomFieldDefinition =>
	spec !== undefined && 'kind' in spec;

/** No value: absent, null, blank text, an empty list or an object of nothing but empties. */
function isBlank(value: unknown): boolean {
	if (value === undefined || value === null) return true;
	if (typeof value === 'string') return value.trim() === '';
	if (Array.isArray(value)) return value.length === 0;
	if (typeof value === 'object' && !isDateLike(value))
		return Object.values(value as IDataObject).every(isBlank);
	return false;
}

const numberOf = (value: unknown): number | undefined => {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const number = Number(value.trim());
	return Number.isFinite(number) ? number : undefined;
};

function sameNumber(a: unknown, b: unknown): boolean {
	const [x, y] = [numberOf(a), numberOf(b)];
	return x !== undefined && y !== undefined ? x === y : sameUntyped(a, b);
}

/** The calendar day (`date`) or the instant (`dateTime`) a value stands for, or undefined. */
function dateOf(value: unknown, as: 'date' | 'dateTime'): string | undefined {
	if (typeof value !== 'string' && !isDateLike(value)) return undefined;
	const read = isoDate(asText(value), as);
	return 'value' in read ? String(read.value) : undefined;
}

function sameDate(a: unknown, b: unknown, as: 'date' | 'dateTime'): boolean {
	const [x, y] = [dateOf(a, as), dateOf(b, as)];
	return x !== undefined && y !== undefined ? x === y : sameUntyped(a, b);
}

function sameBoolean(a: unknown, b: unknown): boolean {
	const [x, y] = [asBoolean(a), asBoolean(b)];
	return 'value' in x && 'value' in y ? x.value === y.value : sameUntyped(a, b);
}

/** An entry of an ID list: an ID, or a record Heffl shows in its place (`{id, name}`). */
const entryOf = (entry: unknown, lower: boolean): string => {
	const id =
		entry && typeof entry === 'object' && 'id' in entry ? (entry as IDataObject).id : entry;
	const text = asText(id).trim();
	return lower ? text.toLowerCase() : text;
};

/** A list (or text separated by commas) as a set: order and repeats mean nothing. */
function sameSet(a: unknown, b: unknown, lower = false): boolean {
	const setOf = (value: unknown) => {
		const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
		return new Set(list.map((entry) => entryOf(entry, lower)).filter((entry) => entry !== ''));
	};
	if (!Array.isArray(a) && typeof a !== 'string') return sameUntyped(a, b);
	if (!Array.isArray(b) && typeof b !== 'string') return sameUntyped(a, b);
	const [x, y] = [setOf(a), setOf(b)];
	return x.size === y.size && [...x].every((entry) => y.has(entry));
}

/** Text the same when trimmed, ignoring case (`lower`); a number and its text alike. */
function sameText(a: unknown, b: unknown, lower = false): boolean {
	const textOf = (value: unknown) => {
		const text = typeof value === 'number' ? String(value) : value;
		return typeof text === 'string' ? (lower ? text.trim().toLowerCase() : text) : undefined;
	};
	const [x, y] = [textOf(a), textOf(b)];
	return x !== undefined && y !== undefined ? x === y : sameUntyped(a, b);
}

/** The same web address: scheme, host and path as a URL reads them (host case, a bare `/`). */
function sameUrl(a: unknown, b: unknown): boolean {
	const hrefOf = (value: unknown) => {
		if (typeof value !== 'string') return undefined;
		try {
			return new URL(value.trim()).href;
		} catch {
			return undefined;
		}
	};
	const [x, y] = [hrefOf(a), hrefOf(b)];
	return x !== undefined && y !== undefined ? x === y : sameText(a, b);
}

/** Values no field describes (Extra Fields, unknown keys): deep, numbers as their text. */
function sameUntyped(a: unknown, b: unknown): boolean {
	if (isBlank(a) && isBlank(b)) return true;
	if (Array.isArray(a) || Array.isArray(b)) {
		if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
		return a.every((entry, index) => sameUntyped(entry, b[index]));
	}
	if (isPlainObject(a) || isPlainObject(b)) {
		if (!isPlainObject(a) || !isPlainObject(b)) return false;
		const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
		return [...keys].every((key) => sameUntyped(a[key], b[key]));
	}
	if (typeof a === 'number' || typeof b === 'number') {
		const [x, y] = [numberOf(a), numberOf(b)];
		return x !== undefined && x === y;
	}
	if (isDateLike(a) || isDateLike(b)) return asText(a) === asText(b);
	return a === b;
}

const isPlainObject = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value) && !isDateLike(value);

/** An object's members (a billing address), each by its field; an empty member as absent. */
function sameMembers(field: FieldSpec, a: unknown, b: unknown): boolean {
	if (!isPlainObject(a) || !isPlainObject(b)) return sameUntyped(a, b);
	const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
	return [...keys].every((key) => sameValue(memberOf(field, key), a[key], b[key]));
}

const memberOf = (field: FieldSpec, key: string) =>
	field.members?.find((member) => fieldKey(member) === key);

/**
 * Line items in order, each line by the keys the given one sets (a returned line also
 * shows Heffl's own keys: its ID, its total), every member by its field.
 */
function sameLines(field: FieldSpec, held: unknown, given: unknown): boolean {
	if (!Array.isArray(held) || !Array.isArray(given)) return sameUntyped(held, given);
	if (held.length !== given.length) return false;
	return given.every((line, index) => {
		const heldLine = held[index] as unknown;
		if (!isPlainObject(line) || !isPlainObject(heldLine)) return sameUntyped(heldLine, line);
		return Object.keys(line).every(
			(key) => key in heldLine && sameValue(memberOf(field, key), heldLine[key], line[key]),
		);
	});
}

function sameByDefinition(definition: CustomFieldDefinition, a: unknown, b: unknown): boolean {
	switch (definition.kind) {
		case 'number':
			return sameNumber(a, b);
		case 'date':
		case 'dateTime':
			return sameDate(a, b, definition.kind);
		case 'boolean':
			return sameBoolean(a, b);
		case 'select':
			return sameText(a, b, true);
		case 'multiselect':
			return sameSet(a, b, true);
		default:
			return sameText(a, b);
	}
}

function sameByField(field: FieldSpec, a: unknown, b: unknown): boolean {
	if (field.format === 'ids' || field.type === 'multiOptions') return sameSet(a, b);
	switch (field.type) {
		case 'number':
			return sameNumber(a, b);
		case 'boolean':
			return sameBoolean(a, b);
		case 'collection':
			return sameMembers(field, a, b);
		case 'fixedCollection':
			return sameLines(field, a, b);
	}
	switch (field.format) {
		case 'date':
		case 'dateTime':
			return sameDate(a, b, field.format);
		case 'email':
		case 'currency':
			return sameText(a, b, true);
		case 'webUrl':
			return sameUrl(a, b);
		case 'jsonList':
			return sameLines(field, a, b);
	}
	return sameText(a, b);
}

/** Whether two values are the same in Heffl's terms, for a table field or a custom field definition. */
export function sameValue(field: Spec, a: unknown, b: unknown): boolean {
	if (isBlank(a) && isBlank(b)) return true;
	if (isBlank(a) !== isBlank(b)) return false;
	if (isDefinition(field)) return sameByDefinition(field, a, b);
	return field ? sameByField(field, a, b) : sameUntyped(a, b);
}

/**
 * Where a record shows the value of a body key: its own key, or (v1 leads) inside its
 * `customFields` object; undefined when it does not show it.
 */
function heldValue(current: IDataObject, key: string): { value: unknown } | undefined {
	if (key in current) return { value: current[key] };
	const custom = current.customFields;
	if (key.startsWith('cf_') && isPlainObject(custom) && key in custom)
		return { value: custom[key] };
	return undefined;
}

/**
 * The keys of `next` (only `keys` if given) whose value differs from `current`'s. A key
 * `current` does not show counts as changed when `absent: 'changed'` (writes: unknown means
 * send), and as empty when `absent: 'empty'` (the change trigger compares two full records).
 */
export function changedFields(
	resource: ResourceSpec,
	current: IDataObject | undefined,
	next: IDataObject,
	options: {
		absent: 'changed' | 'empty';
		keys?: readonly string[];
		definitions?: readonly CustomFieldDefinition[];
	},
): Record<string, FieldChange> {
	const changes: Record<string, FieldChange> = {};
	for (const key of options.keys ?? Object.keys(next)) {
		const to = next[key];
		const held = current ? heldValue(current, key) : undefined;
		if (!held && options.absent === 'changed') {
			changes[key] = { from: undefined, to };
			continue;
		}
		const spec = key.startsWith('cf_')
			? options.definitions?.find((definition) => definition.key === key)
			: fieldOf(resource, key);
		if (!sameValue(spec, held?.value, to)) changes[key] = { from: held?.value, to };
	}
	return changes;
}

/** The table field a body key belongs to; the one with members where two share it (line items). */
function fieldOf(resource: ResourceSpec, key: string): FieldSpec | undefined {
	const fields = (resource.fields ?? []).filter((field) => fieldKey(field) === key);
	return fields.find((field) => field.members) ?? fields[0];
}
