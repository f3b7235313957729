/**
 * Options → Custom Fields As → Labels: a record's `cf_*` keys named by their definitions'
 * labels (read by the one reader, customFields.ts). Pure apart from `labelRecords`'s reads:
 * which definitions apply to a record (its scope), and the record renamed.
 *
 * Nothing is ever lost or misnamed, and a field has one name in the whole output: the
 * names are decided once over every definition read and every key the records carry
 * (outputNames). A label two definitions share, one that reads as another key of the
 * records (`Email` beside `email`) or as another field's key (`cf_industry` on another
 * field), keeps its key beside it (`Email (cf_email)`); a key with no definition stays a
 * key; a name already taken keeps the key; the record's own fields are not touched.
 * Definitions that cannot be read leave every key, and the caller says so once (`unread`).
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

/**
 * One output name per defined key, decided once over every definition read (every
 * pipeline's, every template's) and every other key the records carry (`keptKeys`), so a
 * field has the same name on every record. A label stands alone only when no other field
 * has it, no key the output keeps reads like it, and it does not read as another field's
 * key (a label `cf_industry` on another field than Industry's); else it keeps its key beside
 * it. A key labelled differently in two scopes keeps its key: neither label is right for all.
 */
export function outputNames(
	definitions: CustomFieldDefinition[][],
	keptKeys: Iterable<string>,
): Map<string, string> {
	const labels = new Map<string, Set<string>>();
	for (const definition of definitions.flat())
		labels.set(
			definition.key,
			(labels.get(definition.key) ?? new Set()).add(definition.label.trim()),
		);
	const keys = [...labels.keys()].sort();
	const kept = [...new Set(keptKeys)].filter((key) => !labels.has(key));
	const keptSpoken = new Set(kept.map(spoken));
	const keyBySpoken = new Map(keys.map((key) => [spoken(key), key]));
	const holders = new Map<string, Set<string>>();
	for (const key of keys)
		for (const label of labels.get(key)!)
			holders.set(spoken(label), (holders.get(spoken(label)) ?? new Set()).add(key));
	const used = new Set(kept);
	const names = new Map<string, string>();
	for (const key of keys) {
		const own = [...labels.get(key)!];
		const label = own.length === 1 ? own[0] : '';
		const said = spoken(label);
		const clear =
			label !== '' &&
			holders.get(said)!.size === 1 &&
			!keptSpoken.has(said) &&
			(keyBySpoken.get(said) ?? key) === key;
		let name = own.length > 1 ? key : clear ? label : `${label || key} (${key})`;
		// A name some other key already has (however unlikely): the key itself, never a loss.
		if (used.has(name)) name = key;
		used.add(name);
		names.set(key, name);
	}
	return names;
}

/**
 * An object keyed by a record's fields (a change trigger's `changes`) named as that record's
 * own keys are, by the definitions of its scope.
 */
export function labelKeysAsRecord(
	keyed: IDataObject,
	record: IDataObject,
	definitions: CustomFieldDefinition[],
): IDataObject {
	if (!definitions.length) return keyed;
	return labelRecord(keyed, outputNames([definitions], keysOf(record)));
}

/** One object's `cf_*` keys renamed; everything else, and the order of the keys, kept. */
function renamed(object: IDataObject, names: Map<string, string>): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(object)) {
		const name = (isCustomKey(key) && names.get(key)) || key;
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

/** Every key a record carries: its own, and those of a v1 `customFields` object. */
function keysOf(record: IDataObject): string[] {
	const wrapped = record.customFields;
	return [...Object.keys(record), ...(isPlainObject(wrapped) ? Object.keys(wrapped) : [])];
}

/**
 * The record with its custom fields by the names decided for the execution: top-level
 * `cf_*` keys (API v2), and those in a `customFields` object (API v1's records, webhook
 * deliveries of them).
 */
function labelRecord(record: IDataObject, names: Map<string, string>): IDataObject {
	const labelled = renamed(record, names);
	if (isPlainObject(record.customFields))
		labelled.customFields = renamed(record.customFields, names);
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

/** Whether a scope is one of the source's: its entity's (every pipeline), or a template's. */
export function ofSource(source: CustomFieldSource, scope: DefinitionScope): boolean {
	return 'template' in source
		? 'templateId' in scope
		: 'entity' in scope && scope.entity === source.entity;
}

/**
 * Records by label, each scope's definitions read once (only for records that carry custom
 * fields), the names decided once over all of them and over `alsoRead` (other scopes of the
 * source the execution read, for a write's check): one name per field in the whole output.
 * Heffl listing no definitions at all for records that have custom fields counts as
 * unread: their keys stay, and the caller says why.
 */
export async function labelRecords(
	records: IDataObject[],
	source: CustomFieldSource,
	definitionsOf: DefinitionsOf,
	alsoRead: DefinitionScope[] = [],
): Promise<Labelled> {
	const scopes = records.map((record) =>
		hasCustomFields(record) ? recordScope(source, record) : undefined,
	);
	const read = new Map<string, CustomFieldDefinition[]>();
	const unread = new Map<string, { scope: DefinitionScope; reason: string }>();
	const wanted = new Set(scopes.map((scope) => scope && JSON.stringify(scope)));
	for (const scope of [...scopes, ...alsoRead.filter((scope) => ofSource(source, scope))]) {
		const id = scope && JSON.stringify(scope);
		if (!scope || !id || read.has(id) || unread.has(id)) continue;
		const definitions = await definitionsOf(scope);
		if (!(definitions instanceof Error) && definitions.length) read.set(id, definitions);
		// A scope read only for a write says its own notice; one the records need, here.
		else if (wanted.has(id))
			unread.set(id, {
				scope,
				reason:
					definitions instanceof Error
						? definitions.message
						: `Heffl listed no custom-field definitions for ${scopeText(scope)}`,
			});
	}
	const names = outputNames([...read.values()], records.flatMap(keysOf));
	return {
		records: records.map((record, index) => {
			const scope = scopes[index];
			return scope && read.has(JSON.stringify(scope)) ? labelRecord(record, names) : record;
		}),
		unread: [...unread.values()],
	};
}

/** The notice an output carries when its custom fields stay keys, said once. */
export function unreadNotice(unread: Labelled['unread']): string {
	const why = unread.map(({ scope, reason }) => `${scopeText(scope)}: ${reason}`).join('; ');
	return `Custom fields are shown by their keys (cf_…), not their labels: their definitions could not be read (${why}).`;
}
