/* eslint-disable no-console -- test tooling, not shipped: prints the measured figures */
/**
 * The Heffl Polling Trigger in n8n's queue mode (main, 2 workers, webhook processor,
 * Redis, Postgres): the 250-record scenario of test/e2e/pollingScenario.ts with the main
 * instance restarted, and the static-data probe. Only the main instance polls: each poll
 * is one first page at the sandbox, and the probe reports the process that polled.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import {
	linearWorkflow,
	login,
	// @ts-expect-error -- plain ESM script shared with `npm start` and the bench
} from '../../scripts/real-n8n.mjs';
// @ts-expect-error -- plain ESM script
import { startQueueStack } from '../../scripts/queue-stack.mjs';
import { packProbe, startRecorder } from '../e2e/pollProbe';
import type { PollingEnvironment } from '../e2e/pollingScenario';
import {
	emittedRecords,
	failingThenIdle,
	pollingWorkflows,
	probeFlow,
	runScenario,
} from '../e2e/pollingScenario';
import type { StartedSandbox } from '../sandbox';
import { startSandbox } from '../sandbox';

type Session = Awaited<ReturnType<typeof login>>;
interface N8nProcess {
	name: string;
	url: string;
	output: () => string;
	child: { pid: number };
}
interface Stack {
	main: N8nProcess;
	webhook: N8nProcess;
	workers: N8nProcess[];
	workerOf: (executionId: string) => string | undefined;
	restartMain: (whileDown: () => Promise<void>) => Promise<N8nProcess>;
	stop: () => Promise<void>;
}

const heffl = { id: 'queuePollHeffl', name: 'Heffl sandbox' };

let sandbox: StartedSandbox;
let recorder: Awaited<ReturnType<typeof startRecorder>>;
let stack: Stack;
let session: Session;
let workflows: ReturnType<typeof pollingWorkflows>;
let creatorKey: string;
let output = '';
const started = Date.now();

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
	creatorKey = sandbox.createApiKey();
	recorder = await startRecorder();
	workflows = pollingWorkflows(linearWorkflow, { hefflApi: heffl }, recorder.url);
	stack = (await startQueueStack({
		credentials: [
			{
				...heffl,
				type: 'hefflApi',
				data: { apiKey: sandbox.apiKey, v1BaseUrl: sandbox.urls.v1, v2BaseUrl: sandbox.urls.v2 },
			},
		],
		workflows: Object.values(workflows),
		extraTarballs: [packProbe()],
	})) as Stack;
	session = await login(stack.main.url);
	console.log(`queue stack for polling started in ${(Date.now() - started) / 1000} s`);
}, 900_000);

afterAll(async () => {
	await stack?.stop();
	await recorder?.close();
	await sandbox?.close();
});

describe('the Heffl Polling Trigger in n8n queue mode', () => {
	test('250 tasks over three polls with the main instance restarted: each once, polled by the main instance only, executed by the workers', async () => {
		const mainPid = stack.main.child.pid;
		const probe = probeFlow(() => session, recorder, workflows.probe.id);
		const env: PollingEnvironment = {
			sandbox,
			session: () => session,
			output: () => output + stack.main.output(),
			restart: async (whileDown) => {
				await probe;
				output += stack.main.output();
				await stack.restartMain(whileDown);
				session = await login(stack.main.url);
			},
		};
		const figures = await runScenario(env, workflows, creatorKey);
		console.log(
			`polling, queue mode: ${JSON.stringify({ ...figures, created: figures.created.length, emitted: figures.emitted.length, wonDeals: undefined })}`,
		);
		expect(figures.created).toHaveLength(250);
		expect(new Set(figures.emitted).size).toBe(figures.emitted.length);
		expect([...figures.emitted].sort()).toEqual([...figures.created].sort());
		expect([...figures.wonDeals.emitted].sort()).toEqual([...figures.wonDeals.created].sort());

		// One poll per interval: the probe's polls all came from the main instance (its pid
		// before the restart, the new main's after), never from a worker or the webhook processor.
		const probePids = new Set(recorder.of(workflows.probe.id).map((poll) => poll.pid));
		expect([...probePids].sort()).toEqual([mainPid, stack.main.child.pid].sort());
		const minutes = (Date.now() - started) / 60_000;
		// Activation and the restart's poll add one each to one poll a minute.
		expect(figures.polls).toBeLessThanOrEqual(Math.ceil(minutes) + 2);

		const { executions } = await emittedRecords(session, workflows.tasks.id);
		const ranOn = executions.map((execution) => stack.workerOf(String(execution.id)));
		expect(ranOn.every((worker) => /^worker\d$/.test(String(worker)))).toBe(true);

		const steps = await probe;
		const init = recorder.of(workflows.probe.id).find((poll) => poll.activation === 'init');
		const measured = {
			activationPollSaved: steps.afterActivation,
			quietPollSaved: steps.afterQuietPoll,
			emittingPollSaved: steps.afterEmittingPoll,
			initPollSaw: init?.seen,
		};
		console.log(
			`static data of a polling node in queue mode, measured: ${JSON.stringify(measured)}`,
		);
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
	}, 900_000); // n8n polls at most once a minute: three polls, a restart and two more
});
