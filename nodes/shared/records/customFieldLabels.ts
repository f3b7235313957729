/**
 * Options → Custom Fields As → Labels: a record's `cf_*` keys named by their definitions'
 * labels (read by the one reader, customFields.ts). Pure apart from `labelRecords`'s reads:
 * which definitions apply to a record (its scope), and the record renamed.
 *
 * Nothing is ever lost or misnamed: a label two definitions share, or one that reads as
 * another key of the record (`Email` beside `email`), keeps its key beside it
 * (`Email (cf_email)`); a key with no definition stays a key; a name already taken keeps
 * the key; the record's own fields are not touched. Definitions that cannot be read leave
 * every key, and the caller says so once (`unread`).
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CustomFieldSource } from '../table/schema';
import { CUSTOM_FIELDS_AS } from '../table/schema';
import type { CustomFieldDefinition, DefinitionScope } from './customFields';

/** Options → Custom Fields As: whether it asks for labels; a value that is neither refused. */
export function wantsLabels(node: INode, options: IDataObject, itemIndex?: number): boolean {
	const value = options.customFieldsAs ?? CUSTOM_FIELDS_AS.keys;
	if (value === CUSTOM_FIELDS_AS.keys) return false;
	if (value === CUSTOM_FIELDS_AS.labels) return true;
	throw new NodeOperationError(
		node,
		`Options › Custom Fields As: '${String(value)}' is not Keys or Labels`,
		{ itemIndex, description: 'Choose Keys or Labels under Options → Custom Fields As.' },
	);
}

const isCustomKey = (key: string) => key.startsWith('cf_');

const isPlainObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a record's definitions come from: its entity, its deal pipeline, its quotation template. */
export function recordScope(
	source: CustomFieldSource,
	record: IDataObject,
): DefinitionScope | undefined {
	const text = (value: unknown) =>
		typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
	if ('template' in source) {
		const templateId = text(record.templateId);
		return templateId ? { templateId } : undefined;
	}
	const pipelineId = source.entity === 'deals' ? text(record.pipelineId) : undefined;
	return pipelineId ? { entity: 'deals', pipelineId } : { entity: source.entity };
}

/** Whether the record carries custom fields (top level, or in a v1 `customFields` object). */
export function hasCustomFields(record: IDataObject): boolean {
	const wrapped = record.customFields;
	return (
		Object.keys(record).some(isCustomKey) ||
		(isPlainObject(wrapped) && Object.keys(wrapped).some(isCustomKey))
	);
}

/** "Email" and "email", "First Name" and "firstName": names a reader would take for the same. */
const spoken = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** One object's `cf_*` keys renamed; everything else, and the order of the keys, kept. */
function renamed(
	object: IDataObject,
	byKey: Map<string, CustomFieldDefinition>,
	sharedLabels: Set<string>,
): IDataObject {
	const staying = Object.keys(object).filter((key) => !isCustomKey(key) || !byKey.has(key));
	const taken = new Set(staying.map(spoken));
	const names = new Set(staying);
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(object)) {
		const definition = isCustomKey(key) ? byKey.get(key) : undefined;
		let name = key;
		if (definition) {
			const label = definition.label.trim();
			const clear = label !== '' && !sharedLabels.has(spoken(label)) && !taken.has(spoken(label));
			name = clear ? label : `${label || key} (${key})`;
			// A name some other key already has (however unlikely): the key itself, never a loss.
			if (names.has(name)) name = key;
			names.add(name);
		}
		// Defined, not assigned: a label such as `__proto__` is a key like any other.
		Object.defineProperty(result, name, {
			value,
			enumerable: true,
			writable: true,
			configurable: true,
		});
	}
	return result;
}

/**
 * The record with its custom fields by label: top-level `cf_*` keys (API v2), and those in
 * a `customFields` object (API v1's records, webhook deliveries of them).
 */
export function labelRecord(
	record: IDataObject,
	definitions: CustomFieldDefinition[],
): IDataObject {
	if (!definitions.length || !hasCustomFields(record)) return record;
	const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
	const counts = new Map<string, number>();
	for (const { label } of definitions)
		counts.set(spoken(label), (counts.get(spoken(label)) ?? 0) + 1);
	const shared = new Set([...counts].filter(([, count]) => count > 1).map(([name]) => name));
	const labelled = renamed(record, byKey, shared);
	if (isPlainObject(record.customFields))
		labelled.customFields = renamed(record.customFields, byKey, shared);
	return labelled;
}

/** Reads one scope's definitions (once: the caller keeps them), or the reason it could not. */
export type DefinitionsOf = (scope: DefinitionScope) => Promise<CustomFieldDefinition[] | Error>;

export interface Labelled {
	records: IDataObject[];
	/** The scopes whose definitions could not be read, with why: their records keep their keys. */
	unread: Array<{ scope: DefinitionScope; reason: string }>;
}

/** What a scope is, for a notice: "contacts", "deals in pipeline dpl_1", "template tpl_1". */
export function scopeText(scope: DefinitionScope): string {
	if ('templateId' in scope) return `quotation template ${scope.templateId}`;
	return scope.pipelineId ? `${scope.entity} in pipeline ${scope.pipelineId}` : scope.entity;
}

/**
 * Records by label, each scope's definitions read once (only for records that carry custom
 * fields). Heffl listing no definitions at all for records that have custom fields counts as
 * unread: the keys stay, and the caller says why.
 */
export async function labelRecords(
	records: IDataObject[],
	source: CustomFieldSource,
	definitionsOf: DefinitionsOf,
): Promise<Labelled> {
	const reads = new Map<string, Promise<CustomFieldDefinition[] | Error>>();
	const unread = new Map<string, { scope: DefinitionScope; reason: string }>();
	const result: IDataObject[] = [];
	for (const record of records) {
		const scope = hasCustomFields(record) ? recordScope(source, record) : undefined;
		if (!scope) {
			result.push(record);
			continue;
		}
		const id = JSON.stringify(scope);
		if (!reads.has(id)) reads.set(id, definitionsOf(scope));
		const definitions = await reads.get(id)!;
		if (definitions instanceof Error || definitions.length === 0) {
			const reason =
				definitions instanceof Error
					? definitions.message
					: `Heffl listed no custom-field definitions for ${scopeText(scope)}`;
			unread.set(id, { scope, reason });
			result.push(record);
			continue;
		}
		result.push(labelRecord(record, definitions));
	}
	return { records: result, unread: [...unread.values()] };
}

/** The notice an output carries when its custom fields stay keys, said once. */
export function unreadNotice(unread: Labelled['unread']): string {
	const why = unread.map(({ scope, reason }) => `${scopeText(scope)}: ${reason}`).join('; ');
	return `Custom fields are shown by their keys (cf_…), not their labels: their definitions could not be read (${why}).`;
}
