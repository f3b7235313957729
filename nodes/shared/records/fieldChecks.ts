/**
 * One value of a table field checked and converted to what Heffl is sent. Only what is
 * unambiguous is changed (trimmed IDs, an added https://, upper-case currency, dates in
 * the API's form, numbers and booleans typed as text, an object's `id` where an ID is
 * asked); everything else is Heffl's to judge, and its VALIDATION_ERROR names the field.
 * A value of the wrong shape (an object or a list where one value is asked, NaN,
 * Infinity, JSON nested too deep) is refused here, so nothing garbled reaches Heffl and
 * nothing given is dropped without a word. A field's own rule is its `validate`.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FieldSpec } from '../table/schema';
import { fieldKey } from '../table/schema';
import { idFromAddress } from './recordIds';
import type { Checked } from '../checks';
import {
	asBoolean,
	asId,
	asIdList,
	asNumber,
	asScalarText,
	fail,
	inMember,
	isoDate,
	ok,
} from '../checks';
import { parseJsonList, parseJsonObject } from '../jsonChecks';

/** The field takes one record ID (an object with an `id` is taken as that ID). */
export const takesId = (field: FieldSpec) => Boolean(field.locator) || field.format === 'id';

/** The field takes a list (IDs, options, entries, a JSON list): an empty list leaves it empty. */
const takesList = (field: FieldSpec) =>
	field.format === 'ids' ||
	field.format === 'jsonList' ||
	field.type === 'multiOptions' ||
	field.type === 'fixedCollection';

/** The field takes an object (members, a JSON object): an empty object leaves it empty. */
const takesObject = (field: FieldSpec) =>
	field.type === 'collection' || field.type === 'fixedCollection' || field.format === 'json';

/** A record picker's value arrives as n8n's {__rl, mode, value}. */
const unwrap = (value: unknown) =>
	value && typeof value === 'object' && '__rl' in value ? (value as IDataObject).value : value;

/**
 * Whether the field was left empty, so nothing is sent: no value, blank text, an empty
 * list where a list is asked, an empty object where an object is asked. An empty object
 * or list given where one value is asked is not "empty": `checkValue` refuses it.
 */
export function isUnset(field: FieldSpec, given: unknown): boolean {
	const value = unwrap(given);
	if (value === undefined || value === null) return true;
	if (typeof value === 'string') return value.trim() === '';
	if (typeof value !== 'object') return false;
	if (Array.isArray(value)) return value.length === 0 && takesList(field);
	return Object.keys(value).length === 0 && takesObject(field);
}

/** Text by the field's format. */
function checkText(field: FieldSpec, value: unknown): Checked {
	switch (field.format) {
		case 'json':
			return parseJsonObject(value);
		case 'jsonList':
			return linesFromJson(field, value);
	}
	if (takesId(field)) {
		const id = asId(value);
		return 'value' in id && field.locator
			? ok(idFromAddress(String(id.value), field.idPrefix))
			: id;
	}
	const asked = field.type === 'options' ? 'one of the options' : 'text';
	const text = asScalarText(value, asked);
	if (!('value' in text)) return text;
	const trimmed = String(text.value).trim();
	switch (field.format) {
		case 'webUrl':
			return ok(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
		case 'date':
		case 'dateTime':
			return isoDate(trimmed, field.format);
		case 'currency':
			return ok(trimmed.toUpperCase());
		case 'email':
			return ok(trimmed);
		default:
			return text;
	}
}

/** A line's `null` means "not set" (a read deal's lines carry them): dropped, as empty fields are. */
const setValuesOf = (line: IDataObject): IDataObject =>
	Object.fromEntries(Object.entries(line).filter(([, value]) => value !== null));

/** A line left with nothing to send is refused by its number, never sent as `{}`. */
const emptyLine = (field: FieldSpec, index: number): Checked =>
	fail(
		`${field.entryName ?? 'entry'} ${index + 1} has no value set`,
		`Set its values${field.entryName === 'Line Item' ? ' (a Name or a Product)' : ''}, or remove it from ${field.displayName}.`,
	);

/** Line items as a JSON list (from an expression): each line's `null`s dropped, none left empty. */
function linesFromJson(field: FieldSpec, value: unknown): Checked {
	const parsed = parseJsonList(value);
	if (!('value' in parsed)) return parsed;
	const lines = (parsed.value as IDataObject[]).map(setValuesOf);
	const empty = lines.findIndex((line) => Object.keys(line).length === 0);
	return empty === -1 ? ok(lines) : emptyLine(field, empty);
}

/** Each member of an object (a billing address), checked as its own field. */
function checkMembers(field: FieldSpec, value: unknown): Checked {
	if (!value || typeof value !== 'object' || Array.isArray(value))
		return fail(
			`must be an object of ${field.displayName} fields`,
			'Add its fields one by one, or map an object.',
		);
	const members: IDataObject = {};
	for (const [key, given] of Object.entries(value as IDataObject)) {
		const member = field.members?.find((candidate) => candidate.name === key) ?? {
			name: key,
			displayName: key,
			type: 'string' as const,
		};
		if (isUnset(member, given)) continue;
		const result = checkValue(member, given);
		if (!('value' in result)) return inMember(member.displayName, result);
		members[fieldKey(member)] = result.value;
	}
	return ok(members);
}

/** A list of entries (line items, stages), each member checked as its own field. */
function checkEntries(field: FieldSpec, value: unknown): Checked {
	const entryName = field.entryName ?? 'entry';
	if (!Array.isArray(value))
		return fail(
			`must be a list of ${entryName}s`,
			`Add each ${entryName} under ${field.displayName}.`,
		);
	const list: IDataObject[] = [];
	for (const [index, entry] of (value as unknown[]).entries()) {
		const where = `${entryName} ${index + 1}`;
		if (!entry || typeof entry !== 'object' || Array.isArray(entry))
			return fail(`${where} is not an object`, `Add each ${entryName} under ${field.displayName}.`);
		const given = entry as IDataObject;
		const item: IDataObject = {};
		for (const member of field.members ?? []) {
			if (isUnset(member, given[member.name])) continue;
			if (member.zeroFrom && given[member.name] === 0 && !isUnset(member, given[member.zeroFrom]))
				continue;
			const result = checkValue(member, given[member.name]);
			if (!('value' in result)) return inMember(`${where} › ${member.displayName}`, result);
			item[fieldKey(member)] = result.value;
		}
		if (Object.keys(item).length === 0 && field.format !== 'ids') return emptyLine(field, index);
		list.push(item);
	}
	// A list of record pickers (a deal's contacts) is sent as the list of their IDs.
	if (field.format === 'ids') return ok(list.flatMap((item) => Object.values(item) as string[]));
	return ok(list);
}

/** A list of options or IDs: a list, or text separated by commas. */
function checkList(field: FieldSpec, value: unknown): Checked {
	if (field.format === 'ids') return asIdList(value);
	const entries = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value.split(',')
			: [value];
	const list: string[] = [];
	for (const [index, entry] of entries.entries()) {
		const text = asScalarText(entry, 'one of the options');
		if (!('value' in text))
			return fail(
				Array.isArray(value) ? `entry ${index + 1} ${text.problem}` : text.problem,
				text.hint,
			);
		const trimmed = String(text.value).trim();
		if (trimmed !== '') list.push(trimmed);
	}
	return ok(list);
}

/** The value converted by the field's type and format, before the field's own rule. */
function convert(field: FieldSpec, value: unknown): Checked {
	switch (field.type) {
		case 'number':
			return asNumber(value);
		case 'boolean':
			return asBoolean(value);
		case 'fixedCollection':
			return checkEntries(field, value);
		case 'collection':
			return checkMembers(field, value);
		case 'multiOptions':
			return checkList(field, value);
	}
	if (field.format === 'ids') return checkList(field, value);
	return checkText(field, value);
}

/** Checks one value against its field and returns what Heffl is sent. */
export function checkValue(field: FieldSpec, given: unknown): Checked {
	const converted = convert(field, unwrap(given));
	return 'value' in converted && field.validate ? field.validate(converted.value) : converted;
}
