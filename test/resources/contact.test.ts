/**
 * Contacts (v2 /contacts, §11.1): every documented field of create, update, Create or Update, Get Many and delete, through the node run by
 * n8n-core; a recording relay shows each request as it was sent (test/harness/crm.ts).
 * Over 300 lines: one resource's every field, its lists and its guarded delete, read top to bottom.
 */
import { describe, expect, test } from 'vitest';

import { PLAIN_TEMPLATE, useCrm } from '../harness/crm';

const {
	relay,
	heffl,
	one,
	all,
	received,
	byId,
	records,
	stored,
	companies,
	firstId,
	pipeline,
	ids,
	filtersOf,
	newContact,
} = useCrm();

describe('§11.1 contacts (v2 /contacts)', () => {
	test('create sends every field of §11.1 (the PATCH page’s fields) and returns the contact', async () => {
		const company = String(companies()[0].id);
		const stage = firstId('clientStages');
		const leadStage = firstId('leadStages');
		const owner = firstId('users');
		const source = firstId('leadSources');
		const created = await heffl({
			resource: 'contact',
			operation: 'create',
			firstName: 'Nathan',
			additionalFields: {
				lastName: 'Smith',
				salutation: 'Dr.',
				email: ' nathan.smith@v2crm.example ',
				phone: '+971501234567',
				jobTitle: 'CFO',
				company: byId(company),
				clientStage: byId(stage),
				leadStage,
				owner: byId(owner),
				vendor: 'vnd_42',
				source,
				billingAddress: {
					address: '1 Market St',
					city: 'Dubai',
					landmark: 'Near the tower',
					state: 'Dubai',
					country: 'AE',
					postalCode: '00000',
				},
			},
		});
		expect(created.error?.message).toBeUndefined();
		const sent = one(created, 'POST', '/contacts');
		expect(sent.body).toEqual({
			firstName: 'Nathan',
			lastName: 'Smith',
			salutation: 'Dr.',
			email: 'nathan.smith@v2crm.example',
			phone: '+971501234567',
			jobTitle: 'CFO',
			companyId: company,
			stageId: stage,
			leadStageId: leadStage,
			ownerUserId: owner,
			vendorId: 'vnd_42',
			sourceId: source,
			billingAddress: {
				address: '1 Market St',
				city: 'Dubai',
				landmark: 'Near the tower',
				state: 'Dubai',
				country: 'AE',
				postalCode: '00000',
			},
		});
		received('POST', '/api/v2/contacts');
		expect(created.json).toHaveLength(1);
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^clt_/),
			type: 'contact',
			name: 'Nathan Smith',
			firstName: 'Nathan',
			lastName: 'Smith',
			salutation: 'Dr.',
			email: 'nathan.smith@v2crm.example',
			phone: '+971501234567',
			jobTitle: 'CFO',
			companyId: company,
			companyName: companies()[0].name,
			stageId: stage,
			leadStageId: leadStage,
			ownerUserId: owner,
			vendorId: 'vnd_42',
			crmSourceId: source,
			billingAddress: expect.objectContaining({ landmark: 'Near the tower', postalCode: '00000' }),
		});
		expect(stored('contacts', created.json[0].id)).toMatchObject({ firstName: 'Nathan' });
	});

	test('update is a PATCH of only the fields set; Fields to Clear sends the company as null', async () => {
		const id = await newContact('Pat');
		const company = String(companies()[1].id);
		const linked = await heffl({
			resource: 'contact',
			operation: 'update',
			contactId: byId(id),
			updateFields: {
				lastName: 'Jones',
				salutation: 'Ms.',
				email: 'pat.jones@v2crm.example',
				phone: '+441234567',
				jobTitle: 'COO',
				company: byId(company),
				clientStage: byId(String(records('clientStages')[1].id)),
				leadStage: String(records('leadStages')[1].id),
				owner: byId(String(records('users')[1].id)),
				vendor: 'vnd_7',
				source: String(records('leadSources')[1].id),
				billingAddress: { city: 'London', country: 'GB' },
			},
		});
		expect(linked.error?.message).toBeUndefined();
		expect(one(linked, 'PATCH', `/contacts/${id}`).body).toEqual({
			lastName: 'Jones',
			salutation: 'Ms.',
			email: 'pat.jones@v2crm.example',
			phone: '+441234567',
			jobTitle: 'COO',
			companyId: company,
			stageId: records('clientStages')[1].id,
			leadStageId: records('leadStages')[1].id,
			ownerUserId: records('users')[1].id,
			vendorId: 'vnd_7',
			sourceId: records('leadSources')[1].id,
			billingAddress: { city: 'London', country: 'GB' },
		});
		expect(linked.json[0]).toMatchObject({
			id,
			firstName: 'Pat',
			lastName: 'Jones',
			companyId: company,
			billingAddress: { city: 'London', country: 'GB' },
		});

		const unlinked = await heffl({
			resource: 'contact',
			operation: 'update',
			contactId: byId(id),
			updateFields: { jobTitle: '', clearFields: ['company'] },
		});
		expect(one(unlinked, 'PATCH', `/contacts/${id}`).body).toEqual({ companyId: null });
		expect(unlinked.json[0]).toMatchObject({ id, companyId: null, jobTitle: 'COO' });
	});

	test('Create or Update: the e-mail is searched with `search`, one match is PATCHed, none is POSTed', async () => {
		const email = 'upsert.me@v2crm.example';
		const created = await heffl({
			resource: 'contact',
			operation: 'upsert',
			email,
			firstName: 'Una',
			additionalFields: { jobTitle: 'Buyer' },
		});
		expect(created.error?.message).toBeUndefined();
		// The search first; its "nothing" believed after a listed contact was found by its e-mail.
		const [search, ...probe] = all(created, 'GET', '/contacts');
		expect(search.query).toMatchObject({ search: email });
		expect(probe.map((request) => Object.keys(request.query ?? {}).sort())).toEqual([
			['pageSize'],
			['pageSize', 'search'],
		]);
		expect(one(created, 'POST', '/contacts').body).toEqual({
			firstName: 'Una',
			jobTitle: 'Buyer',
			email,
		});
		const id = created.json[0].id;

		const updated = await heffl({
			resource: 'contact',
			operation: 'upsert',
			email: 'UPSERT.me@v2crm.example',
			firstName: 'Una',
			additionalFields: { lastName: 'Updated' },
		});
		expect(updated.error?.message).toBeUndefined();
		expect(all(updated, 'POST', '/contacts')).toHaveLength(0);
		// Only what differs: the first name is as stored, the e-mail found by is not rewritten.
		expect(one(updated, 'PATCH', `/contacts/${String(id)}`).body).toEqual({
			lastName: 'Updated',
		});
		expect(updated.json[0]).toMatchObject({ id, lastName: 'Updated', jobTitle: 'Buyer' });
	});

	test('Get Many: Search is sent as `search` and narrows the list', async () => {
		const id = await newContact('Searchable', 'searchable.person@v2crm.example');
		const result = await heffl({
			resource: 'contact',
			operation: 'getAll',
			returnAll: true,
			filters: { search: 'searchable.person@' },
		});
		expect(result.error?.message).toBeUndefined();
		const sent = one(result, 'GET', '/contacts');
		expect(sent.query).toEqual({ search: 'searchable.person@', pageSize: '100' });
		received('GET', /^\/api\/v2\/contacts\?search=searchable\.person%40&pageSize=100$/);
		expect(ids(result.json)).toEqual([id]);
	});

	test('Get Many: Filters (JSON) is sent as the one JSON-encoded `filters` parameter, and filters', async () => {
		const stage = String(records('clientStages')[2].id);
		const filter = { stageId: { operator: 'is', values: [stage] } };
		const id = await newContact('Filtered');
		await heffl({
			resource: 'contact',
			operation: 'update',
			contactId: byId(id),
			updateFields: { clientStage: byId(stage) },
		});
		const result = await heffl({
			resource: 'contact',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
			filters: { filtersJson: JSON.stringify(filter) },
		});
		expect(result.error?.message).toBeUndefined();
		// Every page carries the list's parameters; the first is checked.
		const sent = all(result, 'GET', '/contacts')[0];
		expect(Object.keys(sent.query).sort()).toEqual(['filters', 'pageSize']);
		// One JSON-encoded parameter as §7 shows it, not nested keys (filters[stageId]…).
		expect(sent.query.filters).toBe(JSON.stringify(filter));
		expect(filtersOf(sent)).toEqual({ stageId: { operator: 'is', values: [stage] } });
		expect(ids(result.json)).toContain(id);
		expect(result.json.every((contact) => contact.stageId === stage)).toBe(true);
		const expected = records('contacts').filter((contact) => contact.stageId === stage);
		expect(expected.length).toBeLessThan(records('contacts').length);
		expect(new Set(ids(result.json))).toEqual(new Set(ids(expected)));
	});

	test('Get Many reads contacts through the v2 envelope: every contact, full records', async () => {
		const contacts = await heffl({
			resource: 'contact',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
		});
		expect(contacts.json).toHaveLength(records('contacts').length);
		// A seeded contact (the other tests add some without an e-mail).
		const seeded = String(records('contacts')[0].id);
		expect(contacts.json.find((contact) => contact.id === seeded)).toMatchObject({
			id: seeded,
			firstName: expect.any(String),
			email: expect.any(String),
		});
	});

	test('§7 Get Many: Sort By, Sort Direction and Conditions are sent for contacts', async () => {
		const stage = String(records('clientStages')[0].id);
		const result = await heffl({
			resource: 'contact',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
			sort: { orderBy: 'name', orderDir: 'asc' },
			filters: {
				conditions: { condition: [{ field: 'stageId', operator: 'is', values: stage }] },
			},
		});
		expect(result.error?.message).toBeUndefined();
		// Every page carries the list's parameters; the first is checked.
		const sent = all(result, 'GET', '/contacts')[0];
		expect(sent.query).toMatchObject({ orderBy: 'name', orderDir: 'asc' });
		expect(filtersOf(sent)).toEqual({ stageId: { operator: 'is', values: [stage] } });
		expect(result.json.every((contact) => contact.stageId === stage)).toBe(true);
	});

	test('delete sends DELETE /contacts/{id} and returns the ID', async () => {
		const id = await newContact('Gone');
		const deleted = await heffl({ resource: 'contact', operation: 'delete', contactId: byId(id) });
		expect(deleted.error?.message).toBeUndefined();
		one(deleted, 'DELETE', `/contacts/${id}`);
		received('DELETE', `/api/v2/contacts/${id}`);
		expect(deleted.json[0]).toMatchObject({ id, deleted: true });
		expect(stored('contacts', id)).toBeUndefined();
	});
});

describe('§4.2/§11.1 a contact with linked deals or quotations is not deleted', () => {
	test('Heffl’s 400 reaches the item: the message says which deals and quotations block it', async () => {
		const id = await newContact('Linked');
		const deal = await heffl({
			resource: 'deal',
			operation: 'create',
			title: 'Linked deal',
			client: byId(id),
			pipeline: String(pipeline().id),
		});
		expect(deal.error?.message).toBeUndefined();
		const quotation = await heffl({
			resource: 'quotation',
			operation: 'create',
			client: byId(String(companies()[0].id)),
			template: PLAIN_TEMPLATE,
			date: '2026-05-01',
			additionalFields: {
				contact: byId(id),
				lineItems: { entry: [{ name: 'Audit', quantity: 1, price: 100 }] },
			},
		});
		expect(quotation.error?.message).toBeUndefined();

		const refused = await heffl(
			{ resource: 'contact', operation: 'delete', contactId: byId(id) },
			{ continueOnFail: true },
		);
		expect(one(refused, 'DELETE', `/contacts/${id}`).status).toBe(400);
		received('DELETE', `/api/v2/contacts/${id}`, 400);
		const item = refused.json[0];
		expect(item.httpCode).toBe(400);
		expect(item.code).toBe('BAD_REQUEST');
		expect(String(item.error)).toMatch(/linked deals/);
		expect(String(item.error)).toContain(String(deal.json[0].id));
		expect(String(item.error)).toMatch(/quotations/);
		expect(String(item.error)).toContain(String(quotation.json[0].id));
		expect(stored('contacts', id)).toBeDefined();

		// Without continueOnFail the execution stops with the same message.
		const stopped = await heffl({ resource: 'contact', operation: 'delete', contactId: byId(id) });
		expect(stopped.error?.message).toMatch(/linked deals/);
	});

	test('when Heffl’s 400 message is terse, the node still says why the contact was not deleted', async () => {
		const id = await newContact('Terse');
		await heffl({
			resource: 'deal',
			operation: 'create',
			title: 'Blocks the delete',
			client: byId(id),
			pipeline: String(pipeline().id),
		});
		relay.rewrite = (sent) =>
			sent.method === 'DELETE' && sent.status === 400
				? { status: 400, body: { error: { code: 'BAD_REQUEST', message: 'Bad request' } } }
				: undefined;
		try {
			const refused = await heffl(
				{ resource: 'contact', operation: 'delete', contactId: byId(id) },
				{ continueOnFail: true },
			);
			expect(refused.json[0].httpCode).toBe(400);
			expect(`${String(refused.json[0].error)} ${String(refused.json[0].description)}`).toMatch(
				/linked (deals|records)|deals, invoices or quotations/i,
			);
		} finally {
			relay.rewrite = undefined;
		}
	});
});
