/**
 * Records sharing one createdAt: the sandbox's `secondPrecisionTimestamps` behaviour
 * (heffl-reference.md states no precision; §6.1 and §7's examples show `.000Z`), and a
 * bulk import that gives many records one time. Whatever the activation's first page
 * shows at its newest createdAt, records that appear later with that time are new; a
 * poll where one createdAt spans more than a page reads all of it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { FIRST_PAGE_SIZE } from '../../nodes/HefflPollingTrigger/watchedList';
import { useSandbox } from '../../drivers/harness/context';
import { PollHarness } from '../../drivers/harness/poll';
import { expectOnce, idsOf } from './expectations';
import type { Kind } from '../../sandbox/records';
import { createdAtOf, createRecords, stampAll } from '../../sandbox/records';

const context = useSandbox();

beforeAll(() => {
	context.sandbox.setBehaviours({ secondPrecisionTimestamps: true });
});
afterAll(() => {
	context.sandbox.setBehaviours({});
});

/** `count` records of `kind`, all at one createdAt (the first one's, or `at`). */
async function tied(kind: Kind, count: number, prefix: string, at?: string) {
	const ids = await createRecords(context.sandbox, kind, count, prefix);
	const time = at ?? createdAtOf(context.sandbox, kind, ids[0]);
	stampAll(context.sandbox, kind, ids, time);
	return { ids, time };
}

describe('activation with equal timestamps', () => {
	test.each(['company', 'lead', 'task'] as Kind[])(
		'%s: 70 records at one createdAt before activation, 80 more at that createdAt after it → the 80, once',
		async (kind) => {
			const before = await tied(kind, 70, `tie-${kind}-before-`);
			const harness = new PollHarness(context.credentials, { event: kind });
			expect((await harness.activate()).items).toBeNull();
			const after = await tied(kind, 80, `tie-${kind}-after-`, before.time);
			await harness.poll();
			await harness.poll();
			expectOnce(harness, after.ids);
		},
	);

	test('the start reads on only while the newest createdAt goes on: 1 request when the first page ends it', async () => {
		await createRecords(context.sandbox, 'contact', 3, 'tie-start-');
		context.sandbox.clearRequests();
		const harness = new PollHarness(context.credentials, { event: 'contact' });
		await harness.activate();
		expect(context.apiRequests().length).toBe(1);
	});
});

describe('one createdAt over more than a page in a poll', () => {
	test('250 new records at one createdAt come in one poll; 30 more at that time in the next; each once', async () => {
		const harness = new PollHarness(context.credentials, { event: 'task' });
		await harness.activate();
		const first = await tied('task', 250, 'tie-span-a-');
		await harness.poll();
		expect(idsOf(harness.emitted).length).toBe(250);
		const second = await tied('task', 30, 'tie-span-b-', first.time);
		await harness.poll();
		await harness.poll();
		expectOnce(harness, [...first.ids, ...second.ids]);
	});

	test(`while the newest createdAt is shared by more records than the first page (${FIRST_PAGE_SIZE}), an idle poll reads all of them: 2 requests here, 1 again once a newer record exists`, async () => {
		const harness = new PollHarness(context.credentials, { event: 'deal' });
		await harness.activate();
		const group = await tied('deal', 40, 'tie-idle-');
		await harness.poll();
		context.sandbox.clearRequests();
		await harness.poll();
		expect(context.apiRequests().length).toBe(2);
		const [newer] = await createRecords(context.sandbox, 'deal', 1, 'tie-idle-newer-', undefined);
		// a createdAt after the group's (the sandbox writes whole seconds)
		stampAll(
			context.sandbox,
			'deal',
			[newer],
			new Date(Date.parse(group.time) + 1000).toISOString(),
		);
		await harness.poll();
		context.sandbox.clearRequests();
		await harness.poll();
		expect(context.apiRequests().length).toBe(1);
		expectOnce(harness, [...group.ids, newer]);
	});
});
