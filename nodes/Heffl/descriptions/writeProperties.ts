/**
 * What a write asks for: Create's fields (the required ones on top, the rest under
 * Additional Fields), Update Fields with Fields to Clear, Extra Fields (JSON), and the
 * custom fields (the resource mapper over Heffl's definitions, or entered by label).
 */
import type { INodeProperties } from 'n8n-workflow';

import type { FieldSpec, OperationName, ResourceSpec } from '../../shared/table/schema';
import { fieldsOf, resourceParameter } from '../../shared/table/schema';
import { byDisplayName, show } from '../../shared/editor/display';
import { fieldProperty } from '../../shared/editor/fieldProperties';
import { hiddenOnUpsert } from './upsertProperties';

/** Custom fields entered by label or key: for resources Heffl has no definitions list for. */
export function customFieldsByLabel(
	resource: ResourceSpec,
	creates: OperationName[],
): INodeProperties {
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
export function customFieldsMapper(
	resource: ResourceSpec,
	creates: OperationName[],
): INodeProperties {
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

/** Create's fields: the required ones on top, the rest under Additional Fields. */
export function createProperties(
	resource: ResourceSpec,
	creates: OperationName[],
): INodeProperties[] {
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
		.map((field) =>
			// Create or Update asks for the key it finds the record by at the top; not twice.
			{
				const hidden = upserts ? hiddenOnUpsert(resource, field) : undefined;
				return hidden ? { ...fieldProperty(field), displayOptions: hidden } : fieldProperty(field);
			},
		);
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

export function updateProperty(resource: ResourceSpec): INodeProperties {
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
