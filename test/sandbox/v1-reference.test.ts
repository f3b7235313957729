/**
 * The sandbox against Heffl's own reference (docs/heffl-reference.md), over
 * real HTTP, one test per endpoint the node uses. Each test names the section it
 * checks; expectations come from that section, not from the node.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startSandbox } from '../../sandbox/index';
import type { StartedSandbox } from '../../sandbox/index';

let sandbox: StartedSandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false, seed: { leads: 25 } });
});
afterAll(async () => sandbox.close());

type Body = Record<string, unknown>;

async function call(path: string, method = 'GET', body?: unknown) {
	const response = await fetch(`${sandbox.urls.v1}${path}`, {
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

const first = (kind: Parameters<StartedSandbox['records']>[0]) => sandbox.records(kind)[0];
const pipeline = () => first('pipelines');
const activeStage = () =>
	(pipeline().stages as Body[]).find((stage) => stage.type === 'ACTIVE') as Body;

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

describe('§10.2 clients', () => {
	test('POST /clients: type defaults to company and a company needs name; a contact needs firstName', async () => {
		const company = await call('/clients', 'POST', {
			name: 'Acme',
			taxNumber: 'TRN1',
			billingAddress: { city: 'Dubai', country: 'AE' },
			openingBalance: 0,
		});
		expect(company.body).toMatchObject({
			id: expect.stringMatching(/^clt_/),
			number: expect.any(String),
			type: 'company',
			name: 'Acme',
		});
		expect((await call('/clients', 'POST', { taxNumber: 'x' })).body).toMatchObject({
			code: 'BAD_REQUEST',
			message: expect.stringMatching(/^name: /),
		});
		const contact = await call('/clients', 'POST', {
			type: 'contact',
			firstName: 'Jane',
			lastName: 'Doe',
			salutation: 'Dr.',
			email: 'jane@example.com',
			phone: '+971500000000',
			jobTitle: 'CFO',
		});
		expect(contact.body).toMatchObject({ type: 'contact', firstName: 'Jane', lastName: 'Doe' });
		expect((await call('/clients', 'POST', { type: 'contact', lastName: 'x' })).body).toMatchObject(
			{ message: expect.stringMatching(/^firstName: /) },
		);
		expect((await call('/clients', 'POST', { type: 'person', name: 'x' })).status).toBe(400);
	});

	test('GET /clients/{id}: id, number, name, type, createdAt, firstName, lastName, email, phone, website', async () => {
		const answer = await call(`/clients/${String(first('clients').id)}`);
		for (const key of [
			'id',
			'number',
			'name',
			'type',
			'createdAt',
			'firstName',
			'lastName',
			'email',
			'phone',
			'website',
		])
			expect(answer.body).toHaveProperty(key);
	});

	test('update is PATCH in one version of the page and PUT in the other (§17.4): both work', async () => {
		const { body } = await call('/clients', 'POST', { name: 'Both Ways', email: 'a@example.com' });
		const id = String(body.id);
		expect((await call(`/clients/${id}`, 'PATCH', { jobTitle: 'Owner' })).body).toMatchObject({
			jobTitle: 'Owner',
			email: 'a@example.com',
		});
		expect((await call(`/clients/${id}`, 'PUT', { cf_tier: 'gold' })).body).toMatchObject({
			jobTitle: 'Owner',
			customFields: { cf_tier: 'gold' },
		});
		expect((await call(`/clients/${id}`, 'DELETE')).status).toBe(200);
	});
});

describe('§10.3 deals', () => {
	test('POST /deals requires title, pipelineId, stageId and clientId', async () => {
		const answer = await call('/deals', 'POST', { title: 'Only a title' });
		expect(answer.status).toBe(400);
		for (const field of ['pipelineId', 'stageId', 'clientId'])
			expect(answer.body.message).toContain(`${field}: is required`);
	});

	test('POST /deals takes string public IDs (version 1) or numbers (version 2) for pipeline and stage', async () => {
		const client = String(first('clients').id);
		const byString = await call('/deals', 'POST', {
			title: 'String IDs',
			pipelineId: pipeline().id,
			stageId: activeStage().id,
			clientId: client,
			price: 1000,
			priority: 'HIGH',
			expectedCloseDate: '2027-03-31T00:00:00.000Z',
		});
		expect(byString.status).toBe(200);
		expect(byString.body).toMatchObject({
			id: expect.stringMatching(/^dl_/),
			title: 'String IDs',
			status: 'ACTIVE',
			priority: 'HIGH',
			price: 1000,
			customFields: {},
		});
		const byNumber = await call('/deals', 'POST', {
			title: 'Numeric IDs',
			pipelineId: pipeline().numericId,
			stageId: activeStage().numericId,
			clientId: client,
		});
		expect(byNumber.status).toBe(200);
		expect(
			(
				await call('/deals', 'POST', {
					title: 'x',
					pipelineId: pipeline().id,
					stageId: 'dps_other',
					clientId: client,
				})
			).body.message,
		).toMatch(/^stageId: /);
		expect(
			(
				await call('/deals', 'POST', {
					title: 'x',
					pipelineId: pipeline().id,
					stageId: activeStage().id,
					clientId: client,
					priority: 'high',
				})
			).status,
		).toBe(400);
	});

	test('GET /deals/{id}: id, title, createdAt, number, price, status, priority, expectedCloseDate, clientId, pipelineId, stageId, sourceId, leadId, customFields', async () => {
		const answer = await call(`/deals/${String(first('deals').id)}`);
		for (const key of [
			'id',
			'title',
			'createdAt',
			'number',
			'price',
			'status',
			'priority',
			'expectedCloseDate',
			'clientId',
			'pipelineId',
			'stageId',
			'sourceId',
			'leadId',
			'customFields',
		])
			expect(answer.body).toHaveProperty(key);
	});

	test('PATCH /deals/{id}: status ACTIVE/WON/LOST, priority LOW/MEDIUM/HIGH; pipelineId and clientId cannot be changed', async () => {
		const id = String(first('deals').id);
		expect(
			(await call(`/deals/${id}`, 'PATCH', { status: 'WON', priority: 'LOW' })).body,
		).toMatchObject({
			status: 'WON',
			priority: 'LOW',
		});
		expect((await call(`/deals/${id}`, 'PATCH', { status: 'won' })).status).toBe(400);
		expect((await call(`/deals/${id}`, 'PATCH', { clientId: 'clt_x' })).status).toBe(400);
		expect((await call(`/deals/${id}`, 'PUT', { title: 'x' })).status).toBe(404);
	});
});

describe('§10.4 tasks (no v1 schema documented: the sandbox takes §11.5, the v2 task schema)', () => {
	test('POST /tasks: title required; status OPEN…CANCELLED, type call/todo/meeting, priority LOW/MEDIUM/HIGH; entity with entityId', async () => {
		expect((await call('/tasks', 'POST', { description: 'no title' })).body.message).toMatch(
			/^title: /,
		);
		const lead = String(first('leads').id);
		const created = await call('/tasks', 'POST', {
			title: 'Call back',
			status: 'IN_PROGRESS',
			type: 'call',
			priority: 'HIGH',
			dueDate: '2027-01-01T09:00:00.000Z',
			durationMinutes: 30,
			entity: 'leads',
			entityId: lead,
		});
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^tsk_/),
			number: expect.any(String),
			status: 'IN_PROGRESS',
			type: 'call',
			priority: 'HIGH',
			entityId: lead,
		});
		expect((await call('/tasks', 'POST', { title: 'x', entity: 'leads' })).body.message).toMatch(
			/entityId/,
		);
		const id = String(created.body.id);
		expect((await call(`/tasks/${id}`, 'PATCH', { status: 'COMPLETED' })).body.status).toBe(
			'COMPLETED',
		);
		expect((await call(`/tasks/${id}`)).body.title).toBe('Call back');
		expect((await call(`/tasks/${id}`, 'DELETE')).status).toBe(200);
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

describe('§7 last line: no v1 filter is documented', () => {
	test('undocumented query parameters are ignored unless the sandbox is told to honour the old guesses', async () => {
		const all = (await call('/deals?limit=100')).body.items as Body[];
		const ignored = (await call('/deals?limit=100&status=LOST')).body.items as Body[];
		expect(ignored).toHaveLength(all.length);
		sandbox.setUndocumentedFilters(true);
		try {
			const honoured = (await call('/deals?limit=100&status=LOST')).body.items as Body[];
			expect(honoured.every((deal) => deal.status === 'LOST')).toBe(true);
		} finally {
			sandbox.setUndocumentedFilters(false);
		}
	});
});

describe('§12.1 POST /webhooks', () => {
	test('name, url and events are required; the answer has id, name, url, events, status, secret, createdAt', async () => {
		for (const body of [
			{ url: 'https://example.com/h', events: ['lead.created'] },
			{ name: '', url: 'https://example.com/h', events: ['lead.created'] },
			{ name: 'x', events: ['lead.created'] },
			{ name: 'x', url: 'https://example.com/h', events: [] },
		])
			expect((await call('/webhooks', 'POST', body)).status).toBe(400);
		const created = await call('/webhooks', 'POST', {
			name: 'Zapier: New Lead',
			url: 'https://example.com/h',
			events: ['lead.created'],
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.any(String),
			name: 'Zapier: New Lead',
			url: 'https://example.com/h',
			events: ['lead.created'],
			status: expect.any(String),
			secret: expect.stringMatching(/^whsec_/),
			createdAt: expect.any(String),
		});
		await call(`/webhooks/${String(created.body.id)}`, 'DELETE');
	});
});

describe('§10.5 POST /invoices', () => {
	test('clientId, date, dueDate and at least one line item are required; the answer carries computed totals', async () => {
		const missing = await call('/invoices', 'POST', { subject: 'x' });
		expect(missing.status).toBe(400);
		for (const field of ['clientId', 'date', 'dueDate', 'lineItems'])
			expect(missing.body.message).toContain(`${field}: is required`);
		const client = String(first('clients').id);
		expect(
			(
				await call('/invoices', 'POST', {
					clientId: client,
					date: '2026-01-15T00:00:00.000Z',
					dueDate: '2026-02-15T00:00:00.000Z',
					lineItems: [],
				})
			).status,
		).toBe(400);
		const created = await call('/invoices', 'POST', {
			clientId: client,
			date: '2026-01-15T00:00:00.000Z',
			dueDate: '2026-02-15T00:00:00.000Z',
			status: 'SENT',
			isInclusiveTax: false,
			subject: 'January',
			notes: 'Thanks',
			tags: [],
			lineItems: [
				{ name: 'Audit', quantity: 2, price: 100, discount: 10, discountType: 'fixed' },
				{ name: 'Support', quantity: 1, price: 50, description: 'Monthly' },
			],
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.any(String),
			number: expect.any(String),
			status: 'SENT',
			currency: expect.any(String),
			subTotal: 250,
			discountTotal: 10,
			total: 240,
			pendingTotal: 240,
			paidTotal: 0,
			clientId: client,
			subject: 'January',
			customFields: {},
			lineItems: [
				expect.objectContaining({ name: 'Audit', amount: 190, viewType: 'LINE_ITEM' }),
				expect.objectContaining({ name: 'Support', amount: 50 }),
			],
		});
		expect(
			(
				await call('/invoices', 'POST', {
					clientId: client,
					date: '2026-01-15T00:00:00.000Z',
					dueDate: '2026-02-15T00:00:00.000Z',
					status: 'PAID',
					lineItems: [{ name: 'x', quantity: 1, price: 1 }],
				})
			).body.message,
		).toMatch(/^status: /);
	});
});
