/**
 * The sandbox's v1 leads against Heffl's own reference (docs/heffl-reference.md §10.1, §9.2,
 * §4.1), and v1's two documented list forms (§6.1), read on the leads, over real HTTP. Each
 * test names the section it checks; expectations come from that section, not from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v1Client';
import { useV1Sandbox } from './v1Client';

const { call, first } = useV1Sandbox();

describe('§10.1 leads', () => {
	test('POST /leads (intro example body) answers 200 with id, name, email, createdAt; cf_ keys come back in customFields (§9.2)', async () => {
		const created = await call('/leads', 'POST', {
			name: 'John Doe',
			email: 'john@example.com',
			mobile: '+1234567890',
			title: 'Product Demo Request',
			cf_budget_range: '10k',
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^ld_/),
			name: 'John Doe',
			email: 'john@example.com',
			customFields: { cf_budget_range: '10k' },
		});
		expect(created.body).not.toHaveProperty('cf_budget_range');
		expect(created.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
	});

	test('POST /leads with an invalid e-mail is a flat 400 BAD_REQUEST (§4.1)', async () => {
		const answer = await call('/leads', 'POST', { name: 'A', email: 'nope' });
		expect(answer).toMatchObject({
			status: 400,
			body: { code: 'BAD_REQUEST', message: expect.stringContaining('email') },
		});
	});

	test('GET /leads/{id} has every documented field: number, archived, source, stage, customFields, secondaryMobile, website, value', async () => {
		const lead = first('leads');
		const answer = await call(`/leads/${String(lead.id)}`);
		expect(answer.status).toBe(200);
		for (const key of [
			'id',
			'number',
			'name',
			'archived',
			'createdAt',
			'title',
			'email',
			'mobile',
			'secondaryMobile',
			'website',
			'value',
			'source',
			'stage',
			'customFields',
		])
			expect(answer.body).toHaveProperty(key);
		expect(typeof answer.body.archived).toBe('boolean');
		expect(typeof answer.body.number).toBe('string');
	});

	test('PUT /leads/{id} changes only the fields sent (name, mobile, secondaryMobile, email, title, value, website, cf_); PATCH is not a lead route', async () => {
		const { body: lead } = await call('/leads', 'POST', { name: 'Put Me', email: 'p@example.com' });
		const id = String(lead.id);
		const put = await call(`/leads/${id}`, 'PUT', {
			secondaryMobile: '+0987654321',
			title: 'VP of Marketing',
			value: 7500,
			website: 'https://example.com',
			cf_score: 3,
		});
		expect(put.status).toBe(200);
		expect(put.body).toMatchObject({
			name: 'Put Me',
			email: 'p@example.com',
			secondaryMobile: '+0987654321',
			title: 'VP of Marketing',
			value: 7500,
			customFields: { cf_score: 3 },
		});
		expect((await call(`/leads/${id}`, 'PATCH', { title: 'x' })).status).toBe(404);
		const cleared = await call(`/leads/${id}`, 'PUT', { email: null });
		expect(cleared.body.email).toBeNull();
	});

	test('PUT /leads/{id} allows additional properties ({key} any) and keeps them', async () => {
		const { body: lead } = await call('/leads', 'POST', { name: 'Extra' });
		const put = await call(`/leads/${String(lead.id)}`, 'PUT', { tags: [1] });
		expect(put.body.tags).toEqual([1]);
	});

	test('DELETE /leads/{id} (§10.1, response not documented) removes the lead', async () => {
		const { body: lead } = await call('/leads', 'POST', { name: 'Gone' });
		const id = String(lead.id);
		expect((await call(`/leads/${id}`, 'DELETE')).status).toBe(200);
		expect((await call(`/leads/${id}`)).status).toBe(404);
	});
});

describe('§6.1 v1 pagination: both documented forms', () => {
	test('cursor and limit answer {items, nextCursor, hasMore}; pageNo and pageSize answer {items, meta}', async () => {
		const cursor = await call('/leads?limit=5');
		expect(Object.keys(cursor.body).sort()).toEqual(['hasMore', 'items', 'nextCursor']);
		const numbered = await call('/leads?pageNo=2&pageSize=5');
		expect(numbered.body.meta).toMatchObject({
			count: 5,
			pageNo: 2,
			pageSize: 5,
			total: expect.any(Number),
		});
		const ids = (page: Body) => (page.items as Body[]).map((lead) => lead.id);
		const second = await call(`/leads?limit=5&cursor=${String(cursor.body.nextCursor)}`);
		expect(ids(numbered.body)).toEqual(ids(second.body));
	});
});
