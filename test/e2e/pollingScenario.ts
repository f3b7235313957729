/* eslint-disable no-console -- test tooling, not shipped: progress lines */
/**
 * The polling trigger's end-to-end scenario, run by test/e2e/polling.test.ts (regular
 * mode) and test/e2e-queue/polling.test.ts (queue mode) on each way n8n runs polls
 * (pollingConfigs.ts). Each n8n has its own sandbox, and every n8n runs the scenario at
 * once, each at its own poll times:
 * - before activation: 70 companies at one createdAt; right after it, 80 more at that
 *   createdAt and 40 tasks (new: the start chosen at activation must reach the first
 *   scheduled poll), 3 deals of which 2 are won (a filtered trigger);
 * - a poll: 60 tasks, and a burst of 120 created when it asks for its second page;
 * - a backlog of 150 tasks with every answer 1.5 s slow: more than one poll under the
 *   scheduler's budget (N8N_SCHEDULER_POLL_TIMEOUT=10 s: a 5 s budget). A poll begins no
 *   page with less than two of its slowest pages left, so a quiet poll reads two pages
 *   (10, then 100) and a loaded poll reads one: the backlog's three pages take two polls
 *   quiet and at most three loaded. Its polls are a minute apart, so pages, not records, cost
 *   time: 2,000 at 250 ms (21 pages) took eight polls in a loaded CI run (203caf1,
 *   2026-11-28), 600 at 1 s (7 pages) six;
 * - a poll that meets 503s (logged, nothing moved), then a restart with 30 tasks created
 *   while n8n is down, then an idle poll (1 request);
 * counted from the executions n8n saved: every record once, none missed. Beside it, the
 * probe of pollProbe.ts measures what n8n saves of a polling node's static data, when.
 * What it reads back: pollingReads.ts.
 * Over 300 lines: the scenario's load, workflows and steps, read top to bottom in the order
 * they run.
 */
import type { IDataObject } from 'n8n-workflow';
import { expect } from 'vitest';

import { createRecord, createRecords, stampAll } from '../../sandbox/records';
import type { StartedSandbox } from '../../sandbox';
import { PROBE_TYPE } from './pollProbe';
import type { Count } from './pollingReads';
import {
	countOf,
	firstPages,
	listReads,
	settledRecords,
	TRIGGER_NAME,
	until,
} from './pollingReads';
import { sleep } from './triggerTools';

import type { linearWorkflow, login } from '../../drivers/real-n8n.mjs';

type Session = Awaited<ReturnType<typeof login>>;
type Workflow = ReturnType<typeof linearWorkflow>;

export const POLLING_TYPE = 'n8n-nodes-heffl.hefflPollingTrigger';
export const EVERY_MINUTE = { item: [{ mode: 'everyMinute' }] };

/** The scenario's load (see the module comment). */
export const LOAD = {
	tiedBefore: 70,
	tiedAfter: 80,
	beforeFirst: 40,
	beforeSecond: 60,
	burst: 120,
	backlog: 150,
	backlogLatencyMs: 1500,
	whileDown: 30,
} as const;

/** One n8n (regular, or the main instance of a queue stack) and its own sandbox. */
export interface PollingInstance {
	/** legacy, scheduler or durable (pollingConfigs.ts). */
	config: string;
	sandbox: StartedSandbox;
	/** A key of its own for the records the scenario makes (the trigger's is sandbox.apiKey). */
	creatorKey: string;
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
		companies: linear('wfPollCompanies', 'poll new companies', [
			trigger({ event: 'company' }),
			done,
		]) as Workflow,
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

export interface ScenarioFigures {
	config: string;
	tasks: Count;
	/** The 80 companies created after activation at the createdAt of 70 made before it. */
	tiedCompanies: Count;
	wonDeals: Count;
	/** Executions that held records of the backlog: the polls it took. */
	backlogExecutions: number;
	/** Polls of the tasks workflow (each begins with a first page of 10, unless it resumed a backlog). */
	polls: number;
	/** Executions started by a poll that met 503s (0), and requests of an idle poll (1). */
	failedPollExecutions: number;
	idlePollRequests: number;
}

/**
 * `count` records created over HTTP and then given `createdAt`, appearing to a poll all at
 * once: reads of their list wait until all are stamped. A poll that read between would see
 * some at their own, later createdAt and move past the tie, a past Heffl never rewrites
 * (CI runs on a loaded machine met it: 52 of 80 emitted twice in one, 74 never in another).
 */
async function createdAtOnce(
	instance: PollingInstance,
	kind: 'company',
	count: number,
	prefix: string,
	createdAt: string,
): Promise<string[]> {
	const { sandbox, creatorKey } = instance;
	let stamped = () => {};
	const allStamped = new Promise<void>((done) => (stamped = done));
	const stop = sandbox.beforeRoute(async ({ method, path }) => {
		if (method === 'GET' && path === '/api/v2/companies') await allStamped;
	});
	try {
		const ids = await createRecords(sandbox, kind, count, prefix, creatorKey);
		stampAll(sandbox, kind, ids, createdAt);
		return ids;
	} finally {
		stamped();
		stop();
	}
}

type Workflows = ReturnType<typeof pollingWorkflows>;

/** Activates the workflows and runs the scenario with a restart; returns what n8n emitted. */
export async function runScenario(
	instance: PollingInstance,
	workflows: Workflows,
): Promise<ScenarioFigures> {
	const began = Date.now();
	const step = (what: string) =>
		console.log(`[${instance.config} +${Math.round((Date.now() - began) / 1000)} s] ${what}`);
	const taskPolls = () => firstPages(instance.sandbox, 'tasks');

	const tieTime = await tiedBeforeActivation(instance);
	await activated(instance, workflows);
	// Right after activation, before the first scheduled poll: new records the start must not lose.
	const tiedAfter = await createdAtOnce(instance, 'company', LOAD.tiedAfter, 'tie-after-', tieTime);
	const tasks = await createTasks(instance, LOAD.beforeFirst, 'first-');
	const deals = await dealsWonAndNot(instance);
	step('activated; 80 tied companies, 40 tasks and 3 deals created');
	const beforeFirst = taskPolls();
	await until('the first scheduled poll', () => taskPolls() > beforeFirst);

	step('first scheduled poll');
	await burstDuringSecondPoll(instance, tasks);
	await settledRecords(instance, workflows.tasks.id, tasks);

	step('burst poll settled');
	const backlog = await slowBacklog(instance, workflows, tasks);

	step('backlog emitted');
	const failedPollExecutions = await failingPoll(instance, workflows.tasks.id);
	step('a poll met 503s');
	// n8n restarts; 30 tasks are created while it is down.
	const pollsBeforeRestart = taskPolls();
	await instance.restart(async () => {
		tasks.push(...(await createTasks(instance, LOAD.whileDown, 'down-')));
	});
	await until('a poll after the restart', () => taskPolls() > pollsBeforeRestart);
	step('restarted');
	const all = await settledRecords(instance, workflows.tasks.id, tasks);
	step('all tasks emitted');
	const companies = await settledRecords(instance, workflows.companies.id, tiedAfter);
	const wonIds = deals.filter((deal) => deal.status === 'WON').map((deal) => deal.id);
	const won = await settledRecords(instance, workflows.wonDeals.id, wonIds);
	const idlePollRequests = await idlePoll(instance);
	const inBacklog = new Set(backlog);
	return {
		config: instance.config,
		tasks: countOf(tasks, all),
		tiedCompanies: countOf(tiedAfter, companies),
		wonDeals: countOf(wonIds, won),
		backlogExecutions: all.byExecution.filter((ids) => ids.some((id) => inBacklog.has(id))).length,
		polls: taskPolls(),
		failedPollExecutions,
		idlePollRequests,
	};
}

const createTasks = (instance: PollingInstance, count: number, prefix: string) =>
	createRecords(instance.sandbox, 'task', count, prefix, instance.creatorKey);

/** 70 companies at one createdAt before activation; returns that createdAt. */
async function tiedBeforeActivation({ sandbox, creatorKey }: PollingInstance) {
	const tiedBefore = await createRecords(
		sandbox,
		'company',
		LOAD.tiedBefore,
		'tie-before-',
		creatorKey,
	);
	const tieTime = String(
		sandbox.records('clients').find((client) => client.id === tiedBefore[0])?.createdAt,
	);
	stampAll(sandbox, 'company', tiedBefore, tieTime);
	return tieTime;
}

/** Activates the tasks, companies and won-deals workflows; returns once their activation polls ended. */
async function activated(instance: PollingInstance, workflows: Workflows) {
	const { sandbox } = instance;
	for (const workflow of [workflows.tasks, workflows.companies, workflows.wonDeals])
		await instance.session().activate(workflow.id);
	// The activation polls have ended once their reads are answered: a record created while
	// one is still reading may be part of the start ("now"), and is then never emitted. The
	// companies' start reads the tie of 70 to its end: a first page of 10, then another.
	await until('the activation polls', () => {
		const reads = [listReads(sandbox, 'tasks'), listReads(sandbox, 'deals')];
		const companies = listReads(sandbox, 'companies');
		return (
			reads.every((read) => read.answered >= 1 && !read.pending) &&
			companies.answered >= 2 &&
			!companies.pending
		);
	});
}

/** 3 deals made active, won, and won again: the won-deals trigger must emit the 2 won. */
async function dealsWonAndNot({ sandbox, creatorKey }: PollingInstance) {
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
	return deals;
}

/** The next poll: 60 tasks, and a burst of 120 when it asks for its second page (added to `tasks`). */
async function burstDuringSecondPoll(instance: PollingInstance, tasks: string[]) {
	const { sandbox } = instance;
	tasks.push(...(await createTasks(instance, LOAD.beforeSecond, 'second-')));
	let pages = 0;
	let burstDone = false;
	const stop = sandbox.beforeRoute(async ({ method, path }) => {
		if (method !== 'GET' || path !== '/api/v2/tasks') return;
		pages++;
		if (pages === 2) {
			tasks.push(...(await createTasks(instance, LOAD.burst, 'burst-')));
			burstDone = true;
		}
	});
	try {
		await until('the burst during the second poll', () => burstDone);
	} finally {
		stop();
	}
}

/** A backlog, every answer slow: created at once, dated after everything before it; returns its ids once emitted. */
async function slowBacklog(instance: PollingInstance, workflows: Workflows, tasks: string[]) {
	const { sandbox } = instance;
	const base = Date.now();
	const backlog = sandbox.bulkCreate('tasks', LOAD.backlog);
	const ids = new Set(backlog);
	let index = 0;
	for (const record of sandbox.records('tasks'))
		if (ids.has(String(record.id))) record.createdAt = new Date(base + index++).toISOString();
	tasks.push(...backlog);
	sandbox.faults.set({ latencyMs: LOAD.backlogLatencyMs });
	try {
		await settledRecords(instance, workflows.tasks.id, tasks, 600_000);
	} finally {
		sandbox.faults.clear();
	}
	return backlog;
}

/** A poll that meets 503s: a warning in n8n's log, no execution, nothing moved. */
async function failingPoll(instance: PollingInstance, workflowId: string) {
	const { sandbox } = instance;
	const executions = (await instance.session().executions(workflowId)).length;
	const faults = sandbox.requests.filter((request) => request.fault === '503').length;
	// Queued between polls, so the next poll's first request meets them, whether that poll
	// reads a first page or resumes a backlog (after the backlog it may still resume: a CI run
	// waited 150 s for a first page that way). Between polls: no tasks read for longer than a
	// poll's budget (5 s), so no walk is between two pages. The tasks list only: the other
	// workflows' polls may run at the same moment, and a 503 they took would leave the tasks
	// poll's retries an answer.
	await until('a moment between two polls of tasks', () => tasksQuietFor(sandbox, 6_000));
	const logged = instance.output().length;
	sandbox.faults.queue('503', 3, ['GET'], '/api/v2/tasks');
	await until(
		'the 503s used up',
		() => sandbox.requests.filter((request) => request.fault === '503').length >= faults + 3,
	);
	// The cause is the 503, or, when the scheduler's 10 s timeout ends the poll while it
	// waits to try again (a loaded CI run of 814f73e, durable cursors), the cancellation.
	const warning = new RegExp(
		`Heffl Polling Trigger "Heffl Polling Trigger" \\(workflow ${workflowId}\\) could not read Heffl's tasks: (Heffl failed to answer \\(HTTP 503\\)|The execution was cancelled while waiting for Heffl)\\. Nothing was skipped`,
	);
	await until('the warning in n8n’s log', () => warning.test(instance.output().slice(logged)));
	await sleep(3000);
	return (await instance.session().executions(workflowId)).length - executions;
}

/** No tasks read in flight, and none answered in the last `ms`. */
function tasksQuietFor(sandbox: StartedSandbox, ms: number): boolean {
	const reads = sandbox.requests.filter((request) => request.path.startsWith('/api/v2/tasks'));
	const last = reads.at(-1);
	return !last || (last.status !== 0 && Date.now() - (last.at + last.durationMs) > ms);
}

/** Requests the next poll sends to read tasks (an idle poll: 1). */
async function idlePoll(instance: PollingInstance) {
	const { sandbox } = instance;
	const polls = firstPages(sandbox, 'tasks');
	const requestsBefore = sandbox.requests.length;
	await until('an idle poll', () => firstPages(sandbox, 'tasks') > polls);
	await sleep(3000);
	return sandbox.requests
		.slice(requestsBefore)
		.filter((request) => request.path.startsWith('/api/v2/tasks')).length;
}
