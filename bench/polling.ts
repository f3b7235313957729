/* eslint-disable @n8n/community-nodes/no-restricted-globals -- benchmark tooling, not shipped */
/**
 * What the Heffl Polling Trigger costs, counted at the sandbox (the poll harness: n8n-core's
 * PollContext; the same code n8n runs, see test/e2e/polling.test.ts for the real-n8n run):
 * requests per idle poll for each kind, requests per 100 and per 1,000 new records, a
 * trigger polling every second beside a bulk create on the same key at the rate limit, and
 * 10,000 new records drained behind a key another workflow keeps busy, on each of n8n's
 * ways to run polls (drivers/harness/drain.ts; time 10 times faster, reported in n8n's time).
 */
import { credentialsOf } from '../drivers/harness/context';
import { runHeffl } from '../drivers/harness/n8n';
import { PollHarness } from '../drivers/harness/poll';
import type { Scheduler } from '../drivers/harness/poll';
import { drainBacklog } from '../drivers/harness/drain';
import { createRecords, KINDS } from '../sandbox/records';
import { startSandbox } from '../sandbox';

type Row = (name: string, value: string) => void;

export async function pollingBenchmarks(row: Row) {
	const sandbox = await startSandbox({ rateLimit: false });
	const credentials = credentialsOf(sandbox);
	const requestsOf = async (poll: () => Promise<unknown>) => {
		sandbox.clearRequests();
		await poll();
		return sandbox.requests.filter((request) => request.apiVersion !== 'control').length;
	};

	const idle: string[] = [];
	for (const kind of KINDS) {
		const harness = new PollHarness(credentials, { event: kind });
		await harness.activate();
		await createRecords(sandbox, kind, 3, `bench-${kind}-`);
		await harness.poll();
		const polls = 10;
		let requests = 0;
		for (let index = 0; index < polls; index++) requests += await requestsOf(() => harness.poll());
		idle.push(`${kind} ${(requests / polls).toFixed(1)}`);
	}
	row(
		'polling trigger: requests per idle poll, by kind (10 polls each)',
		`${idle.join(', ')} (target 1)`,
	);

	for (const count of [100, 1000]) {
		const harness = new PollHarness(credentials, { event: 'task' });
		await harness.activate();
		await createRecords(sandbox, 'task', count, `bench-new-${count}-`);
		const started = Date.now();
		const requests = await requestsOf(() => harness.poll());
		const emitted = harness.emitted.length;
		row(
			`polling trigger: one poll finding ${count} new tasks`,
			`${requests} requests (${((requests / count) * 100).toFixed(1)} per 100 new records), ${emitted} emitted once, ${Date.now() - started} ms`,
		);
	}
	await sandbox.close();

	// Polls and a busy workflow on one key, at 60 requests per 6 s (the limit in a tenth of the time).
	const limited = await startSandbox({ rateLimit: { limit: 60, windowMs: 6_000 }, seed: false });
	const shared = credentialsOf(limited);
	const harness = new PollHarness(shared, { event: 'lead' });
	await harness.activate();
	let polling = true;
	let polls = 0;
	const poller = (async () => {
		while (polling) {
			await harness.poll();
			polls++;
			await new Promise((done) => setTimeout(done, 1000));
		}
	})();
	const started = Date.now();
	const items = Array.from({ length: 120 }, (_, index) => ({ name: `Shared key lead ${index}` }));
	const result = await runHeffl(
		{ resource: 'lead', operation: 'create', name: '={{ $json.name }}' },
		shared,
		{ items, continueOnFail: true },
	);
	const wallMs = Date.now() - started;
	await new Promise((done) => setTimeout(done, 1500));
	polling = false;
	await poller;
	await harness.poll();
	const refused = limited.requests.filter((request) => request.status === 429).length;
	const failed = result.json.filter((item) => item.error).length;
	const created = limited.records('leads').map((lead) => String(lead.id));
	const emitted = harness.emitted.map((item) => String((item.record as { id: string }).id));
	row(
		'polling trigger every 1 s beside 120 lead creates on the same key, 60 req / 6 s',
		`creates ${(wallMs / 1000).toFixed(1)} s, failed items ${failed}, 429 answers ${refused} of ${limited.requests.length} requests, ${polls} polls, ${new Set(emitted).size} of ${created.length} leads emitted (${emitted.length - new Set(emitted).size} twice)`,
	);
	await limited.close();

	await drainRows(row);
}

/** n8n's schedulers: the budget getPollBudgetMs gives, and whether a poll can be abandoned. */
const DRAIN_ROWS: Array<[Scheduler, string]> = [
	['durable', "n8n's scheduler with durable cursors (36 s budget, abandoned at 45 s)"],
	['scheduler', "n8n's scheduler without durable cursors (36 s budget, abandoned at 45 s)"],
	['legacy', "n8n's legacy poller (5-minute budget, never abandoned)"],
];

async function drainRows(row: Row) {
	const scale = 10;
	const inN8nTime = (ms: number) => `${((ms * scale) / 1000).toFixed(1)} s`;
	for (const [scheduler, label] of DRAIN_ROWS) {
		const figures = await drainBacklog({ records: 10_000, scale, scheduler, busy: 40 });
		row(
			`polling trigger: 10,000 new tasks, another workflow using 40 of the key's 60 requests a minute, ${label}`,
			`drained in ${figures.polls} polls (${figures.executions} executions), ${figures.requests} requests (the key's 429 answers: ${figures.refused}), abandoned ${figures.abandoned}, missed ${figures.missed}, twice ${figures.twice}, each execution oldest first: ${figures.oldestFirstInEach ? 'yes' : 'no'}; longest poll ${inN8nTime(figures.longestPollMs)} of its ${inN8nTime(figures.budgetMs)} budget${scheduler === 'legacy' ? '' : ` (abandoned at ${inN8nTime(figures.timeoutMs)})`} (harness, time ${scale}x faster)`,
		);
	}
}
