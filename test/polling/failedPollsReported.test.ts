/**
 * Never silent: a trigger that cannot work fails its polls (n8n records each as a failed
 * execution and runs the error workflow), naming the list and the fix. A list that is not
 * newest first fails at once: the sandbox's `ignoreOrderDir` behaviour (§7 shows ordering
 * by example only, §11.1). Passing faults stay quiet until they have lasted
 * PERSISTENT_AFTER_MS over at least two polls; so does a fault that repeats identically
 * poll after poll (a list that ignores its cursor).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';

import { PERSISTENT_AFTER_MS } from '../../nodes/HefflPollingTrigger/faults';
import { useSandbox } from '../../drivers/harness/context';
import { useRecorder } from '../harness/crm';
import { PollHarness } from '../../drivers/harness/poll';
import { expectOnce } from './expectations';
import { createRecords } from '../../sandbox/records';

const context = useSandbox({ seed: false });
const relay = useRecorder(context);

// Date runs on, and the tests move it minutes ahead: it never goes back between tests.
beforeAll(() => {
	vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
});
afterAll(() => {
	vi.useRealTimers();
});
afterEach(() => {
	context.sandbox.setBehaviours({});
	context.sandbox.faults.clear();
	relay.rewrite = undefined;
	relay.rewriteUrl = undefined;
});

const minutes = (count: number) => vi.setSystemTime(Date.now() + count * 60_000);

describe('a list that is not newest first', () => {
	const NOT_NEWEST_FIRST =
		"Heffl's task list (API v2 GET /tasks) does not answer newest first, so new tasks cannot be told from old ones";

	test('empty at activation, it cannot show its order then; the first poll that sees two records fails, and every poll after it', async () => {
		context.sandbox.setBehaviours({ ignoreOrderDir: true });
		const harness = new PollHarness(context.credentials, { event: 'task' });
		const [first] = await createRecords(context.sandbox, 'task', 1, 'order-a-');
		await harness.activate();
		minutes(1);
		await createRecords(context.sandbox, 'task', 2, 'order-b-');
		const poll = await harness.poll();
		expect(poll.error?.message).toBe(NOT_NEWEST_FIRST);
		expect((poll.error as { description?: string }).description).toMatch(
			/honour orderBy and orderDir on \/tasks; until then use the Heffl Trigger \(webhooks\)/,
		);
		minutes(1);
		expect((await harness.poll()).error?.message).toBe(NOT_NEWEST_FIRST);
		expect(harness.emitted).toEqual([]);
		expect(first).toBeDefined();
	});

	test('an activation that sees it fails (the editor shows the error)', async () => {
		context.sandbox.setBehaviours({ ignoreOrderDir: true });
		await createRecords(context.sandbox, 'task', 2, 'order-activation-');
		const harness = new PollHarness(context.credentials, { event: 'task' });
		await expect(harness.activate()).rejects.toThrow(NOT_NEWEST_FIRST);
	});
});

describe('passing faults stay quiet until they have lasted', () => {
	test(`503s at every poll: quiet warnings, then after ${PERSISTENT_AFTER_MS / 60_000} minutes a failed execution each poll, naming the list, the cause and since when; the first poll that gets an answer catches up`, async () => {
		const harness = new PollHarness(context.credentials, { event: 'task' });
		await harness.activate();
		const ids = await createRecords(context.sandbox, 'task', 3, 'outage-');
		context.sandbox.faults.queue('503', 10_000, ['GET']);
		const outcomes = [];
		for (let poll = 0; poll < 4; poll++) {
			outcomes.push(await harness.poll());
			minutes(5);
		}
		expect(outcomes.slice(0, 3).map((outcome) => outcome.error)).toEqual([
			undefined,
			undefined,
			undefined,
		]);
		expect(
			harness.logs.filter((line) => /^warn: .*could not read Heffl's tasks/.test(line)),
		).toHaveLength(3);
		expect(outcomes[3].error?.message).toBe(
			"Heffl's tasks could not be read for 15 minutes (4 polls in a row): Heffl failed to answer (HTTP 503)",
		);
		expect((outcomes[3].error as { description?: string }).description).toMatch(
			/^Nothing was skipped: .* The polls have failed since \d{4}-\d\d-\d\dT/,
		);
		expect((await harness.poll()).error).toBeDefined();
		context.sandbox.faults.clear();
		await harness.poll();
		expectOnce(harness, ids);
		// The run ended: the next fault is quiet again.
		context.sandbox.faults.queue('503', 3, ['GET']);
		expect((await harness.poll()).error).toBeUndefined();
	});

	test('an hourly poll: the second failing poll in a row is reported (429s whose waits outlast a 2 s budget)', async () => {
		const harness = new PollHarness(context.credentials, { event: 'task' }, undefined, {
			budgetMs: 2000,
		});
		await harness.activate();
		context.sandbox.faults.queue('429', 10_000, ['GET']);
		expect((await harness.poll()).error).toBeUndefined();
		minutes(60);
		expect((await harness.poll()).error?.message).toMatch(
			/^Heffl's tasks could not be read for 60 minutes \(2 polls in a row\): /,
		);
	});

	test('a list that ignores its cursor repeats the same stop poll after poll: quiet at first, then reported; what it could read came once', async () => {
		const harness = new PollHarness(relay.credentials, { event: 'task' });
		await harness.activate();
		const ids = await createRecords(context.sandbox, 'task', 150, 'cursorless-');
		relay.rewriteUrl = (url) => url.searchParams.delete('cursor');
		const outcomes = [];
		for (let poll = 0; poll < 5; poll++) {
			outcomes.push(await harness.poll());
			minutes(5);
		}
		// The first poll emits the records of the pages it could read; nothing is emitted twice.
		expect(outcomes[0].items).toHaveLength(100);
		expect(outcomes.slice(0, 4).map((outcome) => outcome.error)).toEqual([
			undefined,
			undefined,
			undefined,
			undefined,
		]);
		expect(outcomes[4].error?.message).toMatch(
			/^Heffl's tasks could not be read for 15 minutes \(4 polls in a row\): the poll stopped where the last one did: Heffl failed: Heffl sent the same page cursor of the task list again$/,
		);
		relay.rewriteUrl = undefined;
		await harness.poll();
		expectOnce(harness, ids);
	});
});
