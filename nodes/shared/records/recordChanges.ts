/**
 * PLACEHOLDER until helper h50's comparison piece lands on branch h50 (issue 50): the agreed
 * surface, with only what the change trigger needs to run. On merge, h50's file replaces this
 * one whole; nothing else may hold these rules.
 */
import type { IDataObject } from 'n8n-workflow';

import type { FieldSpec, ResourceSpec } from '../table/schema';
import type { CustomFieldDefinition } from './customFields';

export interface FieldChange {
	from: unknown;
	to: unknown;
}

const isEmpty = (value: unknown) =>
	value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);

/** Whether two values are the same in Heffl's terms, for a table field or a custom field definition. */
export function sameValue(
	_field: FieldSpec | CustomFieldDefinition | undefined,
	a: unknown,
	b: unknown,
): boolean {
	if (isEmpty(a) && isEmpty(b)) return true;
	if (typeof a === 'number' || typeof b === 'number') {
		const [x, y] = [Number(a), Number(b)];
		if (Number.isFinite(x) && Number.isFinite(y) && a !== '' && b !== '') return x === y;
	}
	return JSON.stringify(a) === JSON.stringify(b);
}

/** The keys of `next` (only `keys` if given) whose value differs from `current`'s. */
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
		const field =
			options.definitions?.find((definition) => definition.key === key) ??
			resource.fields?.find((candidate) => (candidate.key ?? candidate.name) === key);
		const shown = current !== undefined && key in current;
		if (!shown && options.absent === 'changed') {
			changes[key] = { from: undefined, to: next[key] };
			continue;
		}
		const from = current?.[key];
		if (!sameValue(field, from, next[key]))
			changes[key] = { from: from ?? null, to: next[key] ?? null };
	}
	return changes;
}
