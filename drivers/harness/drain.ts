/**
 * A backlog of new tasks drained behind an API key another workflow keeps busy, the
 * trigger polled as n8n's scheduler polls it (drivers/harness/poll.ts: a timeout that
 * abandons a poll, getPollBudgetMs, what is saved when). Time runs `scale` times faster
 * than n8n's: Heffl's 60 requests a minute become 60 per 60/scale s, and the scheduler's
 * minute between polls, 45 s timeout and 36 s budget shrink alike. Shared by
 * test/polling/backlog.test.ts (scaled down) and `npm run bench` (10,000 records).
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { hefflCredentialData } from '../heffl-credential.mjs';
import type { Scheduler } from './poll';
import { LEGACY_BUDGET_MS, PollHarness, SCHEDULER_BUDGET_MS, SCHEDULER_TIMEOUT_MS } from './poll';
import { startSandbox } from '../../sandbox';

export interface DrainOptions {
	records: number;
	/** How many times faster than n8n's clock (see the module comment). */
	scale: number;
	scheduler?: Scheduler;
	/** Requests the other workflow makes in each rate-limit window on the same key (of 60). */
	busy?: number;
	/** Polls before giving up. */
	maxPolls?: number;
}

export interface DrainFigures {
	records: number;
	emitted: number;
	missed: number;
	twice: number;
	/** Polls until the last record was emitted. */
	polls: number;
	/** Polls that emitted something. */
	executions: number;
	abandoned: number;
	failed: number;
	/** The trigger's list requests, and how many Heffl answered 429 (all of the key's). */
	requests: number;
	refused: number;
	/** The other workflow's requests. */
	otherRequests: number;
	longestPollMs: number;
	budgetMs: number;
	timeoutMs: number;
	/** Every execution's records oldest first. */
	oldestFirstInEach: boolean;
	/** Why polls stopped early (the node's log lines), by poll. */
	stops: string[];
}

export async function drainBacklog(options: DrainOptions): Promise<DrainFigures> {
	const { records, scale, scheduler = 'durable', busy = 40, maxPolls = 200 } = options;
	const windowMs = 60_000 / scale;
	const budgetMs = (scheduler === 'legacy' ? LEGACY_BUDGET_MS : SCHEDULER_BUDGET_MS) / scale;
	const timeoutMs = SCHEDULER_TIMEOUT_MS / scale;
	const sandbox = await startSandbox({ seed: false, rateLimit: { limit: 60, windowMs } });
	let other = true;
	try {
		const credentials = hefflCredentialData(sandbox);
		const harness = new PollHarness(credentials, { event: 'task' }, undefined, {
			scheduler,
			budgetMs,
			pollTimeoutMs: timeoutMs,
		});
		// The other workflow, a bulk job on the same key: `busy` requests at the start of
		// every rate-limit window (waiting out a 429 as the Heffl node does), from a window
		// before the backlog on. The trigger gets what is left of each window.
		let otherRequests = 0;
		const busyLoop = (async () => {
			while (other) {
				let sent = 0;
				let resetMs = windowMs;
				while (other && sent < busy) {
					const answer = await fetch(`${sandbox.urls.v2}/contacts?pageSize=1`, {
						headers: { 'x-api-key': sandbox.apiKey },
					});
					await answer.arrayBuffer();
					resetMs = Number(answer.headers.get('ratelimit-reset') ?? 1) * 1000;
					if (answer.status === 429) await sleep(Math.min(resetMs, windowMs));
					else {
						sent++;
						otherRequests++;
					}
				}
				await sleep(Math.min(resetMs, windowMs));
			}
		})();
		await sleep(windowMs);
		// The list is empty at activation: every task made afterwards is new.
		await harness.activate();
		const created = sandbox.bulkCreate('tasks', records);

		const emitted: string[] = [];
		let polls = 0;
		let longestPollMs = 0;
		let oldestFirstInEach = true;
		const startedAt = Date.now();
		while (polls < maxPolls && new Set(emitted).size < created.length) {
			// The scheduler's poll times: one a window, at the same second.
			const due = startedAt + polls * windowMs;
			if (due > Date.now()) await sleep(due - Date.now());
			polls++;
			const outcome = await harness.poll();
			longestPollMs = Math.max(longestPollMs, outcome.ms);
			const records = (outcome.items ?? []).map((item) => item.record as IDataObject);
			const times = records.map((record) => Date.parse(String(record.createdAt)));
			if (times.some((at, index) => index > 0 && at < times[index - 1])) oldestFirstInEach = false;
			emitted.push(...records.map((record) => String(record.id)));
		}
		other = false;
		await busyLoop;
		await Promise.allSettled(harness.abandoned);
		const unique = new Set(emitted);
		const trigger = sandbox.requests.filter((request) => request.path.startsWith('/api/v2/tasks'));
		return {
			records: created.length,
			emitted: unique.size,
			missed: created.filter((id) => !unique.has(id)).length,
			twice: emitted.length - unique.size,
			polls,
			executions: harness.polls.filter((poll) => poll.items).length,
			abandoned: harness.polls.filter((poll) => poll.abandoned).length,
			failed: harness.polls.filter((poll) => poll.error).length,
			requests: trigger.length,
			refused: sandbox.requests.filter((request) => request.status === 429).length,
			otherRequests,
			longestPollMs,
			budgetMs,
			timeoutMs,
			oldestFirstInEach,
			stops: harness.logs.filter((line) => /stopped before the end/.test(line)),
		};
	} finally {
		other = false;
		await sandbox.close();
	}
}
