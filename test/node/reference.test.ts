/**
 * The Heffl node against the sandbox built from Heffl's reference, section by section:
 * the API v1 endpoints of §10 and §12.1 and the API v2 deals and tasks of §11.3/§11.5
 * (which replaced §10.3/§10.4's v1 ones), run through n8n-core with every documented
 * field; the request the sandbox received is checked as well as the node's output.
 * What the node does where the reference is silent is in guessesNeverBlock.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox({ seed: { leads: 30, deals: 40, tasks: 20 } });

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const fromList = (value: string) => ({ __rl: true, mode: 'list', value });
/** An ID from an expression, as upstream data gives it: n8n's own parameter checks do not see it. */
const byExpression = (value: string) => ({
	__rl: true,
	mode: 'id',
	value: `={{ ${JSON.stringify(value)} }}`,
});
const run = (parameters: INodeParameters) => runHeffl(parameters, ctx.credentials);
const stored = (kind: string, id: unknown) =>
	ctx.sandbox.records(kind as never).find((record) => record.id === id) as IDataObject;
const lastRequest = () => ctx.apiRequests().at(-1);

const pipeline = () => ctx.sandbox.records('pipelines')[0] as IDataObject;
const stages = () => pipeline().stages as IDataObject[];
const firstActiveStage = () =>
	[...stages()]
		.filter((stage) => stage.type === 'ACTIVE')
		.sort((a, b) => Number(a.position) - Number(b.position))[0];
const firstId = (kind: string) => String(ctx.sandbox.records(kind as never)[0].id);
/** §11.9's tag IDs: the sandbox shows its one tag store to API v2 as tag_<n>. */
const tagIds = (type: string) =>
	ctx.sandbox
		.records('tags')
		.filter((tag) => tag.type === type)
		.map((tag) => `tag_${String(tag.id)}`);
/** The seeded Sales pipeline requires its Lead Score custom field (§11.12) on every deal. */
const leadScore = (value: number) => ({
	mappingMode: 'defineBelow',
	value: { cf_lead_score: value },
});

describe('§10.1 leads', () => {
	test('create with every documented field, get, get many, update with PUT, delete', async () => {
		const created = await run({
			resource: 'lead',
			operation: 'create',
			name: 'Nathan Smith',
			additionalFields: {
				email: ' nathan@example.com ',
				mobile: '+971501234567',
				secondaryMobile: '+971509876543',
				jobTitle: 'Head of Sales',
				value: 5000,
				website: 'nathan.example',
				extraFields: '{"leadScore": 7}',
			},
			customFields: { field: [{ label: 'Budget Range', value: '10k-50k' }] },
		});
		expect(created.error).toBeUndefined();
		const lead = created.json[0];
		expect(lead).toMatchObject({
			name: 'Nathan Smith',
			email: 'nathan@example.com',
			mobile: '+971501234567',
			secondaryMobile: '+971509876543',
			title: 'Head of Sales',
			value: 5000,
			website: 'https://nathan.example',
			leadScore: 7,
			customFields: { cf_budget_range: '10k-50k' },
		});

		const fetched = await run({
			resource: 'lead',
			operation: 'get',
			leadId: byId(String(lead.id)),
		});
		expect(fetched.json[0]).toEqual({
			id: lead.id,
			number: lead.number,
			name: 'Nathan Smith',
			email: 'nathan@example.com',
			mobile: '+971501234567',
			title: 'Head of Sales',
			stage: null,
			createdAt: lead.createdAt,
		});

		const updated = await run({
			resource: 'lead',
			operation: 'update',
			leadId: byId(String(lead.id)),
			updateFields: { jobTitle: 'VP of Marketing', mobile: '', clearFields: ['website'] },
		});
		expect(lastRequest()).toMatchObject({ method: 'PUT' });
		expect(updated.json[0]).toMatchObject({
			title: 'VP of Marketing',
			// An emptied field is not sent: the mobile number stays.
			mobile: '+971501234567',
			// Fields to Clear sends null.
			website: null,
		});

		const deleted = await run({
			resource: 'lead',
			operation: 'delete',
			leadId: byId(String(lead.id)),
		});
		expect(deleted.json).toEqual([{ id: lead.id, deleted: true }]);
		expect(stored('leads', lead.id)).toBeUndefined();
	});

	test('no undocumented required field: a lead without a name goes to Heffl, whose own error comes back', async () => {
		const result = await run({
			resource: 'lead',
			operation: 'create',
			additionalFields: { jobTitle: 'x' },
		});
		expect(ctx.apiRequests().at(-1)).toMatchObject({ method: 'POST', status: 400 });
		expect(result.error?.context).toMatchObject({ code: 'BAD_REQUEST', httpCode: 400 });
		expect(result.error?.message).toMatch(/name: is required/);
	});

	test('Get Many filters by stage, source, archived and search on the returned records', async () => {
		const leads = ctx.sandbox.records('leads') as IDataObject[];
		const stage = String(leads[0].stage);
		const result = await run({
			resource: 'lead',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
			filters: { stage: stage.toUpperCase(), archived: false },
		});
		const expected = leads.filter((lead) => lead.stage === stage && lead.archived === false);
		expect(result.json.map((lead) => lead.id)).toEqual(expected.map((lead) => lead.id));
		expect(result.hints.join(' ')).toMatch(/checked in n8n/);

		const email = String(leads[3].email);
		const found = await run({ resource: 'lead', operation: 'getAll', filters: { search: email } });
		expect(found.json.map((lead) => lead.id)).toEqual([leads[3].id]);
	});
});

describe('§10.2 clients', () => {
	test('a company: name, tax number, billing address, website, opening balance; PATCH update; delete', async () => {
		const created = await run({
			resource: 'client',
			operation: 'create',
			clientType: 'company',
			name: 'Acme Trading LLC',
			additionalFields: {
				taxNumber: 'TRN100',
				website: 'acme.example',
				openingBalance: 250,
				billingAddress: { address: '1 Market St', city: 'Dubai', country: 'AE', postalCode: '' },
			},
			customFields: { field: [{ label: 'Employees', value: '42', valueType: 'number' }] },
		});
		expect(created.error).toBeUndefined();
		const client = created.json[0];
		expect(client).toMatchObject({ type: 'company', name: 'Acme Trading LLC' });
		expect(stored('clients', client.id)).toMatchObject({
			taxNumber: 'TRN100',
			website: 'https://acme.example',
			openingBalance: 250,
			billingAddress: { address: '1 Market St', city: 'Dubai', country: 'AE' },
			cf_employees: 42,
		});

		const updated = await run({
			resource: 'client',
			operation: 'update',
			clientId: byId(String(client.id)),
			updateFields: { taxNumber: 'TRN200' },
		});
		expect(lastRequest()).toMatchObject({ method: 'PATCH' });
		expect(updated.json[0]).toMatchObject({ name: 'Acme Trading LLC' });
		expect(stored('clients', client.id)).toMatchObject({
			taxNumber: 'TRN200',
			openingBalance: 250,
		});

		const fetched = await run({
			resource: 'client',
			operation: 'get',
			clientId: byId(String(client.id)),
			simplify: false,
		});
		expect(fetched.json[0]).toMatchObject({ id: client.id, number: client.number });
		await run({ resource: 'client', operation: 'delete', clientId: byId(String(client.id)) });
		expect(stored('clients', client.id)).toBeUndefined();
	});

	test('a contact: first name required instead of name; salutation, last name, e-mail, phone, job title', async () => {
		const missing = await run({
			resource: 'client',
			operation: 'create',
			clientType: 'contact',
			firstName: '={{ "" }}',
		});
		expect(missing.error?.message).toBe('First Name: a client needs a value here [item 0]');
		const created = await run({
			resource: 'client',
			operation: 'create',
			clientType: 'contact',
			firstName: 'Jane',
			additionalFields: {
				lastName: 'Doe',
				salutation: 'Dr.',
				email: 'jane@example.com',
				phone: '+971500000000',
				jobTitle: 'CFO',
			},
		});
		expect(created.json[0]).toMatchObject({
			type: 'contact',
			firstName: 'Jane',
			lastName: 'Doe',
			email: 'jane@example.com',
			phone: '+971500000000',
		});
		const listed = await run({
			resource: 'client',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'contact' },
		});
		expect(listed.json.every((client) => client.type === 'contact')).toBe(true);
		expect(listed.json.map((client) => client.id)).toContain(created.json[0].id);
	});
});

describe('§11.3 deals (API v2; §10.3’s v1 deals are not offered)', () => {
	test('create needs title, client and pipeline; every documented field; the stage defaults to the first active one; dates normalised; update status', async () => {
		const lead = firstId('leads');
		const user = firstId('users');
		const contact = firstId('contacts');
		const [tag] = tagIds('deals');
		ctx.sandbox.clearRequests();
		const created = await run({
			resource: 'deal',
			operation: 'create',
			title: 'Website redesign',
			client: byId(firstId('clients')),
			pipeline: String(pipeline().id),
			additionalFields: {
				lead: fromList(lead),
				source: firstId('leadSources'),
				owner: fromList(user),
				price: 12000,
				expectedCloseDate: '2027-03-31',
				priority: 'HIGH',
				status: 'ACTIVE',
				currency: ' aed ',
				isInclusiveTax: true,
				assignees: [user],
				contactPicks: { entry: [{ contact: fromList(contact) }] },
				tags: [tag],
				lineItems: { entry: [{ name: 'Audit', quantity: 2, price: 500 }] },
			},
			customFieldsMapping: leadScore(70),
		});
		expect(created.error).toBeUndefined();
		expect(lastRequest()).toMatchObject({ method: 'POST', path: '/api/v2/deals', status: 200 });
		const deal = created.json[0];
		expect(deal).toMatchObject({
			title: 'Website redesign',
			clientId: firstId('clients'),
			pipelineId: pipeline().id,
			stageId: firstActiveStage().id,
			leadId: lead,
			crmSourceId: firstId('leadSources'),
			ownerUserId: user,
			price: 12000,
			expectedCloseDate: '2027-03-31T00:00:00.000Z',
			priority: 'HIGH',
			status: 'ACTIVE',
			currency: 'AED',
			isInclusiveTax: true,
			assignees: [user],
			contacts: [contact],
			tags: [tag],
			cf_lead_score: 70,
		});
		// §11.3's deal answer lists no line items; the sandbox's store shows what Heffl kept.
		expect(stored('deals', deal.id).products).toEqual([
			expect.objectContaining({ name: 'Audit', quantity: 2, price: 500 }),
		]);

		const updated = await run({
			resource: 'deal',
			operation: 'update',
			dealId: byId(String(deal.id)),
			updateFields: { status: 'WON', expectedCloseDate: '2027-04-01T12:00:00+04:00' },
		});
		expect(lastRequest()).toMatchObject({
			method: 'PATCH',
			path: `/api/v2/deals/${String(deal.id)}`,
		});
		expect(updated.json[0]).toMatchObject({
			status: 'WON',
			expectedCloseDate: '2027-04-01T08:00:00.000Z',
			title: 'Website redesign',
		});
		expect(stored('deals', deal.id)).toMatchObject({ status: 'WON' });

		const before = ctx.apiRequests().length;
		const noClient = await run({
			resource: 'deal',
			operation: 'create',
			title: 'x',
			pipeline: String(pipeline().id),
			client: byExpression(''),
		});
		expect(noClient.error?.message).toBe('Client: a deal needs a value here [item 0]');
		expect(ctx.apiRequests()).toHaveLength(before);
	});

	test('a stage of the pipeline is sent as chosen', async () => {
		const stage = stages().find((candidate) => candidate.id !== firstActiveStage().id);
		const created = await run({
			resource: 'deal',
			operation: 'create',
			title: 'Later stage',
			client: byId(firstId('clients')),
			pipeline: String(pipeline().id),
			additionalFields: { stage: String(stage?.id) },
			customFieldsMapping: leadScore(10),
		});
		expect(created.error).toBeUndefined();
		expect(stored('deals', created.json[0].id)).toMatchObject({ stageId: stage?.id });
	});

	test('a date that is not on the calendar is refused before anything is sent, naming the field', async () => {
		const before = ctx.apiRequests().length;
		const result = await run({
			resource: 'deal',
			operation: 'update',
			dealId: byId(firstId('deals')),
			updateFields: { expectedCloseDate: '2026-02-31' },
		});
		expect(result.error?.message).toBe(
			"Update Fields › Expected Close Date: '2026-02-31' is not a date on the calendar [item 0]",
		);
		expect(ctx.apiRequests()).toHaveLength(before);
	});
});

describe('§11.5 tasks (API v2; §10.4 documents no v1 task)', () => {
	test('create with every field of the documented task schema, update, get, delete', async () => {
		const lead = firstId('leads');
		const user = firstId('users');
		const [first, second] = tagIds('projects');
		const created = await run({
			resource: 'task',
			operation: 'create',
			title: 'Call back about the quote',
			additionalFields: {
				description: 'Line one\nLine two',
				status: 'IN_PROGRESS',
				taskType: 'call',
				priority: 'HIGH',
				startDate: '2027-01-01',
				dueDate: '2027-01-02T09:30:00Z',
				showTime: true,
				durationMinutes: 30,
				// From an expression: text separated by commas, spaces around.
				assignees: ` ${user} `,
				tags: ` ${first}, ${second} `,
				linkedTo: 'leads',
				linkedId: fromList(lead),
			},
		});
		expect(created.error).toBeUndefined();
		expect(lastRequest()).toMatchObject({ method: 'POST', path: '/api/v2/tasks', status: 200 });
		expect(created.json[0]).toMatchObject({
			title: 'Call back about the quote',
			description: 'Line one\nLine two',
			status: 'IN_PROGRESS',
			type: 'call',
			priority: 'HIGH',
			startDate: '2027-01-01T00:00:00.000Z',
			dueDate: '2027-01-02T09:30:00.000Z',
			showTime: true,
			durationMinutes: 30,
			assigneeIds: [user],
			tagIds: [first, second],
			entity: 'leads',
			entityId: lead,
		});
		const id = String(created.json[0].id);
		const updated = await run({
			resource: 'task',
			operation: 'update',
			taskId: byId(id),
			updateFields: { status: 'COMPLETED', clearFields: ['priority'] },
		});
		expect(lastRequest()).toMatchObject({ method: 'PATCH', path: `/api/v2/tasks/${id}` });
		expect(updated.json[0]).toMatchObject({
			status: 'COMPLETED',
			priority: null,
			title: 'Call back about the quote',
		});
		const fetched = await run({ resource: 'task', operation: 'get', taskId: byId(id) });
		expect(lastRequest()).toMatchObject({ method: 'GET', path: `/api/v2/tasks/${id}` });
		expect(fetched.json[0]).toMatchObject({ id, status: 'COMPLETED' });
		await run({ resource: 'task', operation: 'delete', taskId: byId(id) });
		expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/api/v2/tasks/${id}` });
		expect(stored('tasks', id)).toBeUndefined();
	});

	test('clearing the linked record clears its type too (§11.5: entity and entityId go together)', async () => {
		const created = await run({
			resource: 'task',
			operation: 'create',
			title: 'Linked',
			additionalFields: { linkedTo: 'leads', linkedId: fromList(firstId('leads')) },
		});
		const cleared = await run({
			resource: 'task',
			operation: 'update',
			taskId: byId(String(created.json[0].id)),
			updateFields: { clearFields: ['linkedId'] },
		});
		expect(cleared.error).toBeUndefined();
		expect(stored('tasks', created.json[0].id)).toMatchObject({ entity: null, entityId: null });
	});
});

describe('§10.5 invoices', () => {
	test('create with every documented field: client, dates, line items, status, tax, contact, subject, notes, sales person, template, tags', async () => {
		const template = (ctx.sandbox.records('templates') as IDataObject[]).find(
			(candidate) => candidate.type === 'invoices',
		);
		const created = await run({
			resource: 'invoice',
			operation: 'create',
			client: byId(firstId('clients')),
			date: '2026-01-15',
			dueDate: '2026-02-15T12:00:00Z',
			lineItems: {
				entry: [
					{
						name: 'Audit',
						quantity: 2,
						price: 100,
						discount: 10,
						discountType: 'percentage',
						description: 'Two days',
						productId: firstId('products'),
						taxRateId: 'txr_std',
						buyPrice: 40,
					},
					{ name: 'Support', quantity: 1, price: 50 },
				],
			},
			additionalFields: {
				status: 'SENT',
				isInclusiveTax: true,
				contact: firstId('clients'),
				subject: 'January',
				notes: 'Thank you',
				salesPerson: firstId('users'),
				template: String(template?.id),
				tags: '3',
			},
		});
		expect(created.error).toBeUndefined();
		expect(created.json[0]).toMatchObject({
			clientId: firstId('clients'),
			date: '2026-01-15T00:00:00.000Z',
			dueDate: '2026-02-15T12:00:00.000Z',
			status: 'SENT',
			isInclusiveTax: true,
			subject: 'January',
			notes: 'Thank you',
			salesPersonId: firstId('users'),
			templateId: template?.id,
			tags: ['3'],
			subTotal: 250,
			discountTotal: 20,
			total: 230,
			lineItems: [
				expect.objectContaining({ name: 'Audit', productId: firstId('products'), amount: 180 }),
				expect.objectContaining({ name: 'Support', amount: 50 }),
			],
		});
	});

	test('no line item: refused naming the field', async () => {
		const result = await run({
			resource: 'invoice',
			operation: 'create',
			client: byId(firstId('clients')),
			date: '2026-01-15',
			dueDate: '2026-02-15',
			lineItems: { entry: [] },
		});
		expect(result.error?.message).toBe('Line Items: an invoice needs a value here [item 0]');
	});
});

describe('§12.1 webhook subscriptions', () => {
	test('create sends name, url and events; an empty name becomes "n8n: " and the events', async () => {
		const named = await run({
			resource: 'webhookSubscription',
			operation: 'create',
			subscriptionName: 'Zapier: New Lead',
			url: 'https://example.com/hook',
			events: ['lead.created'],
		});
		expect(named.json[0]).toMatchObject({
			name: 'Zapier: New Lead',
			secret: expect.stringMatching(/^whsec_/),
		});
		const unnamed = await run({
			resource: 'webhookSubscription',
			operation: 'create',
			url: 'https://example.com/hook',
			events: ['lead.created', 'deal.updated'],
		});
		expect(unnamed.json[0]).toMatchObject({ name: 'n8n: lead.created, deal.updated' });
		for (const subscription of [named, unnamed])
			await run({
				resource: 'webhookSubscription',
				operation: 'delete',
				webhookSubscriptionId: byId(String(subscription.json[0].id)),
			});
	});
});

describe('§11.13 document templates and §7 contacts (API v2)', () => {
	test('templates: type, name prefix and inactive are sent and checked on the records', async () => {
		const templates = ctx.sandbox.records('templates') as IDataObject[];
		const result = await run({
			resource: 'documentTemplate',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'invoices', search: 'serv', includeInactive: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((template) => template.id)).toEqual(
			templates
				.filter((t) => t.type === 'invoices' && String(t.name).toLowerCase().startsWith('serv'))
				.map((t) => t.id),
		);
		expect(result.json.length).toBeGreaterThan(0);
		const one = await run({
			resource: 'documentTemplate',
			operation: 'get',
			documentTemplateId: byId(String(result.json[0].id)),
		});
		expect(one.json[0]).toMatchObject({ id: result.json[0].id, customFields: expect.any(Array) });
	});

	test('contacts: documented search is sent', async () => {
		const contact = ctx.sandbox.records('contacts')[5] as IDataObject;
		const result = await run({
			resource: 'contact',
			operation: 'getAll',
			filters: { search: String(contact.email) },
		});
		expect(result.json.map((record) => record.id)).toEqual([contact.id]);
		expect(ctx.apiRequests().at(-1)?.path).toContain('search=');
	});

	test('contacts: Filters (JSON) goes as the one JSON-encoded filters parameter (§7), not nested keys', async () => {
		const stageId = String(ctx.sandbox.records('clientStages')[1].id);
		const contactId = String(ctx.sandbox.records('contacts')[3].id);
		const patched = await fetch(`${ctx.sandbox.urls.v2}/contacts/${contactId}`, {
			method: 'PATCH',
			headers: { 'x-api-key': ctx.sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ stageId }),
		});
		expect(patched.status).toBe(200);
		const filter = { stageId: { operator: 'is', values: [stageId] } };
		const result = await run({
			resource: 'contact',
			operation: 'getAll',
			returnAll: true,
			filters: { filtersJson: JSON.stringify(filter) },
		});
		expect(result.error).toBeUndefined();
		const path = String(ctx.apiRequests().at(-1)?.path);
		expect(new URL(path, 'http://x').searchParams.get('filters')).toBe(JSON.stringify(filter));
		expect(path).not.toContain('filters%5B');
		const expected = ctx.sandbox.records('contacts').filter((c) => c.stageId === stageId);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(ctx.sandbox.records('contacts').length);
		expect(result.json.map((record) => record.id).sort()).toEqual(
			expected.map((record) => record.id).sort(),
		);
	});
});
