/** One operation for one item: the table entry says where and how; the modules beside this do the work. */
import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import { readLimit, readMaxRetries } from './parameters';
import type { HefflListRequest } from '../../shared/transport';
import { hefflRequest, unwrapRecord } from '../../shared/transport';
import type { OperationName, ResourceSpec } from '../../shared/table/schema';
import { getMany, simplified } from './getMany';
import { recordId } from '../../shared/records/recordIds';
import type { ExecutionState } from './executionState';
import { upsert } from './upsert';
import { createRecord, updateRecord, writtenBody } from './writes';

export { newExecutionState } from './executionState';
export type { ExecutionState } from './executionState';

/** Runs one operation for one item and returns what becomes its output items. */
export async function runOperation(
	this: IExecuteFunctions,
	resource: ResourceSpec,
	operation: OperationName,
	itemIndex: number,
	state: ExecutionState,
): Promise<IDataObject | IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const base: Omit<HefflListRequest, 'path'> = {
		api: resource.apis?.[operation] ?? resource.api,
		itemIndex,
		recordLabel: resource.label,
		maxRetries: readMaxRetries(this, options, itemIndex),
	};
	const byId = () => recordId(this, resource, itemIndex, resource.paths?.[operation]);

	switch (operation) {
		case 'create': {
			const body = await writtenBody(this, resource, 'create', itemIndex, base, state);
			return await createRecord(this, resource, itemIndex, base, body);
		}
		case 'upsert':
			return await upsert(this, resource, itemIndex, base, state);
		case 'get': {
			const path = byId();
			const simplify = simplified(this, resource, itemIndex);
			const record = await hefflRequest.call(this, {
				...base,
				method: resource.methods?.get ?? 'GET',
				path,
			});
			return simplify(unwrapRecord(record));
		}
		case 'update': {
			const path = byId();
			const body = await writtenBody(this, resource, 'update', itemIndex, base, state);
			return await updateRecord(this, resource, path, base, body);
		}
		case 'delete': {
			const path = byId();
			const answer = await hefflRequest
				.call(this, { ...base, method: resource.methods?.delete ?? 'DELETE', path })
				.catch((error: NodeApiError) => {
					if (resource.deleteRefusal && error.httpCode === '400')
						error.description = `${resource.deleteRefusal} ${error.description ?? ''}`.trim();
					throw error;
				});
			return { id: decodeURIComponent(path.split('/').pop() ?? ''), deleted: true, ...answer };
		}
		case 'getAll': {
			const limit = readLimit(this, itemIndex);
			const simplify = simplified(this, resource, itemIndex);
			const records = await getMany(this, resource, base, itemIndex, limit);
			return records.map(simplify);
		}
	}
}
