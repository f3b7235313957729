/**
 * The Heffl Polling Trigger's poll logic against the sandbox over loopback HTTP, run by
 * n8n-core's PollContext (drivers/harness/poll.ts: static data saved as real n8n saves it,
 * measured in test/e2e/polling.test.ts). Every test counts what was emitted against
 * what was created: once each, none missed.
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';

import { FIRST_PAGE_SIZE } from '../../nodes/HefflPollingTrigger/watchedList';
import { LOOKBACK_MS, MAX_SEEN } from '../../nodes/HefflPollingTrigger/cursor';
import { transportLimits } from '../../nodes/shared/transport';
import { useSandbox } from '../../drivers/harness/context';
import { useRecorder } from '../harness/crm';
import { PollHarness } from '../../drivers/harness/poll';
import { expectOnce, expectQuiet, idsOf } from './expectations';
import type { Kind } from '../../sandbox/records';
import { createRecords, deleteRecord, KINDS } from '../../sandbox/records';

const context = useSandbox();
const relay = useRecorder(context);

const listRequests = () =>
	context
		.apiRequests()
		.filter((request) => request.method === 'GET' && /\/api\/v2\//.test(request.path));

async function activated(kind: Kind, parameters: IDataObject = {}) {
	const harness = new PollHarness(context.credentials, { event: kind, ...parameters });
	const first = await harness.activate();
	expect(first.items).toBeNull();
	return harness;
}

beforeEach(() => {
	relay.rewrite = undefined;
	context.sandbox.faults.clear();
});

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

describe('a poll that fails leaves the cursor and says why; the next poll catches up', () => {
	const failing = [
		['a 429 that outlasts the retries', () => context.sandbox.faults.queue('429', 3, ['GET'])],
		['a 503', () => context.sandbox.faults.queue('503', 3, ['GET'])],
		['a dropped connection', () => context.sandbox.faults.queue('drop-before', 3, ['GET'])],
	] as const;

	test.each(failing)('%s', async (_label, fail) => {
		const harness = await activated('contact');
		const ids = await createRecords(context.sandbox, 'contact', 3, 'fault-');
		const cursor = JSON.stringify(harness.staticData.cursor);
		fail();
		const failed = await harness.poll();
		expectQuiet(failed);
		expect(JSON.stringify(harness.staticData.cursor)).toBe(cursor);
		expect(harness.logs.at(-1)).toMatch(
			/^warn: Heffl Polling Trigger "Heffl Polling Trigger" \(workflow wf\w+\) could not read Heffl's contacts: .+ Nothing was skipped: the next poll reads from the same point\.$/,
		);
		await harness.poll();
		expectOnce(harness, ids);
	});

	test('an answer slower than the deadline', async () => {
		const harness = await activated('contact');
		const ids = await createRecords(context.sandbox, 'contact', 2, 'slow-');
		const saved = { ...transportLimits };
		Object.assign(transportLimits, { deadlineMs: 200 });
		context.sandbox.faults.set({ latencyMs: 400 });
		try {
			expect((await harness.poll()).items).toBeNull();
		} finally {
			Object.assign(transportLimits, saved);
			context.sandbox.faults.clear();
			// The sandbox still holds the abandoned request: let it finish before the next test.
			await sleep(500);
		}
		expect(harness.logs.at(-1)).toMatch(/did not finish answering/);
		await harness.poll();
		expectOnce(harness, ids);
	});

	const garbled: Array<[string, (body: IDataObject) => unknown]> = [
		['an HTML page', () => '<html><body>Maintenance</body></html>'],
		['a record without createdAt', (body) => ({ ...body, data: [{ id: 'clt_x' }] })],
		[
			'a record without id',
			(body) => ({ ...body, data: [{ createdAt: new Date().toISOString() }] }),
		],
		[
			'a page claiming more with no cursor',
			(body) => ({ ...body, meta: { hasMore: true, nextCursor: null } }),
		],
	];

	test.each(garbled)('a garbled page: %s', async (_label, garble) => {
		const harness = new PollHarness(relay.credentials, { event: 'contact' });
		await harness.activate();
		const ids = await createRecords(context.sandbox, 'contact', 3, 'garbled-');
		let left = 1;
		relay.rewrite = (sent) =>
			sent.method === 'GET' && sent.path === '/contacts' && left-- > 0
				? { status: 200, body: garble(sent.answer as IDataObject) }
				: undefined;
		const cursor = JSON.stringify(harness.staticData.cursor);
		expectQuiet(await harness.poll());
		expect(JSON.stringify(harness.staticData.cursor)).toBe(cursor);
		expect(harness.logs.at(-1)).toMatch(/^warn: .*could not read Heffl's contacts/);
		await harness.poll();
		expectOnce(harness, ids);
	});

	test('a refused key is not passed over: the poll fails (n8n records a failed execution)', async () => {
		const apiKey = context.sandbox.createApiKey();
		const harness = new PollHarness({ ...context.credentials, apiKey }, { event: 'contact' });
		await harness.activate();
		context.sandbox.revokeApiKey(apiKey);
		const poll = await harness.poll();
		expect(poll.error?.message).toBe('Heffl rejected the API key');
	});

	test('a first activation Heffl does not answer fails, rather than start from a point n8n would not save', async () => {
		context.sandbox.faults.queue('503', 3, ['GET']);
		const harness = new PollHarness(context.credentials, { event: 'deal' });
		await expect(harness.activate()).rejects.toThrow('Heffl failed to answer (HTTP 503)');
		expect(harness.savedStaticData).toEqual({});
	});

	test('polls of one trigger never overlap: a poll that starts while another reads is skipped', async () => {
		const harness = await activated('contact');
		const ids = await createRecords(context.sandbox, 'contact', 2, 'overlap-');
		context.sandbox.faults.set({ latencyMs: 300 });
		try {
			const [first, second] = await Promise.all([harness.poll(), harness.poll()]);
			expect([first.items?.length ?? 0, second.items?.length ?? 0].sort()).toEqual([0, 2]);
		} finally {
			context.sandbox.faults.clear();
		}
		expect(harness.logs).toContainEqual(
			expect.stringMatching(/the previous poll is still running; this one is skipped$/),
		);
		expectOnce(harness, ids);
	});
});

describe('filters: Get Many’s search and filter builder', () => {
	test('deals: Conditions (status is WON) → only won deals; the others are passed over for good', async () => {
		const harness = await activated('deal', {
			filters: { conditions: { condition: [{ field: 'status', operator: 'is', values: 'WON' }] } },
		});
		const ids = await createRecords(context.sandbox, 'deal', 4, 'filter-');
		for (const record of context.sandbox.records('deals'))
			if (ids.slice(2).includes(String(record.id))) record.status = 'WON';
		context.sandbox.clearRequests();
		await harness.poll();
		expect(listRequests()[0].path).toContain(
			`filters=${encodeURIComponent(JSON.stringify({ status: { operator: 'is', values: ['WON'] } }))}`,
		);
		await harness.poll();
		expectOnce(harness, ids.slice(2));
	});

	test('leads: Stage by a picker’s ID is matched by the stage’s name in n8n; an idle poll still costs one request', async () => {
		const stage = context.sandbox.records('leadStages')[1];
		const harness = await activated('lead', { filters: { stage: String(stage.id) } });
		context.sandbox.clearRequests();
		await harness.poll();
		expect(context.apiRequests()).toHaveLength(1);
		const ids = await createRecords(context.sandbox, 'lead', 3, 'staged-');
		for (const record of context.sandbox.records('leads'))
			if (record.id === ids[1]) record.stage = stage.name ?? stage.label;
		await harness.poll();
		expectOnce(harness, [ids[1]]);
	});

	/** A server that ignores `filters`: the relay answers every filtered task list with the unfiltered one. */
	async function ignoringFilters(parameters: IDataObject) {
		const harness = new PollHarness(relay.credentials, { event: 'task', ...parameters });
		await harness.activate();
		const ids = await createRecords(context.sandbox, 'task', 2, 'ignored-filter-');
		const unfiltered = await fetch(
			`${context.sandbox.urls.v2}/tasks?orderBy=createdAt&orderDir=desc&pageSize=${FIRST_PAGE_SIZE}`,
			{ headers: { 'x-api-key': context.sandbox.apiKey } },
		).then(async (response) => (await response.json()) as IDataObject);
		relay.rewrite = (sent) =>
			sent.path === '/tasks' && sent.query.filters ? { status: 200, body: unfiltered } : undefined;
		return { harness, ids, poll: await harness.poll() };
	}

	test('a server that ignores the filters cannot make a poll emit records that do not match', async () => {
		const { harness, poll } = await ignoringFilters({
			filters: {
				conditions: { condition: [{ field: 'status', operator: 'is', values: 'COMPLETED' }] },
			},
		});
		expectQuiet(poll);
		expect(harness.emitted).toEqual([]);
	});

	test('a filter Heffl’s records do not show is an error, not every new record', async () => {
		const { harness, poll } = await ignoringFilters({
			filters: {
				conditions: { condition: [{ customFieldKey: 'cf_nowhere', operator: 'is', values: 'x' }] },
			},
		});
		expect(poll.error?.message).toBe(
			"Filters › Conditions › cf_nowhere: Heffl's tasks do not show this field, so the filter cannot be checked",
		);
		expect(harness.emitted).toEqual([]);
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

afterEach(() => {
	context.sandbox.faults.clear();
});
