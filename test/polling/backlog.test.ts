/**
 * Bounded polls that drain any backlog: each poll stops reading before its budget
 * (getPollBudgetMs), emits what it read, and the cursor remembers the part still unread,
 * so the next poll reads on from there; each record once, oldest first within a poll. A
 * poll n8n abandoned blocks nothing and emits nothing late. Time is shortened: budgets of
 * a second, and an answer takes `latencyMs` (the sandbox's fault setting), so a poll reads
 * at most ten pages, and a backlog of 2,500 records (25 pages) is never read in one poll
 * however fast the machine; a loaded machine reads fewer pages, which these tests allow,
 * and its stalls stay far below the budget and the timeout (npm test runs beside a busy
 * process).
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { afterEach, describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { useRecorder } from '../harness/crm';
import type { PollHarnessOptions } from '../../drivers/harness/poll';
import { PollHarness } from '../../drivers/harness/poll';
import { expectOnce, idsOf } from './expectations';
import { drainBacklog } from '../../drivers/harness/drain';
import type { Kind } from '../../sandbox/records';
import { createRecords, deleteRecord } from '../../sandbox/records';

const context = useSandbox({ seed: false });
const relay = useRecorder(context);

afterEach(() => {
	context.sandbox.faults.clear();
	relay.rewrite = undefined;
});

const recordsOf = (items: IDataObject[] | null) =>
	(items ?? []).map((item) => item.record as IDataObject);
const timesOf = (items: IDataObject[] | null) =>
	recordsOf(items).map((record) => Date.parse(String(record.createdAt)));

/** A trigger on an empty list of `kind`, polled as n8n's scheduler does, with a short budget. */
async function activatedOnEmpty(
	kind: Kind,
	options: PollHarnessOptions = {},
	credentials = context.credentials,
) {
	const harness = new PollHarness(credentials, { event: kind }, undefined, {
		scheduler: 'durable',
		budgetMs: 1000,
		pollTimeoutMs: 10_000,
		...options,
	});
	await harness.activate();
	return harness;
}

/**
 * `count` records of `kind` made at once, one ms apart up to now, as an import would: new
 * to a trigger activated on an empty list, or before the last records of the kind.
 */
function freshBacklog(kind: 'tasks' | 'deals' | 'quotations' | 'companies', count: number) {
	const ids = context.sandbox.bulkCreate(kind, count);
	const wanted = new Set(ids);
	const base = Date.now() - count;
	let index = 0;
	for (const record of context.sandbox.records(kind === 'companies' ? 'clients' : kind))
		if (wanted.has(String(record.id))) record.createdAt = new Date(base + index++).toISOString();
	return ids;
}

/** Polls until one emits nothing with no backlog left (at most `max`). */
async function pollUntilQuiet(harness: PollHarness, max = 40) {
	for (let poll = 0; poll < max; poll++) {
		const outcome = await harness.poll();
		expect(outcome.error).toBeUndefined();
		const cursor = harness.savedStaticData.cursor as { backlog?: unknown } | undefined;
		if (outcome.items === null && !cursor?.backlog) return;
	}
	throw new Error(`a backlog is still pending after ${max} polls`);
}

describe('a backlog larger than a poll’s budget', () => {
	test('drained over several polls; records made at the top meanwhile come after it; each once; oldest first within each poll, each later poll of the backlog older than the one before', async () => {
		const harness = await activatedOnEmpty('task');
		const backlog = freshBacklog('tasks', 2500);
		context.sandbox.faults.set({ latencyMs: 100 });
		const first = await harness.poll();
		expect(first.items?.length).toBeGreaterThan(0);
		expect(first.items!.length).toBeLessThan(backlog.length);
		expect(harness.logs.at(-1)).toMatch(
			/stopped before the end of what is new: its budget \(1 s\) left no room for another page\. It emits the \d+ it read; the next poll reads on from there\.$/,
		);
		const meanwhile = await createRecords(context.sandbox, 'task', 30, 'backlog-top-');
		await pollUntilQuiet(harness);
		expectOnce(harness, [...backlog, ...meanwhile]);
		const executions = harness.polls.filter((poll) => poll.items);
		expect(executions.length).toBeGreaterThan(2);
		for (const execution of executions) {
			const times = timesOf(execution.items);
			expect(times).toEqual([...times].sort((a, b) => a - b));
		}
		// The backlog drains from its newest records down, then the tasks made meanwhile.
		const backlogPolls = executions.filter((poll) =>
			idsOf(poll.items).every((id) => backlog.includes(id)),
		);
		for (let index = 1; index < backlogPolls.length; index++)
			expect(Math.max(...timesOf(backlogPolls[index].items))).toBeLessThan(
				Math.min(...timesOf(backlogPolls[index - 1].items)),
			);
		expect(idsOf(executions.at(-1)!.items)).toEqual(meanwhile);
	});

	test.each(['scheduler', 'durable'] as const)(
		'%s: a burst of 120 created while a poll asks for its second page, and that page so slow that the budget ends the read after it: the records created meanwhile (above and below what was read) come later, each once',
		async (scheduler) => {
			const harness = await activatedOnEmpty('task', {
				scheduler,
				budgetMs: 5000,
				pollTimeoutMs: 10_000,
			});
			const before = await createRecords(context.sandbox, 'task', 60, `slow-burst-${scheduler}-`);
			let pages = 0;
			let burst: string[] = [];
			const remove = context.sandbox.beforeRoute(async ({ method, path }) => {
				if (method !== 'GET' || path !== '/api/v2/tasks' || ++pages !== 2) return;
				burst = await createRecords(context.sandbox, 'task', 120, `slow-burst-${scheduler}-b-`);
				await sleep(3000);
			});
			try {
				await harness.poll();
			} finally {
				remove();
			}
			expect(harness.logs.at(-1)).toMatch(/stopped before the end of what is new: its budget/);
			await pollUntilQuiet(harness);
			expectOnce(harness, [...before, ...burst]);
		},
	);

	test('records deleted in the part already read shift the list up under the resume point: the poll sees the page it reads again does not begin with a record it read, reads from the first page instead, and misses none', async () => {
		const harness = await activatedOnEmpty('deal');
		const backlog = freshBacklog('deals', 2500);
		context.sandbox.faults.set({ latencyMs: 100 });
		const first = await harness.poll();
		const read = idsOf(first.items);
		expect(read.length).toBeLessThan(backlog.length);
		context.sandbox.faults.clear();
		for (const id of read.slice(0, 150)) await deleteRecord(context.sandbox, 'deal', id);
		context.sandbox.faults.set({ latencyMs: 100 });
		await pollUntilQuiet(harness);
		expectOnce(harness, backlog);
	});

	test('after such a shift, a poll that reads from the first page again and stops before the unread part (answers slower now) keeps the unread part where it was: none twice, none missed', async () => {
		const harness = await activatedOnEmpty('company', { budgetMs: 1000 });
		const backlog = freshBacklog('companies', 2500);
		const first = await harness.poll();
		const read = idsOf(first.items);
		expect(read.length).toBeGreaterThan(300);
		for (const id of read.slice(0, 150)) await deleteRecord(context.sandbox, 'company', id);
		// One page a poll now: not enough to cross what the first poll read.
		context.sandbox.faults.set({ latencyMs: 400 });
		const below = () =>
			(harness.savedStaticData.cursor as { backlog?: { below: number } }).backlog?.below;
		const unreadBelow = below();
		const stuck = await harness.poll();
		expect(stuck.items).toBeNull();
		expect(below()).toBe(unreadBelow);
		context.sandbox.faults.clear();
		await pollUntilQuiet(harness);
		expectOnce(harness, backlog);
	});

	test('a page cursor Heffl refuses when the next poll resumes with it (expired): the backlog is read from the first page, none missed, none twice', async () => {
		const harness = await activatedOnEmpty('quotation', {}, relay.credentials);
		const backlog = freshBacklog('quotations', 2500);
		context.sandbox.faults.set({ latencyMs: 100 });
		await harness.poll();
		const resume = (harness.savedStaticData.cursor as { backlog?: { resume: string } }).backlog
			?.resume;
		expect(resume).toEqual(expect.any(String));
		let refused = 0;
		relay.rewrite = (sent) =>
			sent.query.cursor === resume && refused++ === 0
				? {
						status: 400,
						body: {
							error: {
								code: 'VALIDATION_ERROR',
								message: 'Invalid request',
								details: { issues: [{ field: 'cursor', message: 'has expired' }] },
							},
						},
					}
				: undefined;
		const sentBefore = relay.sent.length;
		await pollUntilQuiet(harness);
		expect(refused).toBe(1);
		const resumed = relay.sent.slice(sentBefore);
		expect(resumed[0].query.cursor).toBe(resume);
		expect(resumed[1].query.cursor).toBeUndefined();
		expectOnce(harness, backlog);
	});

	test('4,000 tasks behind a key another workflow keeps busy (50 of its 60 requests a minute), time 30 times faster: drained, no poll past the scheduler’s timeout, none abandoned, none missed, none twice (10,000: npm run bench)', async () => {
		const figures = await drainBacklog({ records: 4000, scale: 30, busy: 50 });
		expect(figures).toMatchObject({ emitted: 4000, missed: 0, twice: 0, abandoned: 0, failed: 0 });
		expect(figures.longestPollMs).toBeLessThan(figures.timeoutMs);
		expect(figures.oldestFirstInEach).toBe(true);
	}, 120_000);
});

describe('a poll n8n abandoned', () => {
	test('blocks nothing once its budget is over (the next poll reads and emits) and emits nothing late', async () => {
		// A host that abandons polls before their budget ends: 100 ms, with answers taking 300 ms.
		const harness = await activatedOnEmpty('company', {
			scheduler: 'scheduler',
			budgetMs: 600,
			pollTimeoutMs: 100,
		});
		const ids = freshBacklog('companies', 30);
		context.sandbox.faults.set({ latencyMs: 300 });
		const abandoned = await harness.poll();
		expect(abandoned).toMatchObject({ items: null, abandoned: true });
		await sleep(700); // past the abandoned poll's budget and its grace
		harness.setPollTimeout(10_000); // the next poll is not abandoned, however loaded the machine
		context.sandbox.faults.clear();
		context.sandbox.clearRequests();
		const next = await harness.poll();
		expect(context.apiRequests().length).toBeGreaterThan(0);
		expect(idsOf(next.items).sort()).toEqual([...ids].sort());
		expect(harness.logs.some((line) => /this one is skipped/.test(line))).toBe(false);
		await Promise.all(harness.abandoned);
		await harness.poll();
		expectOnce(harness, ids);
	});
});
