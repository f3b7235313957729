/** Get Many's parameters: Return All and Limit, Filters, and §7's sort and filter builder. */
import type { INodeProperties } from 'n8n-workflow';

import type { ResourceSpec } from '../table/schema';
import { byDisplayName, show } from './display';
import { fieldProperty } from './fieldProperties';

/** §7's operators, as the filter builder offers them. */
export const CONDITION_OPERATORS = [
	{ name: 'Is', value: 'is' },
	{ name: 'Is Any Of', value: 'is_any_of' },
	{ name: 'Is None Of', value: 'is_none_of' },
	{ name: 'Is Not', value: 'is_not' },
];

/** §7: sorting, the filter builder and the raw `filters` JSON of a v2 list. */
export function listingProperties(
	listing: NonNullable<ResourceSpec['listing']>,
): INodeProperties[] {
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
							options: CONDITION_OPERATORS,
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

/** The search and filters of a list (without Return All and Limit): Get Many's, and any other reader's. */
export function filterProperties(resource: ResourceSpec): INodeProperties[] {
	const filters = (resource.filters ?? [])
		.filter((field) => !field.main)
		.map((field) => fieldProperty(field));
	if (resource.listing) filters.push(...listingProperties(resource.listing));
	return filters.sort(byDisplayName);
}

export function getManyProperties(resource: ResourceSpec): INodeProperties[] {
	const properties: INodeProperties[] = [
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
