/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- test tooling, not shipped: HEFFL_POLLING_CONFIGS, progress lines */
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
 */
import type { IDataObject } from 'n8n-workflow';
import { expect } from 'vitest';

import { createRecord, createRecords, stampAll } from '../../sandbox/records';
import type { StartedSandbox } from '../../sandbox';
import type { ProbePoll, startRecorder } from './pollProbe';
import { PROBE_TYPE } from './pollProbe';
import { sleep } from './triggerTools';

import type { linearWorkflow, login } from '../../drivers/real-n8n.mjs';

type Session = Awaited<ReturnType<typeof login>>;
type Workflow = ReturnType<typeof linearWorkflow>;
type Recorder = Awaited<ReturnType<typeof startRecorder>>;

export const POLLING_TYPE = 'n8n-nodes-heffl.hefflPollingTrigger';
export const TRIGGER_NAME = 'Heffl Polling Trigger';
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

/** Polls n8n made of a kind: each poll that does not resume a backlog asks for a first page of 10. */
export function firstPages(sandbox: StartedSandbox, path: string): number {
	return sandbox.requests.filter(
		(request) =>
			request.method === 'GET' &&
			request.path === `/api/v2/${path}?orderBy=createdAt&orderDir=desc&pageSize=10`,
	).length;
}

/** GET requests of a v2 list the sandbox has answered, and whether one is still being answered. */
function listReads(sandbox: StartedSandbox, path: string) {
	const reads = sandbox.requests.filter(
		(request) => request.method === 'GET' && request.path.startsWith(`/api/v2/${path}?`),
	);
	return {
		answered: reads.filter((request) => request.status !== 0).length,
		pending: reads.some((request) => request.status === 0),
	};
}

/**
 * Waits for `check`. The default is four polls' time: n8n polls once a minute, and a
 * loaded 2-core CI run (b7b29e5, 2026-11-28) saw the durable scheduler's polls of tasks
 * cancelled at its 10 s timeout and cut after one page by the budget, so the second page
 * request the burst waits for came more than 150 s after the first scheduled poll.
 */
export async function until<T>(
	what: string,
	check: () => T | Promise<T>,
	timeoutMs = 240_000,
	everyMs = 250,
) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value) return value;
		if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
		await sleep(everyMs);
	}
}

const outputsCache = new Map<string, string[]>();

/**
 * The records of every execution of a workflow n8n saved, oldest execution first. An
 * execution that ended is read once (they are large: thousands of items); `n8n` names the
 * n8n it was read from (every n8n numbers its executions from 1).
 */
export async function emittedRecords(session: Session, workflowId: string, n8n: string) {
	const executions = ((await session.executions(workflowId)) as IDataObject[]).reverse();
	const byExecution: string[][] = [];
	for (const execution of executions) {
		const key = `${n8n}:${workflowId}:${String(execution.id)}`;
		let ids = outputsCache.get(key);
		if (!ids) {
			const { outputs } = await session.outputs(String(execution.id));
			ids = ((outputs[TRIGGER_NAME] ?? []) as IDataObject[]).map((item) =>
				String(((item.record ?? item) as IDataObject).id),
			);
			// Only an execution that ended with its trigger's items is read once for all.
			if (['success', 'error'].includes(String(execution.status)) && TRIGGER_NAME in outputs)
				outputsCache.set(key, ids);
		}
		byExecution.push(ids);
	}
	return {
		executions,
		byExecution,
		perExecution: byExecution.map((ids) => ids.length),
		ids: byExecution.flat(),
	};
}

/** Waits until every one of `ids` was emitted and the executions stopped changing (3 s). */
async function settledRecords(
	instance: PollingInstance,
	workflowId: string,
	ids: string[],
	timeoutMs = 240_000,
) {
	// The session changes when n8n restarts: always the current one.
	const session = () => instance.session();
	let last = '';
	let stableSince = Date.now();
	let missing = ids.length;
	let executions = 0;
	const settled = await until(
		`${ids.length} polled records of ${workflowId}`,
		async () => {
			executions = (await session().executions(workflowId)).length;
			if (String(executions) !== last) {
				last = String(executions);
				stableSince = Date.now();
				return undefined;
			}
			if (Date.now() - stableSince < 3000) return undefined;
			const emitted = await emittedRecords(session(), workflowId, instance.config);
			const seen = new Set(emitted.ids);
			missing = ids.filter((id) => !seen.has(id)).length;
			return missing === 0 ? emitted : undefined;
		},
		timeoutMs,
		2000,
	).catch((error: Error) => error);
	if (settled instanceof Error) {
		const report = [];
		for (const execution of (await session().executions(workflowId)) as IDataObject[]) {
			const { outputs, error } = await session().outputs(String(execution.id));
			report.push(
				`${String(execution.id)} ${String(execution.status)} ${String(execution.mode)}: ${Object.entries(
					outputs,
				)
					.map(([node, items]) => `${node} ${(items as unknown[]).length}`)
					.join(', ')}${error ? ` error: ${error.message}` : ''}`,
			);
		}
		throw new Error(
			`${settled.message} (${missing} missing, ${executions} executions: ${report.join('; ')})`,
		);
	}
	return settled;
}

/** Each once, none missed: what a test asserts of every list the scenario counts. */
export interface Count {
	created: number;
	emitted: number;
	missed: number;
	twice: number;
	/** Items of each execution, in order. */
	perExecution: number[];
}

export function countOf(
	created: string[],
	emitted: { ids: string[]; perExecution: number[] },
): Count {
	const unique = new Set(emitted.ids);
	return {
		created: created.length,
		emitted: unique.size,
		missed: created.filter((id) => !unique.has(id)).length,
		twice: emitted.ids.length - unique.size,
		perExecution: emitted.perExecution,
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

/** Activates the workflows and runs the scenario with a restart; returns what n8n emitted. */
export async function runScenario(
	instance: PollingInstance,
	workflows: ReturnType<typeof pollingWorkflows>,
): Promise<ScenarioFigures> {
	const { sandbox, creatorKey } = instance;
	const began = Date.now();
	const step = (what: string) =>
		console.log(`[${instance.config} +${Math.round((Date.now() - began) / 1000)} s] ${what}`);
	const create = (count: number, prefix: string) =>
		createRecords(sandbox, 'task', count, prefix, creatorKey);
	const tasks: string[] = [];
	const taskPolls = () => firstPages(sandbox, 'tasks');

	// 70 companies at one createdAt before activation.
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

	// Right after activation, before the first scheduled poll: new records the start must not lose.
	const tiedAfter = await createdAtOnce(instance, 'company', LOAD.tiedAfter, 'tie-after-', tieTime);
	tasks.push(...(await create(LOAD.beforeFirst, 'first-')));
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
	step('activated; 80 tied companies, 40 tasks and 3 deals created');
	const beforeFirst = taskPolls();
	await until('the first scheduled poll', () => taskPolls() > beforeFirst);

	step('first scheduled poll');
	// The next poll: 60 tasks, and a burst of 120 when it asks for its second page.
	tasks.push(...(await create(LOAD.beforeSecond, 'second-')));
	let pages = 0;
	let burstDone = false;
	const stop = sandbox.beforeRoute(async ({ method, path }) => {
		if (method !== 'GET' || path !== '/api/v2/tasks') return;
		pages++;
		if (pages === 2) {
			tasks.push(...(await create(LOAD.burst, 'burst-')));
			burstDone = true;
		}
	});
	try {
		await until('the burst during the second poll', () => burstDone);
	} finally {
		stop();
	}
	await settledRecords(instance, workflows.tasks.id, tasks);

	step('burst poll settled');
	// A backlog, every answer slow: created at once, dated after everything before it.
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

	step('backlog emitted');
	const failedPollExecutions = await failingPoll(instance, workflows.tasks.id);
	step('a poll met 503s');
	// n8n restarts; 30 tasks are created while it is down.
	const pollsBeforeRestart = taskPolls();
	await instance.restart(async () => {
		tasks.push(...(await create(LOAD.whileDown, 'down-')));
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

/**
 * What each step of a polling node's static data reached: the count the probe found at
 * the poll after the activation, after a quiet poll, after an emitting poll, after
 * another quiet poll; and (`afterRestart`) at the first poll of the restarted n8n.
 */
export async function probeFlow(session: () => Session, recorder: Recorder, workflowId: string) {
	const polled = async (count: number) => {
		await until(`probe poll ${count}`, () => recorder.of(workflowId).length >= count);
		return recorder.of(workflowId)[count - 1];
	};
	await session().activate(workflowId);
	const activation = await polled(1);
	const afterActivation = await polled(2); // quiet
	recorder.emitNext(workflowId);
	const afterQuiet = await polled(3); // emits
	const afterEmitting = await polled(4); // quiet
	const afterSecondQuiet = await polled(5);
	return { activation, afterActivation, afterQuiet, afterEmitting, afterSecondQuiet };
}

/** The table docs/polling-schedulers.md shows: what the next poll found of each poll's change. */
export function savedWhen(
	steps: Awaited<ReturnType<typeof probeFlow>>,
	polls: ProbePoll[],
	restartedPid: number,
) {
	const firstAfterRestart = polls.find((poll) => poll.pid === restartedPid);
	return {
		/** Each poll adds 1: the count the next poll found. */
		activationKept: steps.afterActivation.seen - steps.activation.seen === 1,
		quietKept: steps.afterQuiet.seen - steps.afterActivation.seen === 1,
		emittingKept: steps.afterEmitting.seen - steps.afterQuiet.seen === 1,
		/** What the restarted n8n's first poll found: the count of the last poll, of the emitting poll, or another. */
		afterRestart: !firstAfterRestart
			? 'no poll'
			: firstAfterRestart.seen === polls.filter((poll) => poll.pid !== restartedPid).at(-1)?.polls
				? 'the last poll’s'
				: firstAfterRestart.seen === steps.afterQuiet.polls
					? 'the emitting poll’s'
					: `${firstAfterRestart.seen}`,
		restartPolledAtOnce: firstAfterRestart?.activation === 'init',
		activationModes: [...new Set(polls.map((poll) => poll.activation))],
	};
}

/**
 * The ways n8n 2.41 runs polls. The scheduler's rows abandon a poll after 10 s instead of
 * 45 s (N8N_SCHEDULER_POLL_TIMEOUT; getPollBudgetMs then says 5 s), so the scenario's
 * backlog takes more than one poll there without taking minutes.
 */
const SCHEDULER = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TIMEOUT: '10',
};
export const POLLING_CONFIGS: Record<string, Record<string, string>> = {
	legacy: {},
	scheduler: SCHEDULER,
	durable: { ...SCHEDULER, N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true' },
};

/** The configurations to run: HEFFL_POLLING_CONFIGS (comma-separated), else `defaults`. */
export function chosenConfigs(defaults: string[]): string[] {
	const asked = process.env.HEFFL_POLLING_CONFIGS?.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
	const configs = asked?.length ? asked : defaults;
	for (const config of configs)
		if (!(config in POLLING_CONFIGS))
			throw new Error(
				`HEFFL_POLLING_CONFIGS: no configuration '${config}' (known: ${Object.keys(POLLING_CONFIGS).join(', ')})`,
			);
	return configs;
}

/**
 * Starts one instance per configuration side by side. When one fails to start, those that
 * did are closed before the failure is thrown: left running, their n8n processes would
 * outlive the test and load the machine for the tiers after it.
 */
export async function startSideBySide<T extends { close: () => Promise<void> }>(
	starting: Array<Promise<T>>,
): Promise<T[]> {
	const settled = await Promise.allSettled(starting);
	const failure = settled.find((result) => result.status === 'rejected');
	const ready = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
	if (!failure) return ready;
	await Promise.allSettled(ready.map(async (instance) => await instance.close()));
	throw failure.reason;
}

/** What the probe saw on each configuration (pollingScenario.ts, savedWhen). */
export const EXPECTED_SAVES: Record<string, object> = {
	// The next poll finds the change of the activation poll, of a quiet poll (in memory) and
	// of an emitting poll; a restart polls at once ('init') from the last emission.
	legacy: {
		activationKept: true,
		quietKept: true,
		emittingKept: true,
		afterRestart: 'the emitting poll’s',
		restartPolledAtOnce: true,
	},
	// Rebuilt from the database at every poll: a quiet poll's change is lost; a restart
	// waits for the next poll time.
	scheduler: {
		activationKept: true,
		quietKept: false,
		emittingKept: true,
		afterRestart: 'the emitting poll’s',
		restartPolledAtOnce: false,
	},
	// Durable cursors: the activation poll's change is not committed, every later poll's is.
	durable: {
		activationKept: false,
		quietKept: true,
		emittingKept: true,
		afterRestart: 'the last poll’s',
		restartPolledAtOnce: false,
	},
};
