/* eslint-disable @n8n/community-nodes/no-restricted-globals -- benchmark tooling, not shipped */
/**
 * What Trigger On → Changed Deal costs (issue 51), counted at the sandbox through the poll
 * harness, time 100 times faster (the key's minute and the trigger's share window are 600 ms,
 * the scheduler's 36 s budget 360 ms): 1,000 watched deals with 10 changed between polls
 * (items a poll, requests a poll ÷ ceil(n / 100)); 10,000 read across polls (the same ratio
 * across the backlog); a Heffl node creating leads on the same key during that pass (its
 * requests in each window beside the trigger's); the memory's bytes per record with 3
 * watched fields, and in all at 1,000 and 10,000 records.
 */
import type { IDataObject } from 'n8n-workflow';

import { runHeffl } from '../drivers/harness/n8n';
import type { HefflCredentials } from '../drivers/harness/n8n';
import { PollHarness } from '../drivers/harness/poll';
import { shareWindow } from '../nodes/HefflPollingTrigger/requestShare';
import { startSandbox } from '../sandbox';

type Row = (name: string, value: string) => void;

const SCALE = 100;
const WINDOW_MS = 60_000 / SCALE;
const WATCHED = ['ownerUserId', 'price', 'expectedCloseDate'];
const pause = async (ms: number) => await new Promise((done) => setTimeout(done, ms));

async function watched(count: number, scheduler: 'legacy' | 'durable', budgetMs: number) {
	const sandbox = await startSandbox({
		seed: false,
		rateLimit: { limit: 60, windowMs: WINDOW_MS },
	});
	const credentials: HefflCredentials = {
		apiKey: sandbox.apiKey,
		v1BaseUrl: sandbox.urls.v1,
		v2BaseUrl: sandbox.urls.v2,
	};
	const ids = sandbox.bulkCreate('deals', count);
	const harness = new PollHarness(
		credentials,
		{ event: 'dealChanged', watchedFields: WATCHED } as never,
		undefined,
		{ scheduler, budgetMs, pollTimeoutMs: budgetMs * 2 },
	);
	const trigger = () =>
		sandbox.requests.filter((request) => request.method === 'GET' && /\/deals/.test(request.path));
	return { sandbox, credentials, ids, harness, trigger };
}

const bytesOf = (harness: PollHarness) =>
	JSON.stringify(harness.savedStaticData.changes ?? {}).length;

export async function changedBenchmarks(row: Row) {
	shareWindow.ms = WINDOW_MS;
	try {
		// 1,000 deals, the legacy poller (its budget is no bound here): a pass a poll.
		const small = await watched(1_000, 'legacy', 300_000 / SCALE);
		await small.harness.activate();
		const perPoll: Array<{ items: number; requests: number }> = [];
		for (let poll = 0; poll < 3; poll++) {
			await pause(WINDOW_MS + 20);
			for (const id of small.ids.filter((_, index) => index % 100 === poll))
				small.sandbox.editAsApp('deals', id, { price: 100_000 + poll });
			const before = small.trigger().length;
			const outcome = await small.harness.poll();
			perPoll.push({
				items: outcome.items?.length ?? 0,
				requests: small.trigger().length - before,
			});
		}
		const bytes1k = bytesOf(small.harness);
		row(
			'polling trigger, Changed Deal: 1,000 watched deals, 10 changed between polls (3 polls)',
			`${perPoll.map(({ items }) => items).join(' / ')} items a poll; requests a poll ÷ ceil(n / 100): ${perPoll.map(({ requests }) => (requests / 10).toFixed(2)).join(' / ')} (goal 1.00); static data ${bytes1k} bytes in all, ${(bytes1k / 1_000).toFixed(1)} per record with 3 watched fields (harness, time ${SCALE}x faster)`,
		);
		await small.sandbox.close();

		// 10,000 deals under the durable scheduler's budget: a pass across polls, beside a Heffl node on the key.
		const large = await watched(10_000, 'durable', 36_000 / SCALE);
		await large.harness.activate();
		let passRequests = 0;
		let polls = 1;
		const started = Date.now();
		const creating = runHeffl(
			{ resource: 'lead', operation: 'create', name: '={{ $json.name }}' },
			large.credentials,
			{
				items: Array.from({ length: 150 }, (_, index) => ({ name: `Beside ${index}` })),
				continueOnFail: true,
			},
		);
		for (; polls < 40; polls++) {
			const memory = (large.harness.staticData.changes ?? {}) as IDataObject;
			if (memory.pass === 2) break;
			await pause(WINDOW_MS / 4);
			await large.harness.poll();
		}
		passRequests = large.trigger().length;
		const created = await creating;
		const windows = new Map<number, { trigger: number; other: number }>();
		for (const request of large.sandbox.requests) {
			if (request.apiVersion === 'control' || request.at > started + 3 * WINDOW_MS) continue;
			const window = Math.floor((request.at - started) / WINDOW_MS);
			const counts = windows.get(window) ?? { trigger: 0, other: 0 };
			if (/\/deals/.test(request.path)) counts.trigger++;
			else counts.other++;
			windows.set(window, counts);
		}
		const bytes10k = bytesOf(large.harness);
		const failed = created.json.filter((item) => item.error).length;
		row(
			'polling trigger, Changed Deal: 10,000 deals, the first pass under the durable scheduler (36 s budget), beside 150 lead creates on the same key',
			`pass in ${polls} polls, ${passRequests} requests ÷ ceil(n / 100) = ${(passRequests / 100).toFixed(2)} (each resumed poll reads its last page again; goal ≤ 1.02); per window of the key's 60 (trigger / lead creates): ${[...windows.values()].map(({ trigger, other }) => `${trigger} / ${other}`).join(', ')}; creates failed ${failed}; static data ${bytes10k} bytes in all, ${(bytes10k / 10_000).toFixed(1)} per record (harness, time ${SCALE}x faster)`,
		);
		await large.sandbox.close();
	} finally {
		shareWindow.ms = 60_000;
	}
}
