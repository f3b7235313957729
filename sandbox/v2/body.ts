/**
 * v2 request bodies (heffl-reference.md §4.2, §9.2): only documented fields and `cf_*`
 * keys are accepted; anything else is a VALIDATION_ERROR whose issue has no `field`
 * ("Unknown field: foo. Only documented fields and cf_* keys are allowed."). `cf_*`
 * values are checked against the workspace's definitions (key, label, dataType,
 * required, values).
 */
import { ApiError } from '../errors';
import type { Issue } from '../errors';
import { checkField } from '../fields';
import type { Checked, FieldType } from '../fields';
import type { Workspace } from '../store';
import type { Json, JsonObject } from '../types';

export type Check = FieldType | ((value: unknown, space: Workspace) => Checked);

export interface BodySchema {
	fields: Record<string, Check>;
	/** Required on create (§11's `required` marks). */
	required: string[];
	/** Fields a PATCH cannot change (a quotation's template, §11.4). */
	fixed?: string[];
}

/** The dataTypes of custom-field definitions (seed and templates): not documented beyond §9.1's app types. */
export const CUSTOM_FIELD_TYPES = [
	'text',
	'number',
	'date',
	'select',
	'multiselect',
	'checkbox',
] as const;

const DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

/** Checks one custom-field value against its definition; `null` clears it. */
export function checkCustomField(definition: JsonObject, value: unknown): Checked {
	if (value === null) return { value: null };
	const values = (definition.values ?? []) as string[];
	const problem = (text: string): Checked => ({ problem: text });
	switch (definition.dataType) {
		case 'number':
			return typeof value === 'number' && Number.isFinite(value)
				? { value }
				: problem('must be a number');
		case 'checkbox':
			return typeof value === 'boolean' ? { value } : problem('must be true or false');
		case 'date':
			return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value))
				? { value }
				: problem('must be an ISO 8601 date, like 2026-03-31');
		case 'select':
			return typeof value === 'string' && values.includes(value)
				? { value }
				: problem(`must be one of ${values.join(', ')}`);
		case 'multiselect':
			return Array.isArray(value) &&
				value.every((item) => typeof item === 'string' && values.includes(item))
				? { value: value as Json }
				: problem(`must be an array of ${values.join(', ')}`);
		default:
			return typeof value === 'string' ? { value } : problem('must be a string');
	}
}

/**
 * The values of a create (`mode: 'create'`) or update body, checked; throws the
 * VALIDATION_ERROR listing every issue. `definitions` are the custom fields the record may
 * carry (unknown `cf_*` keys are refused; required ones are needed on create).
 */
export function readBody(
	schema: BodySchema,
	body: JsonObject,
	mode: 'create' | 'update',
	space: Workspace,
	definitions: JsonObject[],
	aliases: Record<string, string> = {},
): JsonObject {
	const values: JsonObject = {};
	const issues: Issue[] = [];
	for (const [given, value] of Object.entries(body)) {
		const field = aliases[given] ?? given;
		if (/^cf_/.test(field)) {
			const definition = definitions.find((candidate) => candidate.key === field);
			if (!definition) {
				issues.push({
					field,
					message: `is not a custom field here (keys: ${definitions.map((d) => String(d.key)).join(', ') || 'none'})`,
				});
				continue;
			}
			if (value === null && mode === 'create' && definition.required === true) continue;
			const checked = checkCustomField(definition, value);
			if ('problem' in checked) issues.push({ field, message: checked.problem });
			else values[field] = checked.value;
			continue;
		}
		const check = schema.fields[field];
		if (!check) {
			issues.push({
				field: undefined as unknown as string,
				message: `Unknown field: ${given}. Only documented fields and cf_* keys are allowed.`,
				standalone: true,
			});
			continue;
		}
		if (mode === 'update' && schema.fixed?.includes(field)) {
			issues.push({ field, message: 'cannot be changed after create' });
			continue;
		}
		if (value === null) {
			if (schema.required.includes(field)) issues.push({ field, message: 'Required' });
			else values[field] = null;
			continue;
		}
		const checked =
			typeof check === 'function' ? check(value, space) : checkField(check, value, space);
		if ('problem' in checked) issues.push({ field, message: checked.problem });
		else values[field] = checked.value;
	}
	if (mode === 'create') {
		for (const field of schema.required)
			if (values[field] === undefined && !issues.some((issue) => issue.field === field))
				issues.push({ field, message: 'Required' });
		for (const definition of definitions)
			if (
				definition.required === true &&
				(values[String(definition.key)] ?? null) === null &&
				!issues.some((issue) => issue.field === definition.key)
			)
				issues.push({
					field: String(definition.key),
					message: `Required (custom field '${String(definition.label)}')`,
				});
	}
	if (issues.length) throw ApiError.invalid(issues);
	return values;
}

/** Configured custom fields come back as top-level `cf_*` keys, `null` when unset (§9.2). */
export function withCustomFields(
	rendered: JsonObject,
	record: JsonObject,
	definitions: JsonObject[],
): JsonObject {
	const out: JsonObject = { ...rendered };
	for (const definition of definitions)
		out[String(definition.key)] = record[String(definition.key)] ?? null;
	for (const [key, value] of Object.entries(record)) if (key.startsWith('cf_')) out[key] = value;
	return out;
}

/** The custom-field definitions of an entity; for deals, team-wide plus the pipeline's (§9.1). */
export function definitionsOf(
	space: Workspace,
	entity: 'contacts' | 'companies' | 'deals' | 'tasks',
	pipelineId?: Json,
): JsonObject[] {
	return space
		.all('customFields')
		.filter(
			(definition) =>
				definition.entity === entity &&
				(definition.pipelineId === null ||
					definition.pipelineId === undefined ||
					definition.pipelineId === pipelineId),
		);
}

/** A string ID of a record in one of `kinds` (a client is a company or a contact, §8.1). */
export const refTo =
	(label: string, ...kinds: Parameters<Workspace['has']>[0][]) =>
	(value: unknown, space: Workspace): Checked => {
		if (typeof value !== 'string') return { problem: `must be the ID of a ${label} (a string)` };
		return kinds.some((kind) => space.has(kind, value))
			? { value }
			: { problem: `no ${label} with ID '${value}' in this workspace` };
	};

/** An array of IDs of records in `kind`. */
export const refsTo =
	(
		label: string,
		kind: Parameters<Workspace['has']>[0],
		find?: (space: Workspace, id: string) => boolean,
	) =>
	(value: unknown, space: Workspace): Checked => {
		if (!Array.isArray(value) || !value.every((id) => typeof id === 'string'))
			return { problem: `must be an array of ${label} IDs (strings)` };
		const missing = (value as string[]).filter(
			(id) => !(find ? find(space, id) : space.has(kind, id)),
		);
		return missing.length
			? { problem: `no ${label} with ID ${missing.join(', ')} in this workspace` }
			: { value: [...new Set(value as string[])] };
	};
