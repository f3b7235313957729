/**
 * The sandbox's v2 reference data against Heffl's reference (docs/heffl-reference.md):
 * §11.8–§11.13 and §13 (lead stages, tags, products, users, client stages, sources,
 * custom-field definitions, document templates), over real HTTP. Pipelines:
 * v2-pipelines.test.ts; events of v2 writes: v2-events.test.ts. Expectations come from the
 * cited sections, never from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { envelope, issuesOf, useV2Sandbox } from './v2Client';

const { call, list, all, records, pipeline, quotationTemplate, sandbox } = useV2Sandbox();

describe('§11.8–§11.12, §13 reference data', () => {
	test("POST /lead-stages: label and type (NEW … JUNK, and the help page's WORKING) required; answers id, label, type, position; v1 lists it too, with its type", async () => {
		const missing = await call('/lead-stages', 'POST', { label: 'Nurture' });
		expect(issuesOf(missing.body)).toEqual([{ field: 'type', message: 'Required' }]);
		const created = await call('/lead-stages', 'POST', { label: 'Nurture', type: 'CONTACTED' });
		expect(created.body).toEqual({
			id: expect.stringMatching(/^lstg_/),
			label: 'Nurture',
			type: 'CONTACTED',
			position: expect.any(Number),
		});
		const v1 = await fetch(`${sandbox().urls.v1}/leads/stages?limit=100`, {
			headers: { 'x-api-key': sandbox().apiKey },
		});
		const working = await call('/lead-stages', 'POST', { label: 'In talks', type: 'WORKING' });
		expect(working.body).toMatchObject({ label: 'In talks', type: 'WORKING' });
		const listed = ((await v1.json()) as Body).items as Body[];
		expect(listed.find((stage) => stage.id === created.body.id)).toMatchObject({
			type: 'CONTACTED',
		});
		// The seeded stages carry types too, Working among them (seed.ts).
		expect(new Set(listed.map((stage) => stage.type))).toEqual(
			new Set(['NEW', 'CONTACTED', 'WORKING', 'CONVERTED', 'UNQUALIFIED']),
		);
	});

	test('GET /tags (type filter, tag_ IDs) and POST /tags (name, type, color required; icon optional) (§11.9, §8.1)', async () => {
		const deals = await all('/tags', { type: 'deals' });
		expect(deals.items.length).toBeGreaterThan(0);
		expect(deals.items.every((tag) => tag.type === 'deals' && /^tag_/.test(tag.id))).toBe(true);
		expect(
			issuesOf((await call('/tags', 'POST', { name: 'Cold' })).body)
				.map((issue) => issue.field)
				.sort(),
		).toEqual(['color', 'type']);
		const created = await call('/tags', 'POST', {
			name: 'Cold',
			type: 'fs_jobs',
			color: '#00ff00',
		});
		expect(created.body).toEqual({
			id: expect.stringMatching(/^tag_/),
			name: 'Cold',
			color: '#00ff00',
			type: 'fs_jobs',
			icon: null,
		});
		expect(
			(await list('/tags', { type: 'fs_jobs' })).body.data.map((tag: Body) => tag.id),
		).toContain(created.body.id);
		expect((await list('/tags', { type: 'nope' })).status).toBe(400);
	});

	test('GET /products, POST /products, PATCH /products/{id} (type PRODUCT/SERVICE; cf_* accepted, not returned) (§11.10)', async () => {
		const listed = await all('/products');
		expect(listed.items.length).toBe(records('products').length);
		expect(listed.items[0]).toMatchObject({
			id: expect.stringMatching(/^prd_/),
			type: expect.stringMatching(/^(PRODUCT|SERVICE)$/),
			isActive: expect.any(Boolean),
		});
		expect(issuesOf((await call('/products', 'POST', { price: 1 })).body)[0].field).toBe('name');
		const created = await call('/products', 'POST', {
			name: 'Onboarding',
			type: 'SERVICE',
			price: 250,
			sku: 'ONB',
			buyPrice: 100,
			cf_brand: 'Heffl',
		});
		expect(created.body).toEqual({
			id: expect.stringMatching(/^prd_/),
			name: 'Onboarding',
			price: 250,
			type: 'SERVICE',
			isActive: true,
			description: null,
			sku: 'ONB',
		});
		const patched = await call(`/products/${created.body.id}`, 'PATCH', {
			price: 300,
			description: null,
			isActive: false,
			type: 'PRODUCT',
		});
		expect(patched.body).toMatchObject({
			price: 300,
			isActive: false,
			type: 'PRODUCT',
			description: null,
		});
		expect(patched.body).not.toHaveProperty('buyPrice');
		expect(
			issuesOf((await call(`/products/${created.body.id}`, 'PATCH', { type: 'GOOD' })).body)[0]
				.field,
		).toBe('type');
	});

	test('GET /users (usr_), GET /client-stages (cs_), GET /sources (src_) (§8.1, §11.11, §13)', async () => {
		const users = await list('/users');
		envelope(users.body);
		expect(users.body.data[0]).toMatchObject({
			id: expect.stringMatching(/^usr_/),
			name: expect.any(String),
			email: expect.any(String),
		});
		expect((await list('/client-stages')).body.data[0]).toMatchObject({
			id: expect.stringMatching(/^cs_/),
			name: expect.any(String),
		});
		expect((await list('/sources')).body.data[0]).toMatchObject({
			id: expect.stringMatching(/^src_/),
			name: expect.any(String),
		});
	});

	test('GET /custom-fields?entity=contacts|companies|deals|tasks: key, label, dataType, required, values; deals add pipeline-scoped fields with pipelineId (§9.1, §11.12)', async () => {
		expect(issuesOf((await list('/custom-fields')).body)[0].field).toBe('entity');
		for (const entity of ['contacts', 'companies', 'deals', 'tasks']) {
			const answer = await list('/custom-fields', { entity });
			expect(answer.status).toBe(200);
			expect(answer.body.data.length).toBeGreaterThan(0);
			for (const definition of answer.body.data)
				expect(definition).toMatchObject({
					key: expect.stringMatching(/^cf_[a-z0-9_]+$/),
					label: expect.any(String),
					dataType: expect.any(String),
					required: expect.any(Boolean),
					values: expect.any(Array),
					entity,
				});
		}
		const companies = (await list('/custom-fields', { entity: 'companies' })).body.data;
		expect(companies).toContainEqual(
			expect.objectContaining({
				key: 'cf_industry',
				required: true,
				dataType: 'select',
				values: expect.arrayContaining(['Software']),
			}),
		);
		const teamWide = (await list('/custom-fields', { entity: 'deals' })).body.data.map(
			(d: Body) => d.key,
		);
		const sales = (
			await list('/custom-fields', { entity: 'deals', pipelineId: pipeline().id })
		).body.data.map((d: Body) => d.key);
		expect(teamWide).not.toContain('cf_lead_score');
		expect(sales).toEqual(expect.arrayContaining([...teamWide, 'cf_lead_score']));
		expect(
			issuesOf(
				(await list('/custom-fields', { entity: 'tasks', pipelineId: pipeline().id })).body,
			)[0].field,
		).toBe('pipelineId');
	});

	test('GET /document-templates/{id} of the quotation template lists its customFields (§11.13, seed)', async () => {
		const answer = await call(`/document-templates/${quotationTemplate().id}`);
		expect(answer.body).toMatchObject({
			type: 'quotations',
			customFields: expect.arrayContaining([
				expect.objectContaining({ key: 'cf_project_code', required: true }),
				expect.objectContaining({
					key: 'cf_payment_terms',
					dataType: 'select',
					values: ['Net 15', 'Net 30', 'Net 60'],
				}),
			]),
		});
	});
});
