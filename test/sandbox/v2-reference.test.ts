/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: a loopback webhook receiver */
/**
 * The sandbox's v2 reference data and events against Heffl's reference (docs/heffl-reference.md):
 * §11.7 pipelines and stages, §11.8–§11.12 and §13 reference data, §12.4 events of v2 writes,
 * over real HTTP. Expectations come from the cited sections, never from the node.
 */
import { createServer } from 'node:http';

import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { envelope, issuesOf, useV2Sandbox } from './v2Client';

const { call, list, all, records, pipeline, stageOfType, company, quotationTemplate, sandbox } =
	useV2Sandbox();

describe('§11.7 pipelines and stages', () => {
	test('GET /pipelines and GET /pipelines/{id}: dpl_ pipelines with dps_ stages that carry a type (§8.1, §11.7)', async () => {
		const listed = await list('/pipelines');
		envelope(listed.body);
		expect(listed.body.data[0]).toMatchObject({
			id: expect.stringMatching(/^dpl_/),
			name: expect.any(String),
		});
		const got = await call(`/pipelines/${pipeline().id}`);
		expect(got.body.stages.map((stage: Body) => stage.type)).toEqual(
			expect.arrayContaining(['ACTIVE', 'WON', 'LOST']),
		);
		expect(got.body.stages[0]).toMatchObject({
			id: expect.stringMatching(/^dps_/),
			name: expect.any(String),
			position: expect.any(Number),
			probability: expect.any(Number),
		});
	});

	test('POST /pipelines: name and stages required, at least one ACTIVE, WON and LOST stage; PATCH /pipelines/{id} (name, icon, isActive)', async () => {
		expect(
			issuesOf(
				(await call('/pipelines', 'POST', { name: 'P', stages: [{ name: 'Only', position: 0 }] }))
					.body,
			)[0].field,
		).toBe('stages');
		const created = await call('/pipelines', 'POST', {
			name: 'Renewals',
			icon: 'refresh',
			stages: [
				{ name: 'Due', position: 0, probability: 20, rottingInDays: 7 },
				{ name: 'Renewed', position: 1, probability: 100, type: 'WON' },
				{ name: 'Churned', position: 2, type: 'LOST' },
			],
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^dpl_/),
			name: 'Renewals',
			stages: [
				expect.objectContaining({ name: 'Due', probability: 20 }),
				expect.anything(),
				expect.anything(),
			],
		});
		const unpositioned = await call('/pipelines', 'POST', {
			name: 'Simple',
			stages: [{ name: 'Open' }, { name: 'Won', type: 'WON' }, { name: 'Lost', type: 'LOST' }],
		});
		expect(
			unpositioned.body.stages.map((stage: Body) => [stage.name, stage.position, stage.type]),
		).toEqual([
			['Open', 0, 'ACTIVE'],
			['Won', 1, 'WON'],
			['Lost', 2, 'LOST'],
		]);
		const patched = await call(`/pipelines/${created.body.id}`, 'PATCH', {
			name: 'Renewals 2026',
			isActive: false,
		});
		expect(patched.body).toMatchObject({ name: 'Renewals 2026', isActive: false, icon: 'refresh' });
		expect(
			issuesOf((await call(`/pipelines/${created.body.id}`, 'PATCH', { stages: [] })).body)[0]
				.message,
		).toMatch(/Unknown field/);
	});

	test('POST /pipelines/{id}/stages (name, position required; probability 0–100; type default ACTIVE) and PATCH /pipeline-stages/{id}', async () => {
		const pipeline = records('pipelines')[1];
		expect(
			issuesOf(
				(
					await call(`/pipelines/${pipeline.id}/stages`, 'POST', {
						name: 'X',
						position: 1,
						probability: 150,
					})
				).body,
			)[0].field,
		).toBe('probability');
		const stage = await call(`/pipelines/${pipeline.id}/stages`, 'POST', {
			name: 'Pilot',
			position: 1.5,
		});
		expect(stage.body).toEqual({
			id: expect.stringMatching(/^dps_/),
			name: 'Pilot',
			position: 1.5,
			probability: 0,
			rottingInDays: 0,
			type: 'ACTIVE',
		});
		const patched = await call(`/pipeline-stages/${stage.body.id}`, 'PATCH', {
			probability: 40,
			type: 'WON',
			rottingInDays: 3,
		});
		expect(patched.body).toMatchObject({
			id: stage.body.id,
			name: 'Pilot',
			probability: 40,
			type: 'WON',
		});
		expect(
			(await call(`/pipelines/${pipeline.id}`)).body.stages.map((s: Body) => s.name),
		).toContain('Pilot');
		expect((await call('/pipeline-stages/dps_nope', 'PATCH', { name: 'x' })).status).toBe(404);
	});
});

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

describe('events of v2 writes (§12.4)', () => {
	test('deal.created, deal.updated, deal.stageChanged, quotation.created from v2 writes reach a subscription', async () => {
		const received: Body[] = [];
		const server = createServer((request, response) => {
			let raw = '';
			request.on('data', (chunk) => (raw += chunk));
			request.on('end', () => {
				received.push(JSON.parse(raw));
				response.end('ok');
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const port = (server.address() as { port: number }).port;
		try {
			await fetch(`${sandbox().urls.v1}/webhooks`, {
				method: 'POST',
				headers: { 'x-api-key': sandbox().apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({
					name: 'v2 events',
					url: `http://127.0.0.1:${port}/hook`,
					events: ['deal.created', 'deal.updated', 'deal.stageChanged', 'quotation.created'],
				}),
			});
			const { body: deal } = await call('/deals', 'POST', {
				title: 'Evented',
				clientId: company().id,
				pipelineId: pipeline().id,
				cf_lead_score: 1,
			});
			await call(`/deals/${deal.id}`, 'PATCH', { stageId: stageOfType('WON', pipeline()).id });
			await call('/quotations', 'POST', {
				clientId: company().id,
				templateId: quotationTemplate().id,
				date: '2026-11-23',
				quotationProducts: [{ name: 'A', quantity: 1, price: 1 }],
				dealId: deal.id,
				cf_project_code: 'E',
				cf_payment_terms: 'Net 15',
			});
			await sandbox().waitForDeliveries(
				(deliveries) =>
					deliveries.filter((delivery) => delivery.url.includes(String(port))).length >= 4,
			);
			expect(received.map((event) => event.event).sort()).toEqual([
				'deal.created',
				'deal.stageChanged',
				'deal.updated',
				'quotation.created',
			]);
			expect(received.find((event) => event.event === 'deal.updated')?.payload).toMatchObject({
				id: deal.id,
				status: 'WON',
			});
		} finally {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	});
});
