/**
 * A Heffl Polling Trigger poll that fails (a 429 that outlasts the retries, a 503, a dropped
 * connection, an answer past the deadline, a garbled page, a refused key) leaves the cursor
 * and says why; the next poll catches up; polls of one trigger never overlap. Against the
 * sandbox over loopback, run by n8n-core's PollContext. When failures are reported to n8n:
 * failedPollsReported.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { transportLimits } from '../../nodes/shared/transport';
import { PollHarness } from '../../drivers/harness/poll';
import { expectOnce, expectQuiet } from './expectations';
import { createRecords } from '../../sandbox/records';
import { usePollingSandbox } from './pollingSandbox';

const { context, relay, activated } = usePollingSandbox();

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
