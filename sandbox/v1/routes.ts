/**
 * The v1 routes (the contract, heffl-reference.md §6.1, §10, §12.1): the CRUD resources of
 * resources.ts, invoices, tags, the reference lists v1 keeps (pipelines, products, lead
 * stages and sources) and webhook subscriptions (webhooks.ts), every list paged by list.ts.
 * `routeV1` answers a call or throws.
 */
import { ApiError } from '../errors';
import { checkCustomValue, checkField, CUSTOM_FIELD_KEY } from '../fields';
import { createInvoice } from '../invoices';
import { newId } from '../random';
import type { CrudResource } from '../resources';
import { CRUD_RESOURCES, renderV1 } from '../resources';
import type { Store } from '../store';
import type { ApiCall, JsonObject, RecordKind, WorkspaceId } from '../types';
import { TAG_TYPES_V2 } from '../v2/constants';
import type { V1Context } from './context';
import { v1List } from './list';
import { webhookRoute } from './webhooks';

/** The tag types of `GET /tags?type=` (the contract; §11.9 for v2). */
export const TAG_TYPES = TAG_TYPES_V2;

export function routeV1(context: V1Context, call: ApiCall): JsonObject {
	const { store } = context;
	const [first, second, third] = call.segments;
	if (first === 'tags' && !second && call.method === 'GET') return { items: tags(store, call) };
	if (
		first === 'leads' &&
		(second === 'stages' || second === 'sources') &&
		!third &&
		call.method === 'GET'
	) {
		return v1List(store, call, second === 'stages' ? 'leadStages' : 'leadSources', () => true);
	}
	if ((first === 'pipelines' || first === 'products') && call.method === 'GET' && !third) {
		const kind: RecordKind = first;
		const label = first === 'pipelines' ? 'pipeline' : 'product';
		if (second) return store.require(call.workspace, kind, second, label);
		const search = call.query.get('search');
		return v1List(
			store,
			call,
			kind,
			(record) => !search || String(record.name).toLowerCase().includes(search.toLowerCase()),
		);
	}
	if (first === 'webhooks' && !third) return webhookRoute(context, call, second);
	if (first === 'invoices' && !second && call.method === 'POST') {
		const space = store.workspace(call.workspace);
		const invoice = createInvoice(call.body, space, space.all('invoices').length);
		store.insert(call.workspace, 'invoices', invoice);
		context.webhooks.emit(call.workspace, 'invoice.created', invoice);
		return invoice;
	}
	const resource = CRUD_RESOURCES.find((candidate) => candidate.path === first);
	if (resource && !third) return crud(context, resource, call, second);
	throw ApiError.notFound(`No route /api/v1/${call.segments.join('/')}`);
}

function tags(store: Store, call: ApiCall): JsonObject[] {
	const type = call.query.get('type');
	if (type !== null && !TAG_TYPES.includes(type))
		throw ApiError.field('type', `must be one of ${TAG_TYPES.join(', ')}`);
	return store
		.workspace(call.workspace)
		.all('tags')
		.filter((tag) => type === null || tag.type === type);
}

function crud(
	context: V1Context,
	resource: CrudResource,
	call: ApiCall,
	id: string | undefined,
): JsonObject {
	const { store } = context;
	const { workspace } = call;
	const emit = (what: string, record: JsonObject) => {
		if (resource.event)
			context.webhooks.emit(workspace, `${resource.event}.${what}`, renderV1(record));
	};
	if (!id && call.method === 'GET') {
		const filters = context.honourUndocumentedFilters
			? Object.entries(resource.guessedFilters).filter(([name]) => call.query.get(name))
			: [];
		const list = v1List(store, call, resource.kind, (record) =>
			filters.every(([name, test]) => test(record, call.query.get(name) as string)),
		);
		return { ...list, items: (list.items as JsonObject[]).map(renderV1) };
	}
	if (!id && call.method === 'POST') {
		const values = checkBody(store, resource, call, 'create');
		const now = store.now();
		const space = store.workspace(workspace);
		const record: JsonObject = {
			id: newId(resource.prefix),
			number: `${resource.numberPrefix}${String(space.all(resource.kind).length + 1).padStart(4, '0')}`,
		};
		for (const field of Object.keys(resource.create)) record[field] = null;
		Object.assign(record, resource.defaults, values, { createdAt: now, updatedAt: now });
		if (resource.kind === 'clients' && record.type === 'contact' && !record.name)
			record.name = [record.firstName, record.lastName].filter(Boolean).join(' ');
		checkRecord(store, resource, workspace, record);
		store.insert(workspace, resource.kind, record);
		emit('created', record);
		// §10: creates answer 200 (no 201 is shown on any page).
		return renderV1(record);
	}
	if (!id) throw ApiError.notFound('No such route');
	const current = store.require(workspace, resource.kind, id, resource.label);
	if (call.method === 'GET') return renderV1(current);
	if (resource.updateMethods.includes(call.method)) {
		const values = checkBody(store, resource, call, 'update');
		const next: JsonObject = { ...current, ...values, updatedAt: store.now() };
		checkRecord(store, resource, workspace, next);
		store.replace(workspace, resource.kind, next);
		emit('updated', next);
		const stageKey = resource.stageKey;
		if (resource.stageEvent && stageKey && next[stageKey] !== current[stageKey])
			emit('stageChanged', next);
		return renderV1(next);
	}
	if (call.method === 'DELETE') {
		store.remove(workspace, resource.kind, id);
		emit('deleted', current);
		return { id, deleted: true };
	}
	throw ApiError.notFound(`No route ${call.method} /api/v1/${resource.path}/{id}`);
}

/** The cross-field rules of the resource, on the record about to be stored. */
function checkRecord(
	store: Store,
	resource: CrudResource,
	workspace: WorkspaceId,
	record: JsonObject,
): void {
	const issues = resource.check?.(record, store.workspace(workspace)) ?? [];
	if (issues.length) throw ApiError.invalid(issues);
}

/** Keys the API sets itself: a body cannot set them, even where additional properties are allowed. */
const READ_ONLY = new Set(['id', 'number', 'createdAt', 'updatedAt', 'customFields']);

function checkBody(
	store: Store,
	resource: CrudResource,
	call: ApiCall,
	mode: 'create' | 'update',
): JsonObject {
	const values: JsonObject = {};
	const issues: Array<{ field: string; message: string; standalone?: boolean }> = [];
	const space = store.workspace(call.workspace);
	const fields = mode === 'create' ? resource.create : resource.update;
	const known = { ...resource.create, ...resource.update };
	for (const [field, value] of Object.entries(call.body)) {
		const type = fields[field];
		if (!type) {
			if (resource.customFields && CUSTOM_FIELD_KEY.test(field)) {
				const checked = checkCustomValue(value);
				if ('problem' in checked) issues.push({ field, message: checked.problem });
				else values[field] = checked.value;
			} else if (resource.additionalProperties && !(field in known) && !READ_ONLY.has(field)) {
				values[field] = value;
			} else {
				const message =
					field in known
						? `${field} cannot be set on ${mode === 'create' ? 'create' : 'update'}`
						: `Unknown field '${field}'`;
				issues.push({ field, message, standalone: true });
			}
			continue;
		}
		if (value === null) {
			if (resource.required.includes(field))
				issues.push({ field, message: 'is required and cannot be cleared' });
			else values[field] = null;
			continue;
		}
		const checked = checkField(type, value, space);
		if ('problem' in checked) issues.push({ field, message: checked.problem });
		else values[field] = checked.value;
	}
	if (mode === 'create') {
		for (const field of resource.required)
			if (call.body[field] === undefined) issues.push({ field, message: 'is required' });
	}
	if (issues.length) throw ApiError.invalid(issues);
	return values;
}
