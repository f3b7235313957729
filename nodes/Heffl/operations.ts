import type { IDataObject, IExecuteFunctions, INode, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readLimit, readMaxRetries } from '../shared/parameters';
import type { HefflRequest } from '../shared/transport';
import {
	hefflPages,
	hefflPaginate,
	hefflRequest,
	httpsProblem,
	recordPath,
	unwrapRecord,
} from '../shared/transport';
import type {
	ConditionSpec,
	FieldSpec,
	FilterSpec,
	NodeVersion,
	OperationName,
	ResourceSpec,
} from './spec';
import {
	containsText,
	equalsKey,
	fieldKey,
	fieldParameter,
	fieldsOf,
	isFilterSpec,
	plural,
	resourceParameter,
} from './spec';
import type { CustomFieldDefinition } from './customFields';
import { customFieldKey, customFieldValue, readDefinitions, scopeOf } from './customFields';
import type { Checked } from './values';
import {
	asText,
	checked,
	fail,
	isEmpty,
	isoDate,
	ok,
	parseJsonList,
	parseJsonObject,
} from './values';

/** Version 1 only: longest text sent for a field; notes and descriptions may be longer. */
const MAX_TEXT = 1000;
const MAX_LONG_TEXT = 20_000;
const LONG_TEXT_FIELDS = new Set(['notes', 'description']);
const EMAIL = /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\]+\.[A-Za-z]{2,}$/;
/** A list is read until this many pages, so a cursor that never ends cannot loop for ever. */

/** Control characters other than tab and line breaks: invisible, and refused by most APIs. */
function hasControlCharacters(text: string): boolean {
	for (const character of text) {
		const code = character.charCodeAt(0);
		if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
	}
	return false;
}

/** Version 1's checks, unchanged for its saved workflows (except real calendar dates). */
function checkTextV1(field: FieldSpec, text: string, original: unknown): Checked {
	const trimmed = text.trim();
	if (field.idPrefix) {
		return /[/?#\s]/.test(trimmed) || /^\.+$/.test(trimmed)
			? fail(`'${trimmed}' is not a valid ID`, 'IDs contain no /, ?, # or spaces.')
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
			return /^\d{4}-\d{2}-\d{2}$/.test(trimmed)
				? isoDate(trimmed, 'date')
				: fail(`'${trimmed}' is not a date`, 'Use the form YYYY-MM-DD, like 2026-12-31.');
		case 'currency':
			return /^[A-Za-z]{3}$/.test(trimmed)
				? ok(trimmed.toUpperCase())
				: fail(
						`'${trimmed}' is not a currency code`,
						'Use a three-letter ISO 4217 code like USD or EUR.',
					);
		case 'json': {
			const parsed = parseJsonObject(original);
			return 'value' in parsed ? ok(JSON.stringify(parsed.value)) : parsed;
		}
		default:
			return ok(text);
	}
}

/**
 * Version 2: only what is unambiguous is changed (trimmed e-mails and IDs, an added
 * https://, upper-case currency, dates in the API's form); everything else is
 * Heffl's to judge, and its VALIDATION_ERROR names the field.
 */
function checkTextV2(field: FieldSpec, text: string, original: unknown): Checked {
	const trimmed = text.trim();
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
		case 'url':
			return ok(trimmed);
		default:
			if (field.locator) return ok(idFromAddress(trimmed, field.idPrefix));
			return ok(field.key?.endsWith('Id') ? trimmed : text);
	}
}

/** Checks one value against its field and returns what Heffl is sent. */
function checkValue(field: FieldSpec, given: unknown, version: NodeVersion): Checked {
	// A record picker inside a collection arrives as n8n's {__rl, mode, value}.
	const value =
		field.locator && given && typeof given === 'object' && '__rl' in given
			? (given as IDataObject).value
			: given;
	if (field.type === 'number') {
		const number = typeof value === 'number' ? value : Number(String(value).trim());
		return Number.isFinite(number) ? ok(number) : fail(`'${String(value)}' is not a number`);
	}
	if (field.type === 'boolean') {
		if (version === 1) return ok(value === true || value === 'true');
		if (typeof value === 'boolean') return ok(value);
		const word = String(value).trim().toLowerCase();
		return word === 'true' || word === 'false'
			? ok(word === 'true')
			: fail(`'${String(value)}' is not true or false`);
	}
	if (field.type === 'fixedCollection') {
		const entries = (Array.isArray(value) ? value : []) as IDataObject[];
		const list: IDataObject[] = [];
		for (const [index, entry] of entries.entries()) {
			const item: IDataObject = {};
			for (const member of field.members ?? []) {
				if (isEmpty(entry[member.name])) continue;
				if (member.zeroFrom && entry[member.name] === 0 && !isEmpty(entry[member.zeroFrom]))
					continue;
				const result = checkValue(member, entry[member.name], version);
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
	if (field.type === 'collection') {
		const members = Object.entries((value ?? {}) as IDataObject).filter(([, v]) => !isEmpty(v));
		return ok(Object.fromEntries(members.map(([k, v]) => [k, asText(v)])));
	}
	if (field.format === 'ids' || field.type === 'multiOptions') {
		const values = (Array.isArray(value) ? value : String(value).split(','))
			.map((entry) => String(entry).trim())
			.filter((entry) => entry !== '');
		if (field.name !== 'tags' || version !== 1) return ok(values);
		const wrong = values.find((tag) => !/^\d+$/.test(tag));
		return wrong === undefined
			? ok(values.map(Number))
			: fail(`'${wrong}' is not a tag ID`, 'Tag IDs are whole numbers; pick tags from the list.');
	}
	const text = asText(value);
	if (version !== 1) return checkTextV2(field, text, value);
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
	return checkTextV1(field, text, value);
}

/** A main field is asked for only when its `showWhen` parameters have the listed values. */
function isShown(context: IExecuteFunctions, field: FieldSpec, itemIndex: number): boolean {
	return Object.entries(field.showWhen ?? {}).every(([parameter, values]) =>
		values.includes(String(context.getNodeParameter(parameter, itemIndex, ''))),
	);
}

/** A write's body, and where each custom field the user set came from (for messages). */
interface Written {
	body: IDataObject;
	customFields: Map<string, string>;
}

/**
 * Validates the fields the user set and returns the body Heffl is sent. Fields not
 * set are not sent. An emptied Update field: version 1 sends null (clears it),
 * version 2 sends nothing; it clears only what Fields to Clear lists.
 */
function collectBody(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	/** `upsert`: what Create asks for, with no field required (an update may set only some). */
	operation: 'create' | 'update' | 'upsert',
	itemIndex: number,
	version: NodeVersion,
): Written {
	const node = context.getNode();
	const fields = fieldsOf(resource, operation === 'update' ? 'update' : 'create');
	const given: Array<[FieldSpec, unknown, string]> = [];
	let collection: IDataObject;
	let collectionName: string;
	if (operation !== 'update') {
		for (const field of fields.filter((candidate) => candidate.main && !candidate.inPath)) {
			if (!isShown(context, field, itemIndex)) continue;
			const value = context.getNodeParameter(fieldParameter(field), itemIndex, field.default, {
				extractValue: Boolean(field.locator),
			});
			given.push([field, value, field.displayName]);
		}
		collectionName = 'Additional Fields';
		collection = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		for (const field of fields.filter((candidate) => !candidate.main)) {
			if (field.name in collection) {
				given.push([field, collection[field.name], `${collectionName} › ${field.displayName}`]);
			}
		}
	} else {
		collectionName = 'Update Fields';
		collection = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		for (const field of fields) {
			if (field.name in collection) {
				given.push([field, collection[field.name], `${collectionName} › ${field.displayName}`]);
			}
		}
	}

	const body: IDataObject = {};
	// Where each key of the body was set, to name the other field when two set one key.
	const setBy = new Map<string, string>();
	for (const [field, givenValue, where] of given) {
		// A list of entries arrives as {entry: [...]}: the entries are the value.
		const value =
			field.type === 'fixedCollection' ? ((givenValue as IDataObject)?.entry ?? []) : givenValue;
		if (isEmpty(value) && !(field.type === 'number' && value === 0)) {
			if (operation === 'create' && field.required) {
				checked(
					node,
					itemIndex,
					where,
					fail(
						`${/^[aeiou]/.test(resource.label) ? 'an' : 'a'} ${resource.label} needs a value here`,
					),
				);
			}
			if (operation === 'update' && version === 1) {
				body[fieldKey(field)] = field.type === 'multiOptions' ? [] : null;
			}
			continue;
		}
		if (fieldKey(field) in body)
			checked(node, itemIndex, where, alsoSet(setBy, fieldKey(field), 'Set it once.'));
		body[fieldKey(field)] = checked(node, itemIndex, where, checkValue(field, value, version));
		setBy.set(fieldKey(field), where);
	}
	if (version !== 1) {
		for (const name of (collection.clearFields ?? []) as string[]) {
			const field = fields.find((candidate) => candidate.name === name);
			if (!field) continue;
			const where = `${collectionName} › Fields to Clear › ${field.displayName}`;
			if (fieldKey(field) in body)
				checked(
					node,
					itemIndex,
					where,
					fail('also has a value above', 'Clear it or set it, not both.'),
				);
			for (const other of [field.name, ...(field.clearTogether ?? [])]) {
				const cleared = fields.find((candidate) => candidate.name === other);
				if (cleared) body[fieldKey(cleared)] = null;
			}
		}
	}
	const custom = new Map<string, string>();
	if (resource.customFields) {
		for (const [key, value, where] of customFieldEntries(context, resource, itemIndex, version)) {
			if (key in body) checked(node, itemIndex, where, alsoSet(setBy, key, 'Set each key once.'));
			body[key] = value;
			setBy.set(key, where);
			if (value !== null) custom.set(key, where);
		}
	}
	if (version !== 1 && resource.extraFields && !isEmpty(collection.extraFields)) {
		const where = `${collectionName} › Extra Fields (JSON)`;
		const extra = checked(node, itemIndex, where, parseJsonObject(collection.extraFields));
		mergeInto(body, extra as IDataObject, where, node, itemIndex, setBy);
	}
	if (operation === 'update' && Object.keys(body).length === 0) {
		throw new NodeOperationError(node, 'Update Fields: nothing to update', {
			itemIndex,
			description: `Add at least one field (or custom field) to change on the ${resource.label}.`,
		});
	}
	return {
		body: operation === 'create' && resource.beforeCreate ? resource.beforeCreate(body) : body,
		customFields: custom,
	};
}

/** The refusal of a key set twice, naming where it was set first. */
function alsoSet(setBy: Map<string, string>, key: string, fix: string) {
	const first = setBy.get(key);
	return fail(`'${key}' is also set by ${first ? `'${first}'` : 'another field'}`, fix);
}

/** Adds `extra` to `body`, refusing a key another field already set. */
function mergeInto(
	body: IDataObject,
	extra: IDataObject,
	where: string,
	node: INode,
	itemIndex: number,
	setBy: Map<string, string>,
) {
	for (const [key, value] of Object.entries(extra)) {
		if (key in body) checked(node, itemIndex, where, alsoSet(setBy, key, 'Set each key once.'));
		body[key] = value;
		setBy.set(key, where);
	}
}

const CUSTOM_VALUE_TYPES: Record<string, FieldSpec['type'] | 'date' | 'dateTime' | 'json'> = {
	string: 'string',
	number: 'number',
	boolean: 'boolean',
	date: 'date',
	dateTime: 'dateTime',
	json: 'json',
};

/** Version 3: the custom fields are listed from their definitions (the resource mapper). */
export const hasDefinitions = (resource: ResourceSpec, version: NodeVersion) =>
	version >= 3 && resource.customFieldsFrom !== undefined;

/**
 * The custom fields set on an item, as `[key, value, where]`: those of the resource
 * mapper (version 3), then those entered by label or key, each checked as its Type says.
 */
function customFieldEntries(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
	version: NodeVersion,
): Array<[string, IDataObject[string], string]> {
	const node = context.getNode();
	const entries: Array<[string, IDataObject[string], string]> = [];
	const mapped = hasDefinitions(resource, version);
	if (mapped) {
		const values = (context.getNodeParameter('customFieldsMapping.value', itemIndex, null) ??
			{}) as IDataObject;
		for (const [key, value] of Object.entries(values)) {
			// A date n8n turned into a DateTime is sent as text; its definition decides the form.
			if (!isEmpty(value))
				entries.push([key, typeof value === 'object' ? asText(value) : value, 'Custom Fields']);
		}
	}
	const manual = context.getNodeParameter('customFields.field', itemIndex, []) as Array<{
		label?: string;
		value?: unknown;
		valueType?: string;
	}>;
	const group = mapped ? 'Custom Fields (by Label or Key)' : 'Custom Fields';
	manual.forEach((entry, position) => {
		const where = `${group} › field ${position + 1}`;
		if (isEmpty(entry.label)) {
			checked(
				node,
				itemIndex,
				where,
				fail('has no label', 'Enter the label shown in Heffl, or the cf_ key.'),
			);
		}
		const key = customFieldKey(String(entry.label));
		if (isEmpty(entry.value)) {
			// Version 1 clears an emptied custom field; version 2 leaves it out.
			if (version === 1) entries.push([key, null, where]);
			return;
		}
		const kind = CUSTOM_VALUE_TYPES[entry.valueType ?? 'string'] ?? 'string';
		const field: FieldSpec = {
			name: key,
			displayName: key,
			type: kind === 'number' || kind === 'boolean' ? kind : 'string',
			format: kind === 'date' || kind === 'dateTime' || kind === 'json' ? kind : undefined,
		};
		entries.push([
			key,
			checked(node, itemIndex, `${where} (${key})`, checkValue(field, entry.value, version)),
			where,
		]);
	});
	return entries;
}

/** What a definition list covers, for messages: "deals in pipeline dpl_1". */
function scopeName(resource: ResourceSpec, body: IDataObject): string {
	if (fromTemplate(resource)) return `the quotation template ${String(body.templateId)}`;
	return body.pipelineId === undefined
		? `Heffl's ${plural(resource.label)}`
		: `${plural(resource.label)} in pipeline ${String(body.pipelineId)}`;
}

const fromTemplate = (resource: ResourceSpec) =>
	resource.customFieldsFrom !== undefined && 'template' in resource.customFieldsFrom;

/** The request settings the definitions are read with: the item's own. */
const checkRequest = (base: Omit<HefflRequest, 'method' | 'path'>) => ({
	itemIndex: base.itemIndex ?? 0,
	maxRetries: base.maxRetries ?? 0,
});

/**
 * Version 3: the custom fields of a write checked against their definitions before
 * anything is sent. Values are converted to their definition's type; a key no
 * definition has is refused where the definitions are the whole set for the record;
 * a create without a required custom field is refused. Definitions are read once per
 * execution and scope; when they cannot be read the values go to Heffl as given.
 */
async function checkCustomFields(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	written: Written,
	creating: boolean,
	request: { itemIndex: number; maxRetries: number },
	state: ExecutionState,
): Promise<void> {
	const { body, customFields } = written;
	const source = resource.customFieldsFrom;
	if (!source || (!creating && customFields.size === 0)) return;
	const where = scopeOf(source, {
		pipelineId: typeof body.pipelineId === 'string' ? body.pipelineId : undefined,
		templateId: typeof body.templateId === 'string' ? body.templateId : undefined,
	});
	if (!where) return;
	const cacheKey = JSON.stringify(where.scope);
	let read = state.definitions.get(cacheKey);
	if (!read) {
		read = readDefinitions.call(context, where.scope, request).catch((error: Error) => error);
		state.definitions.set(cacheKey, read);
	}
	const definitions = await read;
	const node = context.getNode();
	const { itemIndex } = request;
	if (definitions instanceof Error) {
		if (!state.unreadDefinitions.has(cacheKey)) {
			state.unreadDefinitions.add(cacheKey);
			context.addExecutionHints({
				message: `The custom-field definitions of ${scopeName(resource, body)} could not be read (${definitions.message}); custom fields were sent as given, unchecked.`,
				location: 'outputPane',
			});
		}
		return;
	}
	const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
	const known = (list: CustomFieldDefinition[]) =>
		list.map((definition) => `${definition.label} (${definition.key})`).join(', ') || 'none';
	for (const [key, origin] of customFields) {
		const definition = byKey.get(key);
		if (definition) {
			body[key] = checked(
				node,
				itemIndex,
				`${origin} › ${definition.label}`,
				customFieldValue(definition, body[key]),
			);
		} else if (where.complete) {
			throw new NodeOperationError(
				node,
				`${origin} › ${key}: ${scopeName(resource, body)} ${fromTemplate(resource) ? 'has' : 'have'} no custom field with this key`,
				{
					itemIndex,
					description: `Nothing was sent. Custom fields there: ${known(definitions)}. Pick one from the list, or add the field in Heffl (Settings → Custom fields).`,
				},
			);
		}
	}
	if (!creating) return;
	const missing = definitions.filter(
		(definition) => definition.required && isEmpty(body[definition.key]),
	);
	if (missing.length) {
		throw new NodeOperationError(
			node,
			`Custom Fields: ${scopeName(resource, body)} ${fromTemplate(resource) ? 'requires' : 'require'} ${known(missing)}`,
			{ itemIndex, description: 'Nothing was sent. Set them under Custom Fields.' },
		);
	}
}

/**
 * Version 2: the ID in a pasted Heffl address (`https://app.heffl.com/crm/leads/ld_1?tab=x`):
 * the path segment with the record's prefix, else the last one. Anything else is returned as is.
 */
export function idFromAddress(value: string, prefix?: string): string {
	const address = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?/i.exec(value.trim());
	if (!address) return value;
	const segments = (address[1] ?? '')
		.split('/')
		.filter((segment) => segment !== '')
		.map((segment) => {
			try {
				return decodeURIComponent(segment);
			} catch {
				return segment;
			}
		});
	return (prefix && segments.find((segment) => segment.startsWith(prefix))) ?? segments.pop() ?? '';
}

/**
 * The record's path with its ID checked. Only what would change the URL is
 * refused: `/ ? #`, whitespace, and an ID of dots alone (`..` would climb a level).
 * Any prefix, numbers and `lead_<uuid>` IDs pass: a prefix is a hint, not a rule.
 */
function recordId(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
	version: NodeVersion,
	collection = resource.path,
): string {
	const id = context.getNodeParameter(resourceParameter(resource), itemIndex, undefined, {
		extractValue: true,
	});
	const given = typeof id === 'number' ? String(id) : typeof id === 'string' ? id.trim() : '';
	const value = version === 1 ? given : idFromAddress(given, resource.idPrefix);
	if (/^\.+$/.test(value)) {
		throw new NodeOperationError(
			context.getNode(),
			`${resource.displayName}: '${value}' is not an ID: an ID of dots alone would change the address`,
			{ itemIndex, description: 'Pick the record from the list, or paste its ID.' },
		);
	}
	return recordPath(context.getNode(), collection, value, resource.displayName, itemIndex);
}

/**
 * The path of an operation: its own where the resource has one, with each `{name}`
 * filled from the `inPath` field of that name (an ID, checked like record IDs).
 */
function operationPath(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	operation: OperationName,
	itemIndex: number,
): string {
	const template = resource.paths?.[operation] ?? resource.path;
	return template.replace(/\{(\w+)\}\/?/g, (placeholder, name: string) => {
		const field = resource.fields?.find((candidate) => candidate.name === name);
		const value = context.getNodeParameter(name, itemIndex, '', { extractValue: true });
		const filled = recordPath(
			context.getNode(),
			'',
			idFromAddress(String(value ?? '').trim(), field?.idPrefix),
			field?.displayName ?? name,
			itemIndex,
		).slice(1);
		return placeholder.endsWith('/') ? `${filled}/` : filled;
	});
}

interface FilterCheck {
	name: string;
	value: unknown;
	sent: boolean;
	matches: NonNullable<FilterSpec['matches']>;
	/** A record that does not show the field is kept (raw JSON of fields the node does not know). */
	optional?: boolean;
}

/** Version 1's filters are sent as before; they are now also checked where a record can tell. */
function legacyFilter(field: FieldSpec): FilterSpec {
	const key = fieldKey(field);
	const matches =
		key === 'search'
			? containsText()
			: ['includeInactive', 'filters'].includes(key)
				? undefined
				: equalsKey(key);
	return { ...field, filter: 'server', matches };
}

function listFilters(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
	version: NodeVersion,
): { qs: IDataObject; checks: FilterCheck[] } {
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	const checks: FilterCheck[] = [];
	for (const field of resource.filters ?? []) {
		const value = field.main
			? context.getNodeParameter(field.name, itemIndex, field.default)
			: filters[field.name];
		if (isEmpty(value)) continue;
		const spec = isFilterSpec(field) ? field : legacyFilter(field);
		const where = `Filters › ${field.displayName}`;
		const given = checked(context.getNode(), itemIndex, where, checkValue(field, value, version));
		// A JSON parameter goes as one JSON-encoded value (§7), never as nested query keys.
		if (spec.filter === 'server')
			qs[fieldKey(field)] =
				field.format === 'json' && typeof given === 'object' ? JSON.stringify(given) : given;
		if (spec.matches) {
			checks.push({
				name: field.displayName,
				value: given,
				sent: spec.filter === 'server',
				matches: spec.matches,
			});
		}
	}
	if (resource.listing) listing(context, resource.listing, filters, itemIndex, qs, checks);
	return { qs, checks };
}

const OPERATORS = ['is', 'is_not', 'is_any_of', 'is_none_of'];

/**
 * One §7 condition on a record: the record's value (or each of its values, for lists)
 * against the condition's values, ignoring case. Undefined when the record lacks the field.
 */
function conditionMatches(recordKey: string, operator: string) {
	return (record: IDataObject, values: unknown): boolean | undefined => {
		if (!(recordKey in record)) return undefined;
		const held = record[recordKey];
		const have = (Array.isArray(held) ? held : held === null ? [] : [held]).map(lower);
		const any = (values as string[]).some((value) => have.includes(lower(value)));
		return operator === 'is' || operator === 'is_any_of' ? any : !any;
	};
}

const lower = (value: unknown) => String(value).toLowerCase();

/**
 * §7's list parameters: sort, the filter builder and the raw filters JSON, merged into
 * the one JSON-encoded `filters` parameter. Conditions are checked on every returned
 * record; raw JSON entries where the record shows the field.
 */
function listing(
	context: IExecuteFunctions,
	spec: NonNullable<ResourceSpec['listing']>,
	filters: IDataObject,
	itemIndex: number,
	qs: IDataObject,
	checks: FilterCheck[],
) {
	const node = context.getNode();
	if (!isEmpty(filters.orderBy)) qs.orderBy = filters.orderBy;
	if (!isEmpty(filters.orderDir)) qs.orderDir = filters.orderDir;
	const merged: IDataObject = {};
	const conditions = ((filters.conditions as IDataObject)?.condition ?? []) as IDataObject[];
	conditions.forEach((entry, position) => {
		const where = `Filters › Conditions › condition ${position + 1}`;
		const key = String(entry.customFieldKey ?? '').trim() || String(entry.field ?? '');
		const operator = String(entry.operator ?? 'is');
		const values = String(entry.values ?? '')
			.split(',')
			.map((value) => value.trim())
			.filter((value) => value !== '');
		if (!key) checked(node, itemIndex, where, fail('has no field', 'Choose a Field.'));
		if (!values.length)
			checked(
				node,
				itemIndex,
				where,
				fail('has no values', 'Enter one value, or several separated by commas.'),
			);
		if ((operator === 'is' || operator === 'is_not') && values.length > 1)
			checked(
				node,
				itemIndex,
				where,
				fail(
					`${values.length} values for '${operator}'`,
					"Use 'Is Any Of' or 'Is None Of' for several.",
				),
			);
		if (key in merged)
			checked(
				node,
				itemIndex,
				where,
				fail(`'${key}' has another condition`, 'Use one condition per field.'),
			);
		merged[key] = { operator, values };
		const known: ConditionSpec | undefined = spec.conditions.find((c) => c.key === key);
		checks.push({
			name: `Conditions › ${known?.displayName ?? key}`,
			value: values,
			sent: true,
			matches: conditionMatches(known?.recordKey ?? key, operator),
		});
	});
	if (!isEmpty(filters.filtersJson) && filters.filtersJson !== '{}') {
		const where = 'Filters › Filters (JSON)';
		const raw = checked(
			node,
			itemIndex,
			where,
			parseJsonObject(filters.filtersJson),
		) as IDataObject;
		for (const [key, condition] of Object.entries(raw)) {
			if (key in merged)
				checked(
					node,
					itemIndex,
					where,
					fail(`'${key}' is also a condition`, 'Set each field once.'),
				);
			merged[key] = condition;
			const { operator, values } = (condition ?? {}) as IDataObject;
			// Operators the reference does not show (dates, numbers) are sent and not checked.
			if (typeof operator === 'string' && OPERATORS.includes(operator) && Array.isArray(values)) {
				const recordKey = spec.conditions.find((c) => c.key === key)?.recordKey ?? key;
				checks.push({
					name: `Filters (JSON) › ${key}`,
					value: values,
					sent: true,
					matches: conditionMatches(recordKey, operator),
					optional: true,
				});
			}
		}
	}
	if (Object.keys(merged).length) qs.filters = JSON.stringify(merged);
}

function simplified(context: IExecuteFunctions, resource: ResourceSpec, itemIndex: number) {
	const keys = resource.simplifyKeys;
	if (!keys || !context.getNodeParameter('simplify', itemIndex, true))
		return (record: IDataObject) => record;
	return (record: IDataObject) =>
		Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}

/** The records of a list answered at once: v1 `{items}`, v2 `{data}`. */
function listItems(body: IDataObject): IDataObject[] {
	return (body.items ?? body.data ?? []) as IDataObject[];
}

/**
 * Get Many with filters checked on every returned record: records that do not match
 * are dropped and counted, so a server that ignores a filter cannot hand a filtered
 * request everything. Pages are read until `limit` matching records are in.
 */
async function verifiedList(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	request: Omit<HefflRequest, 'method'>,
	limit: number | undefined,
	checks: FilterCheck[],
): Promise<IDataObject[]> {
	const kept: IDataObject[] = [];
	let dropped = 0;
	let unverified = 0;
	const pages = resource.unpaginated
		? [listItems(await hefflRequest.call(context, { ...request, method: 'GET' }))]
		: hefflPages.call(context, request);
	for await (const records of pages) {
		for (const record of records) {
			const judge = (shown: IDataObject) =>
				checks.map((check) => ({ check, verdict: check.matches(shown, check.value) }));
			let verdicts = judge(record);
			const undecided = () =>
				verdicts.find(({ check, verdict }) => verdict === undefined && !check.optional);
			// A list row may leave out what a filter looks at (a quotation's line items): read the record.
			if (undecided() && resource.operations.includes('get') && record.id !== undefined) {
				const full = await hefflRequest.call(context, {
					...request,
					qs: undefined,
					method: 'GET',
					path: recordPath(context.getNode(), resource.path, record.id, resource.displayName),
				});
				verdicts = judge(unwrapRecord(full));
			}
			unverified += verdicts.some(({ verdict }) => verdict === undefined) ? 1 : 0;
			const unknown = undecided();
			if (unknown) {
				throw new NodeOperationError(
					context.getNode(),
					`Filters › ${unknown.check.name}: Heffl's ${plural(resource.label)} do not show this field, so the filter cannot be checked`,
					{
						itemIndex: request.itemIndex,
						description:
							'Remove the filter, or filter the output with n8n’s Filter node. No record was returned rather than unfiltered ones.',
					},
				);
			}
			if (verdicts.every(({ verdict }) => verdict !== false)) kept.push(record);
			else dropped++;
			if (limit !== undefined && kept.length >= limit) break;
		}
		if (limit !== undefined && kept.length >= limit) break;
	}
	if (unverified > 0) {
		context.addExecutionHints({
			message: `${unverified} ${resource.label}(s) do not show a field of Filters (JSON); Heffl's filtering of them could not be checked in n8n.`,
			location: 'outputPane',
		});
	}
	if (dropped > 0) {
		const sent = checks.filter((check) => check.sent).map((check) => check.name);
		const local = checks.filter((check) => !check.sent).map((check) => check.name);
		const message = sent.length
			? `Heffl returned ${dropped} ${resource.label}(s) that do not match the filters (${sent.join(', ')}): it may not apply them. They were left out${local.length ? `, as were those not matching ${local.join(', ')}` : ''}.`
			: `Filters (${local.join(', ')}) were checked in n8n: ${dropped} ${resource.label}(s) Heffl returned did not match and were left out.`;
		context.addExecutionHints({ message, location: 'outputPane' });
	}
	return kept;
}

/**
 * What one execution remembers across its items: e-mail → record ID, per resource; the
 * custom-field definitions read per scope (or why they could not be), and which
 * unreadable scopes it has already said so for.
 */
export interface ExecutionState {
	upserted: Map<string, string>;
	definitions: Map<string, Promise<CustomFieldDefinition[] | Error>>;
	unreadDefinitions: Set<string>;
}

export const newExecutionState = (): ExecutionState => ({
	upserted: new Map(),
	definitions: new Map(),
	unreadDefinitions: new Set(),
});

/**
 * The records whose e-mail is exactly `email` (ignoring case and surrounding spaces).
 * Every page is read; a search parameter, where Heffl documents one, only narrows
 * the list and is never trusted: each record is compared here.
 */
async function recordsWithEmail(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	base: Omit<HefflRequest, 'method' | 'path'>,
	email: string,
): Promise<IDataObject[]> {
	const wanted = email.trim().toLowerCase();
	const records = await hefflPaginate.call(
		context,
		{ ...base, path: resource.path, qs: resource.searchable ? { search: email.trim() } : {} },
		undefined,
	);
	return records.filter(
		(record) => typeof record.email === 'string' && record.email.trim().toLowerCase() === wanted,
	);
}

/** Create or Update by e-mail: one match is updated, none creates, several is an error. */
async function upsert(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
	version: NodeVersion,
	base: Omit<HefflRequest, 'method' | 'path'>,
	state: ExecutionState,
): Promise<IDataObject> {
	const node = context.getNode();
	const email = String(context.getNodeParameter('email', itemIndex, '') ?? '').trim();
	if (!email) {
		throw new NodeOperationError(node, 'Email: Create or Update needs an e-mail address', {
			itemIndex,
			description: `The ${resource.label} is found by it, or created with it.`,
		});
	}
	const written = collectBody(context, resource, 'upsert', itemIndex, version);
	const { body } = written;
	const emailKey = 'email';
	if (
		body[emailKey] !== undefined &&
		String(body[emailKey]).trim().toLowerCase() !== email.toLowerCase()
	) {
		throw new NodeOperationError(
			node,
			'Additional Fields › Email: differs from the Email the record is found by',
			{ itemIndex, description: 'Remove it from Additional Fields, or make both the same.' },
		);
	}
	body[emailKey] = email;
	const remembered = `${resource.value}:${email.toLowerCase()}`;
	let id = state.upserted.get(remembered);
	if (id === undefined) {
		const found = await recordsWithEmail(context, resource, base, email);
		if (found.length > 1) {
			throw new NodeOperationError(
				node,
				`Email: ${found.length} ${plural(resource.label)} have the e-mail address '${email}' (${found.map((record) => String(record.id)).join(', ')})`,
				{
					itemIndex,
					description: `Nothing was created or changed. Merge or delete the duplicates in Heffl, or update one of them by ID with the Update operation.`,
				},
			);
		}
		id = found[0]?.id === undefined ? undefined : String(found[0].id);
	}
	let record: IDataObject;
	if (id === undefined) {
		const missing = fieldsOf(resource, 'create').filter(
			(field) => field.required && !(fieldKey(field) in body),
		);
		if (missing.length) {
			throw new NodeOperationError(
				node,
				`${missing[0].displayName}: no ${resource.label} has this e-mail, and creating one needs a value here`,
				{ itemIndex },
			);
		}
		if (hasDefinitions(resource, version))
			await checkCustomFields(context, resource, written, true, checkRequest(base), state);
		const created = await hefflRequest.call(context, {
			...base,
			method: 'POST',
			path: resource.path,
			body: resource.beforeCreate ? resource.beforeCreate(body) : body,
		});
		record = unwrapRecord(created);
	} else {
		if (hasDefinitions(resource, version))
			await checkCustomFields(context, resource, written, false, checkRequest(base), state);
		record = unwrapRecord(
			await hefflRequest.call(context, {
				...base,
				method: resource.methods?.update ?? 'PATCH',
				path: recordPath(node, resource.path, id, resource.displayName, itemIndex),
				body,
			}),
		);
	}
	if (record.id !== undefined) state.upserted.set(remembered, String(record.id));
	return record;
}

/** Runs one operation for one item and returns what becomes its output items. */
export async function runOperation(
	this: IExecuteFunctions,
	resource: ResourceSpec,
	operation: OperationName,
	itemIndex: number,
	version: NodeVersion,
	state: ExecutionState = newExecutionState(),
): Promise<IDataObject | IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const base: Omit<HefflRequest, 'method' | 'path'> = {
		api: resource.apis?.[operation] ?? resource.api,
		itemIndex,
		recordLabel: resource.label,
		maxRetries: readMaxRetries(this, options, itemIndex),
	};
	const request = (
		method: HefflRequest['method'],
		path: string,
		extra: Partial<HefflRequest> = {},
	) => hefflRequest.call(this, { ...base, method, path, ...extra });
	const method = (fallback: HefflRequest['method']) => resource.methods?.[operation] ?? fallback;

	const path = (operation: OperationName) => resource.paths?.[operation] ?? resource.path;
	const byId = () => recordId(this, resource, itemIndex, version, path(operation));
	/** The body of a create or update, its custom fields checked against their definitions. */
	const write = async (kind: 'create' | 'update') => {
		const written = collectBody(this, resource, kind, itemIndex, version);
		if (hasDefinitions(resource, version))
			await checkCustomFields(
				this,
				resource,
				written,
				kind === 'create',
				checkRequest(base),
				state,
			);
		return written.body;
	};

	switch (operation) {
		case 'create': {
			const body = await write('create');
			const created = await request(
				method('POST'),
				operationPath(this, resource, operation, itemIndex),
				{ body },
			);
			return resource.afterCreate ? resource.afterCreate(created) : created;
		}
		case 'upsert':
			return await upsert(this, resource, itemIndex, version, base, state);
		case 'get':
			return simplified(
				this,
				resource,
				itemIndex,
			)(unwrapRecord(await request(method('GET'), byId())));
		case 'update': {
			const recordUrl = byId();
			return await request(method('PATCH'), recordUrl, { body: await write('update') });
		}
		case 'delete': {
			const recordUrl = byId();
			const answer = await request(method('DELETE'), recordUrl).catch((error: NodeApiError) => {
				if (resource.deleteRefusal && error.httpCode === '400')
					error.description = `${resource.deleteRefusal} ${error.description ?? ''}`.trim();
				throw error;
			});
			return { id: decodeURIComponent(recordUrl.split('/').pop() ?? ''), deleted: true, ...answer };
		}
		case 'getAll': {
			const limit = readLimit(this, itemIndex);
			const { qs, checks } = listFilters(this, resource, itemIndex, version);
			const listRequest = { ...base, path: resource.path, qs };
			let records: IDataObject[];
			if (checks.length) {
				records = await verifiedList(this, resource, listRequest, limit, checks);
			} else if (resource.unpaginated) {
				records = listItems(await request('GET', resource.path, { qs })).slice(0, limit);
			} else {
				records = await hefflPaginate.call(this, listRequest, limit);
			}
			return records.map(simplified(this, resource, itemIndex));
		}
	}
}
