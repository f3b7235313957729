/**
 * What an operation hands back of each record: Simplify on the node (reads), Output on the
 * Heffl Tool (Simplified, Raw or Selected Fields, on every operation that returns records).
 * Read before any request, so a bad value costs no call to Heffl.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { OperationName, ResourceSpec } from '../../shared/table/schema';
import { OUTPUT } from '../outputModes';
import { readBoolean } from './parameters';

type Shape = (record: IDataObject) => IDataObject;

const whole: Shape = (record) => record;

const only =
	(keys: string[]): Shape =>
	(record) =>
		Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));

/** Selected Fields: a list of keys, or text separated by commas (an expression's). */
function selectedKeys(context: IExecuteFunctions, itemIndex: number): string[] {
	const given = context.getNodeParameter('outputFields', itemIndex, []) as unknown;
	const list = typeof given === 'string' ? given.split(',') : given;
	if (!Array.isArray(list) || list.some((key) => typeof key !== 'string'))
		throw new NodeOperationError(context.getNode(), 'Fields: not a list of field names', {
			itemIndex,
			description: 'Choose the fields from the list, or give their keys separated by commas.',
		});
	const keys = (list as string[]).map((key) => key.trim()).filter(Boolean);
	return [...new Set(['id', ...keys])];
}

export function outputShape(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	operation: OperationName,
	itemIndex: number,
): Shape {
	const keys = resource.simplifyKeys;
	if (!keys) return whole;
	// Empty: the node, or a tool on an n8n that does not know `@tool` (Output hidden there).
	const output = context.getNodeParameter('output', itemIndex, '') as unknown;
	if (output === '' || output === undefined || output === null) {
		if (operation !== 'get' && operation !== 'getAll') return whole;
		return readBoolean(context, 'simplify', 'Simplify', itemIndex, true) ? only(keys) : whole;
	}
	if (output === OUTPUT.raw) return whole;
	if (output === OUTPUT.simplified) return only(keys);
	if (output === OUTPUT.selected) return only(selectedKeys(context, itemIndex));
	throw new NodeOperationError(
		context.getNode(),
		`Output: '${String(output)}' is not one of Simplified, Raw or Selected Fields`,
		{ itemIndex, description: 'Choose Simplified, Raw or Selected Fields under Output.' },
	);
}
