/**
 * A local, spec-faithful Heffl API for tests, benchmarks and the demo:
 * `const sandbox = await startSandbox({ rateLimit: false })`.
 */
import type { Behaviours } from './behaviours';
import { editAsApp } from './control';
import { Sandbox } from './server';
import { bulkCreate } from './v2/bulk';
import type { BulkResource } from './v2/bulk';
import type {
	Delivery,
	JsonObject,
	RateLimitOptions,
	RecordKind,
	SandboxOptions,
	WorkspaceId,
} from './types';

export type { Behaviours } from './behaviours';
export { BEHAVIOURS } from './behaviours';
export type { Delivery, FaultKind, FaultSettings, RequestLogEntry, SandboxOptions } from './types';
export { EVENT_CATALOGUE } from './server';

export async function startSandbox(options: SandboxOptions = {}) {
	const sandbox = await new Sandbox(options).listen(options.host, options.port);
	return {
		get urls() {
			return sandbox.urls;
		},
		apiKey: sandbox.apiKey,
		otherWorkspaceKey: sandbox.otherWorkspaceKey,
		createApiKey: (workspace: WorkspaceId = 'A') => sandbox.store.addKey(workspace),
		revokeApiKey: (key: string) => sandbox.store.revokeKey(key),
		requests: sandbox.requests,
		clearRequests: () => {
			sandbox.requests.length = 0;
		},
		faults: sandbox.faults,
		setRateLimit: (rateLimit: RateLimitOptions | false) => sandbox.setRateLimit(rateLimit),
		records: (kind: RecordKind | 'templates', workspace: WorkspaceId = 'A'): JsonObject[] =>
			sandbox.records(kind, workspace),
		/** Puts a record straight into the store, as given (IDs of any shape, for ID tests). */
		insert: (kind: RecordKind, record: JsonObject, workspace: WorkspaceId = 'A') =>
			sandbox.store.insert(workspace, kind, record),
		/** Changes a record as an edit in Heffl's app would (its updatedAt moves; no key, no budget). */
		editAsApp: (kind: RecordKind, id: string, changes: JsonObject, workspace: WorkspaceId = 'A') =>
			editAsApp(sandbox, kind, id, changes, workspace),
		/** Creates `count` valid v2 companies, deals, tasks or quotations at once (Return All benchmarks); their IDs. */
		bulkCreate: (resource: BulkResource, count: number, workspace: WorkspaceId = 'A') =>
			bulkCreate(sandbox.store, workspace, resource, count),
		/** Switches the sandbox to other readings of the reference's silences (behaviours.ts); replaces all. */
		setBehaviours: (behaviours: Behaviours) => sandbox.store.setBehaviours(behaviours),
		/** Whether v1 lists apply the filters earlier versions guessed (off: they are ignored). */
		setUndocumentedFilters: (on: boolean) => {
			sandbox.honourUndocumentedFilters = on;
		},
		/** Runs `hook` before each API call is routed (after authentication and faults); returns its remover. */
		beforeRoute: (hook: Sandbox['beforeRoute'][number]) => {
			sandbox.beforeRoute.push(hook);
			return () => {
				const index = sandbox.beforeRoute.indexOf(hook);
				if (index >= 0) sandbox.beforeRoute.splice(index, 1);
			};
		},
		deliveries: sandbox.webhooks.deliveries,
		/** Resolves when no delivery is pending (and `done` holds, when given). */
		async waitForDeliveries(
			done: (deliveries: Delivery[]) => boolean = () => true,
			timeoutMs = 10_000,
		) {
			const deadline = Date.now() + timeoutMs;
			while (
				sandbox.webhooks.deliveries.some((delivery) => delivery.status === 'pending') ||
				!done(sandbox.webhooks.deliveries)
			) {
				if (Date.now() > deadline) throw new Error('Deliveries still pending after the timeout');
				await sandbox.scheduler.sleep(20);
			}
		},
		emit: (event: string, payload: JsonObject, workspace: WorkspaceId = 'A') =>
			sandbox.webhooks.emit(workspace, event, payload),
		rotateWebhookSecret: (subscriptionId: string) => sandbox.webhooks.rotate(subscriptionId),
		endRotation: (subscriptionId: string) => sandbox.webhooks.endRotation(subscriptionId),
		/** §12.1: a subscription's status (values undocumented); only `active` ones are delivered to. */
		setWebhookStatus: (subscriptionId: string, status: string, workspace: WorkspaceId = 'A') =>
			sandbox.webhooks.setStatus(workspace, subscriptionId, status),
		/** §12.5: keys left out of every delivered record (Heffl documents no deal payload fields). */
		omitFromPayloads: (keys: string[]) => (sandbox.webhooks.payloadOmits = keys),
		close: () => sandbox.close(),
	};
}

export type StartedSandbox = Awaited<ReturnType<typeof startSandbox>>;
