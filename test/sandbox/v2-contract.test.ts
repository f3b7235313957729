/* eslint-disable @typescript-eslint/no-explicit-any -- test tooling, not shipped: JSON answers read loosely */
/**
 * Contract tests of the sandbox's v2 surface against heffl-reference.md (§4.2, §6.2, §7, §9,
 * §11.1–§11.13, §13), over loopback HTTP: every documented body field accepted and checked
 * (type, enum, required), the documented response fields, and the list model. Complements
 * v2.test.ts; expectations come from the cited sections, or where they are silent from the
 * README's "v2 sandbox choices", never from the node.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startSandbox } from './index';
import type { StartedSandbox } from './index';

let sandbox: StartedSandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false, seed: { contacts: 12 } });
});
afterAll(async () => sandbox.close());

type Body = Record<string, any>;

async function call(path: string, method = 'GET', body?: unknown) {
	const response = await fetch(`${sandbox.urls.v2}${path}`, {
		method,
		headers: {
			'x-api-key': sandbox.apiKey,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body };
}
const list = (path: string, query: Record<string, unknown> = {}) =>
	call(
		`${path}?${new URLSearchParams(
			Object.entries(query).map(([name, value]) => [
				name,
				typeof value === 'string' ? value : JSON.stringify(value),
			]),
		).toString()}`,
	);
const records = (kind: Parameters<StartedSandbox['records']>[0]) => sandbox.records(kind) as Body[];
const first = (kind: Parameters<StartedSandbox['records']>[0]) => records(kind)[0];
const company = () => records('clients').find((client) => client.type === 'company') as Body;
const quotationTemplate = () =>
	records('templates').find((template) => template.name === 'Project Quotation') as Body;
const pipeline = () => first('pipelines');
const stageOfType = (type: string) =>
	(pipeline().stages as Body[]).find((stage) => stage.type === type) as Body;
const tagOf = (type: string) =>
	`tag_${String(records('tags').find((tag) => tag.type === type)?.id)}`;

/** §4.2: a 400 VALIDATION_ERROR; returns its issues. */
function validation(answer: { status: number; body: Body }) {
	expect(answer.status).toBe(400);
	expect(answer.body.error.code).toBe('VALIDATION_ERROR');
	return answer.body.error.details.issues as Array<{ field?: string; message: string }>;
}
const fieldsOf = (answer: { status: number; body: Body }) =>
	validation(answer)
		.map((issue) => issue.field)
		.sort();
/** §4.2/§9.2: an unknown property is an issue without `field` whose message names it. */
function expectUnknownField(answer: { status: number; body: Body }, key: string) {
	expect(validation(answer)).toContainEqual({
		message: `Unknown field: ${key}. Only documented fields and cf_* keys are allowed.`,
	});
}
const ids = (answer: { body: Body }) => (answer.body.data as Body[]).map((item) => item.id);

const CONTACT_RESPONSE_FIELDS = [
	'id',
	'name',
	'number',
	'firstName',
	'openingBalance',
	'showJobAmountToWorker',
	'isClientPortalEnabled',
	'type',
	'lastName',
	'email',
	'phone',
	'salutation',
	'jobTitle',
	'description',
	'taxNumber',
	'website',
	'companyId',
	'companyName',
	'parentClientId',
	'stageId',
	'stageName',
	'leadStageId',
	'ownerUserId',
	'crmSourceId',
	'sourceName',
	'currency',
	'internalNotes',
	'profileImage',
	'instagram',
	'facebook',
	'linkedin',
	'twitter',
	'createdAt',
	'updatedAt',
];

describe('§11.1 contacts', () => {
	test('POST /contacts takes every §11.1 body field and cf_* (§9.2); the answer has the §11.1 response fields', async () => {
		const stage = first('clientStages');
		const leadStage = first('leadStages');
		const source = first('leadSources');
		const owner = first('users');
		const created = await call('/contacts', 'POST', {
			firstName: 'Jane',
			lastName: 'Doe',
			salutation: 'Dr.',
			email: 'jane.doe@example.com',
			phone: '+971501112233',
			jobTitle: 'CTO',
			companyId: company().id,
			stageId: stage.id,
			leadStageId: leadStage.id,
			ownerUserId: owner.id,
			vendorId: 'vnd_1',
			sourceId: source.id,
			billingAddress: {
				city: 'Dubai',
				address: 'Street 1',
				landmark: 'Tower',
				state: 'Dubai',
				country: 'AE',
				postalCode: '00000',
			},
			cf_preferred_language: 'Arabic',
			cf_birthday: '1990-04-01',
			cf_newsletter: true,
		});
		expect(created.status).toBe(200);
		for (const field of CONTACT_RESPONSE_FIELDS) expect(created.body).toHaveProperty(field);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^clt_/),
			name: 'Jane Doe',
			type: 'contact',
			salutation: 'Dr.',
			email: 'jane.doe@example.com',
			phone: '+971501112233',
			jobTitle: 'CTO',
			companyId: company().id,
			companyName: company().name,
			parentClientId: company().id,
			stageId: stage.id,
			stageName: stage.name,
			leadStageId: leadStage.id,
			ownerUserId: owner.id,
			crmSourceId: source.id,
			sourceName: source.name,
			billingAddress: { city: 'Dubai', country: 'AE', postalCode: '00000' },
			cf_preferred_language: 'Arabic',
			cf_birthday: '1990-04-01',
			cf_newsletter: true,
		});
		// §9.2: no customFields wrapper in v2; §11.3's sourceId→crmSourceId naming holds here too.
		expect(created.body).not.toHaveProperty('customFields');
		expect(created.body).not.toHaveProperty('sourceId');
	});

	test('POST /contacts refuses bad types, enums, references, unknown keys and wrongly typed cf_* values, naming each (§4.2, §9.2)', async () => {
		expect(fieldsOf(await call('/contacts', 'POST', { lastName: 'Only' }))).toEqual(['firstName']);
		expect(
			fieldsOf(
				await call('/contacts', 'POST', {
					firstName: 'X',
					email: 'not-mail',
					phone: 5,
					stageId: 'cs_missing',
					leadStageId: 'lstg_missing',
					ownerUserId: 'usr_missing',
					sourceId: 'src_missing',
					billingAddress: 'Dubai',
					companyId: records('contacts')[0].id,
				}),
			),
		).toEqual([
			'billingAddress',
			'companyId',
			'email',
			'leadStageId',
			'ownerUserId',
			'phone',
			'sourceId',
			'stageId',
		]);
		expectUnknownField(
			await call('/contacts', 'POST', { firstName: 'X', website: 'x' }),
			'website',
		);
		expect(
			fieldsOf(
				await call('/contacts', 'POST', {
					firstName: 'X',
					cf_preferred_language: 'Klingon',
					cf_birthday: 'someday',
					cf_newsletter: 'yes',
					cf_undefined_key: 1,
				}),
			),
		).toEqual(['cf_birthday', 'cf_newsletter', 'cf_preferred_language', 'cf_undefined_key']);
	});

	test('PATCH /contacts/{id} changes only the supplied fields, merges cf_*, companyId null unlinks (§11.1, §9.2)', async () => {
		const { body: contact } = await call('/contacts', 'POST', {
			firstName: 'Pat',
			email: 'pat@example.com',
			companyId: company().id,
			cf_newsletter: true,
		});
		const patched = await call(`/contacts/${contact.id}`, 'PATCH', {
			lastName: 'Smith',
			companyId: null,
			cf_preferred_language: 'German',
		});
		expect(patched.status).toBe(200);
		expect(patched.body).toMatchObject({
			id: contact.id,
			name: 'Pat Smith',
			email: 'pat@example.com',
			companyId: null,
			parentClientId: null,
			cf_newsletter: true,
			cf_preferred_language: 'German',
		});
		expect(
			fieldsOf(await call(`/contacts/${contact.id}`, 'PATCH', { cf_newsletter: 'no' })),
		).toEqual(['cf_newsletter']);
		expectUnknownField(await call(`/contacts/${contact.id}`, 'PATCH', { foo: 1 }), 'foo');
		expect((await call('/contacts/clt_missing', 'PATCH', { lastName: 'X' })).status).toBe(404);
	});

	test('GET /contacts: §6.2 envelope, search, orderBy name asc, orderDir, invalid orderBy/orderDir name their parameter (§7)', async () => {
		const answer = await list('/contacts', { pageSize: '5' });
		expect(answer.status).toBe(200);
		expect(answer.body.data).toHaveLength(5);
		expect(answer.body.meta).toEqual({ nextCursor: expect.any(String), hasMore: true });
		expect(answer.body.data[0]).toMatchObject({
			id: expect.stringMatching(/^clt_/),
			number: expect.any(String),
			firstName: expect.any(String),
			email: expect.anything(),
		});
		const target = records('contacts')[3];
		expect(ids(await list('/contacts', { search: String(target.email).toUpperCase() }))).toEqual([
			target.id,
		]);
		const byName = (await list('/contacts', { orderBy: 'name', orderDir: 'asc', pageSize: '100' }))
			.body.data as Body[];
		const names = byName.map((contact) => String(contact.name));
		expect(names).toEqual([...names].sort(new Intl.Collator('en', { numeric: true }).compare));
		const newest = (await list('/contacts', { pageSize: '100' })).body.data as Body[];
		const created = newest.map((contact) => String(contact.createdAt));
		expect(created).toEqual([...created].sort().reverse());
		expect(fieldsOf(await list('/contacts', { orderBy: 'email' }))).toEqual(['orderBy']);
		expect(fieldsOf(await list('/contacts', { orderDir: 'up' }))).toEqual(['orderDir']);
		expect(fieldsOf(await list('/contacts', { limit: '5', pageSize: '0' }))).toEqual(['pageSize']);
	});

	test('GET /contacts filters: stageId, leadStageId, ownerUserId, sourceId/crmSourceId, companyId, cf_* with is, is_not, is_any_of, is_none_of; bad filters name `filters` (§7)', async () => {
		const [stageA, stageB] = records('clientStages');
		const leadStage = first('leadStages');
		const [ownerA, ownerB] = records('users');
		const source = first('leadSources');
		const one = await call('/contacts', 'POST', {
			firstName: 'Filter',
			lastName: 'One',
			stageId: stageA.id,
			leadStageId: leadStage.id,
			ownerUserId: ownerA.id,
			sourceId: source.id,
			companyId: company().id,
			cf_preferred_language: 'Hindi',
		});
		const two = await call('/contacts', 'POST', {
			firstName: 'Filter',
			lastName: 'Two',
			stageId: stageB.id,
			ownerUserId: ownerB.id,
		});
		const both = [one.body.id, two.body.id];
		const matching = async (filters: unknown) => {
			const answer = await list('/contacts', { search: 'Filter', filters, pageSize: '100' });
			expect(answer.status).toBe(200);
			return ids(answer).filter((id) => both.includes(id));
		};
		expect(await matching({ stageId: { operator: 'is', values: [stageA.id] } })).toEqual([
			one.body.id,
		]);
		expect(await matching({ stageId: { operator: 'is_not', values: [stageA.id] } })).toEqual([
			two.body.id,
		]);
		expect(
			(
				await matching({ ownerUserId: { operator: 'is_any_of', values: [ownerA.id, ownerB.id] } })
			).sort(),
		).toEqual([...both].sort());
		expect(
			await matching({ ownerUserId: { operator: 'is_none_of', values: [ownerA.id] } }),
		).toEqual([two.body.id]);
		expect(await matching({ leadStageId: { operator: 'is', values: [leadStage.id] } })).toEqual([
			one.body.id,
		]);
		expect(await matching({ sourceId: { operator: 'is', values: [source.id] } })).toEqual([
			one.body.id,
		]);
		expect(await matching({ crmSourceId: { operator: 'is', values: [source.id] } })).toEqual([
			one.body.id,
		]);
		expect(await matching({ companyId: { operator: 'is', values: [company().id] } })).toEqual([
			one.body.id,
		]);
		expect(
			await matching({ cf_preferred_language: { operator: 'is_any_of', values: ['Hindi'] } }),
		).toEqual([one.body.id]);
		expect(
			await matching({
				stageId: { operator: 'is_any_of', values: [stageA.id, stageB.id] },
				ownerUserId: { operator: 'is', values: [ownerB.id] },
			}),
		).toEqual([two.body.id]);

		expect(fieldsOf(await list('/contacts', { filters: '{not json' }))).toEqual(['filters']);
		expect(fieldsOf(await list('/contacts', { filters: '["stageId"]' }))).toEqual(['filters']);
		expect(
			fieldsOf(
				await list('/contacts', { filters: { stageId: { operator: 'contains', values: ['x'] } } }),
			),
		).toEqual(['filters.stageId']);
		expect(
			fieldsOf(await list('/contacts', { filters: { nope: { operator: 'is', values: ['x'] } } })),
		).toEqual(['filters.nope']);
	});

	test('DELETE /contacts/{id}: 400 whose message names the linked deals, invoices and quotations; without links it returns the contact (§4.2, §11.1)', async () => {
		const { body: contact } = await call('/contacts', 'POST', { firstName: 'Linked' });
		const deal = await call('/deals', 'POST', {
			title: 'Linked deal',
			clientId: contact.id,
			pipelineId: pipeline().id,
			cf_lead_score: 5,
		});
		expect(deal.status).toBe(200);
		const quotation = await call('/quotations', 'POST', {
			clientId: company().id,
			contactId: contact.id,
			templateId: quotationTemplate().id,
			date: '2026-03-01T00:00:00.000Z',
			quotationProducts: [{ name: 'Work', quantity: 1, price: 10 }],
			cf_project_code: 'P-1',
			cf_payment_terms: 'Net 30',
		});
		expect(quotation.status).toBe(200);
		sandbox.insert('invoices', { id: 'inv_linkedToContact', clientId: contact.id });
		const refused = await call(`/contacts/${contact.id}`, 'DELETE');
		expect(refused.status).toBe(400);
		expect(refused.body.error.code).toBe('BAD_REQUEST');
		for (const text of [
			'deals',
			deal.body.id,
			'invoices',
			'inv_linkedToContact',
			'quotations',
			quotation.body.id,
		])
			expect(refused.body.error.message).toContain(text);

		const { body: free } = await call('/contacts', 'POST', { firstName: 'Free' });
		const deleted = await call(`/contacts/${free.id}`, 'DELETE');
		expect(deleted).toMatchObject({ status: 200, body: { id: free.id, name: 'Free' } });
		expect((await call(`/contacts/${free.id}`, 'DELETE')).status).toBe(404);
	});
});

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

	test('DELETE /companies/{id} with a linked deal: 400 naming the deal (§4.2 rule, README)', async () => {
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
	test('POST /deals validates every documented field and answers products, assignees, contacts, tags; no stageId → first ACTIVE stage', async () => {
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
		const owner = first('users');
		const created = await call('/deals', 'POST', {
			title: 'Full deal',
			clientId: company().id,
			pipelineId: pipeline().id,
			stageId: null,
			leadId: first('leads').id,
			sourceId: first('leadSources').id,
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
					productId: first('products').id,
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
			leadId: first('leads').id,
			crmSourceId: first('leadSources').id,
			ownerUserId: owner.id,
			ownerId: owner.id,
			ownerName: owner.name,
			assignees: [owner.id],
			contacts: [contact.id],
			tags: [tagOf('deals')],
			products: [expect.objectContaining({ name: 'Setup', quantity: 2, price: 100, tax: 5 })],
			cf_lead_score: 70,
		});
		expect(
			fieldsOf(await call(`/deals/${created.body.id}`, 'PATCH', { cf_lead_score: 'high' })),
		).toEqual(['cf_lead_score']);
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
					productId: first('products').id,
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
			salesPersonId: first('users').id,
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
			salesPersonId: first('users').id,
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
		const deal = first('deals');
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
			assigneeIds: [first('users').id],
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
			assigneeIds: [first('users').id],
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

	test('sandbox choice (README: a cursor is a position): a record created while a client pages newest first comes at the top, the next page shifts by one', async () => {
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

describe('§11.7–§11.13, §13 reference data', () => {
	test('POST /pipelines needs an ACTIVE, a WON and a LOST stage; stage fields typed (§11.7)', async () => {
		const onlyActive = validation(
			await call('/pipelines', 'POST', { name: 'P', stages: [{ name: 'Open', type: 'ACTIVE' }] }),
		);
		expect(onlyActive.map((issue) => issue.field)).toContain('stages');
		const created = await call('/pipelines', 'POST', {
			name: 'Contract',
			icon: 'briefcase',
			isActive: true,
			stages: [
				{ name: 'Open', position: 1, probability: 10, rottingInDays: 7, type: 'ACTIVE' },
				{ name: 'Won', position: 2, probability: 100, type: 'WON' },
				{ name: 'Lost', position: 3, probability: 0, type: 'LOST' },
			],
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^dpl_/),
			name: 'Contract',
			stages: expect.arrayContaining([
				expect.objectContaining({ id: expect.stringMatching(/^dps_/), name: 'Open', position: 1 }),
			]),
		});
		expect(
			fieldsOf(
				await call(`/pipelines/${created.body.id}/stages`, 'POST', {
					name: 'Bad',
					position: 4,
					probability: 120,
					type: 'DONE',
				}),
			),
		).toEqual(['probability', 'type']);
	});

	test('POST /lead-stages and POST /tags refuse values outside their enums (§11.8, §11.9)', async () => {
		expect(fieldsOf(await call('/lead-stages', 'POST', { label: 'X', type: 'HOT' }))).toEqual([
			'type',
		]);
		expect(
			fieldsOf(await call('/tags', 'POST', { name: 'X', type: 'people', color: '#000000' })),
		).toEqual(['type']);
	});

	test('PATCH /products/{id} takes name, type, price, description, sku, buyPrice, isActive and cf_*; answers §11.10 fields only (§11.10)', async () => {
		const product = first('products');
		const patched = await call(`/products/${product.id}`, 'PATCH', {
			name: 'Renamed',
			type: 'SERVICE',
			price: 12.5,
			description: 'Desc',
			sku: null,
			buyPrice: 4,
			isActive: true,
			cf_brand: 'Heffl',
		});
		expect(patched.status).toBe(200);
		expect(patched.body).toEqual({
			id: product.id,
			name: 'Renamed',
			price: 12.5,
			type: 'SERVICE',
			isActive: true,
			description: 'Desc',
			sku: null,
		});
		expect(
			fieldsOf(
				await call(`/products/${product.id}`, 'PATCH', {
					price: 'free',
					isActive: 'yes',
					buyPrice: 'x',
				}),
			),
		).toEqual(['buyPrice', 'isActive', 'price']);
	});

	test('GET /custom-fields: entity missing or not contacts|companies|deals|tasks → VALIDATION_ERROR naming entity; an unknown pipelineId names pipelineId (§11.12)', async () => {
		expect(fieldsOf(await list('/custom-fields'))).toEqual(['entity']);
		expect(fieldsOf(await list('/custom-fields', { entity: 'leads' }))).toEqual(['entity']);
		expect(
			fieldsOf(await list('/custom-fields', { entity: 'deals', pipelineId: 'dpl_missing' })),
		).toEqual(['pipelineId']);
		// A strict server: §11.12 lists only entity and pipelineId (and a cursor it issued).
		expect(fieldsOf(await list('/custom-fields', { entity: 'deals', pageSize: 100 }))).toEqual([
			'pageSize',
		]);
		const contacts = await list('/custom-fields', { entity: 'contacts' });
		expect(contacts.body.meta).toEqual({ nextCursor: null, hasMore: false });
		expect(contacts.body.data).toContainEqual({
			id: expect.any(String),
			entity: 'contacts',
			key: 'cf_preferred_language',
			label: 'Preferred Language',
			dataType: 'select',
			required: false,
			values: ['English', 'Arabic', 'German', 'Hindi'],
			pipelineId: null,
		});
	});

	test('GET /document-templates: type, prefix search, includeInactive; items id, name, type, isActive, isSignatureRequired, valueType; GET /{id} has customFields (§11.13)', async () => {
		const quotations = await list('/document-templates', { type: 'quotations' });
		expect(quotations.status).toBe(200);
		const items = quotations.body.data as Body[];
		expect(items.length).toBeGreaterThan(0);
		for (const item of items) {
			expect(item).toMatchObject({
				id: expect.stringMatching(/^tpl_/),
				name: expect.any(String),
				type: 'quotations',
				isActive: true,
				isSignatureRequired: expect.any(Boolean),
			});
			expect(item).toHaveProperty('valueType');
		}
		const withInactive = (
			await list('/document-templates', { type: 'quotations', includeInactive: 'true' })
		).body.data as Body[];
		expect(withInactive.some((item) => item.isActive === false)).toBe(true);
		// "Project Quotation" starts with "proj"; "Standard Quotation" only contains "quot".
		const prefix = (await list('/document-templates', { search: 'PROJ' })).body.data as Body[];
		expect(prefix.map((item) => item.name)).toEqual(['Project Quotation']);
		expect((await list('/document-templates', { search: 'quotation' })).body.data).toEqual([]);
		expect((await list('/document-templates', { type: 'letters' })).status).toBe(400);
		// A strict server: §11.13 lists type, search and includeInactive, and its list has no meta.
		expect(fieldsOf(await list('/document-templates', { pageSize: 100 }))).toEqual(['pageSize']);
		const one = await call(`/document-templates/${quotationTemplate().id}`);
		expect(one.body.customFields).toContainEqual(
			expect.objectContaining({ key: 'cf_project_code', required: true, dataType: 'text' }),
		);
		expect((await call('/document-templates/tpl_missing')).status).toBe(404);
	});
});
