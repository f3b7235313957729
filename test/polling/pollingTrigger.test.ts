/**
 * The Heffl Polling Trigger's poll logic against the sandbox over loopback HTTP, run by
 * n8n-core's PollContext (drivers/harness/poll.ts: static data saved as real n8n saves it,
 * measured in test/e2e/polling.test.ts): each new record once, across pages, bursts,
 * restarts and downtime, in bounded memory. Every test counts what was emitted against
 * what was created: once each, none missed. Failing polls: pollsThatFail.test.ts; filters:
 * pollingFilters.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { FIRST_PAGE_SIZE } from '../../nodes/HefflPollingTrigger/watchedList';
import { LOOKBACK_MS, MAX_SEEN } from '../../nodes/HefflPollingTrigger/cursor';
import { PollHarness } from '../../drivers/harness/poll';
import { expectOnce, idsOf } from './expectations';
import { createRecords, deleteRecord, KINDS } from '../../sandbox/records';
import { usePollingSandbox } from './pollingSandbox';

const { context, listRequests, activated } = usePollingSandbox();

describe('first activation, then each new record once', () => {
	test.each(KINDS)(
		'%s: activation starts from now; new records come once, oldest first, shaped as the Heffl Trigger’s',
		async (kind) => {
			const harness = await activated(kind);
			expect(harness.savedStaticData.cursor).toMatchObject({
				watching: kind,
				floor: expect.any(Number),
			});
			const ids = await createRecords(context.sandbox, kind, 3, `${kind}-new-`);
			const poll = await harness.poll();
			expect(poll.error).toBeUndefined();
			expect(idsOf(harness.emitted)).toEqual(ids);
			const event = { company: 'client.created' }[kind as string] ?? `${kind}.created`;
			for (const item of poll.items!) {
				expect(item).toEqual({
					event,
					timestamp: (item.record as IDataObject).createdAt,
					record: expect.objectContaining({ id: expect.any(String) }),
				});
			}
			expect((await harness.poll()).items).toBeNull();
			expectOnce(harness, ids);
		},
	);

	test('activation right after a burst (more records within the lookback than its first page): none of them counts as new', async () => {
		await createRecords(context.sandbox, 'contact', FIRST_PAGE_SIZE + 5, 'pre-burst-');
		const harness = await activated('contact');
		const ids = await createRecords(context.sandbox, 'contact', 2, 'post-burst-');
		await harness.poll();
		await harness.poll();
		expectOnce(harness, ids);
	});

	test('an idle poll costs one request: the first page, newest first by createdAt', async () => {
		const harness = await activated('contact');
		context.sandbox.clearRequests();
		expect((await harness.poll()).items).toBeNull();
		expect(context.apiRequests().map((request) => request.path)).toEqual([
			`/api/v2/contacts?orderBy=createdAt&orderDir=desc&pageSize=${FIRST_PAGE_SIZE}`,
		]);
	});

	test('Record Only outputs the record alone', async () => {
		const harness = await activated('task', { options: { recordOnly: true } });
		const [id] = await createRecords(context.sandbox, 'task', 1, 'only-');
		const poll = await harness.poll();
		expect(poll.items).toEqual([expect.objectContaining({ id, title: 'only-0' })]);
	});

	test('more new records than a page: 250 come in one poll, once each, oldest first, in 1 + ceil(241/100) requests', async () => {
		const harness = await activated('task');
		const ids = await createRecords(context.sandbox, 'task', 250, 'many-');
		context.sandbox.clearRequests();
		await harness.poll();
		expect(idsOf(harness.emitted)).toEqual(ids);
		// 10, then 100, 100, 100 (the last one reaches what the activation saw).
		expect(listRequests()).toHaveLength(4);
	});

	test('records sharing the boundary createdAt: each is emitted once, including ones created later with that same time', async () => {
		const harness = await activated('contact');
		const first = await createRecords(context.sandbox, 'contact', 3, 'tie-a-');
		const contacts = context.sandbox.records('contacts');
		const stamp = String(contacts.find((record) => record.id === first[0])?.createdAt);
		const stampAll = (ids: string[]) => {
			for (const record of contacts) if (ids.includes(String(record.id))) record.createdAt = stamp;
		};
		stampAll(first);
		await harness.poll();
		expectOnce(harness, first);
		const later = await createRecords(context.sandbox, 'contact', 2, 'tie-b-');
		stampAll(later);
		await harness.poll();
		await harness.poll();
		expectOnce(harness, [...first, ...later]);
	});

	test('a record whose createdAt lags behind the newest (a late commit) is still emitted, once', async () => {
		const harness = await activated('quotation');
		const [early] = await createRecords(context.sandbox, 'quotation', 1, 'early-');
		await harness.poll();
		const [late] = await createRecords(context.sandbox, 'quotation', 1, 'late-');
		const record = context.sandbox
			.records('quotations')
			.find((candidate) => candidate.id === late)!;
		record.createdAt = new Date(Date.parse(String(record.createdAt)) - 5_000).toISOString();
		await harness.poll();
		await harness.poll();
		expectOnce(harness, [early, late]);
	});

	test('a record deleted between two polls is not emitted', async () => {
		const harness = await activated('deal');
		const ids = await createRecords(context.sandbox, 'deal', 3, 'gone-');
		await deleteRecord(context.sandbox, 'deal', ids[1]);
		await harness.poll();
		expectOnce(harness, [ids[0], ids[2]]);
	});
});

describe('records created while a poll reads', () => {
	test('a burst of 120 between two pages of a poll: that poll emits what it found once, the next poll the burst', async () => {
		const harness = await activated('task');
		const before = await createRecords(context.sandbox, 'task', 150, 'before-');
		let burst: string[] = [];
		let pages = 0;
		const remove = context.sandbox.beforeRoute(async ({ method, path }) => {
			if (method !== 'GET' || path !== '/api/v2/tasks') return;
			pages++;
			if (pages === 2) burst = await createRecords(context.sandbox, 'task', 120, 'burst-');
		});
		try {
			await harness.poll();
		} finally {
			remove();
		}
		expect(burst).toHaveLength(120);
		expect(pages).toBeGreaterThan(2);
		// The pages after the burst start with its newest records: those are new too.
		const firstPoll = idsOf(harness.emitted);
		expect(firstPoll).toEqual(expect.arrayContaining(before));
		expect(new Set(firstPoll).size).toBe(firstPoll.length);
		await harness.poll();
		expect(harness.polls[1].items).not.toBeNull();
		await harness.poll();
		expectOnce(harness, [...before, ...burst]);
	});
});

describe('restarts and downtime (static data as n8n saves it)', () => {
	test('a poll that emits nothing is not saved; after a restart the init poll catches up from the last emission', async () => {
		const harness = await activated('contact');
		const a = await createRecords(context.sandbox, 'contact', 2, 'r-a-');
		await harness.poll();
		expect((await harness.poll()).items).toBeNull();
		const b = await createRecords(context.sandbox, 'contact', 3, 'r-b-');
		const restarted = await harness.restart();
		expect(restarted?.items?.map((item) => (item.record as IDataObject).id)).toEqual(b);
		await harness.poll();
		expectOnce(harness, [...a, ...b]);
	});

	test('n8n down while 250 records are created: all come at the restart, once', async () => {
		const harness = await activated('task');
		const ids = await createRecords(context.sandbox, 'task', 250, 'down-');
		await harness.restart();
		await harness.poll();
		expectOnce(harness, ids);
	});

	test('records created between the activation and a restart before any poll: none is missed', async () => {
		const harness = await activated('lead');
		const ids = await createRecords(context.sandbox, 'lead', 4, 'early-lead-');
		await harness.restart();
		expectOnce(harness, ids);
	});

	test('Fetch Test Event shows the newest record and moves nothing', async () => {
		const harness = await activated('contact');
		const [older] = await createRecords(context.sandbox, 'contact', 1, 'test-event-older-');
		await sleep(5); // a later createdAt, not a tie
		const [newest] = await createRecords(context.sandbox, 'contact', 1, 'test-event-newest-');
		const saved = harness.savedStaticData;
		const memory = JSON.stringify(harness.staticData);
		const test = await harness.fetchTestEvent();
		expect(test.items).toEqual([
			{
				event: 'contact.created',
				timestamp: expect.any(String),
				record: expect.objectContaining({ id: newest }),
			},
		]);
		expect(harness.savedStaticData).toEqual(saved);
		expect(JSON.stringify(harness.staticData)).toBe(memory);
		await harness.poll();
		expectOnce(harness, [older, newest]);
	});

	test('Fetch Test Event with filters nothing matches says so', async () => {
		const harness = new PollHarness(context.credentials, {
			event: 'task',
			filters: { search: 'no task is called this' },
		});
		const test = await harness.fetchTestEvent();
		expect(test.error?.message).toBe('No task in Heffl matches the filters');
	});
});

describe('bounded memory', () => {
	test(`the cursor keeps at most ${MAX_SEEN} ids, and those within ${LOOKBACK_MS / 1000} s of the newest`, async () => {
		const harness = await activated('task');
		const ids = await createRecords(context.sandbox, 'task', MAX_SEEN + 50, 'bounded-');
		await harness.poll();
		expectOnce(harness, ids);
		const cursor = harness.savedStaticData.cursor as {
			seen: Record<string, number>;
			floor: number;
		};
		expect(Object.keys(cursor.seen).length).toBeLessThanOrEqual(MAX_SEEN);
		expect(Object.values(cursor.seen).every((at) => at >= cursor.floor)).toBe(true);
		await harness.poll();
		expectOnce(harness, ids);
	});
});
