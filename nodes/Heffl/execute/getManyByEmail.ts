/**
 * Get Many with an Email filter: the records are found as Create or Update finds them
 * (keyLookup.ts, by the e-mail key: a constant number of requests where Heffl's search is proven to find
 * e-mails), then every other filter is checked on each, as Get Many checks every record.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { HefflListRequest } from '../../shared/transport';
import { hefflRequest, recordPath, unwrapRecord } from '../../shared/transport';
import type { ResourceSpec } from '../../shared/table/schema';
import { matchKeysOf } from '../../shared/table/matchKeys';
import { findByKey } from './keyLookup';
import { isUnset } from '../../shared/records/fieldChecks';
import { judgeRecord } from '../../shared/records/lists';
import { listQuery } from '../../shared/records/listQuery';
import type { ExecutionState } from '../contract/executionState';

/** Get Many's records when its Email filter is set; undefined when it is not (the list is read). */
export async function getManyByEmail(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	request: Omit<HefflListRequest, 'path'>,
	itemIndex: number,
	limit: number | undefined,
	state: ExecutionState,
): Promise<IDataObject[] | undefined> {
	const field = resource.filters?.find((filter) => filter.name === 'email' && !filter.main);
	const filters = (context.getNodeParameter('filters', itemIndex, {}) ?? {}) as IDataObject;
	const key = matchKeysOf(resource).find((candidate) => candidate.name === 'email');
	if (!field || !key || isUnset(field, filters.email)) return undefined;
	// Every filter's value is checked (and the email one read) as Get Many checks them.
	const { checks } = await listQuery(context, resource, filters, itemIndex, request);
	const email = String(checks.find((check) => check.name === field.displayName)?.value ?? '');
	const found = await findByKey(context, resource, key, request, email, state);
	const kept: IDataObject[] = [];
	for (const row of found.records) {
		if (limit !== undefined && kept.length >= limit) break;
		// Rows of a search in another API (v2 lead rows) are read as the resource's own records.
		const record =
			found.from === 'search' && resource.lookupSearch?.api !== resource.api
				? unwrapRecord(
						await hefflRequest.call(context, {
							...request,
							method: 'GET',
							path: recordPath(
								context.getNode(),
								resource.path,
								row.id,
								resource.displayName,
								itemIndex,
							),
						}),
					)
				: row;
		const listRequest = { ...request, path: resource.path };
		if ((await judgeRecord(context, resource, listRequest, checks, record)).keep) kept.push(record);
	}
	return kept;
}
