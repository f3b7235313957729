/* eslint-disable @n8n/community-nodes/no-restricted-imports, no-console -- test tooling, not shipped */
/**
 * The Heffl Polling Trigger of the packed package in a real n8n 2.41 (regular mode,
 * SQLite) against the sandbox: the 250-record scenario of pollingScenario.ts (three
 * polls, a burst of 120 during one, a restart with 30 records created while n8n is down),
 * a filtered trigger, a poll that meets 503s, Fetch Test Event, and the probe that measures what n8n saves
 * of a polling node's static data (the facts the trigger's cursor is built on).
 */
import { mkdtempSync } from 'node:fs';
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
import { startSandbox } from '../sandbox';
import { packProbe, startRecorder } from './pollProbe';
import type { PollingEnvironment } from './pollingScenario';
import {
	emittedRecords,
	failingThenIdle,
	pollingWorkflows,
	probeFlow,
	runScenario,
	TRIGGER_NAME,
} from './pollingScenario';

type Session = Awaited<ReturnType<typeof login>>;
type N8n = { url: string; output: () => string; stop: () => Promise<void> };

const heffl = { id: 'pollHeffl', name: 'Heffl sandbox' };

let sandbox: StartedSandbox;
let recorder: Awaited<ReturnType<typeof startRecorder>>;
let n8n: N8n;
let session: Session;
let folder: string;
let port: number;
let brokerPort: number;
let workflows: ReturnType<typeof pollingWorkflows>;
let creatorKey: string;
let output = '';

async function start() {
	n8n = await startN8n(folder, port, { N8N_RUNNERS_BROKER_PORT: String(brokerPort) });
	session = await login(n8n.url);
}

beforeAll(async () => {
	ensureN8n();
	sandbox = await startSandbox({ rateLimit: false });
	creatorKey = sandbox.createApiKey();
	recorder = await startRecorder();
	folder = prepareUserFolder(mkdtempSync(join(tmpdir(), 'heffl-e2e-polling-')), [
		packPackage(),
		packProbe(),
	]);
	workflows = pollingWorkflows(linearWorkflow, { hefflApi: heffl }, recorder.url);
	importIntoN8n(folder, {
		credentials: [
			{
				...heffl,
				type: 'hefflApi',
				data: { apiKey: sandbox.apiKey, v1BaseUrl: sandbox.urls.v1, v2BaseUrl: sandbox.urls.v2 },
			},
		],
		workflows: Object.values(workflows),
	});
	port = await freePort();
	brokerPort = await freePort();
	await start();
}, 900_000);

afterAll(async () => {
	await n8n?.stop();
	await recorder?.close();
	await sandbox?.close();
});

describe('the Heffl Polling Trigger in real n8n (regular mode)', () => {
	test('250 tasks over three polls, a burst of 120 during one, a restart with 30 created while down: each once; won deals only; a 503 poll is logged and loses nothing; Fetch Test Event moves nothing', async () => {
		const probe = probeFlow(() => session, recorder, workflows.probe.id);
		const env: PollingEnvironment = {
			sandbox,
			session: () => session,
			output: () => output + n8n.output(),
			restart: async (whileDown) => {
				await probe; // the probe's steps before the restart are done
				output += n8n.output();
				await n8n.stop();
				await whileDown();
				await start();
			},
		};
		const figures = await runScenario(env, workflows, creatorKey);
		console.log(
			`polling, regular mode: ${JSON.stringify({ ...figures, created: figures.created.length, emitted: figures.emitted.length, wonDeals: undefined })}`,
		);
		expect(figures.created).toHaveLength(250);
		expect(new Set(figures.emitted).size).toBe(figures.emitted.length);
		expect([...figures.emitted].sort()).toEqual([...figures.created].sort());
		expect(figures.perExecution.length).toBeGreaterThanOrEqual(3);
		expect([...figures.wonDeals.emitted].sort()).toEqual([...figures.wonDeals.created].sort());

		// What n8n saved of the probe's static data (the design's premise, see cursor.ts).
		const steps = await probe;
		const init = recorder.of(workflows.probe.id).find((poll) => poll.activation === 'init');
		const measured = {
			activationPollSaved: steps.afterActivation,
			quietPollSaved: steps.afterQuietPoll,
			emittingPollSaved: steps.afterEmittingPoll,
			initPollSaw: init?.seen,
		};
		console.log(`static data of a polling node, measured: ${JSON.stringify(measured)}`);
		expect(steps.activation).toMatchObject({ seen: 0, activation: 'activate', emitted: false });
		expect(steps.quiet).toMatchObject({ seen: 1, emitted: false });
		expect(steps.emitting).toMatchObject({ seen: 2, emitted: true });
		expect(measured).toEqual({
			activationPollSaved: 1,
			quietPollSaved: 1,
			emittingPollSaved: 3,
			initPollSaw: 3,
		});

		const failing = await failingThenIdle(env, workflows.tasks.id);
		console.log(`a poll that met 503s: ${JSON.stringify(failing)}`);
		expect(failing.newExecutions).toBe(0);
		expect(failing.idlePollRequests).toBe(1);
		const after = await emittedRecords(session, workflows.tasks.id);
		expect(after.ids).toHaveLength(250);

		// Fetch Test Event, as the editor runs it: the newest task, and the saved cursor unchanged.
		const cursor = async () =>
			JSON.stringify(
				((await session.call('GET', `/workflows/${workflows.tasks.id}`)) as IDataObject).staticData,
			);
		const before = await cursor();
		const manual = await session.runManually(workflows.tasks.id, TRIGGER_NAME);
		expect(manual.status).toBe('success');
		const newest = sandbox
			.records('tasks')
			.map((task) => String(task.createdAt))
			.sort()
			.at(-1);
		expect(manual.outputs[TRIGGER_NAME]).toEqual([
			{
				event: 'task.created',
				timestamp: newest,
				record: expect.objectContaining({ createdAt: newest }),
			},
		]);
		expect(await cursor()).toBe(before);
	}, 900_000); // n8n polls at most once a minute: three polls, a restart and two more
});
