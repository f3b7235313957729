/**
 * Version 2 of the Heffl node against the sandbox built from Heffl's reference:
 * every v1 endpoint the reference shows, run through n8n-core with every
 * documented field; the request the sandbox received is checked as well as the
 * node's output.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../harness/context';
import { runHeffl } from '../harness/n8n';

const ctx = useSandbox({ seed: { leads: 30, deals: 40, tasks: 20 } });

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
/** An ID from an expression, as upstream data gives it: n8n's own parameter checks do not see it. */
const byExpression = (value: string) => ({
	__rl: true,
	mode: 'id',
	value: `={{ ${JSON.stringify(value)} }}`,
});
const v2 = (parameters: INodeParameters, options: { items?: IDataObject[] } = {}) =>
	runHeffl(parameters, ctx.credentials, { ...options, version: 2 });
const stored = (kind: string, id: unknown) =>
	ctx.sandbox.records(kind as never).find((record) => record.id === id) as IDataObject;
const lastRequest = () => ctx.apiRequests().at(-1);

const pipeline = () => ctx.sandbox.records('pipelines')[0] as IDataObject;
const activeStage = () =>
	(pipeline().stages as IDataObject[]).find((stage) => stage.type === 'ACTIVE') as IDataObject;
const firstId = (kind: string) => String(ctx.sandbox.records(kind as never)[0].id);

describe('§10.1 leads', () => {
	test('create with every documented field, get, get many, update with PUT, delete', async () => {
		const created = await v2({
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

		const fetched = await v2({ resource: 'lead', operation: 'get', leadId: byId(String(lead.id)) });
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

		const updated = await v2({
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

		const deleted = await v2({
			resource: 'lead',
			operation: 'delete',
			leadId: byId(String(lead.id)),
		});
		expect(deleted.json).toEqual([{ id: lead.id, deleted: true }]);
		expect(stored('leads', lead.id)).toBeUndefined();
	});

	test('no undocumented required field: a lead without a name goes to Heffl, whose own error comes back', async () => {
		const result = await v2({
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
		const result = await v2({
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
		const found = await v2({ resource: 'lead', operation: 'getAll', filters: { search: email } });
		expect(found.json.map((lead) => lead.id)).toEqual([leads[3].id]);
	});
});

describe('§10.2 clients', () => {
	test('a company: name, tax number, billing address, website, opening balance; PATCH update; delete', async () => {
		const created = await v2({
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

		const updated = await v2({
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

		const fetched = await v2({
			resource: 'client',
			operation: 'get',
			clientId: byId(String(client.id)),
			simplify: false,
		});
		expect(fetched.json[0]).toMatchObject({ id: client.id, number: client.number });
		await v2({ resource: 'client', operation: 'delete', clientId: byId(String(client.id)) });
		expect(stored('clients', client.id)).toBeUndefined();
	});

	test('a contact: first name required instead of name; salutation, last name, e-mail, phone, job title', async () => {
		const missing = await v2({
			resource: 'client',
			operation: 'create',
			clientType: 'contact',
			firstName: '={{ "" }}',
		});
		expect(missing.error?.message).toBe('First Name: a client needs a value here');
		const created = await v2({
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
		const listed = await v2({
			resource: 'client',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'contact' },
		});
		expect(listed.json.every((client) => client.type === 'contact')).toBe(true);
		expect(listed.json.map((client) => client.id)).toContain(created.json[0].id);
	});
});

describe('§10.3 deals', () => {
	test('create needs title, pipeline, stage and client; every documented field; dates normalised; update status', async () => {
		const lead = firstId('leads');
		const created = await v2({
			resource: 'deal',
			operation: 'create',
			title: 'Website redesign',
			pipeline: pipeline().id as string,
			stage: activeStage().id as string,
			client: byId(firstId('clients')),
			additionalFields: {
				lead,
				sourceId: firstId('leadSources'),
				price: 12000,
				expectedCloseDate: '2027-03-31',
				priority: 'HIGH',
			},
		});
		expect(created.error).toBeUndefined();
		const deal = created.json[0];
		expect(deal).toMatchObject({
			title: 'Website redesign',
			pipelineId: pipeline().id,
			stageId: activeStage().id,
			clientId: firstId('clients'),
			leadId: lead,
			price: 12000,
			expectedCloseDate: '2027-03-31T00:00:00.000Z',
			priority: 'HIGH',
			status: 'ACTIVE',
		});

		const updated = await v2({
			resource: 'deal',
			operation: 'update',
			dealId: byId(String(deal.id)),
			updateFields: { status: 'WON', expectedCloseDate: '2027-04-01T12:00:00+04:00' },
		});
		expect(updated.json[0]).toMatchObject({
			status: 'WON',
			expectedCloseDate: '2027-04-01T08:00:00.000Z',
		});

		const noClient = await v2({
			resource: 'deal',
			operation: 'create',
			title: 'x',
			pipeline: pipeline().id as string,
			stage: activeStage().id as string,
			client: byExpression(''),
		});
		expect(noClient.error?.message).toBe('Client: a deal needs a value here');
	});

	test('a date that is not on the calendar is refused before anything is sent, naming the field', async () => {
		const before = ctx.apiRequests().length;
		const result = await v2({
			resource: 'deal',
			operation: 'update',
			dealId: byId(firstId('deals')),
			updateFields: { expectedCloseDate: '2026-02-31' },
		});
		expect(result.error?.message).toBe(
			"Update Fields › Expected Close Date: '2026-02-31' is not a date on the calendar",
		);
		expect(ctx.apiRequests()).toHaveLength(before);
	});
});

describe('§10.4/§11.5 tasks', () => {
	test('create with every field of the documented task schema, update, get, delete', async () => {
		const lead = firstId('leads');
		const user = firstId('users');
		const created = await v2({
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
				assignees: ` ${user} `,
				tags: '7, 8',
				linkedTo: 'leads',
				linkedId: lead,
			},
		});
		expect(created.error).toBeUndefined();
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
			tagIds: ['7', '8'],
			entity: 'leads',
			entityId: lead,
		});
		const id = String(created.json[0].id);
		const updated = await v2({
			resource: 'task',
			operation: 'update',
			taskId: byId(id),
			updateFields: { status: 'COMPLETED', clearFields: ['priority'] },
		});
		expect(updated.json[0]).toMatchObject({
			status: 'COMPLETED',
			priority: null,
			title: 'Call back about the quote',
		});
		const fetched = await v2({ resource: 'task', operation: 'get', taskId: byId(id) });
		expect(fetched.json[0]).toMatchObject({ id, status: 'COMPLETED' });
		await v2({ resource: 'task', operation: 'delete', taskId: byId(id) });
		expect(stored('tasks', id)).toBeUndefined();
	});
});

describe('§10.5 invoices', () => {
	test('create with every documented field: client, dates, line items, status, tax, contact, subject, notes, sales person, template, tags', async () => {
		const template = (ctx.sandbox.records('templates') as IDataObject[]).find(
			(candidate) => candidate.type === 'invoices',
		);
		const created = await v2({
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
		const result = await v2({
			resource: 'invoice',
			operation: 'create',
			client: byId(firstId('clients')),
			date: '2026-01-15',
			dueDate: '2026-02-15',
			lineItems: { entry: [] },
		});
		expect(result.error?.message).toBe('Line Items: an invoice needs a value here');
	});
});

describe('§12.1 webhook subscriptions', () => {
	test('create sends name, url and events; an empty name becomes "n8n: " and the events', async () => {
		const named = await v2({
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
		const unnamed = await v2({
			resource: 'webhookSubscription',
			operation: 'create',
			url: 'https://example.com/hook',
			events: ['lead.created', 'deal.updated'],
		});
		expect(unnamed.json[0]).toMatchObject({ name: 'n8n: lead.created, deal.updated' });
		for (const subscription of [named, unnamed])
			await v2({
				resource: 'webhookSubscription',
				operation: 'delete',
				webhookSubscriptionId: byId(String(subscription.json[0].id)),
			});
	});
});

describe('§11.13 document templates and §7 contacts (v2)', () => {
	test('templates: type, name prefix and inactive are sent and checked on the records', async () => {
		const templates = ctx.sandbox.records('templates') as IDataObject[];
		const result = await v2({
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
		const one = await v2({
			resource: 'documentTemplate',
			operation: 'get',
			documentTemplateId: byId(String(result.json[0].id)),
		});
		expect(one.json[0]).toMatchObject({ id: result.json[0].id, customFields: expect.any(Array) });
	});

	test('contacts: documented search is sent', async () => {
		const contact = ctx.sandbox.records('contacts')[5] as IDataObject;
		const result = await v2({
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
		const result = await v2({
			resource: 'contact',
			operation: 'getAll',
			returnAll: true,
			filters: { filters: JSON.stringify(filter) },
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

describe('guesses never block and never destroy', () => {
	test.each([
		['lead', 'leads', 'lead_123e4567-e89b-12d3-a456-426614174000'],
		['lead', 'leads', '12345'],
		['client', 'clients', 'client-7'],
		['deal', 'deals', 'deal_abc123'],
		['task', 'tasks', '42'],
		['webhookSubscription', 'webhooks', 'whk_2KWPBgLlAfxdpx2AI54pPJ85f4W'],
	])('%s (%s) By ID works with the ID %s, in both versions', async (resource, kind, id) => {
		ctx.sandbox.insert(kind as never, {
			id,
			number: 'X-1',
			name: 'Inserted',
			title: 'Inserted',
			url: 'https://example.com/h',
			events: ['lead.created'],
			createdAt: new Date().toISOString(),
		});
		try {
			const parameter = `${resource}Id`;
			for (const version of [1, 2]) {
				const got = await runHeffl(
					{ resource, operation: 'get', [parameter]: byId(id), simplify: false },
					ctx.credentials,
					{ version },
				);
				expect(got.error?.message).toBeUndefined();
				expect(got.json[0].id).toBe(id);
			}
			if (resource !== 'webhookSubscription') {
				const field = resource === 'task' || resource === 'deal' ? 'title' : 'name';
				const updated = await v2({
					resource,
					operation: 'update',
					[parameter]: byId(id),
					updateFields: { [field]: 'Changed' },
				});
				expect(updated.error?.message).toBeUndefined();
				expect(stored(kind, id)[field]).toBe('Changed');
			}
			const deleted = await v2({ resource, operation: 'delete', [parameter]: byId(id) });
			expect(deleted.json).toEqual([{ id, deleted: true }]);
			expect(stored(kind, id)).toBeUndefined();
		} finally {
			// A failure above must not leave a record the other tests would read.
			const path = kind === 'webhooks' ? 'webhooks' : kind;
			await fetch(`${ctx.sandbox.urls.v1}/${path}/${encodeURIComponent(id)}`, {
				method: 'DELETE',
				headers: { 'x-api-key': ctx.sandbox.apiKey },
			});
		}
	});

	test.each([
		['pipeline', 'pipelines', '7'],
		['product', 'products', 'product-uuid-9f1c'],
		['documentTemplate', 'templates', 'template_42'],
	])('%s (%s) By ID works with the ID %s, in both versions', async (resource, kind, id) => {
		ctx.sandbox.insert(kind as never, { id, name: 'Inserted', type: 'quotations', stages: [] });
		for (const version of [1, 2]) {
			const got = await runHeffl(
				{ resource, operation: 'get', [`${resource}Id`]: byId(id), simplify: false },
				ctx.credentials,
				{ version },
			);
			expect(got.error?.message).toBeUndefined();
			expect(got.json[0].id).toBe(id);
		}
	});

	test.each(['..', '.', 'ld_1/..', 'ld 1', 'ld_1?x=1', 'ld_1#a'])(
		'the ID %j is refused before anything is sent',
		async (id) => {
			const before = ctx.apiRequests().length;
			const result = await v2({ resource: 'lead', operation: 'delete', leadId: byExpression(id) });
			expect(result.error?.message).toMatch(/^Lead: /);
			expect(ctx.apiRequests()).toHaveLength(before);
		},
	);

	test('By ID takes a pasted Heffl address: the ID is read from its path, the query and fragment are ignored', async () => {
		const lead = ctx.sandbox.records('leads')[3] as IDataObject;
		for (const address of [
			`https://app.heffl.com/crm/leads/${String(lead.id)}`,
			`https://app.heffl.com/crm/leads/${String(lead.id)}/activity?tab=notes#top`,
			`http://app.heffl.com/leads/${encodeURIComponent(String(lead.id))}/`,
		]) {
			const got = await v2({
				resource: 'lead',
				operation: 'get',
				leadId: byExpression(address),
				simplify: false,
			});
			expect(got.error?.message, address).toBeUndefined();
			expect(got.json[0].id).toBe(lead.id);
		}
		// A linked record on Create takes an address too.
		const client = ctx.sandbox.records('clients')[0] as IDataObject;
		const deal = await v2({
			resource: 'deal',
			operation: 'create',
			title: 'From an address',
			pipeline: String(pipeline().id),
			stage: String(activeStage().id),
			client: byExpression(`https://app.heffl.com/crm/clients/${String(client.id)}?view=1`),
		});
		expect(deal.error?.message).toBeUndefined();
		expect(stored('deals', deal.json[0].id)).toMatchObject({ clientId: client.id });
		// A picker inside Additional Fields (the deal's lead) takes an ID from the list or an address.
		const source = ctx.sandbox.records('leads')[4] as IDataObject;
		for (const picked of [
			{ __rl: true, mode: 'list', value: String(source.id) },
			byExpression(`https://app.heffl.com/crm/leads/${String(source.id)}`),
		]) {
			const withLead = await v2({
				resource: 'deal',
				operation: 'create',
				title: 'With a lead',
				pipeline: String(pipeline().id),
				stage: String(activeStage().id),
				client: byId(String(client.id)),
				additionalFields: { lead: picked },
			});
			expect(withLead.error?.message).toBeUndefined();
			expect(stored('deals', withLead.json[0].id)).toMatchObject({ leadId: source.id });
		}
	});

	test('a filtered Get Many against a server that ignores the filter returns no non-matching record, and says so', async () => {
		const deals = ctx.sandbox.records('deals') as IDataObject[];
		const lost = deals.filter((deal) => deal.status === 'LOST').map((deal) => deal.id);
		expect(lost.length).toBeGreaterThan(0);
		expect(lost.length).toBeLessThan(deals.length);
		// Version 1 sends its guessed `status` filter; the sandbox ignores it (no v1 filter is documented).
		const v1 = await runHeffl(
			{ resource: 'deal', operation: 'getAll', returnAll: true, filters: { status: 'lost' } },
			ctx.credentials,
		);
		expect(v1.json.map((deal) => deal.id)).toEqual(lost);
		expect(v1.hints.join(' ')).toMatch(/do not match the filters \(Status\)/);
		// Version 2 does not send it and checks it here.
		const second = await v2({
			resource: 'deal',
			operation: 'getAll',
			returnAll: true,
			filters: { status: 'LOST' },
		});
		expect(second.json.map((deal) => deal.id)).toEqual(lost);
		const limited = await v2({
			resource: 'deal',
			operation: 'getAll',
			limit: 1,
			filters: { status: 'LOST' },
		});
		expect(limited.json.map((deal) => deal.id)).toEqual(lost.slice(0, 1));
	});

	test('version 1 against a server that honours its filter returns the same, with no notice', async () => {
		ctx.sandbox.setUndocumentedFilters(true);
		try {
			const result = await runHeffl(
				{ resource: 'deal', operation: 'getAll', returnAll: true, filters: { status: 'LOST' } },
				ctx.credentials,
			);
			expect(result.json.every((deal) => deal.status === 'LOST')).toBe(true);
			expect(result.hints).toEqual([]);
		} finally {
			ctx.sandbox.setUndocumentedFilters(false);
		}
	});

	test('a filter the records cannot show is an error, not an unfiltered list', async () => {
		const result = await runHeffl(
			{ resource: 'lead', operation: 'getAll', filters: { sourceId: 'src_x' } },
			ctx.credentials,
		);
		expect(result.error?.message).toMatch(/^Filters › Source Name or ID: .*cannot be checked/);
		expect(result.json).toEqual([]);
	});

	test('formats Heffl has not documented are left to Heffl; its VALIDATION answer names the field', async () => {
		const result = await v2({
			resource: 'lead',
			operation: 'create',
			name: 'Odd',
			additionalFields: { email: 'not-an-address' },
		});
		expect(ctx.apiRequests().at(-1)).toMatchObject({ method: 'POST', status: 400 });
		expect(result.error?.message).toMatch(/email/);
	});

	test('custom fields are checked like standard fields of their type', async () => {
		const bad = await v2({
			resource: 'lead',
			operation: 'create',
			name: 'Typed',
			customFields: { field: [{ label: 'Renewal', value: '2026-02-31', valueType: 'date' }] },
		});
		expect(bad.error?.message).toBe(
			"Custom Fields › field 1 (cf_renewal): '2026-02-31' is not a date on the calendar",
		);
		const good = await v2({
			resource: 'lead',
			operation: 'create',
			name: 'Typed',
			customFields: {
				field: [
					{ label: 'Renewal', value: '20270131', valueType: 'date' },
					{ label: 'Seats', value: '12', valueType: 'number' },
					{ label: 'Signed', value: 'true', valueType: 'boolean' },
				],
			},
		});
		expect(good.json[0].customFields).toEqual({
			cf_renewal: '2027-01-31',
			cf_seats: 12,
			cf_signed: true,
		});
	});

	test('Extra Fields (JSON) may not set a key another field sets', async () => {
		const result = await v2({
			resource: 'lead',
			operation: 'create',
			name: 'Twice',
			additionalFields: { extraFields: '{"name": "Other"}' },
		});
		expect(result.error?.message).toBe(
			"Additional Fields › Extra Fields (JSON): 'name' is also set by 'Name'",
		);
	});
});
