/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * Driving the Heffl Trigger inside a real n8n (test/e2e/trigger.test.ts): deliveries
 * signed as Heffl signs them, forgeries of them, n8n's background activation, the
 * executions n8n saved, and a scan of what n8n kept and printed for secrets.
 */
import { randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { Webhook } from 'standardwebhooks';

import type { Session as FullSession } from '../../drivers/n8n-session.mjs';

/** What these helpers use of `login()` in drivers/real-n8n.mjs. */
export type Session = Pick<FullSession, 'call' | 'activate' | 'executions'>;

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export const newSecret = (bytes = 32) => `whsec_${randomBytes(bytes).toString('base64')}`;

/** One message, signed by the standardwebhooks library afresh at each sending (as Heffl's retries are). */
export function signed(
	secret: string,
	id = `msg_${randomBytes(10).toString('hex')}`,
	body = JSON.stringify({
		event: 'lead.created',
		timestamp: new Date().toISOString(),
		payload: { id: 'ld_e2e', name: 'Ada' },
	}),
) {
	return {
		id,
		send: async (url: string, headers: Record<string, string> = {}) => {
			const at = new Date();
			const response = await fetch(url, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'user-agent': 'Heffl-Webhooks/1.0',
					'webhook-id': id,
					'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
					'webhook-signature': new Webhook(secret).sign(id, at, body),
					...headers,
				},
				body,
			});
			return { status: response.status, body: await response.text() };
		},
	};
}

/** Sends `messages` (each `copies` times, all copies at once) in batches of `batch` messages. */
export async function sendInBatches(
	messages: Array<ReturnType<typeof signed>>,
	url: string,
	{ copies = 1, batch = 10 } = {},
): Promise<number[]> {
	const statuses: number[] = [];
	for (let start = 0; start < messages.length; start += batch) {
		const sends = messages
			.slice(start, start + batch)
			.flatMap((message) => Array.from({ length: copies }, () => message.send(url)));
		statuses.push(...(await Promise.all(sends)).map((answer) => answer.status));
	}
	return statuses;
}

/**
 * Sends again, as Heffl does, each message whose answer was 503 (filters not judged in
 * time), until it is answered 2xx (at most 5 times each); returns how many were sent again.
 * Throws when another answer comes back.
 */
export async function redeliverLate(
	messages: Array<ReturnType<typeof signed>>,
	answers: number[],
	url: string,
): Promise<number> {
	let redelivered = 0;
	for (const [index, message] of messages.entries()) {
		let status = answers[index];
		if (status !== 503) continue;
		redelivered++;
		for (let attempt = 0; status === 503 && attempt < 5; attempt++) {
			await sleep(1000);
			status = (await message.send(url)).status;
		}
		if (status < 200 || status >= 300)
			throw new Error(`delivery ${index} delivered again: answered ${status}`);
	}
	return redelivered;
}

/**
 * 100 forgeries sent one after another to `url` (a trigger whose secret is `secret`): 40 signed
 * with another secret, 20 with a random signature, 20 an hour stale, 20 unsigned. Their
 * answers, by kind.
 */
export async function sendForgeries(secret: string, url: string) {
	const stale = () => String(Math.floor(Date.now() / 1000) - 3600);
	const kinds: Record<string, [number, () => ReturnType<ReturnType<typeof signed>['send']>]> = {
		'wrong secret': [40, () => signed(newSecret()).send(url)],
		'bad signature': [
			20,
			() =>
				signed(secret).send(url, {
					'webhook-signature': `v1,${randomBytes(32).toString('base64')}`,
				}),
		],
		stale: [20, () => signed(secret).send(url, { 'webhook-timestamp': stale() })],
		unsigned: [20, () => signed(secret).send(url, { 'webhook-signature': '' })],
	};
	const answers: Record<string, number[]> = {};
	for (const [kind, [count, send]] of Object.entries(kinds)) {
		answers[kind] = [];
		for (let i = 0; i < count; i++) answers[kind].push((await send()).status);
	}
	return answers;
}

/** Execution statuses n8n has not finished with yet. */
const UNFINISHED = new Set(['new', 'running']);

/**
 * Executions of a workflow once n8n has saved and finished them (it saves a moment after
 * answering; under load one was still running when the count had been steady for 1.5 s).
 */
export async function settledExecutions(
	session: Session,
	workflowId: string,
	atLeast = 0,
): Promise<IDataObject[]> {
	let executions: IDataObject[] = [];
	let stableSince = Date.now();
	let last = '';
	const deadline = Date.now() + 30_000;
	while (Date.now() < deadline) {
		executions = await session.executions(workflowId);
		const unfinished = executions.filter(({ status }) => UNFINISHED.has(String(status))).length;
		const now = `${executions.length} saved, ${unfinished} unfinished`;
		if (now !== last) {
			last = now;
			stableSince = Date.now();
		}
		if (executions.length >= atLeast && unfinished === 0 && Date.now() - stableSince > 1500) break;
		await sleep(250);
	}
	return executions;
}

/**
 * Asks n8n to activate and waits for the outcome (activation runs in the background):
 * undefined once the trigger is live, else n8n's error message for it.
 */
export async function activationError(
	session: Session,
	workflowId: string,
): Promise<string | undefined> {
	try {
		await session.activate(workflowId);
	} catch (error) {
		return (error as Error).message;
	}
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		const status = (await session.call('GET', `/workflows/${workflowId}/publication-status`)) as {
			status: string;
			triggers: Array<{ errorMessage: string | null }>;
		};
		if (status.status === 'published') return undefined;
		if (status.status === 'failed' || status.status === 'partial') {
			return status.triggers.map((trigger) => trigger.errorMessage ?? '').join('; ');
		}
		await sleep(250);
	}
	throw new Error(`the activation of workflow ${workflowId} did not settle in 60 s`);
}

/** Resolves once the webhook answers (n8n registers it a moment after activation). */
export async function registered(url: string) {
	for (let attempt = 0; attempt < 100; attempt++) {
		const probe = await fetch(url, { method: 'POST', body: '{}' });
		if (probe.status !== 404) return;
		await sleep(200);
	}
	throw new Error(`the webhook ${url} was not registered`);
}

/** The signing secret n8n keeps in a Register Automatically trigger's static data. */
export async function automaticSecret(session: Session, workflowId: string): Promise<string> {
	const { staticData } = (await session.call('GET', `/workflows/${workflowId}`)) as IDataObject;
	return String((Object.values(staticData as IDataObject)[0] as IDataObject).secret);
}

/**
 * How many times each of `secrets` (by what it is) occurs in `texts` (n8n's log, its saved
 * executions): only those found, so none found is `{}`.
 */
export function secretsFound(secrets: Record<string, string>, texts: string[]) {
	const found: Record<string, number> = {};
	for (const [what, secret] of Object.entries(secrets)) {
		const count = texts.reduce((sum, text) => sum + text.split(secret).length - 1, 0);
		if (count > 0) found[what] = count;
	}
	return found;
}
