import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

// 250 leads and 250 contacts: enough for three pages of each API version.
const ctx = useSandbox({ seed: { leads: 250, contacts: 250 } });

const pageSizes = (version: 'v1' | 'v2') =>
	ctx
		.apiRequests()
		.filter((request) => request.apiVersion === version)
		.map((request) =>
			new URL(request.path, 'http://x').searchParams.get(version === 'v1' ? 'limit' : 'pageSize'),
		);

describe('Get Many costs ceil(n/100) requests', () => {
	test('v1 Return All of 250 leads: 3 requests of 100, every lead once', async () => {
		ctx.sandbox.clearRequests();
		const result = await runHeffl(
			{ resource: 'lead', operation: 'getAll', returnAll: true },
			ctx.credentials,
		);
		expect(result.json).toHaveLength(250);
		expect(new Set(result.json.map((lead) => lead.id)).size).toBe(250);
		expect(pageSizes('v1')).toEqual(['100', '100', '100']);
	});

	test('v2 Return All of 250 contacts: 3 requests of 100', async () => {
		ctx.sandbox.clearRequests();
		const result = await runHeffl(
			{ resource: 'contact', operation: 'getAll', returnAll: true },
			ctx.credentials,
		);
		expect(result.json).toHaveLength(250);
		expect(pageSizes('v2')).toEqual(['100', '100', '100']);
	});

	test('Limit 120 asks for exactly what is still needed: 100, then 20', async () => {
		ctx.sandbox.clearRequests();
		const result = await runHeffl(
			{ resource: 'lead', operation: 'getAll', limit: 120 },
			ctx.credentials,
		);
		expect(result.json).toHaveLength(120);
		expect(pageSizes('v1')).toEqual(['100', '20']);
	});

	test('Limit 50 (the default) is one request of 50', async () => {
		ctx.sandbox.clearRequests();
		const result = await runHeffl({ resource: 'contact', operation: 'getAll' }, ctx.credentials);
		expect(result.json).toHaveLength(50);
		expect(pageSizes('v2')).toEqual(['50']);
	});

	test('§7: a contact search reaches the API as the documented search parameter', async () => {
		const [contact] = await runHeffl(
			{ resource: 'contact', operation: 'getAll', limit: 1 },
			ctx.credentials,
		).then((result) => result.json);
		ctx.sandbox.clearRequests();
		const found = await runHeffl(
			{
				resource: 'contact',
				operation: 'getAll',
				returnAll: true,
				filters: { search: String(contact.email) },
			},
			ctx.credentials,
		);
		expect(found.json.map((record) => record.id)).toEqual([contact.id]);
		const [request] = ctx.apiRequests();
		expect(new URL(request.path, 'http://x').searchParams.get('search')).toBe(contact.email);
	});

	test('§10.1 documents no lead search: it is checked in n8n on every page, never sent', async () => {
		const [lead] = await runHeffl(
			{ resource: 'lead', operation: 'getAll', limit: 1, simplify: false },
			ctx.credentials,
		).then((result) => result.json);
		ctx.sandbox.clearRequests();
		const found = await runHeffl(
			{
				resource: 'lead',
				operation: 'getAll',
				returnAll: true,
				filters: { search: String(lead.email) },
			},
			ctx.credentials,
		);
		expect(found.json.map((record) => record.id)).toEqual([lead.id]);
		expect(found.hints.join(' ')).toMatch(/checked in n8n/);
		expect(ctx.apiRequests().map((request) => request.path)).toEqual([
			'/api/v1/leads?limit=100',
			expect.stringMatching(/^\/api\/v1\/leads\?(?!.*search)/),
			expect.stringMatching(/^\/api\/v1\/leads\?(?!.*search)/),
		]);
	});

	test('Simplify keeps the main fields of records with more than 10', async () => {
		const full = await runHeffl(
			{ resource: 'lead', operation: 'getAll', limit: 1, simplify: false },
			ctx.credentials,
		);
		const simple = await runHeffl(
			{ resource: 'lead', operation: 'getAll', limit: 1 },
			ctx.credentials,
		);
		expect(Object.keys(full.json[0]).length).toBeGreaterThan(10);
		const main = ['id', 'number', 'name', 'email', 'mobile', 'title', 'stage', 'createdAt'];
		expect(simple.json[0]).toEqual(
			Object.fromEntries(
				main.filter((key) => key in full.json[0]).map((key) => [key, full.json[0][key]]),
			),
		);
		expect(Object.keys(simple.json[0]).length).toBeGreaterThanOrEqual(5);
	});
});
