/**
 * One value of a table field checked and converted to what Heffl is sent. Only what is
 * unambiguous is changed (trimmed IDs, an added https://, upper-case currency, dates in
 * the API's form, numbers and booleans typed as text); everything else is Heffl's to
 * judge, and its VALIDATION_ERROR names the field. A field's own rule is its `validate`.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FieldSpec } from '../spec';
import { fieldKey } from '../spec';
import { idFromAddress } from './recordIds';
import type { Checked } from './values';
import {
	asBoolean,
	asNumber,
	asText,
	fail,
	isEmpty,
	isoDate,
	ok,
	parseJsonList,
	parseJsonObject,
} from './values';

/** Text by the field's format. */
function checkText(field: FieldSpec, text: string, original: unknown): Checked {
	const trimmed = text.trim();
	if (field.locator) return ok(idFromAddress(trimmed, field.idPrefix));
	switch (field.format) {
		case 'webUrl':
			return ok(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
		case 'date':
		case 'dateTime':
			return isoDate(trimmed, field.format);
		case 'currency':
			return ok(trimmed.toUpperCase());
		case 'json':
			return parseJsonObject(original);
		case 'jsonList':
			return parseJsonList(original);
		case 'email':
		case 'id':
			return ok(trimmed);
		default:
			return ok(text);
	}
}

/** A list of entries (line items, stages), each member checked as its own field. */
function checkEntries(field: FieldSpec, value: unknown): Checked {
	const entries = (Array.isArray(value) ? value : []) as IDataObject[];
	const list: IDataObject[] = [];
	for (const [index, entry] of entries.entries()) {
		const item: IDataObject = {};
		for (const member of field.members ?? []) {
			if (isEmpty(entry[member.name])) continue;
			if (member.zeroFrom && entry[member.name] === 0 && !isEmpty(entry[member.zeroFrom])) continue;
			const result = checkValue(member, entry[member.name]);
			if (!('value' in result))
				return fail(
					`${field.entryName ?? 'entry'} ${index + 1} › ${member.displayName}: ${result.problem}`,
					result.hint,
				);
			item[fieldKey(member)] = result.value;
		}
		list.push(item);
	}
	// A list of record pickers (a deal's contacts) is sent as the list of their IDs.
	if (field.format === 'ids') return ok(list.flatMap((item) => Object.values(item) as string[]));
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
		case 'collection': {
			const members = Object.entries((value ?? {}) as IDataObject).filter(([, v]) => !isEmpty(v));
			return ok(Object.fromEntries(members.map(([k, v]) => [k, asText(v)])));
		}
	}
	if (field.format === 'ids' || field.type === 'multiOptions') {
		return ok(
			(Array.isArray(value) ? value : String(value).split(','))
				.map((entry) => String(entry).trim())
				.filter((entry) => entry !== ''),
		);
	}
	return checkText(field, asText(value), value);
}

/** Checks one value against its field and returns what Heffl is sent. */
export function checkValue(field: FieldSpec, given: unknown): Checked {
	// A record picker inside a collection arrives as n8n's {__rl, mode, value}.
	const value =
		field.locator && given && typeof given === 'object' && '__rl' in given
			? (given as IDataObject).value
			: given;
	const converted = convert(field, value);
	return 'value' in converted && field.validate ? field.validate(converted.value) : converted;
}
