/* eslint-disable @n8n/community-nodes/no-restricted-globals -- benchmark tooling, not shipped */
/**
 * What the Heffl Polling Trigger costs, counted at the sandbox (the poll harness: n8n-core's
 * PollContext; the same code n8n runs, see test/e2e/polling.test.ts for the real-n8n run):
 * requests per idle poll for each kind, requests per 100 and per 1,000 new records, and a
 * trigger polling every second beside a bulk create on the same key at the rate limit.
 */
import { runHeffl } from '../test/harness/n8n';
import type { HefflCredentials } from '../test/harness/n8n';
import { PollHarness } from '../test/harness/poll';
import { createRecords, KINDS } from '../test/polling/records';
import { startSandbox } from '../test/sandbox';

type Row = (name: string, value: string) => void;

export async function pollingBenchmarks(row: Row) {
	const sandbox = await startSandbox({ rateLimit: false });
	const credentials: HefflCredentials = {
		apiKey: sandbox.apiKey,
		v1BaseUrl: sandbox.urls.v1,
		v2BaseUrl: sandbox.urls.v2,
	};
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
	const shared: HefflCredentials = {
		apiKey: limited.apiKey,
		v1BaseUrl: limited.urls.v1,
		v2BaseUrl: limited.urls.v2,
	};
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
}
