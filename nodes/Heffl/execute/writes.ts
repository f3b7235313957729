/**
 * The one write path: a body collected and checked (body.ts), its custom fields checked
 * against their definitions before anything is sent (customFieldCheck.ts), then one POST or
 * one PATCH/PUT. Create, Update and Create or Update all write through here.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { hefflRequest, unwrapRecord } from '../../shared/transport';
import { checkCustomFields } from './customFieldCheck';
import type { ResourceSpec } from '../../shared/table/schema';
import { definitionsOf } from '../../shared/table/schema';
import type { WriteKind, Written } from './body';
import { collectBody } from './body';
import { operationPath } from '../../shared/records/recordIds';
import type { ExecutionState } from '../contract/executionState';
import type { RequestBase } from '../contract/ownOperation';

/**
 * The body of a write, checked. `prepare` completes it before the custom fields are
 * checked (Create or Update sets the e-mail it found the record by, and refuses a
 * create that lacks a required field).
 */
export async function writtenBody(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	kind: WriteKind,
	itemIndex: number,
	base: RequestBase,
	state: ExecutionState,
	{
		creating = kind === 'create',
		collected,
		prepare,
	}: {
		creating?: boolean;
		/** The body already collected (Create or Update checks it before it searches). */
		collected?: Written;
		prepare?: (body: IDataObject) => void;
	} = {},
): Promise<IDataObject> {
	const written = collected ?? collectBody(context, resource, kind, itemIndex);
	prepare?.(written.body);
	if (definitionsOf(resource))
		await checkCustomFields(
			context,
			resource,
			written,
			creating,
			{ itemIndex, maxRetries: base.maxRetries ?? 0 },
			state,
		);
	return written.body;
}

/** POSTs a new record (its path may carry a parent's ID: a stage of a pipeline). */
export async function createRecord(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
	base: RequestBase,
	body: IDataObject,
): Promise<IDataObject> {
	const created = await hefflRequest.call(context, {
		...base,
		api: resource.apis?.create ?? resource.api,
		method: resource.methods?.create ?? 'POST',
		path: operationPath(context, resource, 'create', itemIndex),
		body,
	});
	return unwrapRecord(created);
}

/** Changes a record: only the keys of `body` (PATCH, or the resource's own method: a lead's PUT). */
export async function updateRecord(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	path: string,
	base: RequestBase,
	body: IDataObject,
): Promise<IDataObject> {
	return unwrapRecord(
		await hefflRequest.call(context, {
			...base,
			api: resource.apis?.update ?? resource.api,
			method: resource.methods?.update ?? 'PATCH',
			path,
			body,
		}),
	);
}
