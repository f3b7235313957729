/**
 * One resource's round trip through the node (create, get, get many, update, delete),
 * checked on the node's output, the sandbox's store and the requests the sandbox received.
 * Each resource's test file gives its own case (test/resources/<resource>.test.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { expect } from 'vitest';

import type { useCrm } from './crm';

export interface RoundTrip {
	resource: string;
	/** The sandbox's collection, and the API (§10 v1, §11 v2) the resource's requests go to. */
	kind: 'leads' | 'clients' | 'deals' | 'tasks';
	api: 'v1' | 'v2';
	create: INodeParameters;
	/** What Create returns and the sandbox stores. */
	expected: IDataObject;
	/** What Heffl's answer shows under another key than the store's (a deal's `crmSourceId`). */
	shown?: IDataObject;
	/** What the sandbox stores but Heffl's answer does not show (a deal's line items, §11.3). */
	kept?: IDataObject;
	update: INodeParameters;
	/** What Update returns and the sandbox then stores. */
	updated: IDataObject;
	untouched: string;
}

/** Runs the round trip of `spec` and checks every step. */
export async function roundTrip(crm: ReturnType<typeof useCrm>, spec: RoundTrip): Promise<void> {
	const { ctx, heffl, byId, stored } = crm;
	const idParameter = `${spec.resource}Id`;
	ctx.sandbox.clearRequests();
	const created = await heffl({ resource: spec.resource, operation: 'create', ...spec.create });
	expect(created.error).toBeUndefined();
	expect(created.json[0]).toMatchObject({ ...spec.expected, ...spec.shown });
	const id = String(created.json[0].id);
	expect(stored(spec.kind, id)).toMatchObject({ ...spec.expected, ...spec.kept });

	const fetched = await heffl({
		resource: spec.resource,
		operation: 'get',
		[idParameter]: byId(id),
		simplify: false,
	});
	expect(fetched.json).toEqual([created.json[0]]);

	const listed = await heffl({
		resource: spec.resource,
		operation: 'getAll',
		returnAll: true,
		simplify: false,
	});
	expect(listed.json.filter((record) => record.id === id)).toHaveLength(1);

	const updated = await heffl({
		resource: spec.resource,
		operation: 'update',
		[idParameter]: byId(id),
		updateFields: spec.update,
	});
	expect(updated.error).toBeUndefined();
	expect(updated.json[0]).toMatchObject(spec.updated);
	expect(stored(spec.kind, id)).toMatchObject(spec.updated);
	// Update sends only what was set: the other fields keep their values.
	expect(updated.json[0][spec.untouched]).toEqual(created.json[0][spec.untouched]);

	const deleted = await heffl({
		resource: spec.resource,
		operation: 'delete',
		[idParameter]: byId(id),
	});
	expect(deleted.json).toEqual([expect.objectContaining({ id, deleted: true })]);
	expect(stored(spec.kind, id)).toBeUndefined();
	expectedRequests(crm, spec, id);
}

/** Every request went to the resource's API, at the record's path once it had an ID. */
function expectedRequests(crm: ReturnType<typeof useCrm>, spec: RoundTrip, id: string) {
	const sent = crm.ctx
		.apiRequests()
		.filter((request) => !request.path.includes('/custom-fields'))
		.map((request) => `${request.method} ${request.path.split('?')[0]}`);
	const base = `/api/${spec.api}/${spec.kind}`;
	const updateMethod = spec.resource === 'lead' ? 'PUT' : 'PATCH';
	expect(sent).toEqual([
		`POST ${base}`,
		`GET ${base}/${id}`,
		...sent.filter((line) => line === `GET ${base}`),
		`${updateMethod} ${base}/${id}`,
		`DELETE ${base}/${id}`,
	]);
}
