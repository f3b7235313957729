/**
 * Get Many's records judged: each returned record checked against the list's query
 * (listQuery.ts), so a server that ignores a filter cannot hand a filtered request
 * everything, and the verified walk over the pages. The one list engine of every reader
 * of a list: the Heffl node's Get Many, the polling trigger, the trigger's delivery filter.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { HefflListRequest } from '../transport';
import { hefflPages, hefflRequest, recordPath, unwrapRecord } from '../transport';
import type { ResourceSpec } from '../table/schema';
import { plural } from '../table/schema';
import type { FilterCheck, ListContext } from './listQuery';

/** What the filters say of one record: keep it or not, and whether a Filters (JSON) field could not be checked on it. */
export interface Verdict {
	keep: boolean;
	unverified: boolean;
}

/** Each check's verdict on the record as shown: true, false, or undefined where it lacks the field. */
export function judgeShown(checks: FilterCheck[], shown: IDataObject) {
	return checks.map((check) => ({ check, verdict: check.matches(shown, check.value) }));
}

/**
 * One record against the checks. A list row that leaves out what a filter looks at (a
 * quotation's line items) is read in full first; a filter no record shows is an error,
 * so no reader returns unfiltered records.
 */
export async function judgeRecord(
	context: ListContext,
	resource: ResourceSpec,
	request: HefflListRequest,
	checks: FilterCheck[],
	record: IDataObject,
): Promise<Verdict> {
	const judge = (shown: IDataObject) => judgeShown(checks, shown);
	let verdicts = judge(record);
	const undecided = () =>
		verdicts.find(({ check, verdict }) => verdict === undefined && !check.optional);
	if (undecided() && resource.operations.includes('get') && record.id !== undefined) {
		const full = await hefflRequest.call(context, {
			...request,
			qs: undefined,
			method: 'GET',
			path: recordPath(context.getNode(), resource.path, record.id, resource.displayName),
		});
		verdicts = judge(unwrapRecord(full));
	}
	const unknown = undecided();
	if (unknown) {
		throw new NodeOperationError(
			context.getNode(),
			`Filters › ${unknown.check.name}: Heffl's ${plural(resource.label)} do not show this field, so the filter cannot be checked`,
			{
				itemIndex: request.itemIndex,
				description:
					'Remove the filter, or filter the output with n8n’s Filter node. No record was returned rather than unfiltered ones.',
			},
		);
	}
	return {
		keep: verdicts.every(({ verdict }) => verdict !== false),
		unverified: verdicts.some(({ verdict }) => verdict === undefined),
	};
}

/**
 * A list with every record checked: records that do not match are dropped and counted,
 * so a server that ignores a filter cannot hand a filtered request everything. Pages are
 * read until `limit` matching records are in.
 */
export async function verifiedList(
	context: ListContext,
	resource: ResourceSpec,
	request: HefflListRequest,
	limit: number | undefined,
	checks: FilterCheck[],
): Promise<IDataObject[]> {
	const kept: IDataObject[] = [];
	let dropped = 0;
	let unverified = 0;
	for await (const records of hefflPages.call(context, request, pageSizeOf(resource))) {
		for (const record of records) {
			const verdict = await judgeRecord(context, resource, request, checks, record);
			unverified += verdict.unverified ? 1 : 0;
			if (verdict.keep) kept.push(record);
			else dropped++;
			if (limit !== undefined && kept.length >= limit) break;
		}
		if (limit !== undefined && kept.length >= limit) break;
	}
	if (unverified > 0) {
		hint(
			context,
			`${unverified} ${resource.label}(s) do not show a field of Filters (JSON); Heffl's filtering of them could not be checked in n8n.`,
		);
	}
	if (dropped > 0) {
		const sent = checks.filter((check) => check.sent).map((check) => check.name);
		const local = checks.filter((check) => !check.sent).map((check) => check.name);
		const message = sent.length
			? `Heffl returned ${dropped} ${resource.label}(s) that do not match the filters (${sent.join(', ')}): it may not apply them. They were left out${local.length ? `, as were those not matching ${local.join(', ')}` : ''}.`
			: `Filters (${local.join(', ')}) were checked in n8n: ${dropped} ${resource.label}(s) Heffl returned did not match and were left out.`;
		hint(context, message);
	}
	return kept;
}

/** A notice in the output pane, where the context has one (an execution; a poll has not). */
function hint(context: ListContext, message: string) {
	if ('addExecutionHints' in context)
		context.addExecutionHints({ message, location: 'outputPane' });
}

/** The page size a resource's list is asked with: none where its documented parameters have none. */
function pageSizeOf(resource: ResourceSpec) {
	return resource.noPageSize ? null : undefined;
}
