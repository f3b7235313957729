/** Get Many and Simplify: the Heffl node's reading of a list through the core's list engine. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { listQuery, verifiedList } from '../../shared/records/lists';
import type { ResourceSpec } from '../../shared/table/schema';
import type { HefflListRequest } from '../../shared/transport';
import { hefflPaginate } from '../../shared/transport';
import { readBoolean } from './parameters';

/** Get Many: the records of the list, filtered, up to `limit` (all when undefined). */
export async function getMany(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	request: Omit<HefflListRequest, 'path'>,
	itemIndex: number,
	limit: number | undefined,
): Promise<IDataObject[]> {
	const filters = { ...(context.getNodeParameter('filters', itemIndex, {}) as IDataObject) };
	for (const field of resource.filters?.filter((candidate) => candidate.main) ?? [])
		filters[field.name] = context.getNodeParameter(field.name, itemIndex, field.default);
	const { qs, checks } = await listQuery(context, resource, filters, itemIndex, request);
	const listRequest = { ...request, path: resource.path, qs };
	if (checks.length) return await verifiedList(context, resource, listRequest, limit, checks);
	return await hefflPaginate.call(context, listRequest, limit, {
		sendPageSize: !resource.noPageSize,
	});
}

/** Simplify: the main fields of each record, where the resource names them (read before any request). */
export function simplified(context: IExecuteFunctions, resource: ResourceSpec, itemIndex: number) {
	const keys = resource.simplifyKeys;
	if (!keys || !readBoolean(context, 'simplify', 'Simplify', itemIndex, true))
		return (record: IDataObject) => record;
	return (record: IDataObject) =>
		Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}
