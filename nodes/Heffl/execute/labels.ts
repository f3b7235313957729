/**
 * Options → Custom Fields As → Labels on what an operation hands back (after Simplify or
 * the tool's Output chose the keys): each record's custom fields by their definitions'
 * labels (the core's records/customFieldLabels.ts), each scope read once per execution.
 * The records are named once every item has run, the names decided once per entity or
 * template source over every definition the execution read, so a field has one name on
 * every item. Definitions that cannot be read leave the keys, and the output says so once.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	labelRecords,
	scopeText,
	unreadNotice,
	wantsLabels,
} from '../../shared/records/customFieldLabels';
import type { DefinitionScope } from '../../shared/records/customFields';
import type { ResourceSpec } from '../../shared/table/schema';
import { definitionsOf } from '../../shared/table/schema';
import type { ExecutionState, ToLabel } from '../contract/executionState';
import { definitionsOnce } from './customFieldCheck';

/** Whether the item asks for labels; read before any request, so a bad value costs no call. */
export function labelsAsked(context: IExecuteFunctions, itemIndex: number): boolean {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return wantsLabels(context.getNode(), options, itemIndex);
}

/** Keeps an item's records to be named by label once every item has run (`labelledOutput`). */
export function labelLater(
	resource: ResourceSpec,
	state: ExecutionState,
	request: ToLabel['request'],
	result: IDataObject | IDataObject[],
): void {
	const source = definitionsOf(resource);
	if (source)
		state.toLabel.push({ source, request, records: Array.isArray(result) ? result : [result] });
}

/**
 * Every kept record by label: each record handed back → its labelled copy (the records
 * themselves are never changed). One read per scope for the whole execution, shared with
 * the writes' checks.
 */
export async function labelledOutput(
	context: IExecuteFunctions,
	state: ExecutionState,
): Promise<Map<IDataObject, IDataObject>> {
	const bySource = new Map<string, ToLabel[]>();
	for (const kept of state.toLabel) {
		const id = JSON.stringify(kept.source);
		bySource.set(id, [...(bySource.get(id) ?? []), kept]);
	}
	const labelled = new Map<IDataObject, IDataObject>();
	for (const group of bySource.values()) {
		const records = group.flatMap((kept) => kept.records);
		const { source, request } = group[0];
		const alsoRead = [...state.definitions.keys()].map((id) => JSON.parse(id) as DefinitionScope);
		const result = await labelRecords(
			records,
			source,
			async (scope) => await definitionsOnce(context, state, scope, request),
			alsoRead,
		);
		records.forEach((record, index) => labelled.set(record, result.records[index]));
		const unsaid = result.unread.filter(
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
	}
	return labelled;
}
