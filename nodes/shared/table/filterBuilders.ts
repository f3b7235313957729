/**
 * Builders for the resource table's filters (heffl-reference.md §7): a filter-builder
 * condition, a search checked in n8n or sent to Heffl, a field checked on each returned
 * record, and the comparisons they check with (case ignored), so a filter is one line of
 * its resource file and every filter is checked on the records Heffl returns.
 */
import type { IDataObject } from 'n8n-workflow';

import { lookupEmail, text } from './builders';
import type { ConditionSpec, FieldSpec, FilterSpec } from './schema';

/** Text for comparisons: case ignored; null and undefined are empty. */
export const lower = (value: unknown) => String(value ?? '').toLowerCase();

/** A record matches when any of its text values (one level deep) contains the term. */
export const containsText =
	(...keys: string[]) =>
	(record: IDataObject, term: unknown): boolean => {
		const wanted = lower(term).trim();
		const values = keys.length ? keys.map((key) => record[key]) : Object.values(record);
		return values.some((value) =>
			(value && typeof value === 'object' ? Object.values(value) : [value]).some(
				(text) => typeof text === 'string' && lower(text).includes(wanted),
			),
		);
	};

/** The record's `key` equals the value (ignoring case); undefined when the record lacks the key. */
export const equalsKey =
	(key: string) =>
	(record: IDataObject, value: unknown): boolean | undefined =>
		key in record ? lower(record[key]) === lower(value) : undefined;

/** A filter-builder field (§7); its values picked from a dropdown where `loadOptionsMethod` names one. */
export const condition = (
	key: string,
	displayName: string,
	recordKey?: string,
	loadOptionsMethod?: string,
): ConditionSpec => ({
	key,
	displayName,
	...(recordKey && { recordKey }),
	...(loadOptionsMethod && { loadOptionsMethod }),
});

/** A filter Heffl does not document: checked in n8n on the records Heffl returns, never sent. */
export const search = (records: string, keys: string[]): FilterSpec => ({
	...text(
		'search',
		'Search',
		`Only ${records} whose ${keys.join(', ')} contain this text, ignoring case. Checked in n8n on the records Heffl returns.`,
	),
	filter: 'local',
	matches: containsText(...keys),
});

/**
 * Get Many's Email: only records with exactly this address (ignoring case and surrounding
 * spaces), found as Create or Update finds them (execute/keyLookup.ts), checked on each.
 */
export const emailFilter = (records: string): FilterSpec => ({
	...lookupEmail(
		`Only ${records} with exactly this e-mail address, ignoring case. Found as Create or Update finds them.`,
	),
	filter: 'local',
	matches: (record: IDataObject, value: unknown) =>
		'email' in record ? lower(record.email).trim() === lower(value).trim() : undefined,
});

/** A filter checked here on each returned record (Heffl documents no v1 list filter, §7). */
export const localFilter = (field: FieldSpec, key = field.key ?? field.name): FilterSpec => ({
	...field,
	description: [
		field.description?.replace(/\.$/, ''),
		'Checked in n8n on the records Heffl returns.',
	]
		.filter(Boolean)
		.join('. '),
	filter: 'local',
	matches: equalsKey(key),
});

/** v2 `search` (§7): sent, and checked on the record's texts (nested ones too). */
export const serverSearch = (
	what: string,
	matches: FilterSpec['matches'] = containsText(),
): FilterSpec => ({
	...text('search', 'Search', `Heffl's full-text search over ${what}`),
	filter: 'server',
	matches,
});
