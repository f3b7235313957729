/**
 * The generic engine: the six operations every resource's table entry may list, for one
 * item. The table entry says where and how; the modules beside this do the work.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readBoolean, readLimit } from './parameters';
import { hefflRequest, unwrapRecord } from '../../shared/transport';
import type { OperationName, ResourceSpec } from '../../shared/table/schema';
import { getMany } from './getMany';
import { getManyByEmail } from './getManyByEmail';
import { labelLater, labelsAsked } from './labels';
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
	// What the output keeps (Simplify, the tool's Output); custom fields by label, if asked,
	// once every item has run (labels.ts).
	const shaped = <T extends IDataObject | IDataObject[]>(result: T): T => {
		const kept = (Array.isArray(result) ? result.map(shape) : shape(result)) as T;
		if (labels) labelLater(resource, state, request, kept);
		return kept;
	};

	switch (operation) {
		case 'create': {
			const body = await writtenBody(this, resource, 'create', itemIndex, base, state);
			return shaped(await createRecord(this, resource, itemIndex, base, body));
		}
		case 'upsert': {
			// Read first: a value that is not true or false is refused before anything is sent.
			const withOutcome = readBoolean(
				this,
				'options.includeOutcome',
				'Options › Include Outcome',
				itemIndex,
				false,
			);
			const { record, outcome } = await upsert(this, resource, itemIndex, base, state);
			const kept = shaped(record);
			// Off by default: the record's keys stay as they are. Set on the kept object itself,
			// which Custom Fields As → Labels renames once every item has run.
			if (withOutcome) kept.upsertOutcome = { ...outcome };
			return kept;
		}
		case 'get': {
			const path = byId();
			const record = await hefflRequest.call(this, {
				...base,
				method: resource.methods?.get ?? 'GET',
				path,
			});
			return shaped(unwrapRecord(record));
		}
		case 'update': {
			const path = byId();
			const body = await writtenBody(this, resource, 'update', itemIndex, base, state);
			return shaped(await updateRecord(this, resource, path, base, body));
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
			return shaped(records);
		}
	}
}
