/* eslint-disable no-console -- test tooling, not shipped: prints the measured figures */
/**
 * `npm run test:e2e:queue`: the packed package in n8n's queue mode — main, two
 * workers and a webhook processor over Redis and Postgres (Debian's packages,
 * installed and started by drivers/queue-stack.mjs, stopped and deleted at the end).
 */
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { CrudResource, QueueEnvironment } from '../../drivers/queueMode';
import {
	BULK,
	callWebhook,
	concurrentBulk,
	CRUD,
	executionsOf,
	startQueueEnvironment,
	TRIGGER_DELIVERIES,
	windowOptimalMs,
} from '../../drivers/queueMode';
import {
	activateTrigger,
	DELIVERY_WAVE,
	duplicateDeliveries,
	rememberedWebhookIds,
	subscriptions,
	triggerDeliveries,
} from '../../drivers/queueModeTrigger';

/**
 * Whether a copy of an accepted delivery may start another execution. The trigger
 * remembers accepted webhook-ids in the memory of the process that receives them
 * (issue 12); here that is the one webhook processor, so no copy may run again. With
 * several webhook processors, copies that reach another one can (docs/scaling.md).
 */
const COPIES_MAY_RUN_AGAIN = false;

let env: QueueEnvironment;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
	const started = Date.now();
	env = await startQueueEnvironment();
	figures.stackStartSeconds = (Date.now() - started) / 1000;
}, 900_000);

afterAll(async () => {
	await env?.stop();
	console.log(`queue-mode figures: ${JSON.stringify(figures, null, 2)}`);
});

const processes = () => [env.stack.main, env.stack.webhook, ...env.stack.workers];

describe('the packed package in n8n queue mode (main, 2 workers, webhook processor)', () => {
	test('every process started with it; the main instance serves its types', async () => {
		const types = await env.session.loadedTypes();
		expect(types.nodes).toEqual(
			expect.arrayContaining(['n8n-nodes-heffl.heffl', 'n8n-nodes-heffl.hefflTrigger']),
		);
		expect(types.credentials).toContain('hefflApi');
		for (const n8n of processes()) {
			expect(n8n.output(), n8n.name).not.toMatch(/Failed to load package|Unrecognized node type/);
		}
	});

	test.each(Object.keys(CRUD) as CrudResource[])(
		'a %s round trip (create, get, update, delete) runs on a worker',
		async (resource) => {
			const workflow = env.roundTrips[resource];
			await env.session.activate(workflow.id);
			const answer = await callWebhook(env, workflow);
			expect(answer.status).toBe(200);
			await answer.arrayBuffer();
			await env.session.deactivate(workflow.id);
			const [execution] = executionsOf(env, workflow.id);
			expect(env.stack.workerOf(execution.id)).toMatch(/^worker\d$/);
			const { outputs, error } = await env.session.outputs(execution.id);
			expect(error).toBeUndefined();
			const [created] = outputs.Create as IDataObject[];
			expect(created.id).toEqual(expect.any(String));
			expect(outputs.Get).toEqual([created]);
			expect(outputs.Update).toEqual([
				expect.objectContaining({ ...CRUD[resource].updated, id: created.id }),
			]);
			expect(outputs.Delete).toEqual([expect.objectContaining({ id: created.id, deleted: true })]);
			expect(
				env.sandbox.records(CRUD[resource].kind).some((record) => record.id === created.id),
			).toBe(false);
		},
	);

	test(`two workflows creating ${BULK.leadsEach} leads each at once on one key, on two workers, at ${BULK.limit} requests / 60 s`, async () => {
		const unthrottled = await concurrentBulk(env, 'Free', false);
		expect(unthrottled.failedItems).toBe(0);
		const limited = await concurrentBulk(env, 'Limited', true);
		const optimalMs = windowOptimalMs(unthrottled.wallMs);
		const total = BULK.workflows * BULK.leadsEach;
		figures.bulk = {
			unthrottledSeconds: unthrottled.wallMs / 1000,
			wallSeconds: limited.wallMs / 1000,
			windowOptimalSeconds: optimalMs / 1000,
			ratio: Number((limited.wallMs / optimalMs).toFixed(3)),
			requests: limited.requests,
			refused429: limited.refused,
			failedItems: limited.failedItems,
			storedTwice: limited.storedTwice,
			runs: limited.runs,
		};
		console.log(`bulk in queue mode: ${JSON.stringify(figures.bulk)}`);

		expect(limited.answers).toEqual(limited.runs.map(() => 200));
		// Each run on its own worker: the key's budget is shared across processes.
		const workers = limited.runs.map((run) => run.worker);
		expect(workers.every((worker) => /^worker\d$/.test(String(worker)))).toBe(true);
		expect(new Set(workers).size).toBe(BULK.workflows);
		expect(limited.runs.map((run) => run.status)).toEqual(limited.runs.map(() => 'success'));
		expect(limited.failedItems).toBe(0);
		expect(limited.stored).toBe(total);
		expect(limited.storedTwice).toBe(0);
		expect(limited.refused / limited.requests).toBeLessThanOrEqual(0.05);
		expect(limited.wallMs).toBeLessThanOrEqual(1.1 * optimalMs);
	});

	test('the trigger: activation and deactivation leave no orphan subscription', async () => {
		const webhookUrl = env.stack.webhook.url;
		const seen: number[] = [];
		for (let cycle = 0; cycle < 3; cycle++) {
			await activateTrigger(env);
			seen.push(subscriptions(env).length);
			expect(subscriptions(env)).toEqual([
				expect.objectContaining({
					url: expect.stringContaining(`${webhookUrl}/webhook/`),
					events: ['lead.created'],
				}),
			]);
			await env.session.deactivate(env.trigger.id);
			await expect.poll(() => subscriptions(env).length, { timeout: 15_000 }).toBe(0);
		}
		figures.subscriptionsWhileActive = seen;
	});

	test(`${TRIGGER_DELIVERIES} signed deliveries through the webhook processor start ${TRIGGER_DELIVERIES} executions on the workers; replays and duplicates measured`, async () => {
		await activateTrigger(env);
		const burst = await triggerDeliveries(env, TRIGGER_DELIVERIES);
		figures.deliveries = {
			acknowledgedFirstTime: burst.succeededFirstTime,
			wave: DELIVERY_WAVE,
			secondsUntilAllAcknowledged: burst.acknowledgedMs / 1000,
			p50Ms: burst.p50,
			p99Ms: burst.p99,
			executions: burst.executions.length,
			perWorker: burst.perWorker,
			webhookIdsRememberedInStaticData: rememberedWebhookIds(env),
		};
		console.log(`deliveries in queue mode: ${JSON.stringify(figures.deliveries)}`);
		expect(burst.deliveries.map((delivery) => delivery.status)).toEqual(
			burst.deliveries.map(() => 'succeeded'),
		);
		expect(burst.executions).toHaveLength(TRIGGER_DELIVERIES);
		expect(burst.executions.every((execution) => execution.status === 'success')).toBe(true);
		expect(burst.perWorker['no worker']).toBeUndefined();
		expect(Object.keys(burst.perWorker).length).toBe(env.stack.workers.length);

		const duplicates = await duplicateDeliveries(env, burst.deliveries);
		figures.duplicates = duplicates;
		console.log(`duplicates in queue mode: ${JSON.stringify(duplicates)}`);
		for (const measured of Object.values(duplicates)) {
			// Every copy is acknowledged, so Heffl stops retrying.
			expect(measured.acknowledged).toBe(measured.sent);
		}
		for (const measured of [duplicates.replayed, duplicates.concurrent]) {
			// No message is lost, no copy runs twice, and copies run again only where allowed.
			expect(measured.extra).toBeGreaterThanOrEqual(0);
			expect(measured.extra).toBeLessThanOrEqual(
				COPIES_MAY_RUN_AGAIN ? measured.sent - measured.messages : 0,
			);
		}
		expect(duplicates.replayedAfterBurst.extra).toBeLessThanOrEqual(
			COPIES_MAY_RUN_AGAIN ? duplicates.replayedAfterBurst.sent : 0,
		);

		await env.session.deactivate(env.trigger.id);
		await expect.poll(() => subscriptions(env).length, { timeout: 15_000 }).toBe(0);
	});

	test("the API key appears in no process's log", () => {
		for (const n8n of processes()) {
			expect(n8n.output(), n8n.name).not.toContain(env.sandbox.apiKey);
		}
	});
});
