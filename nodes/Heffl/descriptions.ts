import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { DEFAULT_MAX_RETRIES } from '../shared/transport';
import type { FieldSpec, OperationName, ResourceSpec } from './resources';
import { RESOURCES, fieldParameter, resourceParameter } from './resources';

const OPERATIONS: Record<
	OperationName,
	{
		name: string;
		action: (resource: ResourceSpec) => string;
		description: (resource: ResourceSpec) => string;
	}
> = {
	create: {
		name: 'Create',
		action: (r) => `Create a ${r.label}`,
		description: (r) => `Create a new ${r.label}`,
	},
	delete: {
		name: 'Delete',
		action: (r) => `Delete a ${r.label}`,
		description: (r) => `Delete a ${r.label}`,
	},
	get: {
		name: 'Get',
		action: (r) => `Get a ${r.label}`,
		description: (r) => `Retrieve a ${r.label}`,
	},
	getAll: {
		name: 'Get Many',
		action: (r) => `Get many ${r.label}s`,
		description: (r) => `Retrieve a list of ${r.label}s`,
	},
	update: {
		name: 'Update',
		action: (r) => `Update a ${r.label}`,
		description: (r) => `Update a ${r.label}; only the fields set are changed`,
	},
};

const show = (resource: ResourceSpec, operations: OperationName[]): IDisplayOptions => ({
	show: { resource: [resource.value], operation: operations },
});

const byDisplayName = (a: { displayName: string }, b: { displayName: string }) =>
	a.displayName.localeCompare(b.displayName);

/** The node parameter that asks for one API field. */
export function fieldProperty(field: FieldSpec, name = field.name): INodeProperties {
	const property: INodeProperties = {
		displayName: field.displayName,
		name,
		type: field.format === 'json' ? 'json' : field.type,
		default: field.default ?? '',
	};
	if (field.description) property.description = field.description;
	if (field.placeholder) property.placeholder = field.placeholder;
	if (field.options) property.options = field.options;
	if (field.loadOptionsMethod) {
		property.typeOptions = { loadOptionsMethod: field.loadOptionsMethod };
		if (field.loadOptionsDependsOn) {
			property.typeOptions.loadOptionsDependsOn = field.loadOptionsDependsOn;
		}
	}
	return property;
}

function recordLocator(resource: ResourceSpec, operations: OperationName[]): INodeProperties {
	const prefix = resource.idPrefix ?? '';
	return {
		displayName: resource.displayName,
		name: resourceParameter(resource),
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		displayOptions: show(resource, operations),
		description: `The ${resource.label} to use`,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: {
					searchListMethod: `search${resource.displayName.replace(/ /g, '')}s`,
					searchable: true,
				},
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `${prefix}2KWPBgLlAfxdpx2AI54pPJ85f1W`,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `^${prefix}[^/?#\\s]+$`,
							errorMessage: `A ${resource.label} ID starts with ${prefix} and has no /, ?, # or spaces`,
						},
					},
				],
			},
		],
	};
}

function customFieldsProperty(resource: ResourceSpec): INodeProperties {
	return {
		displayName: 'Custom Fields',
		name: 'customFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Custom Field',
		default: {},
		displayOptions: show(resource, ['create', 'update']),
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
						placeholder: 'Budget Range',
					},
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	};
}

function resourceProperties(resource: ResourceSpec): INodeProperties[] {
	const has = (operation: OperationName) => resource.operations.includes(operation);
	const fields = resource.fields ?? [];
	const firstOperation = resource.operations[0];
	const properties: INodeProperties[] = [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: [...resource.operations]
				.sort((a, b) => OPERATIONS[a].name.localeCompare(OPERATIONS[b].name))
				.map((operation) => ({
					name: OPERATIONS[operation].name,
					value: operation,
					action: OPERATIONS[operation].action(resource),
					description: OPERATIONS[operation].description(resource),
				})),
			default: firstOperation,
		},
	];

	const byId = resource.operations.filter((op) => ['get', 'update', 'delete'].includes(op));
	if (resource.idPrefix && byId.length) properties.push(recordLocator(resource, byId));

	if (has('create')) {
		for (const field of fields.filter((candidate) => candidate.main)) {
			properties.push({
				...fieldProperty(field, fieldParameter(field)),
				required: field.required,
				displayOptions: show(resource, ['create']),
			});
		}
		const additional = fields.filter((field) => !field.main);
		if (additional.length) {
			properties.push({
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: show(resource, ['create']),
				options: additional.map((field) => fieldProperty(field)).sort(byDisplayName),
			});
		}
	}

	if (has('update')) {
		properties.push({
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: show(resource, ['update']),
			description: 'Only the fields added here are changed; every other field keeps its value',
			options: fields.map((field) => fieldProperty(field)).sort(byDisplayName),
		});
	}

	if (resource.customFields) properties.push(customFieldsProperty(resource));

	if (has('getAll')) {
		properties.push(
			{
				displayName: 'Return All',
				name: 'returnAll',
				type: 'boolean',
				default: false,
				displayOptions: show(resource, ['getAll']),
				description: 'Whether to return all results or only up to a given limit',
			},
			{
				displayName: 'Limit',
				name: 'limit',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 50,
				displayOptions: { show: { ...show(resource, ['getAll']).show, returnAll: [false] } },
				description: 'Max number of results to return',
			},
		);
		if (resource.filters?.length) {
			properties.push({
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				displayOptions: show(resource, ['getAll']),
				options: resource.filters.map((field) => fieldProperty(field)).sort(byDisplayName),
			});
		}
	}

	const reads = resource.operations.filter((op) => op === 'get' || op === 'getAll');
	if (resource.simplifyKeys && reads.length) {
		properties.push({
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			displayOptions: show(resource, reads),
			description: `Whether to return only the main fields (${resource.simplifyKeys.join(', ')}) instead of the full record`,
		});
	}
	return properties;
}

export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [...RESOURCES].sort(byDisplayName).map((resource) => ({
		name: resource.displayName,
		value: resource.value,
	})),
	default: 'lead',
};

export const optionsProperty: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: DEFAULT_MAX_RETRIES,
			description:
				'How often a request refused by the rate limit (429), failed by Heffl (5xx) or broken in transit is sent again. Creates are repeated only when Heffl provably did not receive them.',
		},
	],
};

export const nodeProperties: INodeProperties[] = [
	resourceProperty,
	...RESOURCES.flatMap(resourceProperties),
	optionsProperty,
];
