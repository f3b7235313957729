/**
 * Every parameter of an operation of the Heffl node, found the way the editor shows them:
 * the node's properties (built from the resource table, nodes/shared/table/resources/) shown for
 * the operation's parameters, down to each field inside Additional Fields, Update Fields,
 * Filters, Options, a billing address or an entry of line items. A field added to the
 * table is a new leaf here by itself. What each leaf takes (one value, an ID, a list of
 * IDs, JSON) is read from the table's field, not from the node's code.
 */
import type {
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { optionsProperty, versionProperties } from '../../../nodes/Heffl/descriptions';
import type { FieldSpec, ResourceSpec } from '../../../nodes/shared/table/schema';
import { fieldsOf, resourceParameter } from '../../../nodes/shared/table/schema';

/** What a parameter takes: one value, one record ID, a list of IDs, a JSON object or a JSON list. */
export type Kind = 'scalar' | 'id' | 'ids' | 'json' | 'jsonList';

export interface Leaf {
	/** Where the value goes in the node's parameters: `['additionalFields', 'lineItems', 'entry', 0, 'price']`. */
	path: Array<string | number>;
	/** As the editor names it: "Additional Fields › Line Items › Line Item › Price". */
	label: string;
	/** The names an error message may call it by (the display name, without " Name or ID"). */
	names: string[];
	kind: Kind;
	/** A resource locator: the value goes in as `{__rl, mode: 'id', value}`. */
	locator: boolean;
	/** n8n's parameter type (`string`, `multiOptions`, `json`...). */
	type: string;
	/** The fixed collection this leaf is a member of an entry of (its path), if any. */
	entryOf?: Array<string | number>;
}

/** The custom field a resource mapper leaf sets (any key: every shape is refused before it is looked up). */
export const MAPPED_KEY = 'cf_fuzz_note';

const NODE = { typeVersion: 1 };

/** What the table says a field takes. */
function kindOf(field: FieldSpec | undefined): Kind {
	if (!field) return 'scalar';
	if (field.locator || field.format === 'id') return 'id';
	if (field.format === 'ids') return 'ids';
	if (field.format === 'json') return 'json';
	if (field.format === 'jsonList') return 'jsonList';
	return 'scalar';
}

/** The table's field a parameter path stands for (undefined: a parameter of the node, not of the table). */
export function fieldAt(
	resource: ResourceSpec,
	operation: string,
	path: Array<string | number>,
): FieldSpec | undefined {
	const [first, second] = path;
	const writes = fieldsOf(resource, operation === 'update' ? 'update' : 'create');
	const member = (field: FieldSpec | undefined, name: string | number | undefined) =>
		field?.members?.find((candidate) => candidate.name === name);
	const nested = (field: FieldSpec | undefined, rest: Array<string | number>) =>
		field?.type === 'collection'
			? (member(field, rest[0]) ?? field)
			: field?.type === 'fixedCollection'
				? (member(field, rest[2]) ?? field)
				: field;
	if (first === resourceParameter(resource))
		return {
			name: String(first),
			displayName: resource.displayName,
			type: 'string',
			locator: 'self',
		};
	if ((first === 'additionalFields' || first === 'updateFields') && second === 'extraFields')
		return { name: 'extraFields', displayName: '', type: 'string', format: 'json' };
	if (first === 'additionalFields' || first === 'updateFields')
		return nested(
			writes.find((field) => field.name === second),
			path.slice(2),
		);
	if (first === 'filters') {
		if (second === 'filtersJson')
			return { name: 'filtersJson', displayName: '', type: 'string', format: 'json' };
		if (second === 'conditions' && path[4] === 'values')
			return { name: 'values', displayName: 'Values', type: 'string', format: 'ids' };
		return resource.filters?.find((field) => field.name === second);
	}
	if (operation === 'getAll') return resource.filters?.find((field) => field.name === first);
	return nested(
		writes.find((field) => field.name === first && field.main),
		path.slice(1),
	);
}

const description = { name: 'heffl', properties: [] } as unknown as INodeTypeDescription;

/** The leaves of one shown property, with their paths. */
function leavesOf(
	resource: ResourceSpec,
	operation: string,
	property: INodeProperties,
	path: Array<string | number>,
	labels: string[],
	root: INodeParameters,
	entryOf?: Array<string | number>,
): Leaf[] {
	const label = [...labels, property.displayName];
	if (property.type === 'resourceMapper') {
		const leafPath = [...path, 'value', MAPPED_KEY];
		return [
			leaf(resource, operation, leafPath, [...label, MAPPED_KEY], MAPPED_KEY, false, 'string'),
		];
	}
	if (property.noDataExpression || property.type === 'notice') return [];
	if (property.type === 'collection') {
		return ((property.options ?? []) as INodeProperties[])
			.filter((option) => NodeHelpers.displayParameter({}, option, NODE, description, root))
			.flatMap((option) =>
				leavesOf(resource, operation, option, [...path, option.name], label, root, entryOf),
			);
	}
	if (property.type === 'fixedCollection') {
		const several = Boolean(property.typeOptions?.multipleValues);
		return ((property.options ?? []) as INodePropertyCollection[]).flatMap((group) => {
			const entry = several ? [...path, group.name, 0] : [...path, group.name];
			return group.values.flatMap((value) =>
				leavesOf(
					resource,
					operation,
					value,
					[...entry, value.name],
					[...label, group.displayName],
					root,
					entry,
				).map((found) => ({
					...found,
					// One parameter shown as one of several, by its siblings (a condition's Values
					// as text, or as a list beside a field Heffl lists): named by any of them.
					names: [
						...found.names,
						...group.values
							.filter((other) => other !== value && other.name === value.name)
							.map((other) => other.displayName),
					],
				})),
			);
		});
	}
	const names = [property.displayName, property.displayName.replace(/ Name or ID$/, '')];
	return [
		{
			...leaf(
				resource,
				operation,
				path,
				label,
				names[0],
				property.type === 'resourceLocator',
				property.type,
			),
			names,
			entryOf,
		},
	];
}

function leaf(
	resource: ResourceSpec,
	operation: string,
	path: Array<string | number>,
	label: string[],
	name: string,
	locator: boolean,
	type: string,
): Leaf {
	return {
		path,
		label: label.join(' › '),
		names: [name],
		kind: kindOf(fieldAt(resource, operation, path)),
		locator,
		type,
	};
}

/** Every parameter of `operation` of `resource` the editor shows with these parameters set. */
export function leavesOfOperation(
	resource: ResourceSpec,
	operation: string,
	parameters: INodeParameters,
): Leaf[] {
	const properties = [...versionProperties(1), optionsProperty];
	const root = { resource: resource.value, operation, ...parameters };
	const values =
		NodeHelpers.getNodeParameters(properties, root, true, false, NODE, description) ?? root;
	return properties
		.filter((property) => NodeHelpers.displayParameter(values, property, NODE, description, values))
		.flatMap((property) => leavesOf(resource, operation, property, [property.name], [], values));
}
