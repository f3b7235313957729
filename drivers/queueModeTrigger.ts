/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * The Heffl Trigger in n8n's queue mode (drivers/queueMode.ts starts the environment):
 * its activation, deliveries through the webhook processor at once and one by one, and
 * duplicate deliveries; what the queue-mode tier asserts and `npm run bench` prints.
 */
import type { IDataObject } from 'n8n-workflow';
import { Webhook } from 'standardwebhooks';

import type { QueueEnvironment } from './queueMode';
import { executionsOf } from './queueMode';

/** The live subscriptions the sandbox holds (workspace A, where the trigger's key lives). */
export const subscriptions = (env: QueueEnvironment) => env.sandbox.records('webhooks');

/** Activates the trigger and waits for its subscription. */
export async function activateTrigger(env: QueueEnvironment) {
	await env.session.activate(env.trigger.id);
	const deadline = Date.now() + 30_000;
	while (subscriptions(env).length === 0) {
		if (Date.now() > deadline)
			throw new Error('activating the trigger created no subscription in 30 s');
		await new Promise((done) => setTimeout(done, 100));
	}
	// n8n registers the webhook itself a moment after the activation call answers.
	await new Promise((done) => setTimeout(done, 1000));
}

/** Waits until the workflow has `count` executions that are no longer running. */
export async function waitForExecutions(
	env: QueueEnvironment,
	workflowId: string,
	count: number,
	timeoutMs = 120_000,
) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const executions = executionsOf(env, workflowId);
		const settled = executions.filter(
			(execution) => !['new', 'running', 'waiting'].includes(execution.status),
		);
		if (settled.length >= count || Date.now() > deadline) return executions;
		await new Promise((done) => setTimeout(done, 500));
	}
}

/** Deliveries the sandbox sends at the same moment in `triggerDeliveries`. */
export const DELIVERY_WAVE = 10;

/**
 * `count` lead.created events in waves of DELIVERY_WAVE emitted at once (the next wave
 * once the last one is answered): the sandbox signs and delivers each to the webhook
 * processor. Returns the time to each first answer and the executions.
 */
export async function triggerDeliveries(env: QueueEnvironment, count: number) {
	const { sandbox } = env;
	sandbox.deliveries.length = 0;
	const before = executionsOf(env, env.trigger.id).length;
	const started = Date.now();
	for (let wave = 0; wave < count; wave += DELIVERY_WAVE) {
		const end = Math.min(count, wave + DELIVERY_WAVE);
		for (let i = wave; i < end; i++) {
			sandbox.emit('lead.created', { id: `ld_queue${i}`, name: `Queue lead ${i}` });
		}
		await sandbox.waitForDeliveries(
			(all) => all.slice(wave, end).every((delivery) => delivery.attempts.length > 0),
			60_000,
		);
	}
	await sandbox.waitForDeliveries(
		(all) => all.length === count && all.every((delivery) => delivery.status !== 'pending'),
		120_000,
	);
	const acknowledgedMs = Date.now() - started;
	const executions = (await waitForExecutions(env, env.trigger.id, before + count)).slice(before);
	const ackTimes = sandbox.deliveries
		.map((delivery) => delivery.attempts[0].durationMs)
		.sort((a, b) => a - b);
	const perWorker: Record<string, number> = {};
	for (const execution of executions) {
		const worker = env.stack.workerOf(execution.id) ?? 'no worker';
		perWorker[worker] = (perWorker[worker] ?? 0) + 1;
	}
	return {
		deliveries: [...sandbox.deliveries],
		succeededFirstTime: sandbox.deliveries.filter((d) => d.attempts[0]?.statusCode === 200).length,
		acknowledgedMs,
		p50: ackTimes[Math.floor(count / 2) - 1],
		p99: ackTimes[Math.ceil((count * 99) / 100) - 1],
		executions,
		perWorker,
	};
}

/**
 * `count` lead.created events one after another, each delivered before the next is
 * emitted: the time to the 200 as the sandbox measured it, as the single-process
 * bench row does.
 */
export async function sequentialAcknowledgement(env: QueueEnvironment, count: number) {
	const { sandbox } = env;
	sandbox.deliveries.length = 0;
	const before = executionsOf(env, env.trigger.id).length;
	for (let i = 0; i < count; i++) {
		sandbox.emit('lead.created', { id: `ld_seq${i}`, name: `Sequential lead ${i}` });
		await sandbox.waitForDeliveries((all) => (all[i]?.attempts.length ?? 0) > 0, 30_000);
	}
	const times = sandbox.deliveries
		.map((delivery) => delivery.attempts[0].durationMs)
		.sort((a, b) => a - b);
	const executions = (await waitForExecutions(env, env.trigger.id, before + count)).slice(before);
	return {
		p50: times[Math.floor(count / 2) - 1],
		p99: times[Math.ceil((count * 99) / 100) - 1],
		firstTime: sandbox.deliveries.filter((delivery) => delivery.attempts[0].statusCode === 200)
			.length,
		executions: executions.length,
	};
}

/** The signing secret n8n stored for the trigger's subscription (read from its database). */
export function triggerSecret(env: QueueEnvironment): string {
	const staticData = env.stack.sql(
		`select "staticData" from workflow_entity where id = '${env.trigger.id}'`,
	);
	const secret = /whsec_[A-Za-z0-9+/=]+/.exec(staticData)?.[0];
	if (!secret) throw new Error('the trigger stored no signing secret');
	return secret;
}

/** How many webhook-ids the trigger's static data in the database remembers (a diagnostic figure). */
export function rememberedWebhookIds(env: QueueEnvironment): number {
	const staticData = JSON.parse(
		env.stack.sql(`select "staticData" from workflow_entity where id = '${env.trigger.id}'`) ||
			'{}',
	) as Record<string, IDataObject>;
	return Object.values(staticData).reduce(
		(sum, state) => sum + Object.keys((state?.seen ?? {}) as IDataObject).length,
		0,
	);
}

/** One delivery as Heffl sends it, signed now: Heffl's retries re-sign with the same webhook-id. */
export function sendDelivery(
	env: QueueEnvironment,
	secret: string,
	messageId: string,
	body: string,
) {
	const url = String(subscriptions(env)[0].url);
	const at = new Date();
	return fetch(url, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			'webhook-id': messageId,
			'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
			'webhook-signature': new Webhook(secret).sign(messageId, at, body),
		},
		body,
	}).then(async (answer) => {
		await answer.arrayBuffer();
		return answer.status;
	});
}

/** Executions of the trigger started after `before`, once the workers have settled (bounded wait). */
async function executionsSince(env: QueueEnvironment, before: number, atLeast: number) {
	await waitForExecutions(env, env.trigger.id, before + atLeast, 30_000);
	// Duplicates, if any, are enqueued with the originals: let the workers catch up.
	await new Promise((done) => setTimeout(done, 3000));
	return (await waitForExecutions(env, env.trigger.id, Infinity, 0)).slice(before);
}

/**
 * Replays and concurrent duplicates through the webhook processor, signed as Heffl
 * signs its retries (same webhook-id and body, new timestamp):
 * - `replayed`: new messages, each sent `copies` times one after another;
 * - `replayedAfterBurst`: messages of an earlier burst (delivered concurrently), each sent once more;
 * - `concurrent`: new messages, each sent `copies` times at the same moment.
 * `extra` is the executions started beyond one per message.
 */
export async function duplicateDeliveries(
	env: QueueEnvironment,
	burst: Array<{ messageId: string; body: string }>,
	{ messages = 10, copies = 3 } = {},
) {
	const secret = triggerSecret(env);
	const measure = async (
		list: Array<{ messageId: string; body: string }>,
		send: (id: string, body: string) => Promise<number[]>,
		newMessages: boolean,
	) => {
		const before = executionsOf(env, env.trigger.id).length;
		const statuses: number[] = [];
		for (const { messageId, body } of list) statuses.push(...(await send(messageId, body)));
		const executions = await executionsSince(env, before, newMessages ? list.length : 0);
		return {
			messages: list.length,
			sent: statuses.length,
			acknowledged: statuses.filter((status) => status >= 200 && status < 300).length,
			executions: executions.length,
			extra: executions.length - (newMessages ? list.length : 0),
		};
	};
	const fresh = (kind: string) =>
		Array.from({ length: messages }, (_, i) => ({
			messageId: `msg_${kind}${i}x${Date.now()}`,
			body: JSON.stringify({
				event: 'lead.created',
				timestamp: new Date().toISOString(),
				payload: { id: `ld_${kind}${i}`, name: `${kind} ${i}` },
			}),
		}));
	const replayed = await measure(
		fresh('replay'),
		async (id, body) => {
			const statuses: number[] = [];
			for (let copy = 0; copy < copies; copy++)
				statuses.push(await sendDelivery(env, secret, id, body));
			return statuses;
		},
		true,
	);
	const replayedAfterBurst = await measure(
		burst.slice(0, messages),
		async (id, body) => [await sendDelivery(env, secret, id, body)],
		false,
	);
	const concurrent = await measure(
		fresh('concurrent'),
		(id, body) =>
			Promise.all(Array.from({ length: copies }, () => sendDelivery(env, secret, id, body))),
		true,
	);
	return { replayed, replayedAfterBurst, concurrent };
}
