/**
 * The v2 routes (heffl-reference.md §11.2–§11.13, §13): the CRM resources of crm/, the
 * reference data of refdata.ts and the document templates of templates.ts. `routeV2`
 * answers a call or returns `undefined` for a path none of them owns.
 */
import { refuseUnlistedQuery } from '../behaviours';
import { ApiError } from '../errors';
import { newId } from '../random';
import type { Store } from '../store';
import type { ApiCall, JsonObject, WorkspaceId } from '../types';
import { readBody } from './body';
import type { CrmResource } from './crm';
import { CRM_RESOURCES } from './crm';
import { v2List } from './list';
import { referenceRoute } from './refdata';
import { templateRoute } from './templates';

export interface V2Context {
	store: Store;
	emit: (workspace: WorkspaceId, event: string, payload: JsonObject) => void;
}

export function routeV2(context: V2Context, call: ApiCall): JsonObject | undefined {
	const space = context.store.workspace(call.workspace);
	const [first, second, third] = call.segments;
	const resource = CRM_RESOURCES.find((candidate) => candidate.path === first);
	if (resource && !third) return crm(context, resource, call, second);
	refuseUnlistedQuery(space.behaviours, call);
	return (
		referenceRoute({ ...call, store: context.store, space }) ?? templateRoute(context.store, call)
	);
}

function crm(
	context: V2Context,
	resource: CrmResource,
	call: ApiCall,
	id: string | undefined,
): JsonObject {
	const { store, emit } = context;
	const { workspace, method, body } = call;
	const space = store.workspace(workspace);
	const now = store.now();
	const render = (record: JsonObject, full = true) => resource.render(record, space, full);
	const event = (what: string, record: JsonObject) => {
		if (resource.event) emit(workspace, `${resource.event}.${what}`, render(record));
	};
	if (!id && method === 'GET') {
		const { search, ...list } = resource.list;
		return v2List(
			space,
			{
				...list,
				kind: resource.kind,
				where: resource.where,
				search: (record) => search(record, space),
				render: (record) => render(record, false),
			},
			call.query,
		);
	}
	if (!id && method === 'POST') {
		const draft: JsonObject = { ...resource.defaults, ...aliased(body, resource.aliases) };
		const values = readBody(
			resource.body,
			body,
			'create',
			space,
			resource.definitions(space, draft),
			resource.aliases,
		);
		const count = space.all(resource.kind).filter(resource.where ?? (() => true)).length;
		const record: JsonObject = {
			id: newId(resource.prefix),
			number: `${resource.numberPrefix}${String(count + 1).padStart(4, '0')}`,
			...resource.defaults,
			...values,
			createdAt: now,
			updatedAt: now,
		};
		resource.settle?.(record, undefined, aliased(body, resource.aliases), space);
		store.insert(workspace, resource.kind, record);
		event('created', record);
		// §11: creates answer 200 with the resource itself (no 201, no envelope).
		return render(record);
	}
	if (!id) throw ApiError.notFound(`No route ${method} /api/v2/${resource.path}`);
	const current = store.require(workspace, resource.kind, id, resource.label);
	if (resource.where && !resource.where(current))
		throw ApiError.notFound(`No ${resource.label} with ID '${id}'`);
	if (method === 'GET' && resource.get) return render(current);
	if (method === 'PATCH') {
		const sent = aliased(body, resource.aliases);
		const values = readBody(
			resource.body,
			body,
			'update',
			space,
			resource.definitions(space, { ...current, ...sent }),
			resource.aliases,
		);
		const next: JsonObject = { ...current, ...values, updatedAt: now };
		resource.settle?.(next, current, sent, space);
		store.replace(workspace, resource.kind, next);
		event('updated', next);
		for (const [key, what] of resource.changeEvents ?? [])
			if (next[key] !== current[key]) event(what, next);
		return render(next);
	}
	if (method === 'DELETE') {
		const blocked = resource.deleteBlocked?.(current, space);
		if (blocked) throw new ApiError('BAD_REQUEST', blocked);
		const rendered = render(current);
		store.remove(workspace, resource.kind, id);
		event('deleted', current);
		// §11 intro: v2 delete returns the resource directly.
		return rendered;
	}
	throw ApiError.notFound(`No route ${method} /api/v2/${resource.path}/{id}`);
}

function aliased(body: JsonObject, aliases: Record<string, string> = {}): JsonObject {
	return Object.fromEntries(
		Object.entries(body).map(([key, value]) => [aliases[key] ?? key, value]),
	);
}
