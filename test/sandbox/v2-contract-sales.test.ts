/**
 * Contract tests of the sandbox's v2 companies, deals, quotations, tasks and leads (§11.2–§11.6, §7) against heffl-reference.md, over loopback HTTP: every
 * documented body field accepted and checked (type, enum, required), the documented response
 * fields, and the list model. Expectations come from the cited sections, or where they are
 * silent from docs/assumptions.md's "v2 sandbox choices", never from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { expectUnknownField, fieldsOf, ids, useV2Sandbox, validation } from './v2Client';

const { sandbox, call, list, records, pipeline, stageOfType, company, quotationTemplate, tagOf } =
	useV2Sandbox({ seed: { contacts: 12 } });

describe('§11.2 companies', () => {
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

describe('§11.3 deals', () => {
	test('POST /deals validates every documented field and answers assignees, contacts, tags, no line items (the §11.3 response lists none); no stageId → first ACTIVE stage', async () => {
		expect(fieldsOf(await call('/deals', 'POST', {}))).toEqual(['clientId', 'pipelineId', 'title']);
		expect(
			fieldsOf(
				await call('/deals', 'POST', {
					title: 'Bad',
					clientId: company().id,
					pipelineId: pipeline().id,
					cf_lead_score: 1,
					leadId: 'ld_missing',
					sourceId: 'src_missing',
					ownerUserId: 'usr_missing',
					price: '100',
					expectedCloseDate: 'soon',
					priority: 'low',
					status: 'OPEN',
					currency: 'usd',
					isInclusiveTax: 'no',
					assignees: ['usr_missing'],
					contacts: ['clt_missing'],
					tags: ['tag_missing'],
					products: [{ name: 'X', colour: 'red' }],
				}),
			),
		).toEqual([
			'assignees',
			'contacts',
			'currency',
			'expectedCloseDate',
			'isInclusiveTax',
			'leadId',
			'ownerUserId',
			'price',
			'priority',
			'products',
			'sourceId',
			'status',
			'tags',
		]);
		const contact = records('contacts')[0];
		const owner = records('users')[0];
		const created = await call('/deals', 'POST', {
			title: 'Full deal',
			clientId: company().id,
			pipelineId: pipeline().id,
			stageId: null,
			leadId: records('leads')[0].id,
			sourceId: records('leadSources')[0].id,
			ownerUserId: owner.id,
			price: 1200,
			expectedCloseDate: '2026-06-30T00:00:00.000Z',
			priority: 'HIGH',
			status: 'ACTIVE',
			currency: 'EUR',
			isInclusiveTax: true,
			assignees: [owner.id],
			contacts: [contact.id],
			tags: [tagOf('deals')],
			products: [
				{
					name: 'Setup',
					quantity: 2,
					price: 100,
					productId: records('products')[0].id,
					description: 'One-off',
					tax: 5,
					taxRateId: 'tr_1',
					discount: 10,
				},
			],
			cf_lead_score: 70,
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^dl_/),
			title: 'Full deal',
			clientId: company().id,
			client: expect.objectContaining({ id: company().id }),
			contactEmails: [contact.email],
			price: 1200,
			status: 'ACTIVE',
			priority: 'HIGH',
			pipelineId: pipeline().id,
			stageId: stageOfType('ACTIVE').id,
			stage: expect.any(String),
			leadId: records('leads')[0].id,
			crmSourceId: records('leadSources')[0].id,
			ownerUserId: owner.id,
			ownerId: owner.id,
			ownerName: owner.name,
			assignees: [owner.id],
			contacts: [contact.id],
			tags: [tagOf('deals')],
			cf_lead_score: 70,
		});
		// §11.3 takes `products` but its deal response lists no line-item field: kept, not answered.
		expect(Object.keys(created.body)).not.toEqual(
			expect.arrayContaining([expect.stringMatching(/^(products|lineItems|quotationProducts)$/)]),
		);
		const stored = records('deals').find((deal) => deal.id === created.body.id);
		expect(stored?.products).toEqual([
			expect.objectContaining({ name: 'Setup', quantity: 2, price: 100, tax: 5 }),
		]);
		expect(
			fieldsOf(await call(`/deals/${created.body.id}`, 'PATCH', { cf_lead_score: 'high' })),
		).toEqual(['cf_lead_score']);
	});
});

describe('§11.3 deals: where their line items come back (switch dealLineItems, behaviours.ts)', () => {
	test.each([
		[undefined, []],
		['lineItems', ['lineItems']],
		['products', ['products']],
	] as const)('%s: create, get and list answer the stored lines under %j', async (key, keys) => {
		sandbox().setBehaviours(key ? { dealLineItems: key } : {});
		try {
			const created = await call('/deals', 'POST', {
				title: `Lines ${key ?? 'none'}`,
				clientId: company().id,
				pipelineId: pipeline().id,
				cf_lead_score: 70,
				products: [{ name: 'Setup', quantity: 2, price: 100 }],
			});
			const got = await call(`/deals/${created.body.id}`);
			const listed = (await list('/deals', { search: `Lines ${key ?? 'none'}` })).body.data[0];
			for (const answer of [created.body, got.body, listed]) {
				const lineKeys = ['products', 'lineItems'].filter((name) => name in answer);
				expect(lineKeys).toEqual(keys);
				for (const name of lineKeys)
					expect(answer[name]).toEqual([
						expect.objectContaining({ name: 'Setup', quantity: 2, price: 100 }),
					]);
			}
		} finally {
			sandbox().setBehaviours({});
		}
	});
});

describe('§11.4 quotations', () => {
	const base = () => ({
		clientId: company().id,
		templateId: quotationTemplate().id,
		date: '2026-04-01T00:00:00.000Z',
		quotationProducts: [{ name: 'Design', quantity: 2, price: 50 }],
	});

	test('POST /quotations: template cf_* keys checked against the template customFields; required ones named; every documented field typed', async () => {
		const missing = validation(await call('/quotations', 'POST', base()));
		expect(missing.map((issue) => issue.field).sort()).toEqual([
			'cf_payment_terms',
			'cf_project_code',
		]);
		expect(
			fieldsOf(
				await call('/quotations', 'POST', {
					...base(),
					cf_project_code: 'P',
					cf_payment_terms: 'Net 90',
					cf_discount_percent: 'ten',
					cf_signed_copy_received: 'yes',
					cf_delivery_date: 'tomorrow',
					cf_industry: 'Software',
				}),
			),
		).toEqual([
			'cf_delivery_date',
			'cf_discount_percent',
			'cf_industry',
			'cf_payment_terms',
			'cf_signed_copy_received',
		]);
		expect(
			fieldsOf(
				await call('/quotations', 'POST', {
					...base(),
					cf_project_code: 'P',
					cf_payment_terms: 'Net 30',
					quotationProducts: [],
					contactId: 'clt_missing',
					dealId: 'dl_missing',
					expiryDate: 'later',
					status: 'OPEN',
					isInclusiveTax: 'no',
					salesPersonId: 'usr_missing',
					currency: 'euro',
					conversionRate: '1',
					tags: ['tag_missing'],
				}),
			),
		).toEqual([
			'contactId',
			'conversionRate',
			'currency',
			'dealId',
			'expiryDate',
			'isInclusiveTax',
			'quotationProducts',
			'salesPersonId',
			'status',
			'tags',
		]);
		const invoiceTemplate = records('templates').find((template) => template.type === 'invoices');
		expect(
			fieldsOf(
				await call('/quotations', 'POST', {
					...base(),
					templateId: invoiceTemplate?.id,
				}),
			),
		).toContain('templateId');
	});

	test('quotationProducts in, lineItems out: filled on create and get, empty on list rows; every documented field echoed; templateId fixed on PATCH', async () => {
		const created = await call('/quotations', 'POST', {
			...base(),
			quotationProducts: [
				{
					name: 'Design',
					quantity: 2,
					price: 50,
					productId: records('products')[0].id,
					description: 'Two days',
					tax: 10,
					taxRateId: 'tr_1',
					discount: 0,
					scope: 'Phase 1',
				},
			],
			expiryDate: '2026-05-01T00:00:00.000Z',
			subject: 'Website',
			title: 'Internal',
			status: 'SENT',
			isInclusiveTax: false,
			contentHtml: '<p>Hi</p>',
			internalNotes: 'Note',
			salesPersonId: records('users')[0].id,
			currency: 'AED',
			conversionRate: 0.27,
			tags: [tagOf('quotations')],
			cf_project_code: 'PRJ-1',
			cf_payment_terms: 'Net 15',
			cf_discount_percent: 5,
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^qtn_/),
			number: expect.any(String),
			date: '2026-04-01T00:00:00.000Z',
			status: 'SENT',
			currency: 'AED',
			subject: 'Website',
			expiryDate: '2026-05-01T00:00:00.000Z',
			conversionRate: 0.27,
			isInclusiveTax: false,
			clientId: company().id,
			salesPersonId: records('users')[0].id,
			templateId: quotationTemplate().id,
			contentHtml: '<p>Hi</p>',
			internalNotes: 'Note',
			subtotalAmount: 100,
			totalTaxAmount: 10,
			totalAmount: 110,
			tagIds: [tagOf('quotations')],
			lineItems: [expect.objectContaining({ name: 'Design', scope: 'Phase 1', taxRateId: 'tr_1' })],
			cf_project_code: 'PRJ-1',
			cf_payment_terms: 'Net 15',
			cf_discount_percent: 5,
		});
		expect(created.body).not.toHaveProperty('quotationProducts');
		const got = await call(`/quotations/${created.body.id}`);
		expect(got.body.lineItems).toHaveLength(1);
		const row = (
			(await list('/quotations', { search: 'Website', pageSize: '100' })).body.data as Body[]
		).find((item) => item.id === created.body.id);
		expect(row?.lineItems).toEqual([]);
		const other = records('templates').find(
			(template) => template.type === 'quotations' && template.id !== quotationTemplate().id,
		);
		expect(
			fieldsOf(await call(`/quotations/${created.body.id}`, 'PATCH', { templateId: other?.id })),
		).toEqual(['templateId']);
	});
});

describe('§11.5 tasks', () => {
	test('POST /tasks: enums exactly as documented, entity with entityId, durationMinutes ≥ 0, references, cf_* typed', async () => {
		expect(
			fieldsOf(
				await call('/tasks', 'POST', {
					description: 3,
					status: 'open',
					type: 'CALL',
					priority: 'URGENT',
					startDate: 'now',
					dueDate: 'later',
					showTime: 'yes',
					durationMinutes: -5,
					assigneeIds: ['usr_missing'],
					tagIds: ['tag_missing'],
					entity: 'clients',
					cf_effort_hours: 'two',
				}),
			),
		).toEqual([
			'assigneeIds',
			'cf_effort_hours',
			'description',
			'dueDate',
			'durationMinutes',
			'entity',
			'priority',
			'showTime',
			'startDate',
			'status',
			'tagIds',
			'title',
			'type',
		]);
		expect(fieldsOf(await call('/tasks', 'POST', { title: 'T', entity: 'deals' }))).toEqual([
			'entityId',
		]);
		const deal = records('deals')[0];
		const created = await call('/tasks', 'POST', {
			title: 'Call back',
			description: null,
			status: 'IN_PROGRESS',
			type: 'call',
			priority: 'MEDIUM',
			startDate: '2026-05-01T09:00:00.000Z',
			dueDate: '2026-05-02T09:00:00.000Z',
			showTime: true,
			durationMinutes: 30,
			assigneeIds: [records('users')[0].id],
			tagIds: [tagOf('deals')],
			entity: 'deals',
			entityId: deal.id,
			cf_call_outcome: 'Reached',
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^tsk_/),
			status: 'IN_PROGRESS',
			type: 'call',
			priority: 'MEDIUM',
			showTime: true,
			durationMinutes: 30,
			assigneeIds: [records('users')[0].id],
			tagIds: [tagOf('deals')],
			entity: 'deals',
			entityId: deal.id,
			dealId: deal.id,
			description: null,
			cf_call_outcome: 'Reached',
		});
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
