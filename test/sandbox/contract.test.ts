/**
 * The sandbox against the contract (docs/service-api.md), over real HTTP: it is the measuring
 * stick for everything else, so it is measured too. Here the request path: lists and paging,
 * auth, the rate limit, injected faults; signed deliveries in contract-webhooks.test.ts. The
 * v1 records endpoints are checked against heffl-reference.md in v1-*.test.ts.
 */
import { sleep } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { startSandbox } from '../../sandbox/index';
import { useContractSandbox } from './contractClient';

const { sandbox, call } = useContractSandbox();

describe('lists and pagination', () => {
	test('v1: default 20, max 100, the cursor walks every record exactly once', async () => {
		expect(((await call('/leads')).body.items as unknown[]).length).toBe(20);
		const seen: string[] = [];
		let cursor: string | null = null;
		do {
			const page = await call(`/leads?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
			seen.push(...(page.body.items as Array<{ id: string }>).map((lead) => lead.id));
			cursor = page.body.hasMore ? (page.body.nextCursor as string) : null;
			if (!page.body.hasMore) expect(page.body.nextCursor).toBeNull();
		} while (cursor);
		expect(seen).toHaveLength(45);
		expect(new Set(seen).size).toBe(45);
	});

	test.each(['0', '101', 'abc', '2.5'])('v1 limit=%s is a 400 naming limit', async (limit) => {
		const answer = await call(`/leads?limit=${limit}`);
		expect(answer).toMatchObject({
			status: 400,
			body: { code: 'BAD_REQUEST', message: expect.stringMatching(/^limit: /) },
		});
	});

	test('a malformed cursor is a 400', async () => {
		expect((await call('/leads?cursor=%%%')).status).toBe(400);
	});

	test('v2: default 30, {data, meta}, pageSize out of range is a nested VALIDATION_ERROR', async () => {
		const page = await call('/contacts', { base: 'v2' });
		expect((page.body.data as unknown[]).length).toBe(30);
		expect(page.body.meta).toEqual({ nextCursor: expect.any(String), hasMore: true });
		const bad = await call('/contacts?pageSize=500', { base: 'v2' });
		expect(bad).toMatchObject({
			status: 400,
			body: {
				error: {
					code: 'VALIDATION_ERROR',
					message: expect.any(String),
					details: { issues: [{ field: 'pageSize', message: expect.any(String) }] },
				},
			},
		});
	});

	test('tags: every tag at once, no pagination fields, the 13-value type filter', async () => {
		const all = await call('/tags');
		expect(Object.keys(all.body)).toEqual(['items']);
		const leads = await call('/tags?type=leads');
		expect(
			(leads.body.items as Array<{ id: unknown; type: string }>).every(
				(tag) => tag.type === 'leads' && typeof tag.id === 'number',
			),
		).toBe(true);
		expect((await call('/tags?type=bills')).status).toBe(200);
		expect((await call('/tags?type=bananas')).body).toMatchObject({
			code: 'BAD_REQUEST',
			message: expect.stringMatching(/^type: /),
		});
	});

	test('document templates: single bare object with custom fields; unknown id 404 nested', async () => {
		const list = await call('/document-templates?type=quotations', { base: 'v2' });
		const [template] = list.body.data as Array<{ id: string }>;
		const one = await call(`/document-templates/${template.id}`, { base: 'v2' });
		expect(one.body).toMatchObject({
			id: template.id,
			type: 'quotations',
			customFields: expect.any(Array),
			contentMode: expect.stringMatching(/^(STATIC|DYNAMIC)$/),
		});
		const missing = await call('/document-templates/tpl_nope', { base: 'v2' });
		expect(missing).toMatchObject({
			status: 404,
			body: { error: { code: 'NOT_FOUND', details: {} } },
		});
	});
});

describe('auth', () => {
	// HTTP itself trims spaces around a header value and forbids line breaks in it,
	// so what reaches a server is whitespace inside the key.
	test.each([
		['missing', null],
		['with a space inside', 'KEY-PART1 PART2'],
		['with a tab inside', 'KEY\tX'],
		['unknown', 'hk_test_unknown'],
	])('a %s key is a 401 UNAUTHORIZED', async (_name, key) => {
		const raw =
			key
				?.replace('KEY-PART1 PART2', `${sandbox().apiKey.slice(0, 8)} ${sandbox().apiKey.slice(8)}`)
				.replace('KEY', sandbox().apiKey) ?? null;
		expect(await call('/tags', { key: raw })).toMatchObject({
			status: 401,
			body: { code: 'UNAUTHORIZED' },
		});
	});

	test('a revoked key stops at once; a bearer token is ignored', async () => {
		const key = sandbox().createApiKey('A');
		expect((await call('/tags', { key })).status).toBe(200);
		sandbox().revokeApiKey(key);
		expect((await call('/tags', { key })).status).toBe(401);
		expect(
			(await call('/tags', { key: null, headers: { authorization: `Bearer ${sandbox().apiKey}` } }))
				.status,
		).toBe(401);
	});

	test("another workspace's record is a 403 FORBIDDEN", async () => {
		const foreign = sandbox().records('leads', 'B')[0];
		expect(await call(`/leads/${String(foreign.id)}`)).toMatchObject({
			status: 403,
			body: { code: 'FORBIDDEN' },
		});
	});
});

describe('rate limit', () => {
	test('headers on every answer; 429 past the limit with Retry-After; the window resets', async () => {
		const limited = await startSandbox({ rateLimit: { limit: 3, windowMs: 1000 }, seed: false });
		try {
			const answers = [];
			for (let i = 0; i < 4; i++)
				answers.push(
					await fetch(`${limited.urls.v1}/tags`, { headers: { 'x-api-key': limited.apiKey } }),
				);
			expect(answers.map((answer) => answer.headers.get('ratelimit-remaining'))).toEqual([
				'2',
				'1',
				'0',
				'0',
			]);
			expect(
				answers.every(
					(answer) =>
						answer.headers.get('ratelimit-limit') === '3' &&
						Number(answer.headers.get('ratelimit-reset')) >= 1,
				),
			).toBe(true);
			expect(answers[3].status).toBe(429);
			expect(await answers[3].json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
			expect(answers[3].headers.get('retry-after')).toMatch(/^\d+$/);
			await sleep(1100);
			expect(
				(await fetch(`${limited.urls.v1}/tags`, { headers: { 'x-api-key': limited.apiKey } }))
					.status,
			).toBe(200);
		} finally {
			await limited.close();
		}
	});
});

describe('fault injection', () => {
	test('queued 500, 503, 429, drop-before and drop-after', async () => {
		sandbox().faults.queue('500', 1);
		sandbox().faults.queue('503', 1);
		sandbox().faults.queue('429', 1);
		expect((await call('/tags')).status).toBe(500);
		expect((await call('/tags')).status).toBe(503);
		expect((await call('/tags')).status).toBe(429);
		sandbox().faults.queue('drop-before', 1);
		await expect(call('/tags')).rejects.toThrow();
		const before = sandbox().records('tasks').length;
		sandbox().faults.queue('drop-after', 1, ['POST']);
		await expect(
			call('/tasks', { method: 'POST', body: JSON.stringify({ title: 'acted' }) }),
		).rejects.toThrow();
		expect(sandbox().records('tasks').length).toBe(before + 1);
		expect((await call('/tags')).status).toBe(200);
	});

	test('a fault queued for one path (here through the control route) leaves other paths alone', async () => {
		const queued = await fetch(`${sandbox().urls.origin}/__sandbox/faults`, {
			method: 'POST',
			body: JSON.stringify({
				queue: [{ kind: '503', count: 1, methods: ['GET'], path: '/api/v1/tasks' }],
			}),
		});
		expect(queued.status).toBe(200);
		expect((await call('/tags')).status).toBe(200);
		expect((await call('/tasks')).status).toBe(503);
		expect((await call('/tasks')).status).toBe(200);
	});
});
