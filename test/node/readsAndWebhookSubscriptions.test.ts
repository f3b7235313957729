/**
 * What the Heffl node reads, through n8n-core against the sandbox: reference data (pipelines
 * with their stages, products, lead stages and sources, §11.9 tags), §11.13 document
 * templates with their custom fields, §11.1 contacts through the v2 envelope; and webhook
 * subscriptions (§12.1), whose signing secret Create shows once and Get and Get Many never.
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('reference data', () => {
	test('pipelines come with their stages; Get returns one pipeline', async () => {
		const all = await runHeffl(
			{ resource: 'pipeline', operation: 'getAll', returnAll: true },
			ctx.credentials,
		);
		expect(all.json.length).toBeGreaterThanOrEqual(2);
		for (const pipeline of all.json) expect(String(pipeline.id)).toMatch(/^dpl_/);
		expect((all.json[0].stages as IDataObject[])[0].id).toMatch(/^dps_/);

		const one = await runHeffl(
			{ resource: 'pipeline', operation: 'get', pipelineId: byId(String(all.json[1].id)) },
			ctx.credentials,
		);
		expect(one.json).toEqual([all.json[1]]);
	});

	test('products: Get Many on API v2 with a search checked in n8n; Get at the contract’s v1 path', async () => {
		const products = ctx.sandbox.records('products') as IDataObject[];
		const target = products[3];
		ctx.sandbox.clearRequests();
		const found = await runHeffl(
			{
				resource: 'product',
				operation: 'getAll',
				returnAll: true,
				filters: { search: String(target.name) },
			},
			ctx.credentials,
		);
		expect(found.json.map((product) => product.id)).toContain(target.id);
		expect(
			found.json.every((product) =>
				String(product.name).toLowerCase().includes(String(target.name).toLowerCase()),
			),
		).toBe(true);
		// §11.10 documents no search for GET /products: it is checked in n8n, not sent.
		expect(ctx.apiRequests().map((request) => request.path)).toEqual([
			expect.stringMatching(/^\/api\/v2\/products\?pageSize=100$/),
		]);

		ctx.sandbox.clearRequests();
		const one = await runHeffl(
			{ resource: 'product', operation: 'get', productId: byId(String(target.id)) },
			ctx.credentials,
		);
		expect(one.json).toEqual([expect.objectContaining({ id: target.id, name: target.name })]);
		expect(ctx.apiRequests().map((request) => request.path)).toEqual([
			`/api/v1/products/${String(target.id)}`,
		]);
	});

	test('lead stages and lead sources', async () => {
		const stages = await runHeffl(
			{ resource: 'leadStage', operation: 'getAll', returnAll: true },
			ctx.credentials,
		);
		const sources = await runHeffl(
			{ resource: 'leadSource', operation: 'getAll', returnAll: true },
			ctx.credentials,
		);
		expect(stages.json.map((stage) => stage.id)).toEqual(
			(ctx.sandbox.records('leadStages') as IDataObject[]).map((stage) => stage.id),
		);
		expect(sources.json.every((source) => String(source.id).startsWith('src_'))).toBe(true);
		expect(sources.json.length).toBeGreaterThan(0);
	});

	test('§11.9 tags: one request each, the type checked on the records and never sent (§11.9 lists no query), the limit sent as the page size (§6.2)', async () => {
		ctx.sandbox.clearRequests();
		const deals = await runHeffl(
			{ resource: 'tag', operation: 'getAll', returnAll: true, filters: { type: 'deals' } },
			ctx.credentials,
		);
		const expected = (ctx.sandbox.records('tags') as IDataObject[]).filter(
			(tag) => tag.type === 'deals',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(deals.json.map((tag) => tag.name)).toEqual(expected.map((tag) => tag.name));
		expect(deals.json.every((tag) => tag.type === 'deals' && /^tag_/.test(String(tag.id)))).toBe(
			true,
		);
		const two = await runHeffl({ resource: 'tag', operation: 'getAll', limit: 2 }, ctx.credentials);
		expect(two.json).toHaveLength(2);
		expect(ctx.apiRequests().map((request) => request.path)).toEqual([
			'/api/v2/tags?pageSize=100',
			'/api/v2/tags?pageSize=2',
		]);
	});
});

describe('API v2: document templates (§11.13) and contacts (§11.1)', () => {
	test('a template comes with its custom field definitions', async () => {
		const templates = await runHeffl(
			{
				resource: 'documentTemplate',
				operation: 'getAll',
				returnAll: true,
				filters: { type: 'invoices' },
			},
			ctx.credentials,
		);
		expect(templates.json.length).toBeGreaterThan(0);
		expect(
			templates.json.every((template) => template.type === 'invoices' && template.isActive),
		).toBe(true);

		const template = await runHeffl(
			{
				resource: 'documentTemplate',
				operation: 'get',
				documentTemplateId: byId(String(templates.json[0].id)),
			},
			ctx.credentials,
		);
		const fields = template.json[0].customFields as IDataObject[];
		expect(fields.length).toBeGreaterThan(0);
		for (const field of fields)
			expect(field).toMatchObject({
				key: expect.stringMatching(/^cf_/),
				label: expect.any(String),
			});
	});

	test('inactive templates only when asked', async () => {
		const active = await runHeffl(
			{ resource: 'documentTemplate', operation: 'getAll', returnAll: true },
			ctx.credentials,
		);
		const all = await runHeffl(
			{
				resource: 'documentTemplate',
				operation: 'getAll',
				returnAll: true,
				filters: { includeInactive: true },
			},
			ctx.credentials,
		);
		expect(all.json.length).toBeGreaterThan(active.json.length);
	});

	test('contacts through the v2 envelope', async () => {
		const contacts = await runHeffl(
			{ resource: 'contact', operation: 'getAll', returnAll: true, simplify: false },
			ctx.credentials,
		);
		expect(contacts.json).toHaveLength((ctx.sandbox.records('contacts') as IDataObject[]).length);
		expect(contacts.json[0]).toMatchObject({
			id: expect.any(String),
			firstName: expect.any(String),
			email: expect.any(String),
		});
	});
});

describe('webhook subscriptions', () => {
	test('create shows the secret once with a warning; get and get many never do', async () => {
		const created = await runHeffl(
			{
				resource: 'webhookSubscription',
				operation: 'create',
				url: 'https://hooks.example.com/heffl',
				events: ['lead.created', 'deal.stageChanged'],
				subscriptionName: 'CRM sync',
			},
			ctx.credentials,
		);
		expect(created.error).toBeUndefined();
		expect(created.json[0]).toMatchObject({
			url: 'https://hooks.example.com/heffl',
			events: ['lead.created', 'deal.stageChanged'],
			secret: expect.stringMatching(/^whsec_/),
			secretNotice: expect.stringContaining('only once'),
		});
		const id = String(created.json[0].id);

		const fetched = await runHeffl(
			{ resource: 'webhookSubscription', operation: 'get', webhookSubscriptionId: byId(id) },
			ctx.credentials,
		);
		expect(fetched.json[0]).toMatchObject({ id, name: 'CRM sync' });
		expect(fetched.json[0]).not.toHaveProperty('secret');

		const listed = await runHeffl(
			{ resource: 'webhookSubscription', operation: 'getAll', returnAll: true },
			ctx.credentials,
		);
		expect(listed.json.map((subscription) => subscription.id)).toContain(id);

		const deleted = await runHeffl(
			{ resource: 'webhookSubscription', operation: 'delete', webhookSubscriptionId: byId(id) },
			ctx.credentials,
		);
		expect(deleted.json).toEqual([{ id, deleted: true }]);
	});

	test('a plain-http URL is sent: Heffl only warns (service-api.md: "HTTP endpoints generate warnings"; §12.2: HTTPS in production)', async () => {
		ctx.sandbox.clearRequests();
		const result = await runHeffl(
			{
				resource: 'webhookSubscription',
				operation: 'create',
				url: 'http://hooks.example.com/heffl',
				events: ['lead.created'],
			},
			ctx.credentials,
		);
		expect(result.error).toBeUndefined();
		expect(
			ctx.apiRequests().map((request) => `${request.method} ${request.path} ${request.status}`),
		).toEqual(['POST /api/v1/webhooks 200']);
		expect(result.json[0]).toMatchObject({
			url: 'http://hooks.example.com/heffl',
			name: 'n8n: lead.created',
			warnings: [expect.stringMatching(/not HTTPS/)],
		});
		const id = String(result.json[0].id);
		expect(ctx.sandbox.records('webhooks').map((subscription) => subscription.id)).toContain(id);
		await runHeffl(
			{ resource: 'webhookSubscription', operation: 'delete', webhookSubscriptionId: byId(id) },
			ctx.credentials,
		);
		expect(ctx.sandbox.records('webhooks').map((subscription) => subscription.id)).not.toContain(
			id,
		);
	});
});
