/**
 * The body of a create or update, from the fields the user set: each checked by its
 * field (records/fieldChecks.ts), custom fields gathered with where they were set
 * (customFieldEntries.ts; for the definitions check and its messages), Fields to Clear
 * sent as null, Extra Fields (JSON) merged, and a key set by two fields refused naming both.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { text } from '../../shared/table/builders';
import type { FieldSpec, ResourceSpec } from '../../shared/table/schema';
import { fieldKey, fieldsOf, withArticle } from '../../shared/table/schema';
import { checkValue, isUnset } from '../../shared/records/fieldChecks';
import { checked, fail } from '../../shared/checks';
import { parseJsonObject } from '../../shared/jsonChecks';
import { customFieldEntries } from './customFieldEntries';

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
