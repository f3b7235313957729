/* eslint-disable no-console -- test tooling, not shipped */
/**
 * The Heffl Polling Trigger of the packed package in real n8n 2.41 (regular mode, SQLite)
 * on each way n8n runs polls, side by side: the legacy poller, the durable scheduler, and
 * the scheduler with durable cursors (pollingScenario.ts: POLLING_CONFIGS; all three by
 * default, HEFFL_POLLING_CONFIGS=durable for one). Each n8n has its own sandbox and runs
 * the scenario of pollingScenario.ts (a start n8n must keep, equal timestamps, a burst
 * while paging, a backlog over the budget, a restart), a poll that meets 503s, Fetch
 * Test Event, and the probe that measures what n8n saves of a polling node's static data.
 */
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { RealN8n, StartedN8n } from '../../drivers/real-n8n.mjs';
import {
	ensureN8n,
	hefflCredential,
	linearWorkflow,
	packPackage,
	startRealN8n,
} from '../../drivers/real-n8n.mjs';
import type { StartedSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { intoN8n } from '../../drivers/sharedN8n';
import { EXPECTED_SAVES, packProbe, probeFlow, savedWhen, startRecorder } from './pollProbe';
import { chosenConfigs, POLLING_CONFIGS, startSideBySide } from './pollingConfigs';
import { TRIGGER_NAME, until } from './pollingReads';
import type { PollingInstance } from './pollingScenario';
import { pollingWorkflows, runScenario } from './pollingScenario';

const heffl = { id: 'pollHeffl', name: 'Heffl sandbox' };
const CONFIGS = chosenConfigs(['legacy', 'scheduler', 'durable']);

interface Regular extends PollingInstance {
	recorder: Awaited<ReturnType<typeof startRecorder>>;
	workflows: ReturnType<typeof pollingWorkflows>;
	n8n: () => StartedN8n;
	close: () => Promise<void>;
}

let instances: Regular[] = [];

/** One n8n with the polling probe installed beside the package, on `config`'s way of polling. */
async function regularN8n(config: string, probe: string): Promise<Regular> {
	const sandbox: StartedSandbox = await startSandbox({ rateLimit: false });
	const recorder = await startRecorder();
	const given = pollingWorkflows(linearWorkflow, { hefflApi: heffl }, recorder.url);
	const n8n: RealN8n = await startRealN8n({
		name: `heffl-e2e-polling-${config}`,
		tarballs: [probe],
		env: POLLING_CONFIGS[config],
	});
	// Saved through the REST API once n8n runs, not imported by n8n's CLI before: each CLI
	// import boots n8n, and the six boots of three instances took about 4 of the 10 minutes
	// this lane spent before its scenario in a loaded CI run (203caf1, 2026-11-28).
	const { workflowIds } = await intoN8n(
		{ url: n8n.url, output: () => n8n.output() },
		{ credentials: [hefflCredential(heffl, sandbox)], workflows: Object.values(given) },
	);
	const workflows = Object.fromEntries(
		Object.entries(given).map(([key, workflow]) => [
			key,
			{ ...workflow, id: workflowIds[workflow.id] },
		]),
	) as typeof given;
	return {
		config,
		sandbox,
		creatorKey: sandbox.createApiKey(),
		recorder,
		workflows,
		session: () => n8n.session,
		n8n: () => n8n.current,
		output: () => n8n.output(),
		restart: (whileDown) => n8n.restart(whileDown),
		close: async () => {
			await n8n.stop();
			await recorder.close();
			await sandbox.close();
		},
	};
}

beforeAll(async () => {
	ensureN8n();
	packPackage(); // packed here, once, before the instances start side by side
	const probe = packProbe();
	// Folders are prepared one after the other (npm), the n8n processes start together.
	instances = await startSideBySide(CONFIGS.map(async (config) => await regularN8n(config, probe)));
}, 900_000);

afterAll(async () => {
	await Promise.all(instances.map((instance) => instance.close()));
});

async function runOne(instance: Regular) {
	const { workflows, recorder } = instance;
	const probe = probeFlow(instance.session, recorder, workflows.probe.id);
	const figures = await runScenario(
		{
			...instance,
			restart: async (whileDown) => {
				await probe; // the probe's steps before the restart are done
				await instance.restart(whileDown);
			},
		},
		workflows,
	);
	const steps = await probe;
	const { pid } = instance.n8n().child;
	if (pid === undefined) throw new Error(`${instance.config}: the restarted n8n has no process id`);
	await until('a probe poll of the restarted n8n', () =>
		recorder.of(workflows.probe.id).some((poll) => poll.pid === pid),
	);
	const saved = savedWhen(steps, recorder.of(workflows.probe.id), pid);

	// Fetch Test Event, as the editor runs it: the newest task, and the saved static data unchanged.
	const staticData = async () =>
		JSON.stringify(
			((await instance.session().call('GET', `/workflows/${workflows.tasks.id}`)) as IDataObject)
				.staticData,
		);
	const before = await staticData();
	const manual = await instance.session().runManually(workflows.tasks.id, TRIGGER_NAME);
	const newest = instance.sandbox
		.records('tasks')
		.map((task) => String(task.createdAt))
		.sort()
		.at(-1);
	return {
		figures,
		saved,
		manual,
		newest,
		unchangedByTest: (await staticData()) === before,
	};
}

describe('the Heffl Polling Trigger in real n8n, regular mode', () => {
	test(`${CONFIGS.join(', ')}: a start n8n keeps, equal timestamps, a burst while paging, a backlog over the budget, a restart: each record once; what n8n saves when; a 503 poll is logged and loses nothing; Fetch Test Event moves nothing`, async () => {
		const results = await Promise.all(
			instances.map(
				async (instance) =>
					await runOne(instance).catch((error: Error) => {
						throw new Error(
							`${instance.config}: ${error.message}\n--- n8n's output (end):\n${instance.output().slice(-6000)}`,
						);
					}),
			),
		);
		for (const [index, result] of results.entries()) {
			const { config } = instances[index];
			console.log(
				`polling, regular mode, ${config}: ${JSON.stringify({ ...result.figures, saved: result.saved, manual: undefined })}`,
			);
		}
		for (const [index, { figures, saved, manual, newest, unchangedByTest }] of results.entries()) {
			const { config } = instances[index];
			for (const count of [figures.tasks, figures.tiedCompanies, figures.wonDeals])
				expect({ config, missed: count.missed, twice: count.twice }).toEqual({
					config,
					missed: 0,
					twice: 0,
				});
			expect(figures.tiedCompanies.emitted).toBe(80);
			expect(figures.wonDeals.emitted).toBe(2);
			// The scheduler's 5 s budget takes the backlog's three slow pages over more than one poll.
			if (config !== 'legacy') expect(figures.backlogExecutions).toBeGreaterThan(1);
			expect({ config, ...saved, activationModes: undefined }).toEqual({
				config,
				...EXPECTED_SAVES[config],
				activationModes: undefined,
			});
			expect(figures).toMatchObject({ failedPollExecutions: 0, idlePollRequests: 1 });
			expect(manual.status).toBe('success');
			expect(manual.outputs[TRIGGER_NAME]).toEqual([
				{
					event: 'task.created',
					timestamp: newest,
					record: expect.objectContaining({ createdAt: newest }),
				},
			]);
			expect(unchangedByTest).toBe(true);
		}
	}, 3_600_000); // n8n polls at most once a minute: about ten polls and a restart
});
