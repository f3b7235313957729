/**
 * What a read or a write hands back (n8n's UX guidelines, "Simplifying output fields"):
 * Simplify on the node, Output (Simplified, Raw, Selected Fields) on the Heffl Tool, for
 * resources whose records carry more than 10 fields.
 */
import type { INodeProperties } from 'n8n-workflow';

import { onNodeOnly, onToolOnly, show } from '../../shared/editor/display';
import type { OperationName, ResourceSpec } from '../../shared/table/schema';
import { OUTPUT } from '../outputModes';

/** The operations that hand back records: Output on the tool, Custom Fields As. */
export const RETURNING_RECORDS: OperationName[] = ['create', 'get', 'getAll', 'update', 'upsert'];

export function outputProperties(resource: ResourceSpec): INodeProperties[] {
	const keys = resource.simplifyKeys;
	if (!keys) return [];
	const properties: INodeProperties[] = [];
	const reads = resource.operations.filter((op) => op === 'get' || op === 'getAll');
	if (reads.length) {
		properties.push({
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			displayOptions: onNodeOnly(show(resource, reads)),
			description: `Whether to return a simplified version of the response (${keys.join(', ')}) instead of the raw data with its custom fields`,
		});
	}
	const returning = resource.operations.filter((op) => RETURNING_RECORDS.includes(op));
	if (!returning.length) return properties;
	const here = show(resource, returning);
	properties.push(
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			default: 'simplified',
			displayOptions: onToolOnly(here),
			description: `Which fields of each ${resource.label} the agent receives: fewer fields leave more of its context for the conversation`,
			options: [
				{
					name: 'Raw',
					value: OUTPUT.raw,
					description: `Every field of the ${resource.label}, custom fields included`,
				},
				{
					name: 'Selected Fields',
					value: OUTPUT.selected,
					description: 'Only the fields chosen below, and always the ID',
				},
				{
					name: 'Simplified',
					value: OUTPUT.simplified,
					description: `The main fields: ${keys.join(', ')}`,
				},
			],
		},
		{
			displayName: 'Field Names or IDs',
			name: 'outputFields',
			type: 'multiOptions',
			default: [],
			displayOptions: onToolOnly({ show: { ...here.show, output: [OUTPUT.selected] } }),
			description:
				'The fields the agent receives (custom fields by their label; the ID always). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			typeOptions: { loadOptionsMethod: 'getOutputFields', loadOptionsDependsOn: ['resource'] },
		},
	);
	return properties;
}
