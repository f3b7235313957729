/**
 * The Operation parameter of a resource: the generic operations its table entry lists, each
 * with its name, action and description, and the new operations of its own (their options
 * and parameters from ownOperations.ts); the actions also make the canvas subtitle.
 */
import type { INodeProperties } from 'n8n-workflow';

import type { OperationName, ResourceSpec } from '../../shared/table/schema';
import { plural, withArticle } from '../../shared/table/schema';
import type { OwnOperationDescription } from '../contract/ownOperation';
import { OWN_OPERATION_DESCRIPTIONS } from './ownOperations';
import { upsertAction, upsertDescription } from './upsertProperties';

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

/** The Operation parameter: the generic operations its entry lists and its new ones, by name. */
export function operationProperty(
	resource: ResourceSpec,
	own: readonly OwnOperationDescription[],
): INodeProperties {
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

type NewOperation = OwnOperationDescription & Required<Pick<OwnOperationDescription, 'option'>>;

/** The operations a resource adds to the generic ones (not those that replace one). */
const newOperations = (resource: ResourceSpec, own: readonly OwnOperationDescription[]) =>
	own.filter(
		(operation): operation is NewOperation =>
			operation.resource === resource.value && operation.option !== undefined,
	);

/** An own operation's parameters, shown for its resource and operation only. */
export function ownProperties(
	resource: ResourceSpec,
	own: readonly OwnOperationDescription[],
): INodeProperties[] {
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
	own: readonly OwnOperationDescription[] = OWN_OPERATION_DESCRIPTIONS,
): Record<string, string> {
	return Object.fromEntries(
		(operationProperty(resource, own).options as Array<{ value: string; action: string }>).map(
			(option) => [`${resource.value}:${option.value}`, option.action],
		),
	);
}
