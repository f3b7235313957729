import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readLimit, readMaxRetries } from '../shared/parameters';
import type { HefflRequest } from '../shared/transport';
import { hefflPaginate, hefflRequest, httpsProblem, recordPath } from '../shared/transport';
import type { FieldSpec, OperationName, ResourceSpec } from './resources';
import { fieldParameter, resourceParameter } from './resources';

/** Longest text Heffl is sent for a field; notes and descriptions may be longer. */
const MAX_TEXT = 1000;
const MAX_LONG_TEXT = 20_000;
const LONG_TEXT_FIELDS = new Set(['notes', 'description']);
const EMAIL = /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\]+\.[A-Za-z]{2,}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Control characters other than tab and line breaks: invisible, and refused by most APIs. */
function hasControlCharacters(text: string): boolean {
	for (const character of text) {
		const code = character.charCodeAt(0);
		if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
	}
	return false;
}

/** A checked value, or what is wrong with it and how to fix it. */
type Checked = { value: IDataObject[string] } | { problem: string; hint?: string };

function isEmpty(value: unknown): boolean {
	return (
		value === undefined ||
		value === null ||
		(typeof value === 'string' && value.trim() === '') ||
		(Array.isArray(value) && value.length === 0)
	);
}

const fail = (problem: string, hint?: string): Checked => ({ problem, hint });
const ok = (value: IDataObject[string]): Checked => ({ value });

function checkText(field: FieldSpec, text: string, original: unknown): Checked {
	const trimmed = text.trim();
	if (field.idPrefix) {
		return /[/?#\s]/.test(trimmed) || !trimmed.startsWith(field.idPrefix)
			? fail(
					`'${trimmed}' is not a valid ID`,
					`IDs of this kind start with ${field.idPrefix} and contain no /, ?, # or spaces.`,
				)
			: ok(trimmed);
	}
	switch (field.format) {
		case 'email':
			return EMAIL.test(trimmed)
				? ok(trimmed)
				: fail(`'${trimmed}' is not a valid e-mail address`, 'Use the form name@example.com.');
		case 'url': {
			const problem = httpsProblem(trimmed);
			return problem ? fail(problem) : ok(trimmed);
		}
		case 'webUrl':
			return /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(trimmed)
				? ok(trimmed)
				: fail(`'${trimmed}' is not a web address`, 'Use the form https://example.com.');
		case 'date':
			return DATE.test(trimmed) && !Number.isNaN(Date.parse(trimmed))
				? ok(trimmed)
				: fail(`'${trimmed}' is not a date`, 'Use the form YYYY-MM-DD, like 2026-12-31.');
		case 'currency':
			return /^[A-Za-z]{3}$/.test(trimmed)
				? ok(trimmed.toUpperCase())
				: fail(
						`'${trimmed}' is not a currency code`,
						'Use a three-letter ISO 4217 code like USD or EUR.',
					);
		case 'json': {
			let parsed: unknown = original;
			if (typeof original === 'string') {
				try {
					parsed = JSON.parse(original);
				} catch (error) {
					return fail(
						`is not valid JSON (${(error as Error).message})`,
						'Write an object like {"email": "ada@example.com"}.',
					);
				}
			}
			return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
				? ok(JSON.stringify(parsed))
				: fail('must be a JSON object', 'Write an object like {"email": "ada@example.com"}.');
		}
		default:
			return ok(text);
	}
}

/** Checks one value against its field and returns what Heffl is sent. */
function checkValue(field: FieldSpec, value: unknown): Checked {
	if (field.type === 'number') {
		const number = typeof value === 'number' ? value : Number(String(value).trim());
		return Number.isFinite(number) ? ok(number) : fail(`'${String(value)}' is not a number`);
	}
	if (field.type === 'boolean') return ok(value === true || value === 'true');
	if (field.type === 'multiOptions') {
		const values = (Array.isArray(value) ? value : String(value).split(',')).map((entry) =>
			String(entry).trim(),
		);
		if (field.name !== 'tags') return ok(values);
		const wrong = values.find((tag) => !/^\d+$/.test(tag));
		return wrong === undefined
			? ok(values.map(Number))
			: fail(`'${wrong}' is not a tag ID`, 'Tag IDs are whole numbers; pick tags from the list.');
	}
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	if (hasControlCharacters(text)) {
		return fail(
			'contains control characters',
			'Remove the invisible characters pasted with the value.',
		);
	}
	const maximum = LONG_TEXT_FIELDS.has(field.name) ? MAX_LONG_TEXT : MAX_TEXT;
	if (text.length > maximum) {
		return fail(`is ${text.length} characters long; at most ${maximum} are accepted`);
	}
	return checkText(field, text, value);
}

/** The checked value, or a NodeOperationError that names the field and says how to fix it. */
function checked(
	node: INode,
	itemIndex: number,
	where: string,
	result: Checked,
): IDataObject[string] {
	if ('value' in result) return result.value;
	throw new NodeOperationError(node, `${where}: ${result.problem}`, {
		itemIndex,
		description: result.hint,
	});
}

/**
 * Validates the fields the user set and returns the body Heffl is sent. On Update an
 * emptied field is sent as null (cleared); fields not set are not sent at all.
 */
function collectBody(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	operation: 'create' | 'update',
	itemIndex: number,
): IDataObject {
	const node = context.getNode();
	const fields = resource.fields ?? [];
	const given: Array<[FieldSpec, unknown, string]> = [];
	if (operation === 'create') {
		for (const field of fields.filter((candidate) => candidate.main)) {
			const value = context.getNodeParameter(fieldParameter(field), itemIndex, field.default);
			given.push([field, value, field.displayName]);
		}
		const additional = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		for (const field of fields.filter((candidate) => !candidate.main)) {
			if (field.name in additional) {
				given.push([field, additional[field.name], `Additional Fields › ${field.displayName}`]);
			}
		}
	} else {
		const updates = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		for (const field of fields) {
			if (field.name in updates) {
				given.push([field, updates[field.name], `Update Fields › ${field.displayName}`]);
			}
		}
	}

	const body: IDataObject = {};
	for (const [field, value, where] of given) {
		if (isEmpty(value)) {
			if (operation === 'create' && field.required) {
				checked(node, itemIndex, where, fail(`a ${resource.label} needs a value here`));
			}
			if (operation === 'update') body[field.name] = field.type === 'multiOptions' ? [] : null;
			continue;
		}
		body[field.name] = checked(node, itemIndex, where, checkValue(field, value));
	}
	if (resource.customFields) Object.assign(body, customFields(context, itemIndex));
	if (operation === 'update' && Object.keys(body).length === 0) {
		throw new NodeOperationError(node, 'Update Fields: nothing to update', {
			itemIndex,
			description: `Add at least one field (or custom field) to change on the ${resource.label}.`,
		});
	}
	return body;
}

/** Heffl's key for a custom field label: lower case, spaces to underscores, prefixed cf_. */
export function customFieldKey(label: string): string {
	const trimmed = label.trim();
	if (trimmed.startsWith('cf_')) return trimmed;
	return `cf_${trimmed.toLowerCase().replace(/ /g, '_')}`;
}

function customFields(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const entries = (
		context.getNodeParameter('customFields.field', itemIndex, []) as Array<{
			label?: string;
			value?: unknown;
		}>
	).map((entry, position) => {
		if (isEmpty(entry.label)) {
			const where = `Custom Fields › field ${position + 1}`;
			checked(
				context.getNode(),
				itemIndex,
				where,
				fail('has no label', 'Enter the label shown in Heffl, or the cf_ key.'),
			);
		}
		return [customFieldKey(String(entry.label)), entry.value ?? null] as const;
	});
	return Object.fromEntries(entries);
}

function recordId(context: IExecuteFunctions, resource: ResourceSpec, itemIndex: number): string {
	const id = context.getNodeParameter(resourceParameter(resource), itemIndex, undefined, {
		extractValue: true,
	});
	return recordPath(
		context.getNode(),
		resource.path,
		id,
		resource.displayName,
		itemIndex,
		resource.idPrefix,
	);
}

function listQuery(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
): IDataObject {
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const query: IDataObject = {};
	for (const field of resource.filters ?? []) {
		const value = filters[field.name];
		if (isEmpty(value)) continue;
		query[field.name] = checked(
			context.getNode(),
			itemIndex,
			`Filters › ${field.displayName}`,
			checkValue(field, value),
		);
	}
	return query;
}

function simplified(context: IExecuteFunctions, resource: ResourceSpec, itemIndex: number) {
	const keys = resource.simplifyKeys;
	if (!keys || !context.getNodeParameter('simplify', itemIndex, true))
		return (record: IDataObject) => record;
	return (record: IDataObject) =>
		Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}

/** v2 answers a single record bare (contract) or wrapped in `data` (some of Heffl's pages). */
function unwrap(record: IDataObject): IDataObject {
	const data = record.data;
	return record.id === undefined && data && typeof data === 'object' && !Array.isArray(data)
		? (data as IDataObject)
		: record;
}

/** Runs one operation for one item and returns what becomes its output items. */
export async function runOperation(
	this: IExecuteFunctions,
	resource: ResourceSpec,
	operation: OperationName,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const base: Omit<HefflRequest, 'method' | 'path'> = {
		api: resource.api,
		itemIndex,
		recordLabel: resource.label,
		maxRetries: readMaxRetries(this, options, itemIndex),
	};
	const request = (
		method: HefflRequest['method'],
		path: string,
		extra: Partial<HefflRequest> = {},
	) => hefflRequest.call(this, { ...base, method, path, ...extra });

	switch (operation) {
		case 'create': {
			const created = await request('POST', resource.path, {
				body: collectBody(this, resource, 'create', itemIndex),
			});
			return resource.afterCreate ? resource.afterCreate(created) : created;
		}
		case 'get':
			return simplified(
				this,
				resource,
				itemIndex,
			)(unwrap(await request('GET', recordId(this, resource, itemIndex))));
		case 'update': {
			const path = recordId(this, resource, itemIndex);
			return await request('PATCH', path, {
				body: collectBody(this, resource, 'update', itemIndex),
			});
		}
		case 'delete': {
			const path = recordId(this, resource, itemIndex);
			const answer = await request('DELETE', path);
			return { id: decodeURIComponent(path.split('/').pop() ?? ''), deleted: true, ...answer };
		}
		case 'getAll': {
			const limit = readLimit(this, itemIndex);
			const qs = listQuery(this, resource, itemIndex);
			const records = resource.unpaginated
				? (((await request('GET', resource.path, { qs })).items ?? []) as IDataObject[]).slice(
						0,
						limit,
					)
				: await hefflPaginate.call(this, { ...base, path: resource.path, qs }, limit);
			return records.map(simplified(this, resource, itemIndex));
		}
	}
}
