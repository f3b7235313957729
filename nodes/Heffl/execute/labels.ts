/**
 * Options → Custom Fields As → Labels on what an operation hands back (after Simplify or
 * the tool's Output chose the keys): each record's custom fields by their definitions'
 * labels (the core's records/customFieldLabels.ts), each scope read once per execution.
 * Definitions that cannot be read leave the keys, and the output says so once.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	labelRecords,
	scopeText,
	unreadNotice,
	wantsLabels,
} from '../../shared/records/customFieldLabels';
import type { ResourceSpec } from '../../shared/table/schema';
import { definitionsOf } from '../../shared/table/schema';
import type { ExecutionState } from '../contract/executionState';
import { definitionsOnce } from './customFieldCheck';

/** Whether the item asks for labels; read before any request, so a bad value costs no call. */
export function labelsAsked(context: IExecuteFunctions, itemIndex: number): boolean {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return wantsLabels(context.getNode(), options, itemIndex);
}

/** The records with their custom fields by label; the same objects when there is nothing to do. */
export async function withLabels<T extends IDataObject | IDataObject[]>(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	state: ExecutionState,
	request: { itemIndex: number; maxRetries?: number },
	result: T,
): Promise<T> {
	const source = definitionsOf(resource);
	if (!source) return result;
	const records: IDataObject[] = Array.isArray(result) ? result : [result as IDataObject];
	const labelled = await labelRecords(records, source, async (scope) =>
		definitionsOnce(context, state, scope, request),
	);
	const unsaid = labelled.unread.filter(
		({ scope }) => !state.unreadDefinitions.has(`labels:${scopeText(scope)}`),
	);
	if (unsaid.length) {
		for (const { scope } of unsaid) state.unreadDefinitions.add(`labels:${scopeText(scope)}`);
		context.addExecutionHints({
			message: unreadNotice(unsaid),
			type: 'warning',
			location: 'outputPane',
		});
	}
	return (Array.isArray(result) ? labelled.records : labelled.records[0]) as T;
}
