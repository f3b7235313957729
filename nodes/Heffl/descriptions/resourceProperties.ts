/** The parameters of one resource: its operations, the record picker, the fields to write. */
import type { INodeProperties } from 'n8n-workflow';

import type { FieldSpec, OperationName, ResourceSpec } from '../../shared/table/schema';
import {
	definitionsOf,
	fieldsOf,
	plural,
	resourceParameter,
	withArticle,
} from '../../shared/table/schema';
import { byDisplayName, show } from '../../shared/editor/display';
import { fieldProperty, locator, searchMethodName } from '../../shared/editor/fieldProperties';
import { getManyProperties } from '../../shared/editor/listProperties';
import type { OwnOperation } from '../operations/ownOperation';
import { OWN_OPERATIONS } from '../operations';
import { outputProperties } from './outputProperties';
import { hiddenOnUpsert, upsertAction, upsertDescription, upsertProperties } from './upsertProperties';

/**
 * Each operation's name, its action and its description. The action is what n8n shows in
 * the node's actions list, the canvas subtitle and the default node name, and what an AI
 * agent reads of a Heffl Tool left on "Set Automatically" ("<action> in Heffl", also over
 * n8n's MCP Server Trigger): short, without articles (n8n's UX guidelines: "Omit articles"),
 * and naming what the operation needs (an ID, an e-mail).
 */
export const OPERATIONS: Record<
	OperationName,
	{
		name: string;
		action: (resource: ResourceSpec) => string;
		description: (resource: ResourceSpec) => string;
	}
> = {
	create: {
		name: 'Create',
		action: (r) => `Create ${r.label}`,
		description: (r) => `Create a new ${r.label}`,
	},
	delete: {
		name: 'Delete',
		action: (r) => `Delete ${r.label} by ID`,
		description: (r) => `Delete ${withArticle(r.label)} permanently`,
	},
	get: {
		name: 'Get',
		action: (r) => `Get ${r.label} by ID`,
		description: (r) => `Retrieve ${withArticle(r.label)}`,
	},
	getAll: {
		name: 'Get Many',
		action: (r) => `Get many ${plural(r.label)}`,
		description: (r) => `Retrieve a list of ${plural(r.label)}`,
	},
	upsert: {
		name: 'Create or Update',
		action: upsertAction,
		description: upsertDescription,
	},
	update: {
		name: 'Update',
		action: (r) => `Update ${r.label} by ID`,
		description: (r) => `Update ${withArticle(r.label)}; only the fields set are changed`,
	},
};

/** Custom fields entered by label or key: for resources Heffl has no definitions list for. */
function customFieldsByLabel(resource: ResourceSpec, creates: OperationName[]): INodeProperties {
	return {
		displayName: 'Custom Fields',
		name: 'customFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Custom Field',
		default: {},
		displayOptions: show(resource, [...creates, 'update']),
		description:
			'Custom fields defined in Heffl. The label is turned into Heffl\'s key: lower case, spaces to underscores, prefixed cf_ ("Budget Range" → cf_budget_range). Keys that already start with cf_ are sent unchanged.',
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Label or Key',
						name: 'label',
						type: 'string',
						default: '',
						placeholder: 'e.g. Budget Range',
						description: 'The label shown in Heffl, or the cf_ key',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description: 'The value; checked and converted as its Type says',
					},
					{
						displayName: 'Type',
						name: 'valueType',
						type: 'options',
						default: 'string',
						description:
							'The type of the custom field in Heffl: the value is checked and sent as one',
						options: [
							{ name: 'Boolean', value: 'boolean' },
							{ name: 'Date', value: 'date' },
							{ name: 'Date-Time', value: 'dateTime' },
							{ name: 'JSON', value: 'json' },
							{ name: 'Number', value: 'number' },
							{ name: 'Text', value: 'string' },
						],
					},
				],
			},
		],
	};
}

/**
 * The custom fields of the record, read from Heffl's definitions (a deal's pipeline, a
 * quotation's template) and asked for with their types and allowed values.
 */
function customFieldsMapper(resource: ResourceSpec, creates: OperationName[]): INodeProperties {
	return {
		displayName: 'Custom Fields',
		name: 'customFieldsMapping',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		description: `Custom fields of the ${resource.label}, as defined in Heffl, with their types and allowed values. When Heffl's definitions cannot be read, set cf_ keys under Extra Fields (JSON).`,
		displayOptions: show(resource, [...creates, 'update']),
		typeOptions: {
			loadOptionsDependsOn: [
				'operation',
				'pipeline',
				'updateFields.pipeline',
				'template',
				`${resourceParameter(resource)}.value`,
			],
			resourceMapper: {
				resourceMapperMethod: 'getCustomFieldColumns',
				mode: 'add',
				valuesLabel: 'Custom Fields',
				fieldWords: { singular: 'custom field', plural: 'custom fields' },
				addAllFields: false,
				multiKeyMatch: false,
				supportAutoMap: false,
			},
		},
	};
}

const EXTRA_FIELDS: INodeProperties = {
	displayName: 'Extra Fields (JSON)',
	name: 'extraFields',
	type: 'json',
	default: '{}',
	description:
		"Keys Heffl's reference does not show, sent as given (for example a field Heffl added later), and cf_ custom-field keys. A key also set by another field is refused.",
};

/** An emptied field is not sent; a field listed here is sent as null. */
function clearFieldsProperty(fields: FieldSpec[]): INodeProperties | undefined {
	const nullable = fields.filter((field) => field.nullable);
	if (!nullable.length) return undefined;
	return {
		displayName: 'Fields to Clear',
		name: 'clearFields',
		type: 'multiOptions',
		default: [],
		description: 'Fields to empty in Heffl (sent as null). Fields left empty above are not sent.',
		options: nullable
			.map((field) => ({ name: field.displayName, value: field.name }))
			.sort((a, b) => a.name.localeCompare(b.name)),
	};
}

function operationProperty(resource: ResourceSpec, own: readonly OwnOperation[]): INodeProperties {
	const listed = resource.operations.includes('getAll') ? 'getAll' : resource.operations[0];
	const generic = resource.operations.map((operation) => ({
		name: OPERATIONS[operation].name,
		value: operation as string,
		action: OPERATIONS[operation].action(resource),
		description: OPERATIONS[operation].description(resource),
	}));
	const added = newOperations(resource, own).map((operation) => ({
		...operation.option,
		value: operation.operation,
	}));
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource.value] } },
		options: [...generic, ...added].sort(byName),
		default: listed,
	};
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The operations a resource adds to the generic ones (not those that replace one). */
const newOperations = (resource: ResourceSpec, own: readonly OwnOperation[]) =>
	own.filter(
		(operation): operation is OwnOperation & Required<Pick<OwnOperation, 'option'>> =>
			operation.resource === resource.value && operation.option !== undefined,
	);

/** An own operation's parameters, shown for its resource and operation only. */
function ownProperties(resource: ResourceSpec, own: readonly OwnOperation[]): INodeProperties[] {
	return own
		.filter((operation) => operation.resource === resource.value)
		.flatMap((operation) =>
			(operation.properties ?? []).map((property) => ({
				...property,
				displayOptions: {
					...property.displayOptions,
					show: {
						...property.displayOptions?.show,
						resource: [resource.value],
						operation: [operation.operation],
					},
				},
			})),
		);
}

/** "Create a lead", … for the canvas subtitle: the generic operations and a resource's own. */
export function actionsOf(
	resource: ResourceSpec,
	own: readonly OwnOperation[] = OWN_OPERATIONS,
): Record<string, string> {
	return Object.fromEntries(
		(operationProperty(resource, own).options as Array<{ value: string; action: string }>).map(
			(option) => [`${resource.value}:${option.value}`, option.action],
		),
	);
}

/** Create's fields: the required ones on top, the rest under Additional Fields. */
function createProperties(resource: ResourceSpec, creates: OperationName[]): INodeProperties[] {
	const properties: INodeProperties[] = [];
	const fields = fieldsOf(resource, 'create');
	for (const field of fields.filter((candidate) => candidate.main)) {
		const displayOptions = {
			show: { ...show(resource, creates).show, ...(field.showWhen ?? {}) },
		};
		properties.push({ ...fieldProperty(field), required: field.required, displayOptions });
	}
	const upserts = creates.includes('upsert');
	const additional = fields
		.filter((field) => !field.main)
		.map((field) => {
			// Create or Update asks for the key it finds the record by at the top; not twice.
			const hidden = upserts ? hiddenOnUpsert(resource, field) : undefined;
			return hidden ? { ...fieldProperty(field), displayOptions: hidden } : fieldProperty(field);
		});
	if (resource.extraFields) additional.push(EXTRA_FIELDS);
	if (additional.length) {
		properties.push({
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: show(resource, creates),
			options: additional.sort(byDisplayName),
		});
	}
	return properties;
}

function updateProperty(resource: ResourceSpec): INodeProperties {
	const fields = fieldsOf(resource, 'update');
	const options = fields.map((field) => fieldProperty(field));
	const clear = clearFieldsProperty(fields);
	if (clear) options.push(clear);
	if (resource.extraFields) options.push(EXTRA_FIELDS);
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show(resource, ['update']),
		description: 'Only the fields added here are changed; every other field keeps its value',
		options: options.sort(byDisplayName),
	};
}

/** The parameters of a resource: the generic operations' from its table entry, then its own operations'. */
export function resourceProperties(
	resource: ResourceSpec,
	own: readonly OwnOperation[] = OWN_OPERATIONS,
): INodeProperties[] {
	return [...genericProperties(resource, own), ...ownProperties(resource, own)];
}

function genericProperties(
	resource: ResourceSpec,
	own: readonly OwnOperation[],
): INodeProperties[] {
	const has = (operation: OperationName) => resource.operations.includes(operation);
	const properties: INodeProperties[] = [operationProperty(resource, own)];

	const byId = resource.operations.filter((op) => ['get', 'update', 'delete'].includes(op));
	if (byId.length) {
		properties.push({
			...locator(
				resource.displayName,
				resourceParameter(resource),
				searchMethodName(resource.value),
				resource.idPrefix,
				resource.label,
			),
			displayOptions: show(resource, byId),
		});
	}

	// Create or Update asks for the key to find the record by, then what Create asks for.
	const creates: OperationName[] = has('upsert') ? ['create', 'upsert'] : ['create'];
	if (has('upsert')) properties.push(...upsertProperties(resource));
	if (has('create')) properties.push(...createProperties(resource, creates));
	if (has('update')) properties.push(updateProperty(resource));

	if (definitionsOf(resource)) properties.push(customFieldsMapper(resource, creates));
	else if (resource.customFields === 'byLabel')
		properties.push(customFieldsByLabel(resource, creates));

	if (has('getAll')) properties.push(...getManyProperties(resource));

	properties.push(...outputProperties(resource));
	return properties;
}
