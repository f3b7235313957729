/* eslint-disable @n8n/community-nodes/require-node-api-error -- test tooling, not shipped */
/**
 * n8n in queue mode (main + 2 workers + webhook processor, Redis, Postgres) against
 * the sandbox, and the measurements the queue-mode tier asserts and `npm run bench`
 * prints: one place for both, so the test and the bench measure the same thing.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Session, Workflow } from './real-n8n.mjs';
import {
	callWebhook as callWebhookOn,
	DONE,
	hefflCredential,
	hefflTriggerWorkflow,
	webhookWorkflow,
} from './real-n8n.mjs';
import { startQueueStack } from './queue-stack.mjs';
import type { StartedSandbox } from '../sandbox';
import { startSandbox } from '../sandbox';
import type { CrudResource } from './roundTrips';
import { CRUD } from './roundTrips';

export type { Workflow } from './real-n8n.mjs';
interface N8nProcess {
	name: string;
	url: string;
	output: () => string;
}
/** The stack as these tests start it: with its webhook processor (startQueueStack's default). */
interface QueueStack {
	main: N8nProcess & { session: Session };
	webhook: N8nProcess;
	workers: N8nProcess[];
	sql: (query: string) => string;
	workerOf: (executionId: string) => string | undefined;
	stop: () => Promise<void>;
}
type Node = { name: string; type: string; parameters?: IDataObject; [key: string]: unknown };

/** The load: two workflows, 60 creates each, one key, 60 requests per 60 s. */
export const BULK = { workflows: 2, leadsEach: 60, limit: 60, windowMs: 60_000 } as const;
export const TRIGGER_DELIVERIES = 100;

const triggerCredential = { hefflApi: { id: 'queueHeffl', name: 'Heffl sandbox' } };
const bulkCredential = { hefflApi: { id: 'queueBulk', name: 'Heffl bulk key' } };
const heffl = (name: string, parameters: IDataObject, extra: IDataObject = {}): Node => ({
	name,
	type: 'n8n-nodes-heffl.heffl',
	parameters,
	credentials: triggerCredential,
	...extra,
});
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const createdId = '={{ $("Create").item.json.id }}';

export type { CrudResource } from './roundTrips';
export { CRUD } from './roundTrips';

/** Webhook → Create → Get → Update → Delete, each step on the record Create made. */
function roundTripWorkflow(resource: CrudResource, sandbox: StartedSandbox): Workflow {
	const record = { resource, [`${resource}Id`]: byId(createdId) };
	const id = `queue${resource}RoundTrip`;
	return webhookWorkflow(id, id, `queue-${resource}`, [
		heffl('Create', { resource, operation: 'create', ...CRUD[resource].create(sandbox) }),
		heffl('Get', { ...record, operation: 'get', simplify: false }),
		heffl('Update', { ...record, operation: 'update', updateFields: CRUD[resource].update }),
		heffl('Delete', { ...record, operation: 'delete' }),
	]);
}

/** Webhook with `{ leads: [...] }` → one item per lead → the Heffl node creates each. */
function bulkWorkflow(letter: string): Workflow {
	const id = `queueBulk${letter}`;
	return webhookWorkflow(id, id, `queue-bulk-${letter.toLowerCase()}`, [
		{
			name: 'Leads',
			type: 'n8n-nodes-base.splitOut',
			parameters: { fieldToSplitOut: 'body.leads', options: {} },
		},
		heffl(
			'Create',
			{
				resource: 'lead',
				operation: 'create',
				name: '={{ $json.name }}',
				additionalFields: { email: '={{ $json.email }}' },
			},
			{ credentials: bulkCredential, onError: 'continueRegularOutput' },
		),
	]);
}

export interface QueueEnvironment {
	sandbox: StartedSandbox;
	stack: QueueStack;
	session: Session;
	bulk: Workflow[];
	roundTrips: Record<CrudResource, Workflow>;
	trigger: Workflow;
	stop: () => Promise<void>;
}

/** The sandbox (no rate limit until a measurement sets one) and the queue-mode stack. */
export async function startQueueEnvironment(): Promise<QueueEnvironment> {
	const sandbox = await startSandbox({ rateLimit: false });
	try {
		// The bulk runs get a key of their own: its window starts with them.
		const bulkKey = sandbox.createApiKey();
		const credential = (id: string, name: string, apiKey: string) =>
			hefflCredential({ id, name }, { apiKey, urls: sandbox.urls });
		const bulk = Array.from({ length: BULK.workflows }, (_, index) =>
			bulkWorkflow(String.fromCharCode(65 + index)),
		);
		const roundTrips = Object.fromEntries(
			(Object.keys(CRUD) as CrudResource[]).map((resource) => [
				resource,
				roundTripWorkflow(resource, sandbox),
			]),
		) as Record<CrudResource, Workflow>;
		const trigger = hefflTriggerWorkflow(
			'queueTrigger',
			'queue trigger',
			{ parameters: { events: ['lead.created'] }, credentials: triggerCredential },
			[DONE],
		);
		const stack = (await startQueueStack({
			credentials: [
				credential(triggerCredential.hefflApi.id, triggerCredential.hefflApi.name, sandbox.apiKey),
				credential(bulkCredential.hefflApi.id, bulkCredential.hefflApi.name, bulkKey),
			],
			workflows: [...bulk, ...Object.values(roundTrips), trigger],
		})) as QueueStack;
		const { session } = stack.main; // the fixture logged in
		return {
			sandbox,
			stack,
			session,
			bulk,
			roundTrips,
			trigger,
			async stop() {
				await stack.stop();
				await sandbox.close();
			},
		};
	} catch (error) {
		await sandbox.close();
		throw error;
	}
}

/** Executions of a workflow in the database, oldest first. */
export function executionsOf(env: QueueEnvironment, workflowId: string) {
	const rows = env.stack.sql(
		`select id, status from execution_entity where "workflowId" = '${workflowId}' order by id`,
	);
	return rows
		.split('\n')
		.filter(Boolean)
		.map((line) => {
			const [id, status] = line.split('|');
			return { id, status };
		});
}

/** POSTs to a workflow's production webhook on the webhook processor, retrying while n8n registers it. */
export async function callWebhook(env: QueueEnvironment, workflow: Workflow, body: unknown = {}) {
	return await callWebhookOn(env.stack.webhook.url, workflow, { body, retries: 100 });
}

/**
 * Both bulk workflows started at once; `limit` false measures the same run without
 * a rate limit (the window-optimal time's last part).
 */
export async function concurrentBulk(env: QueueEnvironment, label: string, limited: boolean) {
	const { sandbox, session } = env;
	sandbox.setRateLimit(limited ? { limit: BULK.limit, windowMs: BULK.windowMs } : false);
	sandbox.clearRequests();
	const leadsBefore = new Set(sandbox.records('leads').map((lead) => lead.id));
	for (const workflow of env.bulk) await session.activate(workflow.id);
	// Webhooks are registered a moment after activation: wait until each answers a ping.
	for (const workflow of env.bulk) {
		const ping = await callWebhook(env, workflow, { leads: [] });
		await ping.arrayBuffer();
	}
	sandbox.clearRequests();
	const before = new Map(
		env.bulk.map((workflow) => [workflow.id, executionsOf(env, workflow.id).length]),
	);
	const started = Date.now();
	const answers = await Promise.all(
		env.bulk.map(async (workflow, index) => {
			const leads = Array.from({ length: BULK.leadsEach }, (_, i) => ({
				name: `${label} ${String.fromCharCode(65 + index)}${i}`,
				email: `${label.toLowerCase()}.${index}.${i}@example.com`,
			}));
			const answer = await callWebhook(env, workflow, { leads });
			await answer.arrayBuffer();
			return answer.status;
		}),
	);
	const wallMs = Date.now() - started;
	sandbox.setRateLimit(false);
	for (const workflow of env.bulk) await session.deactivate(workflow.id);

	const runs = await Promise.all(
		env.bulk.map(async (workflow) => {
			const [execution] = executionsOf(env, workflow.id).slice(before.get(workflow.id));
			const { outputs, error } = await session.outputs(execution.id);
			const created = (outputs.Create ?? []) as IDataObject[];
			return {
				executionId: execution.id,
				worker: env.stack.workerOf(execution.id),
				status: execution.status,
				error: error?.message as string | undefined,
				items: created.length,
				errorItems: created.filter((item) => item.error).length,
			};
		}),
	);
	const requests = sandbox.requests.filter((request) => request.apiVersion === 'v1');
	const names = sandbox
		.records('leads')
		.filter((lead) => !leadsBefore.has(lead.id) && String(lead.name).startsWith(`${label} `))
		.map((lead) => String(lead.name));
	const total = BULK.workflows * BULK.leadsEach;
	return {
		wallMs,
		answers,
		runs,
		requests: requests.length,
		refused: requests.filter((request) => request.status === 429).length,
		stored: new Set(names).size,
		storedTwice: names.length - new Set(names).size,
		failedItems: total - runs.reduce((sum, run) => sum + run.items - run.errorItems, 0),
	};
}

/**
 * A perfect client spends a window's whole budget at once and the rest after each
 * reset: the last batch starts after floor((n-1)/limit) windows and then takes as
 * long as that many creates took without any limit (measured in the same stack).
 */
export function windowOptimalMs(unthrottledMs: number) {
	const total = BULK.workflows * BULK.leadsEach;
	const windows = Math.floor((total - 1) / BULK.limit);
	return windows * BULK.windowMs + (unthrottledMs / total) * (total - windows * BULK.limit);
}
