/**
 * Trigger On → Changed <kind>: each change of a watched field emitted once with `from` and
 * `to`, on each of n8n's three ways to poll (drivers/harness/poll.ts), across restarts. The
 * first activation remembers the present; a record that appears is remembered, not
 * emitted; a deleted one, or one that leaves the Filters, is forgotten; one that enters them
 * is remembered first; a change undone between two polls is no change. Records are changed
 * as Heffl's app changes them (the sandbox's editAsApp) and through the API.
 */
import type { IDataObject } from 'n8n-workflow';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import type { Scheduler } from '../../drivers/harness/poll';
import { PollHarness } from '../../drivers/harness/poll';
import { shareWindow } from '../../nodes/HefflPollingTrigger/requestShare';
import { createRecords, deleteRecord } from '../../sandbox/records';

const context = useSandbox();
const SCHEDULERS: Scheduler[] = ['legacy', 'scheduler', 'durable'];
const WATCHED = { event: 'dealChanged', watchedFields: ['ownerUserId', 'price'] };

afterEach(() => context.sandbox.faults.clear());
// Exactness apart from the key's share (changeCost.test.ts): a window of 50 ms.
beforeAll(() => {
	shareWindow.ms = 50;
});
afterAll(() => {
	shareWindow.ms = 60_000;
});

const users = () => context.sandbox.records('users').map((user) => String(user.id));
const deal = (id: string) =>
	context.sandbox.records('deals').find((record) => record.id === id) as IDataObject;
const edit = (id: string, changes: IDataObject) =>
	context.sandbox.editAsApp('deals', id, changes as never);

/** The changes emitted so far, as `id: field from→to`. */
const changesOf = (harness: PollHarness) =>
	harness.emitted.flatMap((item) =>
		Object.entries(item.changes as Record<string, { from: unknown; to: unknown }>).map(
			([field, { from, to }]) =>
				`${String((item.record as IDataObject).id)}: ${field} ${JSON.stringify(from)}→${JSON.stringify(to)}`,
		),
	);

describe.each(SCHEDULERS)('%s', (scheduler) => {
	const harnessFor = (parameters: IDataObject = {}) =>
		new PollHarness(context.credentials, { ...WATCHED, ...parameters } as never, undefined, {
			scheduler,
		});

	test('the first activation remembers the present; an owner and an amount changed come once, with from and to', async () => {
		const [id] = await createRecords(context.sandbox, 'deal', 1, `${scheduler}-owner-`);
		const harness = harnessFor();
		expect((await harness.activate()).items).toBeNull();
		const before = deal(id);
		const [, other] = users().filter((user) => user !== before.ownerUserId);
		edit(id, { ownerUserId: other, price: 2500 });
		const first = await harness.poll();
		expect(first.items).toHaveLength(1);
		expect(first.items![0]).toMatchObject({
			event: 'deal.changed',
			timestamp: deal(id).updatedAt,
			changes: {
				ownerUserId: { from: before.ownerUserId ?? null, to: other },
				price: { from: before.price ?? null, to: 2500 },
			},
			record: { id, ownerUserId: other, price: 2500 },
		});
		expect((await harness.poll()).items).toBeNull();
		expect(changesOf(harness)).toHaveLength(2);
	});

	test('a record that appears is remembered, not emitted; its first change then comes once', async () => {
		const harness = harnessFor();
		await harness.activate();
		const [id] = await createRecords(context.sandbox, 'deal', 1, `${scheduler}-appears-`);
		expect((await harness.poll()).items).toBeNull();
		const price = deal(id).price ?? null;
		edit(id, { price: 77 });
		await harness.poll();
		await harness.poll();
		expect(changesOf(harness)).toEqual([`${id}: price ${JSON.stringify(price)}→77`]);
	});

	test('a change undone between two polls is no change; unwatched fields are not watched', async () => {
		const [id] = await createRecords(context.sandbox, 'deal', 1, `${scheduler}-undone-`);
		const harness = harnessFor();
		await harness.activate();
		const price = deal(id).price;
		edit(id, { price: 999 });
		edit(id, { price, title: 'Renamed, not watched' });
		expect((await harness.poll()).items).toBeNull();
		expect(harness.emitted).toEqual([]);
	});
});

describe.each(SCHEDULERS)('%s: restarts, deletions, the Filters', (scheduler) => {
	const harnessFor = (parameters: IDataObject = {}) =>
		new PollHarness(context.credentials, { ...WATCHED, ...parameters } as never, undefined, {
			scheduler,
		});

	test('a restart between polls loses none and repeats none', async () => {
		const [a, b] = await createRecords(context.sandbox, 'deal', 2, `${scheduler}-restart-`);
		const harness = harnessFor();
		await harness.activate();
		edit(a, { price: 1111 });
		await harness.poll();
		edit(b, { price: 2222 });
		await harness.restart();
		await harness.poll();
		expect((await harness.poll()).items).toBeNull();
		expect(
			changesOf(harness).filter((line) => line.includes('→1111') || line.includes('→2222')),
		).toHaveLength(2);
		expect(changesOf(harness)).toHaveLength(2);
	});

	test('a change between the activation and the first scheduled poll is emitted (the activation’s memory is kept)', async () => {
		const [id] = await createRecords(context.sandbox, 'deal', 1, `${scheduler}-early-`);
		const harness = harnessFor();
		await harness.activate();
		edit(id, { price: 4242 });
		await harness.poll();
		expect(changesOf(harness)).toEqual([
			expect.stringMatching(new RegExp(`^${id}: price .*→4242$`)),
		]);
	});

	test('a deleted record is forgotten; one that leaves the Filters is forgotten, and remembered first when it comes back', async () => {
		const ids = await createRecords(context.sandbox, 'deal', 3, `${scheduler}-leaves-`);
		const [gone, leaving, staying] = ids;
		const harness = harnessFor({
			filters: {
				conditions: { condition: [{ field: 'status', operator: 'is', values: 'ACTIVE' }] },
			},
		});
		await harness.activate();
		// What n8n saved (an emitting poll saves on every scheduler).
		const remembered = () =>
			Object.keys(((harness.savedStaticData.changes ?? {}) as IDataObject).records ?? {});
		await deleteRecord(context.sandbox, 'deal', gone);
		edit(leaving, { status: 'LOST' });
		edit(staying, { price: 5150 });
		expect((await harness.poll()).items).toHaveLength(1);
		expect(remembered()).toContain(staying);
		expect(remembered()).not.toContain(gone);
		expect(remembered()).not.toContain(leaving);
		// Changed while out of the Filters, then back: remembered, not emitted.
		edit(leaving, { status: 'ACTIVE', price: 31337 });
		expect((await harness.poll()).items).toBeNull();
		edit(leaving, { price: 31338 });
		await harness.poll();
		expect(changesOf(harness)).toEqual([
			expect.stringMatching(new RegExp(`^${staying}: price .*→5150$`)),
			`${leaving}: price 31337→31338`,
		]);
	});
});
