/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * The Heffl Trigger of the packed package inside a real n8n 2.x: its webhook server,
 * database, static data, credentials and log. Deliveries come from the sandbox (as
 * Heffl sends them) and from this file, signed by the independent standardwebhooks
 * library: replays, concurrent duplicates, forgeries, garbled secrets, a lost answer,
 * and a replay after n8n restarts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import {
	ensureN8n,
	freePort,
	importIntoN8n,
	linearWorkflow,
	login,
	packPackage,
	prepareUserFolder,
	startN8n,
	// @ts-expect-error -- plain ESM script shared with `npm start`
} from '../../scripts/real-n8n.mjs';
import type { StartedSandbox } from '../sandbox';
import {
	activationError as activationOutcome,
	automaticSecret,
	newSecret,
	registered as registeredAt,
	settledExecutions as savedExecutions,
	signed,
} from './triggerTools';
import { startSandbox } from '../sandbox';

type Session = Awaited<ReturnType<typeof login>>;
type Workflow = ReturnType<typeof linearWorkflow>;
type N8n = { url: string; output: () => string; stop: () => Promise<void> };

const TRIGGER = 'n8n-nodes-heffl.hefflTrigger';
const heffl = { id: 'triggerHeffl', name: 'Heffl sandbox' };

let sandbox: StartedSandbox;
let n8n: N8n;
let session: Session;
let folder: string;
let n8nPort: number;
let brokerPort: number;
const workflows: Workflow[] = [];
const secretCredentials: IDataObject[] = [];

/** Trigger → No Operation; `credentials` as the node carries them. */
function triggerWorkflow(
	key: string,
	parameters: IDataObject,
	{ credentials = {}, after = [] }: { credentials?: IDataObject; after?: IDataObject[] } = {},
): Workflow {
	const workflow = linearWorkflow(`wfTrig${key}`, `trigger ${key}`, [
		{ name: 'Heffl Trigger', type: TRIGGER, parameters, credentials },
		...after,
		{ name: 'Done', type: 'n8n-nodes-base.noOp' },
	]);
	workflows.push(workflow);
	return workflow;
}

/** A workflow using a subscription made by hand, its secret in a credential. */
function existingWorkflow(key: string, secret: unknown, after: IDataObject[] = []) {
	const credential = { id: `secret${key}`, name: `Heffl signing secret ${key}` };
	secretCredentials.push({
		...credential,
		type: 'hefflWebhookSigningSecretApi',
		data: { signingSecret: secret },
	});
	return triggerWorkflow(
		key,
		{ subscription: 'existing', events: ['lead.created'] },
		{ credentials: { hefflWebhookSigningSecretApi: credential }, after },
	);
}

const activationError = (workflow: Workflow) => activationOutcome(session, workflow.id);
const registered = (workflow: Workflow) => registeredAt(webhookUrl(workflow));
const settledExecutions = (workflow: Workflow, atLeast = 0) =>
	savedExecutions(session, workflow.id, atLeast);

async function activate(workflow: Workflow) {
	expect(await activationError(workflow)).toBeUndefined();
	await registered(workflow);
}

const webhookUrl = (workflow: Workflow) =>
	`${n8n.url}/webhook/${String(workflow.nodes[0].webhookId)}/webhook`;

/** A loopback relay to n8n that can lose n8n's answers, as a broken connection would. */
async function lossyRelay(target: () => string) {
	let lose = 0;
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			void (async () => {
				const headers = Object.fromEntries(
					Object.entries(request.headers).filter(
						([name]) => !['host', 'content-length', 'connection'].includes(name),
					),
				) as Record<string, string>;
				const answer = await fetch(target(), {
					method: 'POST',
					headers,
					body: Buffer.concat(chunks),
				});
				const text = await answer.text();
				if (lose > 0) {
					lose--;
					request.socket.destroy();
					return;
				}
				response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
			})();
		});
	});
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const { port } = server.address() as { port: number };
	return {
		url: `http://127.0.0.1:${port}/hook`,
		loseNext: (count: number) => (lose = count),
		close: () => new Promise<void>((done) => server.close(() => done())),
	};
}

async function subscribeByHand(url: string): Promise<{ id: string; secret: string }> {
	const answer = await fetch(`${sandbox.urls.v1}/webhooks`, {
		method: 'POST',
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ name: 'by hand', url, events: ['lead.created'] }),
	});
	return (await answer.json()) as { id: string; secret: string };
}

async function createLead(name: string) {
	const answer = await fetch(`${sandbox.urls.v1}/leads`, {
		method: 'POST',
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ name }),
	});
	return (await answer.json()) as IDataObject;
}

// Built before n8n starts: the imports go in while it is stopped.
let automatic: Workflow;
let byHand: Workflow;
let byHandSecret: { id: string; secret: string };
let relay: Awaited<ReturnType<typeof lossyRelay>>;
let rotated: Workflow;
let restartPlain: Workflow;
let restartGuarded: Workflow;
let restartSecret: string;
const garbled: Array<{ label: string; workflow: Workflow }> = [];

beforeAll(async () => {
	ensureN8n();
	folder = prepareUserFolder(mkdtempSync(join(tmpdir(), 'heffl-e2e-trigger-')), packPackage());
	sandbox = await startSandbox({
		rateLimit: false,
		seed: false,
		webhooks: { retryScheduleMs: [0, 300, 600], timeoutMs: 10_000, maxAttempts: 3 },
	});
	n8nPort = await freePort();
	brokerPort = await freePort();

	automatic = triggerWorkflow(
		'Auto',
		{ events: ['lead.created'] },
		{ credentials: { hefflApi: heffl } },
	);

	byHand = existingWorkflow('ByHand', 'placeholder');
	relay = await lossyRelay(() => webhookUrl(byHand));
	byHandSecret = await subscribeByHand(relay.url);
	secretCredentials.at(-1)!.data = { signingSecret: byHandSecret.secret };

	rotated = existingWorkflow('Rotated', newSecret());

	for (const [label, secret] of [
		['blank', '   '],
		['the bare prefix', 'whsec_'],
		['padding only', 'whsec_===='],
		['not base64', 'whsec_this is not base64!'],
		['a 16-byte key', `whsec_${randomBytes(16).toString('base64')}`],
		['no whsec_ prefix', randomBytes(32).toString('base64')],
		['an expression yielding ""', '={{ "" }}'],
		['an expression yielding undefined', '={{ undefined }}'],
	] as const) {
		garbled.push({
			label,
			workflow: existingWorkflow(`Bad${garbled.length}`, secret),
		});
	}

	restartSecret = newSecret();
	restartPlain = existingWorkflow('RestartPlain', restartSecret);
	restartGuarded = existingWorkflow('RestartGuarded', restartSecret, [
		{
			name: 'Remove Duplicates',
			type: 'n8n-nodes-base.removeDuplicates',
			typeVersion: 2,
			parameters: {
				operation: 'removeItemsSeenInPreviousExecutions',
				dedupeValue: '={{ $json.webhookId }}',
				options: {},
			},
		},
	]);

	importIntoN8n(folder, {
		credentials: [
			{
				...heffl,
				type: 'hefflApi',
				data: { apiKey: sandbox.apiKey, v1BaseUrl: sandbox.urls.v1, v2BaseUrl: sandbox.urls.v2 },
			},
			...secretCredentials,
		],
		workflows,
	});
	n8n = await startN8n(folder, n8nPort, { N8N_RUNNERS_BROKER_PORT: String(brokerPort) });
	session = await login(n8n.url);
}, 900_000);

afterAll(async () => {
	await n8n?.stop();
	await relay?.close();
	await sandbox?.close();
});

describe('the Heffl Trigger in real n8n', () => {
	test('n8n loads the trigger and the signing-secret credential', async () => {
		const types = await session.loadedTypes();
		expect(types.nodes).toContain(TRIGGER);
		expect(types.credentials).toContain('hefflWebhookSigningSecretApi');
		expect(n8n.output()).not.toMatch(/Failed to load package/);
	});

	test('Register Automatically: one subscription, a run per event, 3 sequential replays and 10 concurrent duplicates run once, forgeries run nothing, deactivation leaves none', async () => {
		await activate(automatic);
		await expect
			.poll(
				() => sandbox.records('webhooks').filter((s) => s.url === webhookUrl(automatic)).length,
				{ timeout: 10_000 },
			)
			.toBe(1);

		const lead = await createLead('Grace Hopper');
		await sandbox.waitForDeliveries(undefined, 30_000);
		const runs = await settledExecutions(automatic, 1);
		expect(runs).toHaveLength(1);
		const { outputs } = await session.outputs(String(runs[0].id));
		expect(outputs['Heffl Trigger']).toEqual([
			expect.objectContaining({ event: 'lead.created', record: lead }),
		]);

		// The secret n8n keeps in static data signs our own replays of one message.
		const secret = await automaticSecret(session, automatic.id);
		const message = signed(secret);
		const sequential = [];
		for (let i = 0; i < 3; i++) sequential.push((await message.send(webhookUrl(automatic))).status);
		const burst = signed(secret);
		const concurrent = await Promise.all(
			Array.from({ length: 10 }, () => burst.send(webhookUrl(automatic))),
		);
		const forged = await signed(newSecret()).send(webhookUrl(automatic));

		expect(sequential).toEqual([200, 200, 200]);
		expect(concurrent.map((answer) => answer.status)).toEqual(Array(10).fill(200));
		expect(forged.status).toBe(401);
		const all = await settledExecutions(automatic, 3);
		expect(all).toHaveLength(3); // the lead, the replayed message once, the burst once

		await session.deactivate(automatic.id);
		await expect
			.poll(
				() => sandbox.records('webhooks').filter((s) => s.url === webhookUrl(automatic)).length,
				{ timeout: 10_000 },
			)
			.toBe(0);
	});

	test('Use Existing Subscription (secret in a credential): replays, duplicates and a retry after a lost answer run once; a forgery leaves a log line', async () => {
		await activate(byHand);
		const before = (await settledExecutions(byHand)).length;

		const message = signed(byHandSecret.secret);
		const sequential = [];
		for (let i = 0; i < 3; i++) sequential.push((await message.send(webhookUrl(byHand))).status);
		const burst = signed(byHandSecret.secret);
		const concurrent = await Promise.all(
			Array.from({ length: 10 }, () => burst.send(webhookUrl(byHand))),
		);
		expect(sequential).toEqual([200, 200, 200]);
		expect(concurrent.map((answer) => answer.status)).toEqual(Array(10).fill(200));

		// Heffl's own retry: n8n's first answer never reaches it, it sends the message again.
		relay.loseNext(1);
		await createLead('Annie Easley');
		await sandbox.waitForDeliveries(undefined, 30_000);
		const delivery = sandbox.deliveries.at(-1)!;
		expect(delivery.attempts.map((attempt) => attempt.statusCode)).toEqual([null, 200]);

		const forged = await signed(newSecret()).send(webhookUrl(byHand));
		expect(forged.status).toBe(401);
		expect((await settledExecutions(byHand, before + 3)).length - before).toBe(3);
		expect(n8n.output()).toMatch(
			new RegExp(
				`Heffl Trigger "Heffl Trigger" \\(workflow ${byHand.id}\\) refused a delivery .*No valid signature`,
			),
		);
		expect(n8n.output()).not.toContain(byHandSecret.secret);
		await session.deactivate(byHand.id);
	});

	test('blank or garbled secrets: activation is refused naming the field, and nothing runs', async () => {
		// Activations settle slowly when they fail: start them all, then look.
		const refusals = await Promise.all(garbled.map(({ workflow }) => activationError(workflow)));
		// Signed with an all-zero key, as a secret that decodes to a fixed key would verify.
		const zeroKey = `whsec_${Buffer.alloc(24).toString('base64')}`;
		const outcomes: Record<string, { refusal?: string; answer: number }> = {};
		for (const [index, { label, workflow }] of garbled.entries()) {
			outcomes[label] = {
				refusal: refusals[index],
				answer: (await signed(zeroKey).send(webhookUrl(workflow))).status,
			};
		}
		process.stdout.write(`[trigger e2e] garbled secrets: ${JSON.stringify(outcomes, null, 1)}\n`);
		for (const [label, { refusal, answer }] of Object.entries(outcomes)) {
			expect({ label, refusal }).toEqual({
				label,
				refusal: expect.stringMatching(/[Ss]igning [Ss]ecret/),
			});
			expect({ label, answer }).toEqual({ label, answer: 404 }); // never registered, so never run
		}
		for (const { workflow } of garbled)
			expect(await session.executions(workflow.id)).toHaveLength(0);
	});

	test('a secret that turns bad after activation: deliveries get 401, run nothing, and are logged with advice', async () => {
		await activate(rotated);
		const credential = secretCredentials.find((entry) => entry.id === 'secretRotated')!;
		await session.call('PATCH', `/credentials/${String(credential.id)}`, {
			name: credential.name,
			type: credential.type,
			data: { signingSecret: 'whsec_' },
		});
		const answer = await signed(`whsec_${Buffer.alloc(24).toString('base64')}`).send(
			webhookUrl(rotated),
		);
		expect(answer.status).toBe(401);
		expect(await settledExecutions(rotated)).toHaveLength(0);
		expect(n8n.output()).toMatch(
			new RegExp(
				`\\(workflow ${rotated.id}\\) refused a delivery .*Heffl Webhook Signing Secret credential is empty|\\(workflow ${rotated.id}\\) refused a delivery .*credential`,
			),
		);
		await session.deactivate(rotated.id);
	});

	test('across a restart of n8n: what a replay does, with and without a Remove Duplicates node keyed on webhookId', async () => {
		await activate(restartPlain);
		await activate(restartGuarded);
		// The first delivery to a trigger whose static data is empty is the one n8n saves.
		const first = signed(restartSecret);
		const later = signed(restartSecret);
		for (const message of [first, later]) {
			expect((await message.send(webhookUrl(restartPlain))).status).toBe(200);
			expect((await message.send(webhookUrl(restartGuarded))).status).toBe(200);
		}
		await settledExecutions(restartPlain, 2);
		await settledExecutions(restartGuarded, 2);

		await n8n.stop();
		n8n = await startN8n(folder, n8nPort, { N8N_RUNNERS_BROKER_PORT: String(brokerPort) });
		session = await login(n8n.url);
		await registered(restartPlain);
		await registered(restartGuarded);

		for (const message of [first, later]) {
			expect((await message.send(webhookUrl(restartPlain))).status).toBe(200);
			expect((await message.send(webhookUrl(restartGuarded))).status).toBe(200);
		}
		const plain = await settledExecutions(restartPlain, 3);
		const guarded = await settledExecutions(restartGuarded, 3);
		let guardedDone = 0;
		for (const execution of guarded) {
			const { outputs } = await session.outputs(String(execution.id));
			guardedDone += (outputs.Done ?? []).length;
		}
		const figures = {
			replaysAfterRestart: 2,
			executionsStartedAgain: plain.length - 2,
			withRemoveDuplicates: {
				executionsStartedAgain: guarded.length - 2,
				reachedTheNextNode: guardedDone - 2,
			},
		};
		process.stdout.write(`[trigger e2e] replays after a restart: ${JSON.stringify(figures)}\n`);
		// The limit the README documents: the process's memory is gone, and n8n 2.41 saved
		// only the first delivery's static data; Remove Duplicates (n8n's database) holds.
		expect(figures).toEqual({
			replaysAfterRestart: 2,
			executionsStartedAgain: 1,
			withRemoveDuplicates: { executionsStartedAgain: 1, reachedTheNextNode: 0 },
		});
	});
});
