/* eslint-disable no-console -- prints the measured figures */
/**
 * The Heffl Polling Trigger in n8n's queue mode (a main instance and a worker over Redis
 * and Postgres), on the legacy poller and on the scheduler with durable cursors, side by
 * side (HEFFL_POLLING_CONFIGS=scheduler for the scheduler without them): the scenario of
 * test/e2e/pollingScenario.ts and the static-data probe. Its restart is a crash: n8n is
 * killed while the poll that found 5 new tasks is saving them (an insert into the
 * executions table waits on a lock the test holds), so the cursor may be saved but the
 * execution never stored. The legacy poller saved the cursor first: those 5 are lost.
 * Durable cursors commit cursor and execution together: neither was, and the first poll
 * after the restart emits them. Only the main instance polls; the worker runs executions.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { hefflCredential, linearWorkflow } from '../../drivers/real-n8n.mjs';
import { startQueueStack } from '../../drivers/queue-stack.mjs';
import { createRecords } from '../../sandbox/records';
import { EXPECTED_SAVES, packProbe, probeFlow, savedWhen, startRecorder } from '../e2e/pollProbe';
import { chosenConfigs, POLLING_CONFIGS, startSideBySide } from '../e2e/pollingConfigs';
import { emittedRecords, firstPages, until } from '../e2e/pollingReads';
import type { PollingInstance } from '../e2e/pollingScenario';
import { pollingWorkflows, runScenario } from '../e2e/pollingScenario';
import { sleep } from '../e2e/triggerTools';
import type { StartedSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';

type Stack = Awaited<ReturnType<typeof startQueueStack>>;

const heffl = { id: 'queuePollHeffl', name: 'Heffl sandbox' };
const CONFIGS = chosenConfigs(['legacy', 'durable']);
const CRASHED = 5;

interface Queue extends PollingInstance {
	stack: Stack;
	recorder: Awaited<ReturnType<typeof startRecorder>>;
	workflows: ReturnType<typeof pollingWorkflows>;
	close: () => Promise<void>;
}

let instances: Queue[] = [];

async function queueStack(config: string, probeTarball: string): Promise<Queue> {
	const sandbox: StartedSandbox = await startSandbox({ rateLimit: false });
	const recorder = await startRecorder();
	const workflows = pollingWorkflows(linearWorkflow, { hefflApi: heffl }, recorder.url);
	const stack = await startQueueStack({
		credentials: [hefflCredential(heffl, sandbox)],
		workflows: Object.values(workflows),
		extraTarballs: [probeTarball],
		workers: 1,
		webhook: false,
		env: POLLING_CONFIGS[config],
	});
	return {
		config,
		sandbox,
		creatorKey: sandbox.createApiKey(),
		stack,
		recorder,
		workflows,
		session: () => stack.main.session,
		output: () => stack.main.output(),
		restart: async (whileDown) => {
			await stack.restartMain(whileDown);
		},
		close: async () => {
			await stack.stop();
			await recorder.close();
			await sandbox.close();
		},
	};
}

beforeAll(async () => {
	const probe = packProbe();
	instances = await startSideBySide(CONFIGS.map(async (config) => await queueStack(config, probe)));
}, 1_800_000);

afterAll(async () => {
	await Promise.all(instances.map((instance) => instance.close()));
});

/**
 * The restart as a crash: 5 new tasks, a lock on the executions table, the poll that finds
 * them waits on it to store its execution, n8n is killed, the lock released, `whileDown`.
 */
async function crashingRestart(instance: Queue, whileDown: () => Promise<void>) {
	const { sandbox, stack } = instance;
	const crashed = await createRecords(sandbox, 'task', CRASHED, 'crash-', instance.creatorKey);
	const lock = await stack.holdInPostgres('BEGIN; LOCK TABLE execution_entity IN SHARE MODE;');
	let released = false;
	const release = async () => {
		if (released) return;
		released = true;
		await lock.release();
	};
	try {
		const polls = firstPages(sandbox, 'tasks');
		await until('the poll that finds them', () => firstPages(sandbox, 'tasks') > polls);
		await until(
			'n8n waiting on the lock to store the execution',
			() => Number(stack.sql('select count(*) from pg_locks where not granted')) > 0,
			60_000,
		);
		await sleep(1000);
		await stack.restartMain(
			async () => {
				await release();
				await whileDown();
			},
			{ kill: true },
		);
	} finally {
		await release();
	}
	return crashed;
}

async function runOne(instance: Queue) {
	const { workflows, recorder, stack } = instance;
	const mainPid = stack.main.current.child.pid;
	const probe = probeFlow(instance.session, recorder, workflows.probe.id);
	let crashed: string[] = [];
	const figures = await runScenario(
		{
			...instance,
			restart: async (whileDown) => {
				await probe;
				crashed = await crashingRestart(instance, whileDown);
			},
		},
		workflows,
	);
	const steps = await probe;
	const newPid = stack.main.current.child.pid;
	if (newPid === undefined)
		throw new Error(`${instance.config}: the restarted main has no process id`);
	await until('a probe poll of the restarted main instance', () =>
		recorder.of(workflows.probe.id).some((poll) => poll.pid === newPid),
	);
	const saved = savedWhen(steps, recorder.of(workflows.probe.id), newPid);
	const probePids = [...new Set(recorder.of(workflows.probe.id).map((poll) => poll.pid))].sort();
	const tasks = await emittedRecords(instance.session(), workflows.tasks.id, instance.config);
	const crashEmitted = tasks.ids.filter((id) => crashed.includes(id));
	const ranOn = [
		...new Set(tasks.executions.map((execution) => stack.workerOf(String(execution.id)))),
	];
	return {
		figures,
		saved,
		probePolledFrom: probePids
			.map((pid) => (pid === mainPid ? 'main' : pid === newPid ? 'restarted main' : String(pid)))
			.sort(),
		executionsRanOn: ranOn,
		crash: {
			created: crashed.length,
			emitted: crashEmitted.length,
			twice: crashEmitted.length - new Set(crashEmitted).size,
		},
	};
}

describe('the Heffl Polling Trigger in n8n queue mode', () => {
	test(`${CONFIGS.join(', ')}: the scenario with a crash as the restart: each record once (the poll the crash cut off is lost where n8n saves the cursor first, kept with durable cursors); polled by the main instance only, executed by the worker`, async () => {
		const results = await Promise.all(
			instances.map(
				async (instance) =>
					await runOne(instance).catch((error: Error) => {
						throw new Error(
							`${instance.config}: ${error.message}\n--- the main instance's output (end):\n${instance.output().slice(-6000)}`,
						);
					}),
			),
		);
		for (const [index, result] of results.entries())
			console.log(`polling, queue mode, ${instances[index].config}: ${JSON.stringify(result)}`);
		for (const [index, result] of results.entries()) {
			const { config } = instances[index];
			const { figures } = result;
			expect({ config, missed: figures.tasks.missed, twice: figures.tasks.twice }).toEqual({
				config,
				missed: 0,
				twice: 0,
			});
			expect(result.crash).toEqual({
				created: CRASHED,
				// Saved before the execution (legacy, scheduler): lost. One commit (durable): kept.
				emitted: config === 'durable' ? CRASHED : 0,
				twice: 0,
			});
			for (const count of [figures.tiedCompanies, figures.wonDeals])
				expect({ config, missed: count.missed, twice: count.twice }).toEqual({
					config,
					missed: 0,
					twice: 0,
				});
			expect({ config, ...result.saved, activationModes: undefined }).toEqual({
				config,
				...EXPECTED_SAVES[config],
				activationModes: undefined,
			});
			expect(result.probePolledFrom).toEqual(['main', 'restarted main']);
			expect(result.executionsRanOn).toEqual(['worker1']);
			expect(figures).toMatchObject({ failedPollExecutions: 0, idlePollRequests: 1 });
		}
	}, 3_600_000);
});
