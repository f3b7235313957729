/**
 * The polling trigger on each way n8n 2.41 runs polls (drivers/harness/poll.ts models them
 * from n8n's source; test/e2e/polling.test.ts measures them in real n8n): the
 * legacy poller, the durable scheduler, and the scheduler with durable cursors, which
 * does not commit what the activation poll stages. In each, the start chosen at
 * activation reaches the first scheduled poll, and every record comes once.
 */
import type { INodeParameters } from 'n8n-workflow';
import { afterEach, describe, expect, test } from 'vitest';

import { DEFAULT_POLL_BUDGET_MS, pollClock } from '../../nodes/HefflPollingTrigger/budget';
import { useSandbox } from '../../drivers/harness/context';
import type { Scheduler } from '../../drivers/harness/poll';
import { PollHarness } from '../../drivers/harness/poll';
import { expectOnce, idsOf } from './expectations';
import { createRecords } from '../../sandbox/records';

const context = useSandbox();
const SCHEDULERS: Scheduler[] = ['legacy', 'scheduler', 'durable'];

afterEach(() => {
	context.sandbox.faults.clear();
});

describe.each(SCHEDULERS)('%s', (scheduler) => {
	const harnessFor = (parameters: INodeParameters) =>
		new PollHarness(context.credentials, parameters, undefined, { scheduler });

	test('records created between the activation and the first scheduled poll are new; later ones come once', async () => {
		const harness = harnessFor({ event: 'company' });
		expect((await harness.activate()).items).toBeNull();
		const early = await createRecords(context.sandbox, 'company', 3, `${scheduler}-early-`);
		const first = await harness.poll();
		expect(idsOf(first.items)).toEqual(early);
		const later = await createRecords(context.sandbox, 'company', 2, `${scheduler}-later-`);
		await harness.poll();
		expect((await harness.poll()).items).toBeNull();
		expectOnce(harness, [...early, ...later]);
	});

	test('a restart between the activation and the first poll loses nothing', async () => {
		const harness = harnessFor({ event: 'task' });
		await harness.activate();
		const early = await createRecords(context.sandbox, 'task', 2, `${scheduler}-restart-a-`);
		await harness.restart();
		const late = await createRecords(context.sandbox, 'task', 2, `${scheduler}-restart-b-`);
		await harness.poll();
		await harness.poll();
		expectOnce(harness, [...early, ...late]);
	});

	test('quiet polls, a restart, more records: each once', async () => {
		const harness = harnessFor({ event: 'contact' });
		await harness.activate();
		const a = await createRecords(context.sandbox, 'contact', 2, `${scheduler}-q-a-`);
		await harness.poll();
		expect((await harness.poll()).items).toBeNull();
		const b = await createRecords(context.sandbox, 'contact', 3, `${scheduler}-q-b-`);
		await harness.restart();
		await harness.poll();
		expect((await harness.poll()).items).toBeNull();
		expectOnce(harness, [...a, ...b]);
	});

	test('Trigger On changed with no activation poll: the poll that chose the new start keeps it until n8n saves one', async () => {
		const harness = harnessFor({ event: 'deal' });
		await harness.activate();
		await createRecords(context.sandbox, 'task', 1, `${scheduler}-switch-old-`);
		// n8n's scheduler re-registers the same poll times without polling at once.
		harness.setParameters({ event: 'task' });
		expect((await harness.poll()).items).toBeNull();
		const tasks = await createRecords(context.sandbox, 'task', 2, `${scheduler}-switch-`);
		await harness.poll();
		expectOnce(harness, tasks);
	});
});

describe('durable cursors', () => {
	test('the activation’s start waits in the workflow’s global static data (n8n saves it after activation) until the first emission saves the cursor', async () => {
		const harness = new PollHarness(context.credentials, { event: 'lead' }, undefined, {
			scheduler: 'durable',
		});
		await harness.activate();
		// n8n did not commit what the activation staged: the cursor row is still empty.
		expect(harness.savedStaticData).toEqual({});
		expect(harness.savedGlobalData).toEqual({
			hefflPollingStarts: {
				'Heffl Polling Trigger': expect.objectContaining({ watching: 'lead' }),
			},
		});
		const ids = await createRecords(context.sandbox, 'lead', 2, 'durable-start-');
		await harness.poll();
		expect(harness.savedStaticData.cursor).toMatchObject({ watching: 'lead' });
		expect(harness.savedGlobalData).toEqual({});
		expectOnce(harness, ids);
	});
});

describe('a crash between saving the cursor and storing the execution', () => {
	test.each([
		['legacy', 'the cursor was saved first: the records of that poll are lost', 0],
		['scheduler', 'the cursor was saved first: the records of that poll are lost', 0],
		[
			'durable',
			'cursor and execution are one commit: neither happened, the next poll emits them',
			3,
		],
	] as Array<[Scheduler, string, number]>)('%s: %s', async (scheduler, _what, recovered) => {
		const harness = new PollHarness(context.credentials, { event: 'quotation' }, undefined, {
			scheduler,
		});
		await harness.activate();
		const ids = await createRecords(context.sandbox, 'quotation', 3, `${scheduler}-crash-`);
		harness.crashAfterSaving();
		expect((await harness.poll()).items).toBeNull();
		await harness.restart();
		await harness.poll();
		expect(idsOf(harness.emitted)).toEqual(ids.slice(0, recovered));
	});
});

describe('hosts without getPollBudgetMs (n8n before 2.38)', () => {
	test('a poll gets n8n’s own legacy bound, 5 minutes; with it, the host’s budget', () => {
		const without = { getPollBudgetMs: undefined } as never;
		expect(pollClock(without)).toMatchObject({ budgetMs: DEFAULT_POLL_BUDGET_MS, fromHost: false });
		const scheduler = { getPollBudgetMs: () => 36_000 } as never;
		expect(pollClock(scheduler)).toMatchObject({ budgetMs: 36_000, fromHost: true });
		const broken = { getPollBudgetMs: () => Number.NaN } as never;
		expect(pollClock(broken)).toMatchObject({ budgetMs: DEFAULT_POLL_BUDGET_MS, fromHost: false });
	});

	test('activation, polls and a restart work as on the legacy poller', async () => {
		const harness = new PollHarness(context.credentials, { event: 'contact' }, undefined, {
			budgetMs: null,
		});
		await harness.activate();
		const ids = await createRecords(context.sandbox, 'contact', 2, 'old-host-');
		await harness.restart();
		await harness.poll();
		expectOnce(harness, ids);
	});
});
