/**
 * What the polling scenario (pollingScenario.ts) reads back: the polls n8n made (first
 * pages the sandbox answered), the records of every execution n8n saved, waiting until they
 * settle, and the count of each list (each once, none missed).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Session } from '../../drivers/real-n8n.mjs';
import type { StartedSandbox } from '../../sandbox';
import { sleep } from './triggerTools';

export const TRIGGER_NAME = 'Heffl Polling Trigger';

/** What the reads need of an n8n: its name (legacy, scheduler, durable) and its current session. */
export interface PolledN8n {
	config: string;
	session: () => Session;
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
export function listReads(sandbox: StartedSandbox, path: string) {
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
export async function settledRecords(
	instance: PolledN8n,
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
