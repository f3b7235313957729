/**
 * The sandbox's v2 companies against heffl-reference.md §11.2 (with §4.2, §7 and §9), over
 * loopback HTTP: each endpoint, every documented body field accepted and checked (type, enum,
 * required), the documented response fields, cf_* keys from the definitions. Expectations come
 * from the cited sections, or where they are silent from docs/assumptions.md's "v2 sandbox
 * choices", never from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { expectUnknownField, fieldsOf, issuesOf, useV2Sandbox } from './v2Client';

const { call, list, all, records, pipeline, userId } = useV2Sandbox({ seed: { contacts: 12 } });

describe('§11.2 companies', () => {
	test('POST /companies: name required; documented fields; cf_* keys from the definitions, required ones enforced, values typed (§9.1)', async () => {
		const missing = await call('/companies', 'POST', { name: 'No Industry' });
		expect(missing.status).toBe(400);
		expect(issuesOf(missing.body)).toContainEqual({
			field: 'cf_industry',
			message: expect.stringContaining('Required'),
		});
		const wrongValue = await call('/companies', 'POST', {
			name: 'X',
			cf_industry: 'Mining',
			cf_company_size: 'big',
			cf_nope: 1,
		});
		expect(
			issuesOf(wrongValue.body)
				.map((issue) => issue.field)
				.sort(),
		).toEqual(['cf_company_size', 'cf_industry', 'cf_nope']);
		const stage = records('clientStages')[0];
		const source = records('leadSources')[0];
		const created = await call('/companies', 'POST', {
			name: 'Acme Holdings',
			email: 'hello@acme.example',
			phone: '+971500000000',
			taxNumber: 'TRN1',
			website: 'https://acme.example',
			description: 'Holding company',
			linkedin: 'https://linkedin.com/company/acme',
			currency: 'AED',
			openingBalance: 10,
			showJobAmountToWorker: true,
			isClientPortalEnabled: true,
			internalNotes: 'VIP',
			stageId: stage.id,
			ownerUserId: userId(),
			vendorId: 'v1',
			sourceId: source.id,
			billingAddress: { city: 'Dubai', country: 'AE' },
			primaryContact: {},
			cf_industry: 'Software',
			cf_regions: ['EMEA', 'APAC'],
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^clt_/),
			name: 'Acme Holdings',
			number: expect.any(String),
			openingBalance: 10,
			stageId: stage.id,
			stageName: stage.name,
			ownerUserId: userId(),
			crmSourceId: source.id,
			sourceName: source.name,
			currency: 'AED',
			linkedin: 'https://linkedin.com/company/acme',
			cf_industry: 'Software',
			cf_regions: ['EMEA', 'APAC'],
			cf_company_size: null,
			createdAt: expect.any(String),
			updatedAt: expect.any(String),
		});
		expect(created.body).not.toHaveProperty('customFields');
		expect(created.body).not.toHaveProperty('sourceId');
	});

	test('GET /companies: only companies; search, orderBy name asc, filters stageId (§7 "contact and company filters")', async () => {
		const { items } = await all('/companies');
		expect(items.length).toBe(
			records('clients').filter((client) => client.type === 'company').length,
		);
		const searched = await list('/companies', { search: 'acme holdings' });
		expect(searched.body.data.map((item: Body) => item.name)).toEqual(['Acme Holdings']);
		const sorted = await list('/companies', { orderBy: 'name', orderDir: 'asc', pageSize: '100' });
		const names = sorted.body.data.map((item: Body) => String(item.name));
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
		expect(
			(await list('/companies', { orderBy: 'colour' })).body.error.details.issues[0].field,
		).toBe('orderBy');
		const stage = records('clientStages')[0];
		const filtered = await list('/companies', {
			filters: { stageId: { operator: 'is', values: [stage.id] } },
		});
		expect(filtered.body.data.length).toBeGreaterThan(0);
		expect(filtered.body.data.every((item: Body) => item.stageId === stage.id)).toBe(true);
	});

	test('PATCH /companies/{id} changes only what is sent; cf_* merged (§9.2); DELETE returns the company, and 400 when deals are linked (§4.2 rule)', async () => {
		const { body: created } = await call('/companies', 'POST', {
			name: 'Patch Co',
			cf_industry: 'Retail',
			cf_company_size: 5,
		});
		const patched = await call(`/companies/${created.id}`, 'PATCH', {
			phone: '+1555',
			cf_company_size: 50,
		});
		expect(patched.body).toMatchObject({
			name: 'Patch Co',
			phone: '+1555',
			cf_industry: 'Retail',
			cf_company_size: 50,
		});
		expect((await call(`/companies/${created.id}`, 'PATCH', { name: null })).status).toBe(400);
		const { body: linked } = await call('/companies', 'POST', {
			name: 'Has Deals',
			cf_industry: 'Finance',
		});
		await call('/deals', 'POST', {
			title: 'Linked',
			clientId: linked.id,
			pipelineId: pipeline().id,
			cf_lead_score: 1,
		});
		const blocked = await call(`/companies/${linked.id}`, 'DELETE');
		expect(blocked.status).toBe(400);
		expect(blocked.body.error).toMatchObject({
			code: 'BAD_REQUEST',
			message: expect.stringMatching(/linked deals/),
		});
		expect((await call(`/companies/${linked.id}`, 'PATCH', {})).body.id).toBe(linked.id);
		const deleted = await call(`/companies/${created.id}`, 'DELETE');
		expect(deleted).toMatchObject({ status: 200, body: { id: created.id, name: 'Patch Co' } });
		expect((await call(`/companies/${created.id}`, 'PATCH', { phone: '1' })).status).toBe(404);
	});

	test('POST /companies checks every documented field (email, uri, currency, openingBalance ≥ 0, booleans, references, primaryContact) and answers the §11.2 fields', async () => {
		expect(
			fieldsOf(
				await call('/companies', 'POST', {
					email: 'bad',
					website: 'not a url',
					linkedin: 'nope',
					currency: 'dollars',
					openingBalance: -1,
					showJobAmountToWorker: 'yes',
					isClientPortalEnabled: 1,
					stageId: 'cs_missing',
					ownerUserId: 'usr_missing',
					sourceId: 'src_missing',
					billingAddress: 3,
					primaryContact: 'Jane',
					cf_industry: 'Software',
				}),
			),
		).toEqual([
			'billingAddress',
			'currency',
			'email',
			'isClientPortalEnabled',
			'linkedin',
			'name',
			'openingBalance',
			'ownerUserId',
			'primaryContact',
			'showJobAmountToWorker',
			'sourceId',
			'stageId',
			'website',
		]);
		expectUnknownField(
			await call('/companies', 'POST', { name: 'X', cf_industry: 'Software', salutation: 'Mr.' }),
			'salutation',
		);
		const created = await call('/companies', 'POST', {
			name: 'Primary Co',
			email: null,
			description: 'Desc',
			taxNumber: 'TRN9',
			website: 'https://primary.example',
			showJobAmountToWorker: true,
			isClientPortalEnabled: true,
			internalNotes: 'Notes',
			vendorId: 'vnd_9',
			primaryContact: { firstName: 'Jane', email: 'jane@primary.example' },
			cf_industry: 'Retail',
			cf_company_size: 40,
		});
		expect(created.status).toBe(200);
		for (const field of [
			'id',
			'name',
			'number',
			'openingBalance',
			'showJobAmountToWorker',
			'isClientPortalEnabled',
			'email',
			'phone',
			'taxNumber',
			'website',
			'description',
			'stageId',
			'stageName',
			'ownerUserId',
			'crmSourceId',
			'sourceName',
			'currency',
			'internalNotes',
			'linkedin',
			'createdAt',
			'updatedAt',
		])
			expect(created.body).toHaveProperty(field);
		expect(created.body).toMatchObject({
			name: 'Primary Co',
			email: null,
			description: 'Desc',
			taxNumber: 'TRN9',
			showJobAmountToWorker: true,
			isClientPortalEnabled: true,
			internalNotes: 'Notes',
			cf_industry: 'Retail',
			cf_company_size: 40,
		});
		expect(
			fieldsOf(await call(`/companies/${created.body.id}`, 'PATCH', { cf_company_size: 'forty' })),
		).toEqual(['cf_company_size']);
	});

	test('DELETE /companies/{id} with a linked deal: 400 naming the deal (§4.2 rule, docs/assumptions.md)', async () => {
		const { body: created } = await call('/companies', 'POST', {
			name: 'Busy Co',
			cf_industry: 'Finance',
		});
		const deal = await call('/deals', 'POST', {
			title: 'Busy deal',
			clientId: created.id,
			pipelineId: pipeline().id,
			cf_lead_score: 1,
		});
		const refused = await call(`/companies/${created.id}`, 'DELETE');
		expect(refused.status).toBe(400);
		expect(refused.body.error.message).toContain(deal.body.id);
	});
});
