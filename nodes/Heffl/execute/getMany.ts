/** Get Many: the Heffl node's reading of a list through the core's list engine (Simplify and Output: output.ts). */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { verifiedList } from '../../shared/records/lists';
import { listQuery } from '../../shared/records/listQuery';
import type { ResourceSpec } from '../../shared/table/schema';
import type { HefflListRequest } from '../../shared/transport';
import { hefflPaginate } from '../../shared/transport';

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
	const sort = context.getNodeParameter('sort', itemIndex, {}) as IDataObject;
	const { qs, checks } = await listQuery(context, resource, filters, itemIndex, request, sort);
	const listRequest = { ...request, path: resource.path, qs };
	if (checks.length) return await verifiedList(context, resource, listRequest, limit, checks);
	return await hefflPaginate.call(context, listRequest, limit, {
		sendPageSize: !resource.noPageSize,
	});
}
