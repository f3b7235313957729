/** Get Many's parameters: Return All and Limit, Filters (§7's filter builder among them), and Sort. */
import type { INodeProperties } from 'n8n-workflow';

import type { ConditionSpec, ResourceSpec } from '../table/schema';
import { plural } from '../table/schema';
import { byDisplayName, onNodeOnly, onToolOnly, show } from './display';
import { fieldProperty } from './fieldProperties';

/** §7's operators, as the filter builder offers them. */
export const CONDITION_OPERATORS = [
	{ name: 'Is', value: 'is' },
	{ name: 'Is Any Of', value: 'is_any_of' },
	{ name: 'Is None Of', value: 'is_none_of' },
	{ name: 'Is Not', value: 'is_not' },
];

/** "createdAt" → "Created At". */
const words = (key: string) =>
	key.replace(/([A-Z])/g, ' $1').replace(/^\w/, (c) => c.toUpperCase());

const DYNAMIC_MULTI_HINT =
	'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

/**
 * A condition's Values: a dropdown of names for fields Heffl lists (a deal's stage: "Sales ›
 * Won"), one per list, else text. Each is the `values` parameter, shown for its fields only.
 */
function conditionValues(conditions: ConditionSpec[]): INodeProperties[] {
	const picked = conditions.filter((condition) => condition.loadOptionsMethod);
	const methods = [...new Set(picked.map((condition) => String(condition.loadOptionsMethod)))];
	const text: INodeProperties = {
		displayName: 'Values',
		name: 'values',
		type: 'string',
		default: '',
		placeholder: 'e.g. ACTIVE, clt_abc123',
		description: 'One value, or several separated by commas (IDs carry their prefix)',
		...(picked.length && { displayOptions: { hide: { field: picked.map(({ key }) => key) } } }),
	};
	return [
		text,
		...methods.map(
			(method): INodeProperties => ({
				displayName: 'Value Names or IDs',
				name: 'values',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: method },
				default: [],
				description: DYNAMIC_MULTI_HINT,
				displayOptions: {
					show: {
						field: picked
							.filter((condition) => condition.loadOptionsMethod === method)
							.map(({ key }) => key),
					},
				},
			}),
		),
	];
}

/** §7: the filter builder and the raw `filters` JSON of a v2 list. */
export function listingProperties(
	listing: NonNullable<ResourceSpec['listing']>,
): INodeProperties[] {
	return [
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
							description:
								'The field to test; leave it empty to test a custom field by its Custom Field Key instead (one of the two)',
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
								'Optional: only when Field is empty, the cf_ key of a custom field to test (see Custom Field → Get Many)',
						},
						{
							displayName: 'Operator',
							name: 'operator',
							type: 'options',
							default: 'is',
							description: 'How the field is compared with the values',
							options: CONDITION_OPERATORS,
						},
						...conditionValues(listing.conditions),
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

/** The search and filters of a list (without Return All and Limit): Get Many's, and any other reader's. */
export function filterProperties(resource: ResourceSpec): INodeProperties[] {
	const filters = (resource.filters ?? [])
		.filter((field) => !field.main)
		.map((field) => fieldProperty(field));
	if (resource.listing) filters.push(...listingProperties(resource.listing));
	return filters.sort(byDisplayName);
}

const RETURN_ALL: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

const LIMIT: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
};

export function getManyProperties(resource: ResourceSpec): INodeProperties[] {
	const getMany = show(resource, ['getAll']);
	const limited = { show: { ...getMany.show, returnAll: [false] } };
	const many = plural(resource.label);
	const properties: INodeProperties[] = [
		{ ...RETURN_ALL, displayOptions: onNodeOnly(getMany) },
		{ ...LIMIT, displayOptions: onNodeOnly(limited) },
		// What an agent reads when it fills these itself ($fromAI): every record enters its context.
		{
			...RETURN_ALL,
			displayOptions: onToolOnly(getMany),
			description: `Whether to return every matching ${resource.label}. Each one goes into your context: keep this off and set Limit unless you know the list is short.`,
		},
		{
			...LIMIT,
			displayOptions: onToolOnly(limited),
			description: `The most ${many} to return. Each one goes into your context: ask for as few as answer the question.`,
		},
	];
	// A filter without which the list cannot be asked for (custom fields' entity) is asked first.
	for (const field of resource.filters?.filter((candidate) => candidate.main) ?? []) {
		properties.push({
			...fieldProperty(field),
			required: field.required,
			displayOptions: show(resource, ['getAll']),
		});
	}
	const filters = filterProperties(resource);
	if (filters.length) {
		properties.push({
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			displayOptions: show(resource, ['getAll']),
			options: filters,
		});
	}
	return properties;
}

/**
 * §7's sort, in its own collection below Options (n8n's UX guidelines, after Airtable's
 * Record → Search): sent as orderBy and orderDir, only what is set.
 */
export function sortProperty(resource: ResourceSpec): INodeProperties | undefined {
	if (!resource.listing || !resource.operations.includes('getAll')) return undefined;
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'collection',
		placeholder: 'Add Sort Rule',
		default: {},
		displayOptions: show(resource, ['getAll']),
		options: [
			{
				displayName: 'Sort By',
				name: 'orderBy',
				type: 'options',
				default: 'createdAt',
				description: 'The field Heffl sorts the list by',
				options: resource.listing.orderBy
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
		],
	};
}
