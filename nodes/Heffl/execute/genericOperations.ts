/**
 * The generic engine: the six operations every resource's table entry may list, for one
 * item. The table entry says where and how; the modules beside this do the work.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readLimit } from './parameters';
import { hefflRequest, unwrapRecord } from '../../shared/transport';
import type { OperationName, ResourceSpec } from '../../shared/table/schema';
import { getMany } from './getMany';
import { getManyByEmail } from './getManyByEmail';
import { labelsAsked, withLabels } from './labels';
import { outputShape } from './output';
import { recordId } from '../../shared/records/recordIds';
import type { ExecutionState } from '../contract/executionState';
import type { OperationResult, RequestBase } from '../contract/ownOperation';
import { upsert } from './upsert';
import { createRecord, updateRecord, writtenBody } from './writes';

/** Runs the generic operation of this value (create, get, …) for one item. */
export async function runGeneric(
	this: IExecuteFunctions,
	resource: ResourceSpec,
	operation: OperationName,
	itemIndex: number,
	state: ExecutionState,
	base: RequestBase,
): Promise<OperationResult> {
	const byId = () => recordId(this, resource, itemIndex, resource.paths?.[operation]);
	const shape = outputShape(this, resource, operation, itemIndex);
	const labels = operation !== 'delete' && labelsAsked(this, itemIndex);
	const request = { itemIndex, maxRetries: base.maxRetries };
	// What the output keeps (Simplify, the tool's Output), then custom fields by label if asked.
	const shaped = async <T extends IDataObject | IDataObject[]>(result: T) => {
		const kept = (Array.isArray(result) ? result.map(shape) : shape(result)) as T;
		return labels ? await withLabels(this, resource, state, request, kept) : kept;
	};

	switch (operation) {
		case 'create': {
			const body = await writtenBody(this, resource, 'create', itemIndex, base, state);
			return await shaped(await createRecord(this, resource, itemIndex, base, body));
		}
		case 'upsert': {
			const { record, outcome } = await upsert(this, resource, itemIndex, base, state);
			const kept = await shaped(record);
			const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			// Off by default: the record's keys stay as they are.
			return options.includeOutcome === true ? { ...kept, upsertOutcome: { ...outcome } } : kept;
		}
		case 'get': {
			const path = byId();
			const record = await hefflRequest.call(this, {
				...base,
				method: resource.methods?.get ?? 'GET',
				path,
			});
			return await shaped(unwrapRecord(record));
		}
		case 'update': {
			const path = byId();
			const body = await writtenBody(this, resource, 'update', itemIndex, base, state);
			return await shaped(await updateRecord(this, resource, path, base, body));
		}
		case 'delete': {
			const path = byId();
			const answer = await hefflRequest.call(this, {
				...base,
				method: resource.methods?.delete ?? 'DELETE',
				path,
			});
			return { id: decodeURIComponent(path.split('/').pop() ?? ''), deleted: true, ...answer };
		}
		case 'getAll': {
			const limit = readLimit(this, itemIndex);
			const records =
				(await getManyByEmail(this, resource, base, itemIndex, limit, state)) ??
				(await getMany(this, resource, base, itemIndex, limit));
			return await shaped(records);
		}
	}
}
