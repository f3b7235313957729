/**
 * The sandbox's v2 sales records against Heffl's reference (docs/heffl-reference.md): §11.2
 * companies, §11.3 deals, §11.4 quotations, §11.5 tasks, over real HTTP, at least one test per
 * endpoint. Each test names the section it checks; expectations come from that section (or,
 * where it is silent, from docs/assumptions.md's "v2 sandbox choices"), never from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { issuesOf, useV2Sandbox } from './v2Client';

const {
	call,
	list,
	all,
	records,
	pipeline,
	stageOfType,
	company,
	userId,
	quotationTemplate,
	sandbox,
} = useV2Sandbox();

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
});

describe('§11.3 deals', () => {
	const createDeal = (extra: Body = {}) =>
		call('/deals', 'POST', {
			title: 'New deal',
			clientId: company().id,
			pipelineId: pipeline().id,
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
			pipelineId: pipeline().id,
		});
		expect(issuesOf(noScore.body)).toContainEqual({
			field: 'cf_lead_score',
			message: expect.stringContaining('Required'),
		});
		const otherPipeline = await call('/deals', 'POST', {
			title: 'x',
			clientId: company().id,
			pipelineId: records('pipelines')[1].id,
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
		const active = [...(pipeline().stages as Body[])]
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
			pipelineId: pipeline().id,
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
		const badStage = await createDeal({
			stageId: stageOfType('ACTIVE', records('pipelines')[1]).id,
		});
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
				pipelineId: { operator: 'is', values: [pipeline().id] },
				stageId: { operator: 'is_none_of', values: [stageOfType('WON', pipeline()).id] },
			},
		});
		expect(
			sales.items.every(
				(deal) =>
					deal.pipelineId === pipeline().id && deal.stageId !== stageOfType('WON', pipeline()).id,
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
			stageId: stageOfType('WON', pipeline()).id,
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
			(await call(`/deals/${deal.id}`, 'GET', undefined, sandbox().otherWorkspaceKey)).status,
		).toBe(404);
		const other = sandbox().records('deals', 'B')[0];
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
