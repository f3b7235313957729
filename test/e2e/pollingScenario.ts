/**
 * The polling trigger's end-to-end scenario, shared by regular mode (test/e2e/polling.test.ts)
 * and queue mode (test/e2e-queue/polling.test.ts): 250 tasks created over three polls of a
 * real n8n, 40 before the first cron poll, 60 before the second and a burst of 120 while
 * that poll pages, 30 while n8n is down; the third poll is the one n8n runs when it starts
 * again. Counted from the executions n8n saved: every task once, none missed. Beside it,
 * the probe of pollProbe.ts measures what n8n saves of a polling node's static data.
 */
import type { IDataObject } from 'n8n-workflow';
import { expect } from 'vitest';

import { createRecord, createRecords } from '../polling/records';
import type { StartedSandbox } from '../sandbox';
import type { startRecorder } from './pollProbe';
import { PROBE_TYPE } from './pollProbe';
import { sleep } from './triggerTools';

// @ts-expect-error -- plain ESM script shared with `npm start`
import type { linearWorkflow, login } from '../../scripts/real-n8n.mjs';

type Session = Awaited<ReturnType<typeof login>>;
type Workflow = ReturnType<typeof linearWorkflow>;
type Recorder = Awaited<ReturnType<typeof startRecorder>>;

export const POLLING_TYPE = 'n8n-nodes-heffl.hefflPollingTrigger';
export const TRIGGER_NAME = 'Heffl Polling Trigger';
export const EVERY_MINUTE = { item: [{ mode: 'everyMinute' }] };

/** The issue's load: 250 records over three polls, a restart between, a burst of 120 in one. */
export const LOAD = { beforeFirst: 40, beforeSecond: 60, burst: 120, whileDown: 30 } as const;

export interface PollingEnvironment {
	sandbox: StartedSandbox;
	session: () => Session;
	/** Stops n8n (the main instance in queue mode), runs `whileDown`, starts it again. */
	restart: (whileDown: () => Promise<void>) => Promise<void>;
	/** What n8n (the main instance) printed. */
	output: () => string;
}

export function pollingWorkflows(
	linear: typeof linearWorkflow,
	credentials: IDataObject,
	recorderUrl: string,
) {
	const trigger = (parameters: IDataObject) => ({
		name: TRIGGER_NAME,
		type: POLLING_TYPE,
		parameters: { pollTimes: EVERY_MINUTE, ...parameters },
		credentials,
	});
	const done = { name: 'Done', type: 'n8n-nodes-base.noOp' };
	return {
		tasks: linear('wfPollTasks', 'poll new tasks', [trigger({ event: 'task' }), done]) as Workflow,
		wonDeals: linear('wfPollWonDeals', 'poll new won deals', [
			trigger({
				event: 'deal',
				filters: {
					conditions: { condition: [{ field: 'status', operator: 'is', values: 'WON' }] },
				},
				options: { recordOnly: true },
			}),
			done,
		]) as Workflow,
		probe: linear('wfPollProbe', 'poll probe', [
			{
				name: 'Poll Probe',
				type: PROBE_TYPE,
				parameters: { pollTimes: EVERY_MINUTE, recorder: recorderUrl },
			},
			done,
		]) as Workflow,
	};
}

/** Polls n8n made of a kind: each poll asks for its first page exactly once. */
export function firstPages(sandbox: StartedSandbox, path: string): number {
	return sandbox.requests.filter(
		(request) =>
			request.method === 'GET' &&
			request.path === `/api/v2/${path}?orderBy=createdAt&orderDir=desc&pageSize=10`,
	).length;
}

export async function until<T>(what: string, check: () => T | Promise<T>, timeoutMs = 150_000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value) return value;
		if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
		await sleep(250);
	}
}

/** The records of every execution of a workflow n8n saved, oldest execution first. */
export async function emittedRecords(session: Session, workflowId: string) {
	const executions = ((await session.executions(workflowId)) as IDataObject[]).reverse();
	const records: IDataObject[] = [];
	for (const execution of executions) {
		const { outputs } = await session.outputs(String(execution.id));
		for (const item of (outputs[TRIGGER_NAME] ?? []) as IDataObject[])
			records.push((item.record ?? item) as IDataObject);
	}
	return { executions, records, ids: records.map((record) => String(record.id)) };
}

/** Waits for the executions of a workflow to stop changing, with at least `atLeast` items. */
async function settledRecords(session: Session, workflowId: string, atLeast: number) {
	let last = '';
	let stableSince = Date.now();
	return await until(`${atLeast} polled records of ${workflowId}`, async () => {
		const emitted = await emittedRecords(session, workflowId);
		const key = `${emitted.executions.length}:${emitted.ids.length}`;
		if (key !== last) {
			last = key;
			stableSince = Date.now();
		}
		return emitted.ids.length >= atLeast && Date.now() - stableSince > 3000 ? emitted : undefined;
	});
}

export interface ScenarioFigures {
	created: string[];
	emitted: string[];
	executions: number;
	/** Items of each execution, in order. */
	perExecution: number[];
	polls: number;
	wonDeals: { created: string[]; emitted: string[] };
}

/** Activates the workflows and runs the 250-record scenario with a restart; returns what n8n emitted. */
export async function runScenario(
	env: PollingEnvironment,
	workflows: ReturnType<typeof pollingWorkflows>,
	creatorKey: string,
): Promise<ScenarioFigures> {
	const { sandbox } = env;
	const create = (count: number, prefix: string) =>
		createRecords(sandbox, 'task', count, prefix, creatorKey);
	const created: string[] = [];
	const taskPolls = () => firstPages(sandbox, 'tasks');

	for (const workflow of [workflows.tasks, workflows.wonDeals])
		await env.session().activate(workflow.id);
	await until('the activation polls', () => taskPolls() >= 1 && firstPages(sandbox, 'deals') >= 1);

	// Deals for the filtered trigger: two won, one open.
	const deals = [];
	for (const [index, status] of ['WON', 'ACTIVE', 'WON'].entries()) {
		const deal = await createRecord(sandbox, 'deal', `poll-deal-${index}`, creatorKey);
		const patched = await fetch(`${sandbox.urls.v2}/deals/${String(deal.id)}`, {
			method: 'PATCH',
			headers: { 'x-api-key': creatorKey, 'content-type': 'application/json' },
			body: JSON.stringify({ status }),
		});
		expect(patched.status).toBe(200);
		deals.push({ id: String(deal.id), status });
	}

	// Poll 1 (cron): 40 new tasks.
	created.push(...(await create(LOAD.beforeFirst, 'first-')));
	const beforeFirst = taskPolls();
	await until('the first cron poll', () => taskPolls() > beforeFirst);

	// Poll 2 (cron): 60 new tasks, and a burst of 120 created when it asks for its second page.
	created.push(...(await create(LOAD.beforeSecond, 'second-')));
	let pagesOfSecondPoll = 0;
	let burstDone = false;
	const stop = sandbox.beforeRoute(async ({ method, path }) => {
		if (method !== 'GET' || path !== '/api/v2/tasks') return;
		pagesOfSecondPoll++;
		if (pagesOfSecondPoll === 2) {
			created.push(...(await create(LOAD.burst, 'burst-')));
			burstDone = true;
		}
	});
	try {
		await until('the burst during the second cron poll', () => burstDone);
	} finally {
		stop();
	}
	const afterSecond = await settledRecords(
		env.session(),
		workflows.tasks.id,
		LOAD.beforeFirst + LOAD.beforeSecond,
	);
	expect(afterSecond.ids.length).toBeLessThan(created.length);

	// Poll 3: n8n restarts; 30 tasks are created while it is down.
	const pollsBeforeRestart = taskPolls();
	await env.restart(async () => {
		created.push(...(await create(LOAD.whileDown, 'down-')));
	});
	await until('the poll n8n runs when it starts', () => taskPolls() > pollsBeforeRestart);
	const all = await settledRecords(env.session(), workflows.tasks.id, created.length);
	const won = await settledRecords(env.session(), workflows.wonDeals.id, 2);
	return {
		created,
		emitted: all.ids,
		executions: all.executions.length,
		perExecution: await perExecution(env.session(), workflows.tasks.id),
		polls: taskPolls(),
		wonDeals: {
			created: deals.filter((deal) => deal.status === 'WON').map((deal) => deal.id),
			emitted: won.ids,
		},
	};
}

async function perExecution(session: Session, workflowId: string) {
	const executions = ((await session.executions(workflowId)) as IDataObject[]).reverse();
	const counts: number[] = [];
	for (const execution of executions) {
		const { outputs } = await session.outputs(String(execution.id));
		counts.push(((outputs[TRIGGER_NAME] ?? []) as IDataObject[]).length);
	}
	return counts;
}

/** Then one more poll that fails (503) is logged and moves nothing, and the poll after it emits nothing. */
export async function failingThenIdle(env: PollingEnvironment, workflowId: string) {
	const { sandbox } = env;
	const executions = (await env.session().executions(workflowId)).length;
	const polls = firstPages(sandbox, 'tasks');
	sandbox.faults.queue('503', 3, ['GET']);
	await until('a poll that meets 503s', () => firstPages(sandbox, 'tasks') > polls);
	await until(
		'the 503s used up',
		() => sandbox.requests.filter((request) => request.fault === '503').length >= 3,
	);
	const logged = await until('the warning in n8n’s log', () =>
		/Heffl Polling Trigger "Heffl Polling Trigger" \(workflow wfPoll\w+\) could not read Heffl's (tasks|deals): Heffl failed to answer \(HTTP 503\)\. Nothing was skipped/.exec(
			env.output(),
		),
	);
	const after = firstPages(sandbox, 'tasks');
	const requestsBefore = sandbox.requests.length;
	await until('one more poll', () => firstPages(sandbox, 'tasks') > after);
	await sleep(3000);
	return {
		logged: logged[0],
		newExecutions: (await env.session().executions(workflowId)).length - executions,
		/** Requests the idle poll after it sent to read tasks. */
		idlePollRequests: sandbox.requests
			.slice(requestsBefore)
			.filter((request) => request.path.startsWith('/api/v2/tasks')).length,
	};
}

/** What n8n saved of the probe's static data at each step. */
export async function probeFlow(session: () => Session, recorder: Recorder, workflowId: string) {
	const stored = async () => {
		const { staticData } = (await session().call('GET', `/workflows/${workflowId}`)) as IDataObject;
		return ((staticData as IDataObject | null)?.['node:Poll Probe'] as IDataObject | undefined)
			?.polls as number | undefined;
	};
	const polled = async (count: number) => {
		await until(`probe poll ${count}`, () => recorder.of(workflowId).length >= count);
		await sleep(3000);
		return recorder.of(workflowId)[count - 1];
	};
	await session().activate(workflowId);
	const activation = await polled(1);
	const afterActivation = await stored();
	const quiet = await polled(2);
	const afterQuietPoll = await stored();
	recorder.emitNext(workflowId);
	const emitting = await polled(3);
	const afterEmittingPoll = await stored();
	return {
		activation,
		quiet,
		emitting,
		afterActivation,
		afterQuietPoll,
		afterEmittingPoll,
		stored,
	};
}
