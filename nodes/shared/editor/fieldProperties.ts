/** The node parameter of one table field, and the record pickers (resource locators). */
import type { INodeProperties } from 'n8n-workflow';

import { ID_OBJECT_HINT, IDS_OBJECT_HINT } from '../table/builders';
import type { FieldSpec } from '../table/schema';
import { plural } from '../table/schema';
import { RESOURCES } from '../table/resources';

/** An ID (no `/ ? #`, whitespace, or dots alone), or a pasted Heffl address the ID is taken from. */
const ID_OR_URL_PATTERN = '^(?:https?://\\S+|(?!\\.+$)[^/?#\\s]+)$';

/** `searchLeads`, `searchDocumentTemplates`, ...: the From List method of a resource. */
export function searchMethodName(resourceValue: string): string {
	const resource = RESOURCES.find((candidate) => candidate.value === resourceValue);
	return `search${plural(resource?.displayName ?? resourceValue).replace(/ /g, '')}`;
}

/** A record picker: From List (where the records can be listed) and By ID. */
export function locator(
	displayName: string,
	name: string,
	/** Undefined: no list to pick from (By ID only). */
	searchMethod: string | undefined,
	prefix: string | undefined,
	label: string,
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
				hint: `The ${label}'s ID, or its address in Heffl (the ID is taken from it). ${ID_OBJECT_HINT}`,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: ID_OR_URL_PATTERN,
							errorMessage: `A ${label} ID has no /, ?, # or spaces and is not only dots; or paste the ${label}'s https:// address`,
						},
					},
				],
			},
		],
	};
}

/** The picker of a field that links to another record. */
export function fieldLocator(field: FieldSpec, name = field.name): INodeProperties {
	const linked = field.locator as string;
	const searchable =
		field.searchMethod ??
		(RESOURCES.some((resource) => resource.value === linked)
			? searchMethodName(linked)
			: undefined);
	return {
		...locator(
			`${field.displayName} Name or ID`,
			name,
			searchable,
			field.idPrefix,
			field.displayName.toLowerCase(),
		),
		required: false,
		description: field.description,
		hint: ID_OBJECT_HINT,
	};
}

/** The node parameter that asks for one API field. */
export function fieldProperty(field: FieldSpec, name = field.name): INodeProperties {
	if (field.locator) return fieldLocator(field, name);
	const property: INodeProperties = {
		displayName: field.displayName,
		name,
		type: field.format === 'json' || field.format === 'jsonList' ? 'json' : field.type,
		default: (field.default ?? '') as INodeProperties['default'],
	};
	if (field.description) property.description = field.description;
	if (field.format === 'id') property.hint = ID_OBJECT_HINT;
	if (field.format === 'ids') property.hint = IDS_OBJECT_HINT;
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
