/**
 * Custom fields from their definitions (heffl-reference.md §9.1, §11.12, §11.13). One
 * reader of the definitions serves the editor (the resource mapper's typed fields) and
 * the execution (values converted by their type; the Heffl node's write check,
 * nodes/Heffl/execute/customFieldCheck.ts, refuses unknown keys and missing required
 * fields before anything is sent).
 *
 * The shape of a definition is not documented beyond "key, label, type and allowed
 * values" (§11.12): it is read leniently (docs/assumptions.md), and a definition list
 * that cannot be read never blocks a write: the values are then sent as given.
 */
import type {
	FieldType,
	IDataObject,
	INodePropertyOptions,
	ResourceMapperField,
} from 'n8n-workflow';

import type { Checked } from '../checks';
import { asBoolean, asNumber, asText, fail, isoDate, ok } from '../checks';
import type { CustomFieldSource } from '../table/schema';
import type { HefflContext } from '../transport';
import { hefflPaginate, hefflRequest, recordPath, unwrapRecord } from '../transport';

/** What a value must be, from the definition's type (§9.1 lists the app's types). */
export type CustomFieldKind =
	| 'text'
	| 'number'
	| 'date'
	| 'dateTime'
	| 'boolean'
	| 'select'
	| 'multiselect';

export interface CustomFieldDefinition {
	key: string;
	label: string;
	kind: CustomFieldKind;
	required: boolean;
	/** Allowed values of option fields; empty: any. */
	values: string[];
}

/** Where one record's definitions come from: an entity (deals per pipeline) or a template. */
export type DefinitionScope = { entity: string; pipelineId?: string } | { templateId: string };

/** Heffl's key for a label: lower case, spaces to underscores, prefixed `cf_` (§9.1). */
export function customFieldKey(label: string): string {
	const trimmed = label.trim();
	if (trimmed.startsWith('cf_')) return trimmed;
	return `cf_${trimmed.toLowerCase().replace(/ /g, '_')}`;
}

/** The app's type names (§9.1: "Single Option", "Multiple Option", ...) and their API forms. */
const KINDS: Record<string, CustomFieldKind> = {
	number: 'number',
	currency: 'number',
	integer: 'number',
	decimal: 'number',
	date: 'date',
	datetime: 'dateTime',
	checkbox: 'boolean',
	boolean: 'boolean',
	select: 'select',
	singleoption: 'select',
	singleselect: 'select',
	dropdown: 'select',
	multiselect: 'multiselect',
	multipleoption: 'multiselect',
	multipleselect: 'multiselect',
	multioption: 'multiselect',
	arraytext: 'multiselect',
};

const asString = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** One definition as Heffl may send it, or undefined when it names no field. */
export function readDefinition(raw: unknown): CustomFieldDefinition | undefined {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
	const record = raw as IDataObject;
	const label = asString(record.label) || asString(record.name);
	const key = asString(record.key) || asString(record.apiName) || (label && customFieldKey(label));
	if (!key) return undefined;
	const type = asString(record.dataType) || asString(record.type) || asString(record.fieldType);
	const given = record.values ?? record.options ?? record.allowedValues;
	const values = (Array.isArray(given) ? given : [])
		.map((value) =>
			value && typeof value === 'object'
				? asString((value as IDataObject).value) ||
					asString((value as IDataObject).label) ||
					asString((value as IDataObject).name)
				: String(value ?? '').trim(),
		)
		.filter((value) => value !== '');
	return {
		key,
		label: label || key,
		kind: KINDS[type.toLowerCase().replace(/[^a-z]/g, '')] ?? 'text',
		required: record.required === true || record.isRequired === true,
		values,
	};
}

/**
 * Reads the definitions of a scope: `GET /v2/custom-fields` with only its documented
 * parameters (§11.12: `entity`, `pipelineId`; pages followed only when an answer has a
 * cursor), or a template's `customFields` (§11.13).
 */
export async function readDefinitions(
	this: HefflContext,
	scope: DefinitionScope,
	request: { itemIndex?: number; maxRetries?: number; maxWaitMs?: number } = {},
): Promise<CustomFieldDefinition[]> {
	let raw: unknown[];
	if ('templateId' in scope) {
		const answer = await hefflRequest.call(this, {
			...request,
			api: 'v2',
			method: 'GET',
			path: recordPath(this.getNode(), '/document-templates', scope.templateId, 'Template'),
			recordLabel: 'document template',
		});
		const { customFields } = unwrapRecord(answer);
		raw = Array.isArray(customFields) ? customFields : [];
	} else {
		raw = await hefflPaginate.call(
			this,
			{
				...request,
				api: 'v2',
				path: '/custom-fields',
				qs: { entity: scope.entity, ...(scope.pipelineId && { pipelineId: scope.pipelineId }) },
				recordLabel: 'custom field',
			},
			undefined,
			{ sendPageSize: false },
		);
	}
	const definitions = raw.map(readDefinition).filter((definition) => definition !== undefined);
	return definitions.filter(
		(definition, index) => definitions.findIndex((other) => other.key === definition.key) === index,
	);
}

const MAPPER_TYPES: Record<CustomFieldKind, FieldType> = {
	text: 'string',
	number: 'number',
	date: 'dateTime',
	dateTime: 'dateTime',
	boolean: 'boolean',
	select: 'options',
	multiselect: 'string',
};

/** A definition as a field of the resource mapper; required ones only where the write needs them. */
export function mapperField(
	definition: CustomFieldDefinition,
	requiredHere: boolean,
): ResourceMapperField {
	const options: INodePropertyOptions[] = definition.values.map((value) => ({
		name: value,
		value,
	}));
	const choices = definition.kind === 'select' && options.length > 0;
	const several = definition.kind === 'multiselect' && options.length > 0;
	return {
		id: definition.key,
		displayName: several
			? `${definition.label} (several, separated by commas: ${definition.values.join(', ')})`
			: definition.label,
		required: requiredHere && definition.required,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: choices || definition.kind !== 'select' ? MAPPER_TYPES[definition.kind] : 'string',
		...(choices && { options }),
	};
}

/** The allowed value `text` stands for (ignoring case and spaces), or undefined. */
function allowed(definition: CustomFieldDefinition, text: string): string | undefined {
	if (!definition.values.length) return text;
	const wanted = text.trim().toLowerCase();
	return definition.values.find((value) => value.toLowerCase() === wanted);
}

function listOf(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((entry) => asText(entry).trim());
	const text = asText(value).trim();
	if (text.startsWith('[')) {
		try {
			const parsed: unknown = JSON.parse(text);
			if (Array.isArray(parsed)) return parsed.map((entry) => asText(entry).trim());
		} catch {
			// Not JSON: read as text separated by commas.
		}
	}
	return text.split(',').map((entry) => entry.trim());
}

/** A value converted to what its definition says Heffl takes (§9.2: values must match the type). */
export function customFieldValue(definition: CustomFieldDefinition, value: unknown): Checked {
	const choices = `Use one of: ${definition.values.join(', ')}.`;
	switch (definition.kind) {
		case 'number':
			return asNumber(value);
		case 'boolean':
			return asBoolean(value);
		case 'date':
		case 'dateTime':
			return isoDate(asText(value), definition.kind);
		case 'select': {
			const match = allowed(definition, asText(value));
			return match === undefined ? fail(`'${asText(value)}' is not an option`, choices) : ok(match);
		}
		case 'multiselect': {
			const entries = listOf(value).filter((entry) => entry !== '');
			const matches = entries.map((entry) => allowed(definition, entry));
			const wrong = entries.find((_, index) => matches[index] === undefined);
			return wrong === undefined
				? ok(matches as string[])
				: fail(`'${wrong}' is not an option`, choices);
		}
		default:
			return ok(typeof value === 'string' ? value : asText(value));
	}
}

/** The scope of a resource's definitions, with whether it is the whole set for the record. */
export interface ScopeOf {
	scope: DefinitionScope;
	/** false: other definitions may apply too (a deal updated without its pipeline). */
	complete: boolean;
}

/**
 * The definitions that apply to a record: contacts, companies and tasks by entity; deals
 * by entity and pipeline (team-wide only when the pipeline is not known); quotations by
 * their template (unknown on update: Heffl cannot change it, and the node is not told it).
 */
export function scopeOf(
	source: CustomFieldSource,
	known: { pipelineId?: string; templateId?: string },
): ScopeOf | undefined {
	if ('template' in source)
		return known.templateId
			? { scope: { templateId: known.templateId }, complete: true }
			: undefined;
	if (source.entity !== 'deals') return { scope: { entity: source.entity }, complete: true };
	return known.pipelineId
		? { scope: { entity: 'deals', pipelineId: known.pipelineId }, complete: true }
		: { scope: { entity: 'deals' }, complete: false };
}

/** The value of a parameter the editor or an item gives, when it is a fixed ID. */
export function fixedId(value: unknown): string | undefined {
	const given =
		value && typeof value === 'object' && '__rl' in value ? (value as IDataObject).value : value;
	if (typeof given !== 'string' && typeof given !== 'number') return undefined;
	const text = String(given).trim();
	return text && !text.startsWith('=') ? text : undefined;
}
