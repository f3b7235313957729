/**
 * The control routes under `/__sandbox/`: what a test or the demo drives from outside the
 * process (the request log, faults, deliveries, events, records, bulk data, behaviours, the
 * rate limit). They take no key and meet no limit and no fault.
 */
import type { Behaviours } from './behaviours';
import { BEHAVIOURS, parseBehaviours } from './behaviours';
import { ApiError } from './errors';
import type { Faults } from './faults';
import type { Store } from './store';
import type {
	FaultSettings,
	JsonObject,
	QueuedFault,
	RateLimitOptions,
	RecordKind,
	RequestLogEntry,
	WorkspaceId,
} from './types';
import { BULK_RESOURCES, bulkCreate } from './v2/bulk';
import type { BulkResource } from './v2/bulk';
import type { WebhookEngine } from './webhooks';

/** What the control routes reach of the sandbox (server.ts's `Sandbox`, which routes to them). */
export interface ControlledSandbox {
	readonly store: Store;
	readonly faults: Faults;
	readonly requests: RequestLogEntry[];
	readonly webhooks: WebhookEngine;
	setRateLimit(options: RateLimitOptions | false): void;
	records(kind: RecordKind, workspace?: WorkspaceId): JsonObject[];
}

export interface ControlRequest {
	method: string;
	url: URL;
	/** The request body as sent (JSON, or empty). */
	body: string;
}

/**
 * A record changed as someone editing it in Heffl's app would: the fields given, `updatedAt`
 * now, no API key and none of its budget spent (the change triggers' tests and the e2e tier).
 */
export function editAsApp(
	sandbox: Pick<ControlledSandbox, 'store'>,
	kind: RecordKind,
	id: string,
	changes: JsonObject,
	workspace: WorkspaceId = 'A',
): JsonObject {
	const current = sandbox.store.require(workspace, kind, id, kind);
	// What a record is and when it was made stay: an edit changes neither.
	const fields = Object.fromEntries(
		Object.entries(changes).filter(([key]) => key !== 'id' && key !== 'createdAt'),
	);
	return sandbox.store.replace(workspace, kind, {
		...current,
		...fields,
		updatedAt: sandbox.store.now(),
	});
}

/** Answers one control request (always 200: a refusal is thrown as an ApiError). */
export function control(sandbox: ControlledSandbox, request: ControlRequest): JsonObject {
	const { method, url } = request;
	const [, , what, arg] = url.pathname.split('/');
	const body = request.body ? (JSON.parse(request.body) as JsonObject) : {};
	if (what === 'requests' && method === 'GET')
		return { items: sandbox.requests as unknown as JsonObject[] };
	if (what === 'requests' && method === 'DELETE') {
		sandbox.requests.length = 0;
		return { cleared: true };
	}
	if (what === 'faults' && method === 'POST') {
		const { queue = [], ...settings } = body as { queue?: QueuedFault[] } & FaultSettings;
		sandbox.faults.set(settings);
		for (const fault of queue)
			sandbox.faults.queue(fault.kind, fault.count, fault.methods, fault.path);
		return { ok: true };
	}
	if (what === 'faults' && method === 'DELETE') {
		sandbox.faults.clear();
		return { ok: true };
	}
	if (what === 'deliveries' && method === 'GET')
		return { items: sandbox.webhooks.deliveries as unknown as JsonObject[] };
	if (what === 'emit' && method === 'POST') {
		sandbox.webhooks.emit(
			(body.workspace as WorkspaceId) ?? 'A',
			String(body.event),
			(body.payload as JsonObject) ?? {},
		);
		return { ok: true };
	}
	if (what === 'webhook-status' && method === 'POST' && arg) {
		const workspace = (body.workspace as WorkspaceId) ?? 'A';
		if (typeof body.status !== 'string' || body.status === '')
			throw ApiError.field('status', 'is required (a non-empty string)');
		return sandbox.webhooks.setStatus(workspace, arg, body.status);
	}
	if (what === 'webhook-payload' && method === 'POST') {
		const omit = body.omit ?? [];
		if (!Array.isArray(omit) || omit.some((key) => typeof key !== 'string'))
			throw ApiError.field('omit', 'must be a list of record keys');
		sandbox.webhooks.payloadOmits = omit as string[];
		return { omit };
	}
	if (what === 'records' && method === 'GET' && arg) {
		return {
			items: sandbox.records(
				arg as RecordKind,
				(url.searchParams.get('workspace') as WorkspaceId) ?? 'A',
			),
		};
	}
	const recordId = url.pathname.split('/')[4];
	if (what === 'records' && method === 'PATCH' && arg && recordId) {
		const workspace = (body.workspace as WorkspaceId) ?? 'A';
		const changes = (body.changes as JsonObject | undefined) ?? {};
		return editAsApp(sandbox, arg as RecordKind, decodeURIComponent(recordId), changes, workspace);
	}
	if (what === 'rotate' && method === 'POST' && arg)
		return { rotated: true, subscriptionId: arg, secret: sandbox.webhooks.rotate(arg) };
	if (what === 'bulk' && method === 'POST' && BULK_RESOURCES.includes(arg as BulkResource)) {
		const count = Number(body.count);
		if (!Number.isInteger(count) || count < 1 || count > 100_000)
			throw ApiError.field('count', 'must be a whole number from 1 to 100000');
		const workspace = (body.workspace as WorkspaceId) ?? 'A';
		return { ids: bulkCreate(sandbox.store, workspace, arg as BulkResource, count) };
	}
	if (what === 'behaviours' && method === 'GET')
		return { behaviours: { ...sandbox.store.behaviours }, known: { ...BEHAVIOURS } };
	if (what === 'behaviours' && method === 'POST') {
		let behaviours: Behaviours;
		try {
			behaviours = parseBehaviours(body);
		} catch (error) {
			throw ApiError.field('behaviours', (error as Error).message);
		}
		sandbox.store.setBehaviours(behaviours);
		return { behaviours: { ...sandbox.store.behaviours } };
	}
	if (what === 'rate-limit' && method === 'POST') {
		sandbox.setRateLimit(body.limit ? (body as unknown as RateLimitOptions) : false);
		return { ok: true };
	}
	throw ApiError.notFound(`No control route ${url.pathname}`);
}
