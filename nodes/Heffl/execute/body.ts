/**
 * The body of a create or update, from the fields the user set: each checked by its
 * field (fieldValues.ts), custom fields gathered with where they were set (for the
 * definitions check and its messages), Fields to Clear sent as null, Extra Fields (JSON)
 * merged, and a key set by two fields refused naming both.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { customFieldKey } from '../../shared/records/customFields';
import { text } from '../../shared/table/builders';
import type { FieldSpec, ResourceSpec } from '../../shared/table/schema';
import { definitionsOf, fieldKey, fieldsOf, withArticle } from '../../shared/table/schema';
import { checkValue, isUnset } from '../../shared/records/fieldChecks';
import { asScalarText, checked, fail, parseJsonObject } from '../../shared/checks';

/** A write's body, and where each custom field the user set came from (for messages). */
export interface Written {
	body: IDataObject;
	customFields: Map<string, string>;
}

/** `create`, `update`, or `upsert`: what Create asks for, with no field required (an update may set only some). */
export type WriteKind = 'create' | 'update' | 'upsert';

/** A main field is asked for only when its `showWhen` parameters have the listed values. */
function isShown(context: IExecuteFunctions, field: FieldSpec, itemIndex: number): boolean {
	return Object.entries(field.showWhen ?? {}).every(([parameter, values]) =>
		values.includes(String(context.getNodeParameter(parameter, itemIndex, ''))),
	);
}

/** The fields the user set, with their values and where they were set. */
function givenFields(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	kind: WriteKind,
	itemIndex: number,
): { given: Array<[FieldSpec, unknown, string]>; collection: IDataObject; collectionName: string } {
	const fields = fieldsOf(resource, kind === 'update' ? 'update' : 'create');
	const given: Array<[FieldSpec, unknown, string]> = [];
	const collectionName = kind === 'update' ? 'Update Fields' : 'Additional Fields';
	const collection = context.getNodeParameter(
		kind === 'update' ? 'updateFields' : 'additionalFields',
		itemIndex,
		{},
	) as IDataObject;
	if (kind !== 'update') {
		for (const field of fields.filter((candidate) => candidate.main && !candidate.inPath)) {
			if (!isShown(context, field, itemIndex)) continue;
			const value = context.getNodeParameter(field.name, itemIndex, field.default, {
				extractValue: Boolean(field.locator),
			});
			given.push([field, value, field.displayName]);
		}
	}
	for (const field of fields.filter((candidate) => kind === 'update' || !candidate.main)) {
		if (field.name in collection) {
			given.push([field, collection[field.name], `${collectionName} › ${field.displayName}`]);
		}
	}
	return { given, collection, collectionName };
}

/** Where each key of a body was set, to name the other field when two set one key. */
class KeyOrigins {
	private readonly origins = new Map<string, string>();

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly itemIndex: number,
		private readonly body: IDataObject,
	) {}

	set(key: string, value: IDataObject[string], where: string, fix = 'Set each key once.') {
		if (key in this.body) {
			const first = this.origins.get(key);
			checked(
				this.context.getNode(),
				this.itemIndex,
				where,
				fail(`'${key}' is also set by ${first ? `'${first}'` : 'another field'}`, fix),
			);
		}
		this.body[key] = value;
		this.origins.set(key, where);
	}
}

const CUSTOM_VALUE_FORMATS: Record<string, FieldSpec['format']> = {
	date: 'date',
	dateTime: 'dateTime',
	json: 'json',
};

/** A value of the custom-field mapper: one value (or, for multi-option fields, a list of them). */
const MAPPED_VALUE = text('value', 'Custom Fields', 'A custom field of the mapper');

/** The Type options of a custom field entered by label. */
const CUSTOM_VALUE_TYPES = ['boolean', 'date', 'dateTime', 'json', 'number', 'string'];

/**
 * The custom fields set on an item, as `[key, value, where]`: the resource mapper's
 * where Heffl has definitions for the resource, else those entered by label or key,
 * each checked as its Type says.
 */
function customFieldEntries(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
): Array<[string, IDataObject[string], string]> {
	const entries: Array<[string, IDataObject[string], string]> = [];
	if (definitionsOf(resource)) {
		const values = (context.getNodeParameter('customFieldsMapping.value', itemIndex, null) ??
			{}) as IDataObject;
		for (const [key, value] of Object.entries(values)) {
			// Left empty: not sent. An empty object is not empty: it is refused below.
			if (isUnset(MAPPED_VALUE, value) || (Array.isArray(value) && value.length === 0)) continue;
			// One value each (a multi-option field may take a list); its definition decides the form.
			const one = (entry: unknown) => {
				const text = checked(
					context.getNode(),
					itemIndex,
					`Custom Fields › ${key}`,
					asScalarText(entry, 'one value'),
				);
				// A date n8n turned into a DateTime is sent as text; other values as given.
				return entry !== null && typeof entry === 'object' ? text : (entry as IDataObject[string]);
			};
			entries.push([
				key,
				Array.isArray(value) ? (value.map(one) as IDataObject[string]) : one(value),
				'Custom Fields',
			]);
		}
		return entries;
	}
	if (resource.customFields !== 'byLabel') return entries;
	const manual = context.getNodeParameter('customFields.field', itemIndex, []) as Array<{
		label?: string;
		value?: unknown;
		valueType?: string;
	}>;
	manual.forEach((entry, position) => {
		const where = `Custom Fields › field ${position + 1}`;
		const member = (name: 'label' | 'valueType', displayName: string) => {
			const field = text(name, displayName, 'A custom field entered by label');
			return isUnset(field, entry[name])
				? undefined
				: String(
						checked(
							context.getNode(),
							itemIndex,
							`${where} › ${displayName}`,
							checkValue(field, entry[name]),
						),
					);
		};
		const label = member('label', 'Label or Key');
		if (label === undefined) {
			checked(
				context.getNode(),
				itemIndex,
				where,
				fail('has no label', 'Enter the label shown in Heffl, or the cf_ key.'),
			);
		}
		const type = member('valueType', 'Type') ?? 'string';
		if (!CUSTOM_VALUE_TYPES.includes(type))
			checked(
				context.getNode(),
				itemIndex,
				`${where} › Type`,
				fail(`'${type}' is not a type`, `Use one of: ${CUSTOM_VALUE_TYPES.join(', ')}.`),
			);
		const key = customFieldKey(String(label));
		const field: FieldSpec = {
			name: key,
			displayName: key,
			type: type === 'number' || type === 'boolean' ? type : 'string',
			format: CUSTOM_VALUE_FORMATS[type],
		};
		if (isUnset(field, entry.value)) return;
		entries.push([
			key,
			checked(
				context.getNode(),
				itemIndex,
				`${where} › Value (${key})`,
				checkValue(field, entry.value),
			),
			where,
		]);
	});
	return entries;
}

/** Fields to Clear: options of the fields Heffl documents as nullable, each one known. */
function fieldsToClear(
	context: IExecuteFunctions,
	fields: FieldSpec[],
	collection: IDataObject,
	collectionName: string,
	itemIndex: number,
): FieldSpec[] {
	const nullable = fields.filter((field) => field.nullable);
	const where = `${collectionName} › Fields to Clear`;
	const clear = text('clearFields', 'Fields to Clear', 'Fields sent as null', {
		type: 'multiOptions',
		default: [],
	});
	if (isUnset(clear, collection.clearFields)) return [];
	const names = checked(
		context.getNode(),
		itemIndex,
		where,
		checkValue(clear, collection.clearFields),
	);
	return (names as string[]).map((name) => {
		const field = nullable.find((candidate) => candidate.name === name);
		if (!field)
			checked(
				context.getNode(),
				itemIndex,
				where,
				fail(
					`'${name}' is not a field that can be cleared`,
					`Choose from: ${nullable.map((candidate) => candidate.displayName).join(', ') || 'none'}.`,
				),
			);
		return field as FieldSpec;
	});
}

/** Extra Fields (JSON): what is unset for it (empty, `{}`) and how it is read. */
const EXTRA_FIELDS = text('extraFields', 'Extra Fields (JSON)', 'Keys sent as given', {
	format: 'json',
});

/**
 * Validates the fields the user set and returns the body Heffl is sent. Fields not set,
 * and fields left empty, are not sent; Fields to Clear sends null.
 */
export function collectBody(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	kind: WriteKind,
	itemIndex: number,
): Written {
	const node = context.getNode();
	const { given, collection, collectionName } = givenFields(context, resource, kind, itemIndex);
	const body: IDataObject = {};
	const origins = new KeyOrigins(context, itemIndex, body);
	for (const [field, givenValue, where] of given) {
		// A list of entries arrives as {entry: [...]}: the entries are the value.
		const value =
			field.type === 'fixedCollection' ? ((givenValue as IDataObject)?.entry ?? []) : givenValue;
		if (isUnset(field, value)) {
			if (kind === 'create' && field.required) {
				checked(node, itemIndex, where, fail(`${withArticle(resource.label)} needs a value here`));
			}
			continue;
		}
		origins.set(
			fieldKey(field),
			checked(node, itemIndex, where, checkValue(field, value)),
			where,
			'Set it once.',
		);
	}
	const fields = fieldsOf(resource, kind === 'update' ? 'update' : 'create');
	for (const field of fieldsToClear(context, fields, collection, collectionName, itemIndex)) {
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
	const customFields = new Map<string, string>();
	for (const [key, value, where] of customFieldEntries(context, resource, itemIndex)) {
		origins.set(key, value, where);
		customFields.set(key, where);
	}
	if (resource.extraFields && !isUnset(EXTRA_FIELDS, collection.extraFields)) {
		const where = `${collectionName} › Extra Fields (JSON)`;
		const extra = checked(node, itemIndex, where, parseJsonObject(collection.extraFields));
		for (const [key, value] of Object.entries(extra as IDataObject)) {
			origins.set(key, value, where);
			// The custom fields the mapper cannot offer (definitions unreadable in the editor) go here.
			if (key.startsWith('cf_') && value !== null) customFields.set(key, where);
		}
	}
	if (kind === 'update' && Object.keys(body).length === 0) {
		throw new NodeOperationError(node, 'Update Fields: nothing to update', {
			itemIndex,
			description: `Add at least one field (or custom field) to change on the ${resource.label}.`,
		});
	}
	// A record made of nothing is never what was meant: an expression gave empty values.
	if (kind === 'create' && Object.keys(body).length === 0 && !resource.paths?.create) {
		throw new NodeOperationError(
			node,
			`Nothing to create: every field of the ${resource.label} is empty`,
			{ itemIndex, description: 'Set at least one field; nothing was sent to Heffl.' },
		);
	}
	return { body, customFields };
}
