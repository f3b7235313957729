/* eslint-disable @typescript-eslint/no-explicit-any, @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: JSON answers read loosely; a loopback webhook receiver */
/**
 * The sandbox's v2 CRM surface against Heffl's reference (docs/heffl-reference.md, a copy of
 * shared/spec/heffl-reference.md), over real HTTP, at least one test per endpoint. Each test
 * names the section it checks; expectations come from that section (or, where it is silent,
 * from the README's "v2 sandbox choices"), never from the node.
 */
import { createServer } from 'node:http';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startSandbox } from './index';
import type { StartedSandbox } from './index';

let sandbox: StartedSandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
});
afterAll(async () => sandbox.close());

type Body = Record<string, any>;

async function call(path: string, method = 'GET', body?: unknown, key = sandbox.apiKey) {
	const response = await fetch(`${sandbox.urls.v2}${path}`, {
		method,
		headers: {
			'x-api-key': key,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body };
}
const list = (path: string, query: Record<string, unknown> = {}) => {
	const params = new URLSearchParams(
		Object.entries(query).map(([name, value]) => [
			name,
			typeof value === 'string' ? value : JSON.stringify(value),
		]),
	);
	return call(`${path}?${params.toString()}`);
};
/** Every page of a list, following meta.nextCursor (bounded). */
async function all(path: string, query: Record<string, unknown> = {}) {
	const items: Body[] = [];
	let cursor: string | undefined;
	for (let page = 0; page < 200; page++) {
		const answer = await list(path, { ...query, pageSize: '100', ...(cursor ? { cursor } : {}) });
		expect(answer.status).toBe(200);
		items.push(...answer.body.data);
		if (!answer.body.meta.hasMore) return { items, pages: page + 1 };
		cursor = answer.body.meta.nextCursor;
	}
	throw new Error('list did not end');
}
const records = (kind: Parameters<StartedSandbox['records']>[0]) => sandbox.records(kind) as Body[];
const pipelines = () => records('pipelines');
const salesPipeline = () => pipelines()[0];
const stageOfType = (pipeline: Body, type: string) =>
	(pipeline.stages as Body[]).find((stage) => stage.type === type) as Body;
const company = () => records('clients').find((client) => client.type === 'company') as Body;
const userId = () => String(records('users')[0].id);
const quotationTemplate = () =>
	records('templates').find((template) => template.name === 'Project Quotation') as Body;
const issuesOf = (body: Body) =>
	body.error.details.issues as Array<{ field?: string; message: string }>;
const envelope = (body: Body) => {
	expect(Array.isArray(body.data)).toBe(true);
	expect(Object.keys(body.meta).sort()).toEqual(['hasMore', 'nextCursor']);
	expect(typeof body.meta.hasMore).toBe('boolean');
};

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
			pipelineId: salesPipeline().id,
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
});

describe('§11.3 deals', () => {
	const createDeal = (extra: Body = {}) =>
		call('/deals', 'POST', {
			title: 'New deal',
			clientId: company().id,
			pipelineId: salesPipeline().id,
			cf_lead_score: 40,
			...extra,
		});

	test('POST /deals: title, clientId, pipelineId required; no stageId → first ACTIVE stage; every documented field; pipeline-scoped cf_* required (§9.1)', async () => {
		const missing = await call('/deals', 'POST', {});
		expect(issuesOf(missing.body).map((issue) => issue.field)).toEqual(
			expect.arrayContaining(['title', 'clientId', 'pipelineId']),
		);
		const noScore = await call('/deals', 'POST', {
			title: 'x',
			clientId: company().id,
			pipelineId: salesPipeline().id,
		});
		expect(issuesOf(noScore.body)).toContainEqual({
			field: 'cf_lead_score',
			message: expect.stringContaining('Required'),
		});
		const otherPipeline = await call('/deals', 'POST', {
			title: 'x',
			clientId: company().id,
			pipelineId: pipelines()[1].id,
			cf_lead_score: 1,
			cf_partner_tier: 'Gold',
		});
		expect(issuesOf(otherPipeline.body)).toEqual([
			{ field: 'cf_lead_score', message: expect.any(String) },
		]);
		const contact = records('contacts')[0];
		const product = records('products')[0];
		const tag = (await list('/tags', { type: 'deals' })).body.data[0];
		const created = await createDeal({
			leadId: records('leads')[0].id,
			sourceId: records('leadSources')[0].id,
			ownerUserId: userId(),
			price: 1200,
			expectedCloseDate: '2026-12-31T00:00:00.000Z',
			priority: 'HIGH',
			currency: 'EUR',
			isInclusiveTax: true,
			assignees: [userId()],
			contacts: [contact.id],
			tags: [tag.id],
			products: [
				{
					name: 'Audit',
					quantity: 1,
					price: 1200,
					productId: product.id,
					description: 'd',
					tax: 5,
					taxRateId: 'txr_1',
					discount: 0,
				},
			],
			cf_budget_range: '10k-50k',
		});
		expect(created.status).toBe(200);
		const active = [...(salesPipeline().stages as Body[])]
			.filter((stage) => stage.type === 'ACTIVE')
			.sort((a, b) => a.position - b.position)[0];
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^dl_/),
			number: expect.any(String),
			title: 'New deal',
			contactEmails: [contact.email],
			clientId: company().id,
			client: { id: company().id },
			price: 1200,
			status: 'ACTIVE',
			priority: 'HIGH',
			pipelineId: salesPipeline().id,
			stageId: active.id,
			stage: active.name,
			leadId: records('leads')[0].id,
			leadName: records('leads')[0].name,
			crmSourceId: records('leadSources')[0].id,
			source: records('leadSources')[0].name,
			ownerUserId: userId(),
			ownerId: userId(),
			ownerName: records('users')[0].name,
			tags: [tag.id],
			cf_budget_range: '10k-50k',
			cf_lead_score: 40,
			cf_competitor: null,
		});
		expect(created.body).not.toHaveProperty('customFields');
		const badStage = await createDeal({ stageId: stageOfType(pipelines()[1], 'ACTIVE').id });
		expect(issuesOf(badStage.body)[0].field).toBe('stageId');
		expect(issuesOf((await createDeal({ priority: 'low' })).body)[0].field).toBe('priority');
	});

	test('GET /deals: search (title), orderBy price asc, filters status is_any_of / pipelineId is / stageId is_none_of (§11.3, §7)', async () => {
		await createDeal({ title: 'Zebra migration', price: 1 });
		const searched = await list('/deals', { search: 'zebra' });
		expect(searched.body.data.map((deal: Body) => deal.title)).toEqual(['Zebra migration']);
		const byPrice = await list('/deals', { orderBy: 'price', orderDir: 'asc', pageSize: '100' });
		const prices = byPrice.body.data
			.map((deal: Body) => deal.price)
			.filter((price: unknown) => price !== null);
		expect(prices).toEqual([...prices].sort((a, b) => a - b));
		const closed = await all('/deals', {
			filters: { status: { operator: 'is_any_of', values: ['WON', 'LOST'] } },
		});
		expect(closed.items.length).toBe(
			records('deals').filter((deal) => deal.status !== 'ACTIVE').length,
		);
		const sales = await all('/deals', {
			filters: {
				pipelineId: { operator: 'is', values: [salesPipeline().id] },
				stageId: { operator: 'is_none_of', values: [stageOfType(salesPipeline(), 'WON').id] },
			},
		});
		expect(
			sales.items.every(
				(deal) =>
					deal.pipelineId === salesPipeline().id &&
					deal.stageId !== stageOfType(salesPipeline(), 'WON').id,
			),
		).toBe(true);
		const notActive = await all('/deals', {
			filters: { status: { operator: 'is_not', values: ['ACTIVE'] } },
		});
		expect(notActive.items.length).toBe(closed.items.length);
		expect(searched.body.data[0]).toHaveProperty('cf_lead_score');
	});

	test('GET /deals/{id}, PATCH {"stageId": WON stage} sets status WON and emits deal.stageChanged; {"status":"LOST"} directly; DELETE returns the deal (§11.3, §11.7)', async () => {
		const { body: deal } = await createDeal();
		expect((await call(`/deals/${deal.id}`)).body).toMatchObject({
			id: deal.id,
			title: 'New deal',
		});
		const won = await call(`/deals/${deal.id}`, 'PATCH', {
			stageId: stageOfType(salesPipeline(), 'WON').id,
		});
		expect(won.body).toMatchObject({ status: 'WON', stage: 'Won' });
		const lost = await call(`/deals/${deal.id}`, 'PATCH', { status: 'LOST' });
		expect(lost.body).toMatchObject({ status: 'LOST', stage: 'Won' });
		expect(
			issuesOf((await call(`/deals/${deal.id}`, 'PATCH', { cf_partner_tier: 'Gold' })).body)[0]
				.field,
		).toBe('cf_partner_tier');
		const deleted = await call(`/deals/${deal.id}`, 'DELETE');
		expect(deleted).toMatchObject({ status: 200, body: { id: deal.id } });
		expect((await call(`/deals/${deal.id}`)).status).toBe(404);
		expect(
			(await call(`/deals/${deal.id}`, 'GET', undefined, sandbox.otherWorkspaceKey)).status,
		).toBe(404);
		const other = sandbox.records('deals', 'B')[0];
		expect((await call(`/deals/${String(other.id)}`)).status).toBe(403);
	});
});

describe('§11.4 quotations', () => {
	const body = (extra: Body = {}) => ({
		clientId: company().id,
		templateId: quotationTemplate().id,
		date: '2026-11-23T00:00:00.000Z',
		quotationProducts: [{ name: 'Website Audit', quantity: 2, price: 500, discount: 100, tax: 5 }],
		cf_project_code: 'PRJ-1',
		cf_payment_terms: 'Net 30',
		...extra,
	});

	test('POST /quotations: clientId, templateId, date, quotationProducts required; line items come back as lineItems with totals; template custom fields as cf_* (§11.4, §9.1)', async () => {
		const missing = await call('/quotations', 'POST', {});
		expect(issuesOf(missing.body).map((issue) => issue.field)).toEqual(
			expect.arrayContaining(['clientId', 'templateId', 'date', 'quotationProducts']),
		);
		const noCustom = await call(
			'/quotations',
			'POST',
			body({ cf_project_code: undefined, cf_payment_terms: 'Net 90', cf_unknown: 1 }),
		);
		expect(
			issuesOf(noCustom.body)
				.map((issue) => issue.field)
				.sort(),
		).toEqual(['cf_payment_terms', 'cf_project_code', 'cf_unknown']);
		const invoiceTemplate = records('templates').find(
			(template) => template.type === 'invoices',
		) as Body;
		expect(
			issuesOf(
				(await call('/quotations', 'POST', body({ templateId: invoiceTemplate.id }))).body,
			)[0].field,
		).toBe('templateId');
		expect(
			issuesOf((await call('/quotations', 'POST', body({ quotationProducts: [] }))).body)[0].field,
		).toBe('quotationProducts');
		const deal = records('deals')[0];
		const created = await call(
			'/quotations',
			'POST',
			body({
				contactId: records('contacts')[0].id,
				dealId: deal.id,
				expiryDate: '2026-12-23T00:00:00.000Z',
				subject: 'Audit proposal',
				title: 'Internal title',
				status: 'SENT',
				isInclusiveTax: false,
				internalNotes: 'n',
				salesPersonId: userId(),
				currency: 'AED',
				conversionRate: 0.27,
				tags: [(await list('/tags', { type: 'quotations' })).body.data[0].id],
				cf_delivery_date: '2027-01-15',
			}),
		);
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^qtn_/),
			number: expect.any(String),
			date: '2026-11-23T00:00:00.000Z',
			status: 'SENT',
			currency: 'AED',
			conversionRate: 0.27,
			clientId: company().id,
			dealId: deal.id,
			salesPersonId: userId(),
			templateId: quotationTemplate().id,
			contentHtml: expect.any(String),
			subtotalAmount: 1000,
			totalDiscountAmount: 100,
			totalTaxAmount: 45,
			totalAmount: 945,
			tagIds: [expect.stringMatching(/^tag_/)],
			lineItems: [
				expect.objectContaining({
					name: 'Website Audit',
					quantity: 2,
					price: 500,
					discount: 100,
					tax: 5,
				}),
			],
			cf_project_code: 'PRJ-1',
			cf_payment_terms: 'Net 30',
			cf_delivery_date: '2027-01-15',
			cf_signed_copy_received: null,
		});
		expect(created.body).not.toHaveProperty('quotationProducts');
		expect(created.body).not.toHaveProperty('tags');
	});

	test('POST /quotations also takes the line items as `lineItems` (§17.15: the pages disagree)', async () => {
		const { quotationProducts, ...rest } = body();
		const created = await call('/quotations', 'POST', { ...rest, lineItems: quotationProducts });
		expect(created.status).toBe(200);
		expect(created.body.lineItems).toHaveLength(1);
	});

	test('GET /quotations: lineItems empty on list rows; search (subject, line-item text), orderBy number asc, filters status (§11.4)', async () => {
		const listed = await all('/quotations');
		expect(listed.items.length).toBe(records('quotations').length);
		expect(
			listed.items.every((row) => Array.isArray(row.lineItems) && row.lineItems.length === 0),
		).toBe(true);
		expect(
			(await list('/quotations', { search: 'audit proposal' })).body.data.map(
				(row: Body) => row.subject,
			),
		).toEqual(['Audit proposal']);
		expect(
			(await list('/quotations', { search: 'website audit' })).body.data.length,
		).toBeGreaterThan(0);
		const byNumber = await list('/quotations', {
			orderBy: 'number',
			orderDir: 'asc',
			pageSize: '100',
		});
		const numbers = byNumber.body.data.map((row: Body) => String(row.number));
		expect(numbers).toEqual(
			[...numbers].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
		);
		const drafts = await all('/quotations', {
			filters: { status: { operator: 'is', values: ['DRAFT'] } },
		});
		expect(drafts.items.every((row) => row.status === 'DRAFT')).toBe(true);
		expect(drafts.items.length).toBe(
			records('quotations').filter((row) => row.status === 'DRAFT').length,
		);
	});

	test('GET /quotations/{id} returns line items and totals; PATCH cannot change templateId; status ACCEPTED sets markedAcceptedOn; DELETE returns it (§11.4)', async () => {
		const { body: created } = await call('/quotations', 'POST', body());
		const got = await call(`/quotations/${created.id}`);
		expect(got.body).toMatchObject({
			id: created.id,
			lineItems: [expect.objectContaining({ name: 'Website Audit' })],
			totalAmount: 945,
		});
		const moved = await call(`/quotations/${created.id}`, 'PATCH', {
			templateId: records('templates')[0].id,
		});
		expect(issuesOf(moved.body)[0]).toMatchObject({ field: 'templateId' });
		const accepted = await call(`/quotations/${created.id}`, 'PATCH', {
			status: 'ACCEPTED',
			quotationProducts: [{ name: 'Design Sprint', quantity: 1, price: 300 }],
			cf_payment_terms: 'Net 60',
		});
		expect(accepted.body).toMatchObject({
			status: 'ACCEPTED',
			markedAcceptedOn: expect.any(String),
			totalAmount: 300,
			cf_project_code: 'PRJ-1',
			cf_payment_terms: 'Net 60',
		});
		expect((await call(`/quotations/${created.id}`, 'DELETE')).body.id).toBe(created.id);
		expect((await call(`/quotations/${created.id}`)).status).toBe(404);
	});
});

describe('§11.5 tasks', () => {
	test('POST /tasks: title required; enums as documented (status upper, type lower); entity with entityId; cf_* typed; GET /tasks/{id} shape', async () => {
		const wrong = await call('/tasks', 'POST', {
			status: 'open',
			type: 'CALL',
			priority: 'urgent',
			entity: 'deals',
		});
		expect(
			issuesOf(wrong.body)
				.map((issue) => issue.field)
				.sort(),
		).toEqual(['priority', 'status', 'title', 'type']);
		expect(
			issuesOf((await call('/tasks', 'POST', { title: 't', entity: 'deals' })).body)[0].field,
		).toBe('entityId');
		const deal = records('deals')[0];
		const tag = (await list('/tags')).body.data[0];
		const created = await call('/tasks', 'POST', {
			title: 'Call back',
			description: 'About the renewal',
			status: 'IN_PROGRESS',
			type: 'call',
			priority: 'HIGH',
			startDate: '2026-11-24T09:00:00.000Z',
			dueDate: '2026-11-25T17:00:00.000Z',
			showTime: true,
			durationMinutes: 30,
			assigneeIds: [userId()],
			tagIds: [tag.id],
			entity: 'deals',
			entityId: deal.id,
			cf_call_outcome: 'Reached',
		});
		expect(created.status).toBe(200);
		const got = await call(`/tasks/${created.body.id}`);
		expect(got.body).toMatchObject({
			id: expect.stringMatching(/^tsk_/),
			number: expect.any(String),
			title: 'Call back',
			status: 'IN_PROGRESS',
			type: 'call',
			showTime: true,
			assigneeIds: [userId()],
			tagIds: [tag.id],
			priority: 'HIGH',
			durationMinutes: 30,
			completedOn: null,
			entity: 'deals',
			entityId: deal.id,
			dealId: deal.id,
			leadId: null,
			projectId: null,
			cf_call_outcome: 'Reached',
			cf_effort_hours: null,
		});
		for (const key of [
			'description',
			'dueDate',
			'startDate',
			'clientId',
			'contactId',
			'createdById',
			'createdByName',
			'createdAt',
			'updatedAt',
		])
			expect(got.body).toHaveProperty(key);
	});

	test('GET /tasks: search, filters status is_not and assigneeIds is_any_of, orderBy dueDate (§7)', async () => {
		const open = await all('/tasks', {
			filters: { status: { operator: 'is_not', values: ['COMPLETED'] } },
		});
		expect(open.items.length).toBe(
			records('tasks').filter((task) => task.status !== 'COMPLETED').length,
		);
		const mine = await all('/tasks', {
			filters: { assigneeIds: { operator: 'is_any_of', values: [userId()] } },
		});
		expect(mine.items.every((task) => task.assigneeIds.includes(userId()))).toBe(true);
		expect(
			(await list('/tasks', { search: 'about the renewal' })).body.data.map(
				(task: Body) => task.title,
			),
		).toEqual(['Call back']);
		const byDue = await list('/tasks', { orderBy: 'dueDate', orderDir: 'asc', pageSize: '100' });
		const due = byDue.body.data.map((task: Body) => task.dueDate).filter(Boolean);
		expect(due).toEqual([...due].sort());
	});

	test('PATCH /tasks/{id} (status COMPLETED sets completedOn) and DELETE /tasks/{id} (§11.5)', async () => {
		const { body: task } = await call('/tasks', 'POST', { title: 'Finish me' });
		const done = await call(`/tasks/${task.id}`, 'PATCH', { status: 'COMPLETED' });
		expect(done.body).toMatchObject({
			status: 'COMPLETED',
			completedOn: expect.any(String),
			title: 'Finish me',
		});
		expect((await call(`/tasks/${task.id}`, 'DELETE')).body.id).toBe(task.id);
		expect((await call(`/tasks/${task.id}`)).status).toBe(404);
	});
});

describe('§11.7 pipelines and stages', () => {
	test('GET /pipelines and GET /pipelines/{id}: dpl_ pipelines with dps_ stages that carry a type (§8.1, §11.7)', async () => {
		const listed = await list('/pipelines');
		envelope(listed.body);
		expect(listed.body.data[0]).toMatchObject({
			id: expect.stringMatching(/^dpl_/),
			name: expect.any(String),
		});
		const got = await call(`/pipelines/${salesPipeline().id}`);
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
		const pipeline = pipelines()[1];
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
	test('POST /lead-stages: label and type (NEW … JUNK) required; answers id, label, type, position; v1 lists it too', async () => {
		const missing = await call('/lead-stages', 'POST', { label: 'Nurture' });
		expect(issuesOf(missing.body)).toEqual([{ field: 'type', message: 'Required' }]);
		const created = await call('/lead-stages', 'POST', { label: 'Nurture', type: 'CONTACTED' });
		expect(created.body).toEqual({
			id: expect.stringMatching(/^lstg_/),
			label: 'Nurture',
			type: 'CONTACTED',
			position: expect.any(Number),
		});
		const v1 = await fetch(`${sandbox.urls.v1}/leads/stages?limit=100`, {
			headers: { 'x-api-key': sandbox.apiKey },
		});
		expect(((await v1.json()) as Body).items.map((stage: Body) => stage.id)).toContain(
			created.body.id,
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
			await list('/custom-fields', { entity: 'deals', pipelineId: salesPipeline().id })
		).body.data.map((d: Body) => d.key);
		expect(teamWide).not.toContain('cf_lead_score');
		expect(sales).toEqual(expect.arrayContaining([...teamWide, 'cf_lead_score']));
		expect(
			issuesOf(
				(await list('/custom-fields', { entity: 'tasks', pipelineId: salesPipeline().id })).body,
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
			await fetch(`${sandbox.urls.v1}/webhooks`, {
				method: 'POST',
				headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({
					name: 'v2 events',
					url: `http://127.0.0.1:${port}/hook`,
					events: ['deal.created', 'deal.updated', 'deal.stageChanged', 'quotation.created'],
				}),
			});
			const { body: deal } = await call('/deals', 'POST', {
				title: 'Evented',
				clientId: company().id,
				pipelineId: salesPipeline().id,
				cf_lead_score: 1,
			});
			await call(`/deals/${deal.id}`, 'PATCH', { stageId: stageOfType(salesPipeline(), 'WON').id });
			await call('/quotations', 'POST', {
				clientId: company().id,
				templateId: quotationTemplate().id,
				date: '2026-11-23',
				quotationProducts: [{ name: 'A', quantity: 1, price: 1 }],
				dealId: deal.id,
				cf_project_code: 'E',
				cf_payment_terms: 'Net 15',
			});
			await sandbox.waitForDeliveries(
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
