import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { DEFAULT_MAX_RETRIES } from '../shared/transport';
import { PICKABLE_RESOURCES, resourcesOf } from './catalog';
import type { FieldSpec, NodeVersion, OperationName, ResourceSpec } from './spec';
import { fieldParameter, fieldsOf, plural, resourceParameter } from './spec';

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
		description: (r) => `Delete a ${r.label} permanently`,
	},
	get: {
		name: 'Get',
		action: (r) => `Get a ${r.label}`,
		description: (r) => `Retrieve a ${r.label}`,
	},
	getAll: {
		name: 'Get Many',
		action: (r) => `Get many ${plural(r.label)}`,
		description: (r) => `Retrieve a list of ${plural(r.label)}`,
	},
	upsert: {
		name: 'Create or Update',
		action: (r) => `Create or update a ${r.label}`,
		description: (r) =>
			`Update the ${r.label} with this e-mail address, or create one when none has it`,
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

/** Refuses only what would change the URL: `/ ? #`, whitespace, an ID of dots alone. */
export const ID_PATTERN = '^(?!\\.+$)[^/?#\\s]+$';
/** Version 2 also takes a pasted Heffl address; the ID is taken from its path. */
const ID_OR_URL_PATTERN = '^(?:https?://\\S+|(?!\\.+$)[^/?#\\s]+)$';

/** The node parameter that asks for one API field. */
export function fieldProperty(field: FieldSpec, name = field.name): INodeProperties {
	if (field.locator) {
		const searchable = PICKABLE_RESOURCES.some((resource) => resource.value === field.locator);
		return {
			...locator(
				`${field.displayName} Name or ID`,
				name,
				searchable ? searchMethodName(field.locator, PICKABLE_RESOURCES) : undefined,
				field.idPrefix,
				field.displayName.toLowerCase(),
				2,
			),
			required: false,
			description: field.description,
		};
	}
	const property: INodeProperties = {
		displayName: field.displayName,
		name,
		type: field.format === 'json' || field.format === 'jsonList' ? 'json' : field.type,
		default: (field.default ?? '') as INodeProperties['default'],
	};
	if (field.description) property.description = field.description;
	if (field.placeholder) property.placeholder = field.placeholder;
	if (field.options) property.options = field.options;
	if (field.members && field.type === 'fixedCollection') {
		property.typeOptions = { multipleValues: true };
		property.options = [
			{
				displayName: field.entryName ?? 'Entry',
				name: 'entry',
				values: field.members.map((member) => fieldProperty(member)),
			},
		];
	} else if (field.members) {
		property.options = field.members.map((member) => fieldProperty(member));
	}
	if (field.rows) property.typeOptions = { rows: field.rows };
	if (field.loadOptionsMethod) {
		property.typeOptions = { loadOptionsMethod: field.loadOptionsMethod };
		if (field.type === 'options') property.type = 'options';
		if (field.loadOptionsDependsOn) {
			property.typeOptions.loadOptionsDependsOn = field.loadOptionsDependsOn;
		}
	}
	return property;
}

/** `searchLeads`, `searchDocumentTemplates`, ...: the From List method of a resource. */
export function searchMethodName(resourceValue: string, resources: ResourceSpec[]): string {
	const resource = resources.find((candidate) => candidate.value === resourceValue);
	return `search${plural(resource?.displayName ?? resourceValue).replace(/ /g, '')}`;
}

function locator(
	displayName: string,
	name: string,
	/** Undefined: no list to pick from (By ID only). */
	searchMethod: string | undefined,
	prefix: string | undefined,
	label: string,
	version: NodeVersion,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: searchMethod ? 'list' : 'id', value: '' },
		required: true,
		description: `The ${label} to use`,
		modes: [
			...(searchMethod
				? [
						{
							displayName: 'From List',
							name: 'list',
							type: 'list' as const,
							typeOptions: { searchListMethod: searchMethod, searchable: true },
						},
					]
				: []),
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${prefix ?? ''}2KWPBgLlAfxdpx2AI54pPJ85f1W`,
				...(version >= 2 && {
					hint: `The ${label}'s ID, or its address in Heffl (the ID is taken from it)`,
				}),
				validation: [
					{
						type: 'regex',
						properties: {
							regex: version === 1 ? ID_PATTERN : ID_OR_URL_PATTERN,
							errorMessage:
								version === 1
									? `A ${label} ID has no /, ?, # or spaces and is not only dots`
									: `A ${label} ID has no /, ?, # or spaces and is not only dots; or paste the ${label}'s https:// address`,
						},
					},
				],
			},
		],
	};
}

function customFieldsProperty(
	resource: ResourceSpec,
	version: NodeVersion,
	creates: OperationName[],
): INodeProperties {
	const values: INodeProperties[] = [
		{
			displayName: 'Label or Key',
			name: 'label',
			type: 'string',
			default: '',
			placeholder: version === 1 ? 'Budget Range' : 'e.g. Budget Range',
			...(version === 1 ? {} : { description: 'The label shown in Heffl, or the cf_ key' }),
		},
		{
			displayName: 'Value',
			name: 'value',
			type: 'string',
			default: '',
			...(version === 1
				? {}
				: { description: 'The value; checked and converted as its Type says' }),
		},
	];
	if (version >= 2) {
		values.push({
			displayName: 'Type',
			name: 'valueType',
			type: 'options',
			default: 'string',
			description: 'The type of the custom field in Heffl: the value is checked and sent as one',
			options: [
				{ name: 'Boolean', value: 'boolean' },
				{ name: 'Date', value: 'date' },
				{ name: 'Date-Time', value: 'dateTime' },
				{ name: 'JSON', value: 'json' },
				{ name: 'Number', value: 'number' },
				{ name: 'Text', value: 'string' },
			],
		});
	}
	// Version 3 lists the custom fields from their definitions above this one.
	const mapped = version >= 3 && resource.customFieldsFrom !== undefined;
	return {
		displayName: mapped ? 'Custom Fields (by Label or Key)' : 'Custom Fields',
		name: 'customFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Custom Field',
		default: {},
		displayOptions: show(resource, [...creates, 'update']),
		description: `${mapped ? 'Custom fields not in the list above (for example one added after this node was set up).' : 'Custom fields defined in Heffl.'} The label is turned into Heffl's key: lower case, spaces to underscores, prefixed cf_ ("Budget Range" → cf_budget_range). Keys that already start with cf_ are sent unchanged.`,
		options: [{ displayName: 'Field', name: 'field', values }],
	};
}

/**
 * Version 3: the custom fields of the record, read from Heffl's definitions (a deal's
 * pipeline, a quotation's template) and asked for with their types and allowed values.
 */
function customFieldsMapperProperty(
	resource: ResourceSpec,
	creates: OperationName[],
): INodeProperties {
	return {
		displayName: 'Custom Fields',
		name: 'customFieldsMapping',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		description: `Custom fields of the ${resource.label}, as defined in Heffl, with their types and allowed values`,
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
		"Keys Heffl's reference does not show, sent as given (for example a field Heffl added later). A key also set by another field is refused.",
};

/** Version 2's explicit clearing: an emptied field is not sent, a field listed here is sent as null. */
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

function resourceProperties(resource: ResourceSpec, version: NodeVersion): INodeProperties[] {
	const has = (operation: OperationName) => resource.operations.includes(operation);
	const firstOperation = resource.operations[0];
	// Version 1's default stays what saved workflows were saved with (n8n does not save defaults).
	const defaultOperation =
		version === 1 ? firstOperation : has('getAll') ? 'getAll' : firstOperation;
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
			default: defaultOperation,
		},
	];

	const byId = resource.operations.filter((op) => ['get', 'update', 'delete'].includes(op));
	if ((resource.idPrefix || version >= 2) && byId.length) {
		properties.push({
			...locator(
				resource.displayName,
				resourceParameter(resource),
				searchMethodName(resource.value, PICKABLE_RESOURCES),
				resource.idPrefix,
				resource.label,
				version,
			),
			displayOptions: show(resource, byId),
		});
	}

	// Create or Update asks for the e-mail to find the record by, then what Create asks for.
	const creates: OperationName[] = has('upsert') ? ['create', 'upsert'] : ['create'];
	if (has('upsert')) {
		properties.push({
			displayName: 'Email',
			name: 'email',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. nathan@example.com',
			displayOptions: show(resource, ['upsert']),
			description: `E-mail address to find the ${resource.label} by (exact, ignoring case). One ${resource.label} with it: updated with the fields below. None: one is created with it. Several: an error naming them.`,
		});
	}

	if (has('create')) {
		const fields = fieldsOf(resource, 'create');
		for (const field of fields.filter((candidate) => candidate.main)) {
			const displayOptions = {
				show: { ...show(resource, creates).show, ...(field.showWhen ?? {}) },
			};
			properties.push(
				field.locator
					? {
							...locator(
								`${field.displayName} Name or ID`,
								fieldParameter(field),
								searchMethodName(field.locator, PICKABLE_RESOURCES),
								field.idPrefix,
								field.displayName.toLowerCase(),
								version,
							),
							description: field.description,
							required: field.required,
							displayOptions,
						}
					: {
							...fieldProperty(field, fieldParameter(field)),
							required: field.required,
							displayOptions,
						},
			);
		}
		const additional = fields
			.filter((field) => !field.main)
			.map((field) =>
				// Create or Update asks for the e-mail at the top; it is not offered twice.
				has('upsert') && field.name === 'email'
					? { ...fieldProperty(field), displayOptions: { hide: { '/operation': ['upsert'] } } }
					: fieldProperty(field),
			);
		if (version >= 2 && resource.extraFields) additional.push(EXTRA_FIELDS);
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
	}

	if (has('update')) {
		const fields = fieldsOf(resource, 'update');
		const options = fields.map((field) => fieldProperty(field));
		if (version >= 2) {
			const clear = clearFieldsProperty(fields);
			if (clear) options.push(clear);
			if (resource.extraFields) options.push(EXTRA_FIELDS);
		}
		properties.push({
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: show(resource, ['update']),
			description: 'Only the fields added here are changed; every other field keeps its value',
			options: options.sort(byDisplayName),
		});
	}

	if (version >= 3 && resource.customFieldsFrom)
		properties.push(customFieldsMapperProperty(resource, creates));
	if (resource.customFields) properties.push(customFieldsProperty(resource, version, creates));

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
		// A filter without which the list cannot be asked for (custom fields' entity) is asked first.
		for (const field of resource.filters?.filter((candidate) => candidate.main) ?? []) {
			properties.push({
				...fieldProperty(field),
				required: field.required,
				displayOptions: show(resource, ['getAll']),
			});
		}
		const filters = (resource.filters ?? [])
			.filter((field) => !field.main)
			.map((field) => fieldProperty(field));
		if (resource.listing) filters.push(...listingProperties(resource.listing));
		if (filters.length) {
			properties.push({
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				displayOptions: show(resource, ['getAll']),
				options: filters.sort(byDisplayName),
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

/** §7: sorting, the filter builder and the raw `filters` JSON of a v2 list. */
function listingProperties(listing: NonNullable<ResourceSpec['listing']>): INodeProperties[] {
	const words = (key: string) =>
		key.replace(/([A-Z])/g, ' $1').replace(/^\w/, (c) => c.toUpperCase());
	return [
		{
			displayName: 'Sort By',
			name: 'orderBy',
			type: 'options',
			default: 'createdAt',
			description: 'The field Heffl sorts the list by',
			options: listing.orderBy
				.map((value) => ({ name: words(value), value }))
				.sort((a, b) => a.name.localeCompare(b.name)),
		},
		{
			displayName: 'Sort Direction',
			name: 'orderDir',
			type: 'options',
			default: 'desc',
			description: 'Whether the list starts with the lowest or the highest values',
			options: [
				{ name: 'Ascending', value: 'asc' },
				{ name: 'Descending', value: 'desc' },
			],
		},
		{
			displayName: 'Conditions',
			name: 'conditions',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Condition',
			default: {},
			description:
				"Heffl's structured filters: every condition must hold. Sent as the filters parameter and checked on the records Heffl returns.",
			options: [
				{
					displayName: 'Condition',
					name: 'condition',
					values: [
						{
							displayName: 'Field',
							name: 'field',
							type: 'options',
							default: '',
							description: 'The field to test (or set Custom Field Key)',
							options: [...listing.conditions]
								.map((condition) => ({ name: condition.displayName, value: condition.key }))
								.sort((a, b) => a.name.localeCompare(b.name)),
						},
						{
							displayName: 'Custom Field Key',
							name: 'customFieldKey',
							type: 'string',
							default: '',
							placeholder: 'e.g. cf_industry',
							description:
								'Instead of Field: the cf_ key of a custom field (see Custom Field → Get Many)',
						},
						{
							displayName: 'Operator',
							name: 'operator',
							type: 'options',
							default: 'is',
							description: 'How the field is compared with the values',
							options: [
								{ name: 'Is', value: 'is' },
								{ name: 'Is Any Of', value: 'is_any_of' },
								{ name: 'Is None Of', value: 'is_none_of' },
								{ name: 'Is Not', value: 'is_not' },
							],
						},
						{
							displayName: 'Values',
							name: 'values',
							type: 'string',
							default: '',
							placeholder: 'e.g. dpl_abc123, dpl_def456',
							description: 'One value, or several separated by commas (IDs carry their prefix)',
						},
					],
				},
			],
		},
		{
			displayName: 'Filters (JSON)',
			name: 'filtersJson',
			type: 'json',
			default: '{}',
			placeholder: 'e.g. {"stageId": {"operator": "is", "values": ["cs_abc123"]}}',
			description:
				"Heffl's filters object for fields the builder does not offer; merged with Conditions (a field set in both is refused)",
		},
	];
}

function resourceProperty(version: NodeVersion): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [...resourcesOf(version)].sort(byDisplayName).map((resource) => ({
			name: resource.displayName,
			value: resource.value,
		})),
		default: 'lead',
	};
}

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

/** Shows a property only on nodes of `version` (n8n's `@version` display option). */
function onVersion(property: INodeProperties, version: NodeVersion): INodeProperties {
	return {
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, '@version': [version] },
		},
	};
}

/** The parameters of one version of the node. */
export function versionProperties(version: NodeVersion): INodeProperties[] {
	return [
		resourceProperty(version),
		...resourcesOf(version).flatMap((r) => resourceProperties(r, version)),
	];
}

/**
 * The node's subtitle: the operation's action ("Create a lead"), looked up from the
 * table by resource and operation, instead of raw values ("getAll: contact").
 */
export function subtitleExpression(): string {
	const actions: Record<string, string> = {};
	for (const version of [1, 2, 3] as const)
		for (const resource of resourcesOf(version))
			for (const operation of resource.operations)
				actions[`${resource.value}:${operation}`] = OPERATIONS[operation].action(resource);
	return `={{ (${JSON.stringify(actions)})[$parameter["resource"] + ":" + $parameter["operation"]] ?? "" }}`;
}

export const nodeProperties: INodeProperties[] = [
	...([1, 2, 3] as const).flatMap((version) =>
		versionProperties(version).map((property) => onVersion(property, version)),
	),
	optionsProperty,
];
