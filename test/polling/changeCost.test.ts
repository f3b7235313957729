/**
 * What a Changed trigger costs and where it stops: a pass of ceil(n / 100) requests; a list
 * larger than one poll reads across polls, each change emitted once when the pass reaches
 * it; the key's share (Options → Requests Per Minute) never passed in any window; a memory
 * past its bound refused, naming the Filters; Fetch Test Event moves nothing; custom fields
 * by label in `changes`; Fields to Watch left empty refused, naming it. The share's window
 * is shortened to a second (requestShare.ts's `shareWindow`).
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import type { Scheduler } from '../../drivers/harness/poll';
import { PollHarness } from '../../drivers/harness/poll';
import { MAX_MEMORY_BYTES } from '../../nodes/HefflPollingTrigger/changeMemory';
import { shareWindow } from '../../nodes/HefflPollingTrigger/requestShare';

const context = useSandbox({ seed: false });
const WINDOW_MS = 1_000;
beforeAll(() => {
	shareWindow.ms = WINDOW_MS;
});
afterAll(() => {
	shareWindow.ms = 60_000;
});

const listRequests = () =>
	context
		.apiRequests()
		.filter((request) => request.method === 'GET' && /\/deals/.test(request.path));
const edit = (id: string, changes: IDataObject) =>
	context.sandbox.editAsApp('deals', id, changes as never);

describe.each(['legacy', 'scheduler', 'durable'] as Scheduler[])('%s', (scheduler) => {
	test('350 deals read 2 pages a poll (a share of 2 a second): each change once when the pass reaches it; ceil(n / 100) requests a pass, one more per resumed poll', async () => {
		context.sandbox.clearRequests();
		for (const deal of context.sandbox.records('deals'))
			context.sandbox.editAsApp('deals', String(deal.id), { status: 'LOST' });
		const ids = context.sandbox.bulkCreate('deals', 350); // oldest first
		const harness = new PollHarness(
			context.credentials,
			{
				event: 'dealChanged',
				watchedFields: ['price'],
				filters: {
					conditions: { condition: [{ field: 'status', operator: 'is', values: 'ACTIVE' }] },
				},
				options: { requestsPerMinute: 2 },
			},
			undefined,
			{ scheduler, budgetMs: 400, pollTimeoutMs: 5_000 },
		);
		await sleep(WINDOW_MS + 50); // the key's share is this file's: the last test's window ends
		context.sandbox.clearRequests();
		await harness.activate();
		// The first pass (4 pages, 2 a poll, one of them read again) only remembers.
		for (let poll = 0; poll < 2; poll++) {
			await sleep(WINDOW_MS + 50);
			await harness.poll();
		}
		edit(ids[349], { price: 1 }); // newest: page 1
		edit(ids[0], { price: 2 }); // oldest: page 4
		const times: number[] = [];
		// Six polls, more (at most twelve) where a loaded machine let a poll read less.
		for (let poll = 0; poll < 12 && (poll < 6 || harness.emitted.length < 2); poll++) {
			await sleep(WINDOW_MS + 50);
			await harness.poll();
			times.push(listRequests().length);
		}
		// The pass begun at activation reaches ids[0] in a later poll; ids[349], already
		// passed, is compared by the next pass: each once, with its previous value.
		const emitted = harness.emitted.map((item) => ({
			id: (item.record as IDataObject).id,
			changes: item.changes as Record<string, { from: unknown; to: unknown }>,
		}));
		expect(emitted.map(({ id }) => id).sort()).toEqual([ids[0], ids[349]].sort());
		for (const { changes } of emitted) {
			expect(Object.keys(changes)).toEqual(['price']);
			expect(Number(changes.price.from) % 100).toBe(0);
		}
		// A pass is 4 pages (ceil(350 / 100)); each poll that resumes one reads its last page again.
		const perPoll = times.map((count, index) => count - (times[index - 1] ?? times[0]));
		expect(Math.max(...perPoll)).toBeLessThanOrEqual(2);
		// Never more than 2 list requests in any second.
		const sent = listRequests().map((request) => request.at as number);
		for (const [index, at] of sent.entries())
			expect(
				sent.filter((other) => other >= at && other < at + WINDOW_MS).length,
				`at ${index}`,
			).toBeLessThanOrEqual(2);
	}, 60_000);
});

describe('the editor and the bounds', () => {
	beforeAll(() => {
		context.sandbox.bulkCreate('deals', 5);
	});
	const harnessFor = (parameters: IDataObject) =>
		new PollHarness(context.credentials, { event: 'dealChanged', ...parameters } as never);

	test('Fetch Test Event shows one real deal as a change item (each watched field from and to its value) and moves nothing', async () => {
		await sleep(WINDOW_MS + 50);
		const harness = harnessFor({ watchedFields: ['price', 'cf_lead_score'] });
		await harness.activate();
		const before = harness.savedStaticData;
		const test = await harness.fetchTestEvent();
		expect(test.error).toBeUndefined();
		const [item] = test.items!;
		const record = item.record as IDataObject;
		expect(item).toMatchObject({
			event: 'deal.changed',
			changes: {
				price: { from: record.price, to: record.price },
				cf_lead_score: { from: record.cf_lead_score, to: record.cf_lead_score },
			},
		});
		expect(harness.savedStaticData).toEqual(before);
	});

	test('Custom Fields As → Labels: a watched custom field by its label in `changes` and in the record', async () => {
		await sleep(WINDOW_MS + 50);
		const harness = harnessFor({
			watchedFields: ['cf_lead_score'],
			options: { customFieldsAs: 'labels' },
		});
		await harness.activate();
		const [deal] = context.sandbox.records('deals').filter((record) => record.status === 'ACTIVE');
		edit(String(deal.id), { cf_lead_score: 4711 });
		await sleep(WINDOW_MS + 50);
		const poll = await harness.poll();
		expect(poll.items).toHaveLength(1);
		expect(poll.items![0].changes).toEqual({
			'Lead Score': { from: deal.cf_lead_score, to: 4711 },
		});
		expect(poll.items![0].record).toMatchObject({ 'Lead Score': 4711 });
	});

	test('Fields to Watch left empty, or Requests Per Minute past the key’s 60: refused, naming the field and the fix', async () => {
		const empty = await harnessFor({ watchedFields: [] })
			.activate()
			.catch((error: Error) => error);
		expect(String((empty as Error).message)).toBe('Fields to Watch: choose at least one field');
		const share = await harnessFor({ watchedFields: ['price'], options: { requestsPerMinute: 61 } })
			.activate()
			.catch((error: Error) => error);
		expect(String((share as Error).message)).toMatch(
			/^Options › Requests Per Minute: '61' is not a whole number from 1 to 60/,
		);
	});

	test(`a memory past ${MAX_MEMORY_BYTES / 1e6} MB is refused, naming the Filters; nothing is kept past the last check`, async () => {
		await sleep(WINDOW_MS + 50);
		const harness = harnessFor({ watchedFields: ['title'] });
		await harness.activate();
		const [deal] = context.sandbox.records('deals');
		edit(String(deal.id), { title: 'x'.repeat(MAX_MEMORY_BYTES) });
		await sleep(WINDOW_MS + 50);
		const poll = await harness.poll();
		expect(poll.error?.message).toMatch(
			/^The trigger would remember \d+ deals \(\d+ KB\), more than the 2 MB/,
		);
		expect((poll.error as { description?: string }).description).toMatch(/^Narrow the Filters/);
		expect(JSON.stringify(harness.savedStaticData).length).toBeLessThan(MAX_MEMORY_BYTES);
	});
});
