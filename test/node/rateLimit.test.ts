import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const titles = (count: number, prefix: string) =>
	Array.from({ length: count }, (_, i) => ({ title: `${prefix} ${i}` }));

describe('pacing under the rate limit (5 requests per 1.5 s window)', () => {
	const ctx = useSandbox({ rateLimit: { limit: 5, windowMs: 1500 } });

	test('12 creates wait for the window instead of being refused: no 429, every item once', async () => {
		ctx.sandbox.clearRequests();
		const result = await runHeffl(
			{ resource: 'task', operation: 'create', title: '={{ $json.title }}' },
			ctx.credentials,
			{ items: titles(12, 'paced') },
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(12);
		const statuses = ctx.apiRequests().map((request) => request.status);
		expect(statuses.filter((status) => status === 429)).toEqual([]);
		const stored = (ctx.sandbox.records('tasks') as IDataObject[]).filter((task) =>
			String(task.title).startsWith('paced'),
		);
		expect(stored).toHaveLength(12);
	});
});

describe('pacing with the combined RateLimit header of newer IETF drafts', () => {
	const ctx = useSandbox({ rateLimit: { limit: 3, windowMs: 1000, headerStyle: 'combined' } });

	test('7 creates, no 429', async () => {
		ctx.sandbox.clearRequests();
		const result = await runHeffl(
			{ resource: 'task', operation: 'create', title: '={{ $json.title }}' },
			ctx.credentials,
			{ items: titles(7, 'combined') },
		);
		expect(result.json).toHaveLength(7);
		expect(ctx.apiRequests().filter((request) => request.status === 429)).toEqual([]);
	});
});

describe('retries: only where they cannot duplicate a record', () => {
	const ctx = useSandbox();
	const taskCount = (title: string) =>
		(ctx.sandbox.records('tasks') as IDataObject[]).filter((task) => task.title === title).length;

	test('a create refused with 429 is sent again and stored once', async () => {
		ctx.sandbox.faults.queue('429', 2, ['POST']);
		const result = await runHeffl(
			{ resource: 'task', operation: 'create', title: 'after 429' },
			ctx.credentials,
		);
		expect(result.error).toBeUndefined();
		expect(taskCount('after 429')).toBe(1);
	});

	test('a create answered 500 is not sent again', async () => {
		ctx.sandbox.clearRequests();
		ctx.sandbox.faults.queue('500', 1, ['POST']);
		const result = await runHeffl(
			{ resource: 'task', operation: 'create', title: 'after 500' },
			ctx.credentials,
		);
		expect(result.error?.message).toBe(
			'Heffl failed to answer (HTTP 500): the task may or may not have been created [item 0]',
		);
		expect(ctx.apiRequests().filter((request) => request.method === 'POST')).toHaveLength(1);
	});

	test('a create whose answer was lost fails saying it may or may not exist, and is stored once', async () => {
		ctx.sandbox.faults.queue('drop-after', 1, ['POST']);
		const result = await runHeffl(
			{ resource: 'task', operation: 'create', title: 'answer lost' },
			ctx.credentials,
		);
		expect(result.error?.message).toMatch(/the task may or may not have been created \[item 0\]$/);
		expect(taskCount('answer lost')).toBe(1);
	});

	test('reads are retried after 503s and broken connections', async () => {
		ctx.sandbox.faults.queue('503', 1, ['GET']);
		ctx.sandbox.faults.queue('drop-before', 1, ['GET']);
		const result = await runHeffl(
			{ resource: 'leadSource', operation: 'getAll', limit: 2 },
			ctx.credentials,
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(2);
	});

	test('an update (§10.1: PUT, which repeats safely) is retried after a 500', async () => {
		const lead = (ctx.sandbox.records('leads') as IDataObject[])[0];
		ctx.sandbox.clearRequests();
		ctx.sandbox.faults.queue('500', 1, ['PUT']);
		const result = await runHeffl(
			{
				resource: 'lead',
				operation: 'update',
				leadId: byId(String(lead.id)),
				updateFields: { jobTitle: 'Retried' },
			},
			ctx.credentials,
		);
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ id: lead.id, title: 'Retried' });
		expect(ctx.apiRequests().map((request) => `${request.method} ${request.status}`)).toEqual([
			'PUT 500',
			'PUT 200',
		]);
		expect((ctx.sandbox.records('leads') as IDataObject[])[0]).toMatchObject({ title: 'Retried' });
	});

	test('a delete whose answer was lost is retried; the 404 that follows means it is done', async () => {
		const created = await runHeffl(
			{ resource: 'task', operation: 'create', title: 'to delete' },
			ctx.credentials,
		);
		const id = String(created.json[0].id);
		ctx.sandbox.faults.queue('drop-after', 1, ['DELETE']);
		const result = await runHeffl(
			{ resource: 'task', operation: 'delete', taskId: byId(id) },
			ctx.credentials,
		);
		expect(result.json).toEqual([{ id, deleted: true }]);
	});

	test('retries are bounded by Max Retries', async () => {
		ctx.sandbox.faults.queue('429', 3, ['GET']);
		const result = await runHeffl(
			{ resource: 'leadSource', operation: 'getAll', options: { maxRetries: 1 } },
			ctx.credentials,
		);
		expect(result.error?.message).toBe("Heffl's rate limit was still exceeded after 1 retries [item 0]");
		ctx.sandbox.faults.clear();
	});

	test('a refused connection is retried, then reported', async () => {
		// Tasks are on API v2 (§11.5): its base URL points at a port nothing listens on.
		const closed = { ...ctx.credentials, v2BaseUrl: 'http://127.0.0.1:9/api/v2' };
		ctx.sandbox.clearRequests();
		const result = await runHeffl(
			{ resource: 'task', operation: 'create', title: 'nowhere', options: { maxRetries: 1 } },
			closed,
		);
		expect(result.error?.message).toBe('Could not reach Heffl (ECONNREFUSED) [item 0]');
		expect(ctx.apiRequests()).toEqual([]);
	});
});
