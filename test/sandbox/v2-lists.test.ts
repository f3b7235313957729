/**
 * The sandbox's v2 list model against Heffl's reference (docs/heffl-reference.md): §4.2 errors,
 * §6.2/§7 list parameters and envelopes, Return All over thousands of records, the §11.6 leads
 * list (the list model's own rows) and §7's creation order, over real HTTP. Expectations come
 * from the cited sections (or, where they are silent, from docs/assumptions.md's "v2 sandbox
 * choices"), never from the node.
 */
import { describe, expect, test } from 'vitest';

import { startSandbox } from '../../sandbox/index';
import type { Body } from './v2Client';
import { envelope, fieldsOf, ids, issuesOf, useV2Sandbox } from './v2Client';

const { call, list, all, records, company, pipeline } = useV2Sandbox();

describe('§4.2 errors and §6.2/§7 list parameters', () => {
	test('VALIDATION_ERROR lists every issue under error.details.issues; an unknown property has no field (§4.2, §9.2)', async () => {
		const answer = await call('/companies', 'POST', { email: 'not-an-email', foo: 1 });
		expect(answer.status).toBe(400);
		expect(answer.body.error.code).toBe('VALIDATION_ERROR');
		const issues = issuesOf(answer.body);
		expect(issues).toEqual(
			expect.arrayContaining([
				{ field: 'email', message: expect.any(String) },
				{ field: 'name', message: 'Required' },
				{ message: 'Unknown field: foo. Only documented fields and cf_* keys are allowed.' },
			]),
		);
		expect(issues.find((issue) => issue.message.startsWith('Unknown field'))).not.toHaveProperty(
			'field',
		);
	});

	test('pageSize 1–100 (default 30), cursor = meta.nextCursor; last page nextCursor null, hasMore false; `limit` is not a v2 parameter (§6.2)', async () => {
		const first = await list('/deals');
		envelope(first.body);
		expect(first.body.data).toHaveLength(Math.min(30, records('deals').length));
		expect((await list('/deals', { pageSize: '0' })).body.error.details.issues[0].field).toBe(
			'pageSize',
		);
		expect((await list('/deals', { pageSize: '101' })).status).toBe(400);
		const { items } = await all('/deals');
		expect(items).toHaveLength(records('deals').length);
		const last = await list('/deals', { pageSize: '100' });
		expect(last.body.meta).toEqual({ nextCursor: null, hasMore: false });
		expect((await list('/deals', { cursor: 'garbage!' })).body.error.details.issues[0].field).toBe(
			'cursor',
		);
	});

	test('filters is one JSON-encoded parameter {field: {operator, values}}; operators is, is_not, is_any_of, is_none_of; anything else names the filter (§7)', async () => {
		const wrongOperator = await list('/deals', {
			filters: { status: { operator: 'equals', values: ['WON'] } },
		});
		expect(wrongOperator.status).toBe(400);
		expect(issuesOf(wrongOperator.body)[0]).toMatchObject({
			field: 'filters.status',
			message: expect.stringContaining('is_any_of'),
		});
		const unknownField = await list('/deals', {
			filters: { colour: { operator: 'is', values: ['x'] } },
		});
		expect(issuesOf(unknownField.body)[0].field).toBe('filters.colour');
		const notJson = await list('/deals', { filters: 'status=WON' });
		expect(issuesOf(notJson.body)[0].field).toBe('filters');
		const twoForIs = await list('/deals', {
			filters: { status: { operator: 'is', values: ['WON', 'LOST'] } },
		});
		expect(issuesOf(twoForIs.body)[0].field).toBe('filters.status');
	});
});

describe('Return All over thousands of v2 records', () => {
	test('seed counts: `clients` are v2 companies, `deals` v2 deals, `quotations` v2 quotations', async () => {
		const seeded = await startSandbox({
			rateLimit: false,
			seed: { clients: 150, deals: 120, quotations: 3 },
		});
		try {
			const count = async (path: string) => {
				let total = 0;
				let cursor: string | undefined;
				for (let page = 0; page < 10; page++) {
					const query = new URLSearchParams({ pageSize: '100', ...(cursor ? { cursor } : {}) });
					const answer = (await (
						await fetch(`${seeded.urls.v2}${path}?${query.toString()}`, {
							headers: { 'x-api-key': seeded.apiKey },
						})
					).json()) as Body;
					total += answer.data.length;
					if (!answer.meta.hasMore) break;
					cursor = answer.meta.nextCursor;
				}
				return total;
			};
			expect([
				await count('/companies'),
				await count('/deals'),
				await count('/quotations'),
			]).toEqual([150, 120, 3]);
		} finally {
			await seeded.close();
		}
	});

	test('seed counts (clients, deals) and POST /__sandbox/bulk/{companies|deals|tasks|quotations} make N records; lists page them at ceil(n/100) requests', async () => {
		const big = await startSandbox({
			rateLimit: false,
			seed: { clients: 0, deals: 0, contacts: 0, leads: 0, tasks: 0, quotations: 0 },
		});
		try {
			for (const resource of ['companies', 'deals']) {
				const answer = await fetch(`${big.urls.origin}/__sandbox/bulk/${resource}`, {
					method: 'POST',
					body: JSON.stringify({ count: 3000 }),
				});
				expect(((await answer.json()) as Body).ids).toHaveLength(3000);
			}
			expect(
				(
					await fetch(`${big.urls.origin}/__sandbox/bulk/leads`, {
						method: 'POST',
						body: '{"count":1}',
					})
				).status,
			).toBe(404);
			for (const path of ['/companies', '/deals']) {
				const seen = new Set<string>();
				let cursor: string | undefined;
				let requests = 0;
				for (; requests < 100; ) {
					const query = new URLSearchParams({ pageSize: '100', ...(cursor ? { cursor } : {}) });
					const response = await fetch(`${big.urls.v2}${path}?${query.toString()}`, {
						headers: { 'x-api-key': big.apiKey },
					});
					requests++;
					const page = (await response.json()) as Body;
					for (const item of page.data) seen.add(item.id);
					if (!page.meta.hasMore) break;
					cursor = page.meta.nextCursor;
				}
				expect(seen.size).toBe(3000);
				expect(requests).toBe(30);
			}
			expect(big.bulkCreate('tasks', 250)).toHaveLength(250);
			const tasks = await fetch(`${big.urls.v2}/tasks?pageSize=100`, {
				headers: { 'x-api-key': big.apiKey },
			});
			expect(((await tasks.json()) as Body).meta.hasMore).toBe(true);
			const createdDeal = big.records('deals')[0];
			const got = await fetch(`${big.urls.v2}/deals/${String(createdDeal.id)}`, {
				headers: { 'x-api-key': big.apiKey },
			});
			expect(((await got.json()) as Body).cf_lead_score).toEqual(expect.any(Number));
		} finally {
			await big.close();
		}
	});
});

describe('§11.6 leads', () => {
	test('GET /leads shares the §7 list model: envelope, search, orderBy, filters; bad filters name their path', async () => {
		const page = await list('/leads', { pageSize: '2' });
		expect(page.status).toBe(200);
		expect(page.body.data).toHaveLength(2);
		expect(page.body.meta).toEqual({ nextCursor: expect.any(String), hasMore: true });
		expect(page.body.data[0].id).toMatch(/^ld_/);
		const lead = records('leads')[2];
		expect(ids(await list('/leads', { search: String(lead.email) }))).toEqual([lead.id]);
		const byName = (
			(await list('/leads', { orderBy: 'name', orderDir: 'asc', pageSize: '100' })).body
				.data as Body[]
		).map((item) => String(item.name));
		expect(byName).toEqual([...byName].sort(new Intl.Collator('en', { numeric: true }).compare));
		const inStage = await list('/leads', {
			filters: { stageId: { operator: 'is', values: [lead.stageId] } },
			pageSize: '100',
		});
		expect(ids(inStage)).toContain(lead.id);
		expect((inStage.body.data as Body[]).every((item) => item.stageId === lead.stageId)).toBe(true);
		expect(
			fieldsOf(await list('/leads', { filters: { stageId: { operator: 'like', values: ['x'] } } })),
		).toEqual(['filters.stageId']);
		expect(fieldsOf(await list('/leads', { orderBy: 'value' }))).toEqual(['orderBy']);
	});
});

describe('§7 creation order (what the polling trigger reads)', () => {
	const lists = ['/contacts', '/companies', '/deals', '/quotations', '/leads', '/tasks'];
	const times = (answer: { body: Body }) =>
		(answer.body.data as Body[]).map((item) => Date.parse(String(item.createdAt)));

	test.each(lists)(
		'GET %s is newest first by createdAt by default and with orderBy=createdAt&orderDir=desc; asc reverses it',
		async (path) => {
			const byDefault = await list(path, { pageSize: '100' });
			expect(byDefault.status).toBe(200);
			const created = times(byDefault);
			expect(created.length).toBeGreaterThan(1);
			expect(created.every(Number.isFinite)).toBe(true);
			expect(created).toEqual([...created].sort((a, b) => b - a));
			const stated = await list(path, { pageSize: '100', orderBy: 'createdAt', orderDir: 'desc' });
			expect(ids(stated)).toEqual(ids(byDefault));
			const ascending = times(
				await list(path, { pageSize: '100', orderBy: 'createdAt', orderDir: 'asc' }),
			);
			expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
		},
	);

	test('sandbox choice (docs/assumptions.md: a cursor is a position): a record created while a client pages newest first comes at the top, the next page shifts by one', async () => {
		const first = await list('/deals', { pageSize: '2' });
		const created = await call('/deals', 'POST', {
			title: 'Made between two pages',
			clientId: company().id,
			pipelineId: pipeline().id,
			cf_lead_score: 1,
		});
		expect(created.status).toBe(200);
		const second = await list('/deals', { pageSize: '2', cursor: first.body.meta.nextCursor });
		expect(ids(second)[0]).toBe(ids(first)[1]);
		expect(ids(await list('/deals', { pageSize: '1' }))).toEqual([created.body.id]);
	});
});
