/**
 * The sandbox's v2 contact writes against heffl-reference.md §11.1 (with §4.2 and §9), over
 * loopback HTTP: every documented body field accepted and checked (type, enum, required), the
 * documented response fields, PATCH and DELETE (refused while deals, invoices or quotations
 * link the contact). The contacts list: v2-contact-lists.test.ts. Expectations come from the
 * cited sections, or where they are silent from docs/assumptions.md's "v2 sandbox choices",
 * never from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { expectUnknownField, fieldsOf, useV2Sandbox } from './v2Client';

const { call, records, pipeline, company, quotationTemplate, sandbox } = useV2Sandbox({
	seed: { contacts: 12 },
});

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
		const stage = records('clientStages')[0];
		const leadStage = records('leadStages')[0];
		const source = records('leadSources')[0];
		const owner = records('users')[0];
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
		sandbox().insert('invoices', { id: 'inv_linkedToContact', clientId: contact.id });
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

describe('§11.1 contacts (v2) writes', () => {
	test('POST /contacts creates a contact with a clt_ ID; the list finds it by search', async () => {
		const created = await call('/contacts', 'POST', {
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: 'ada@example.com',
			jobTitle: 'Analyst',
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^clt_/),
			firstName: 'Ada',
			email: 'ada@example.com',
			name: 'Ada Lovelace',
		});
		const found = await call('/contacts?search=ada%40example.com');
		expect(found.body.data.map((contact: Body) => contact.id)).toEqual([created.body.id]);
	});

	test('PATCH /contacts/{id} changes only the supplied fields; an unknown field or a bad e-mail is a 400 naming it', async () => {
		const { body: contact } = await call('/contacts', 'POST', {
			firstName: 'Grace',
			email: 'grace@example.com',
		});
		const patched = await call(`/contacts/${contact.id}`, 'PATCH', { phone: '+971501234567' });
		expect(patched.status).toBe(200);
		expect(patched.body).toMatchObject({
			id: contact.id,
			firstName: 'Grace',
			email: 'grace@example.com',
			phone: '+971501234567',
		});
		const unknown = await call(`/contacts/${contact.id}`, 'PATCH', { website: 'x' });
		expect(unknown.status).toBe(400);
		expect(JSON.stringify(unknown.body)).toContain('website');
		const badMail = await call(`/contacts/${contact.id}`, 'PATCH', { email: 'not-mail' });
		expect(badMail.status).toBe(400);
		expect(JSON.stringify(badMail.body)).toContain('email');
		expect((await call('/contacts/clt_missing', 'PATCH', { phone: '1' })).status).toBe(404);
	});

	test('DELETE /contacts/{id} removes it, and is a 400 while the contact has linked deals, invoices or quotations', async () => {
		const { body: linked } = await call('/contacts', 'POST', { firstName: 'Linked' });
		sandbox().insert('deals', { id: 'dl_linkedToContact', title: 'Linked', clientId: linked.id });
		const refused = await call(`/contacts/${linked.id}`, 'DELETE');
		expect(refused.status).toBe(400);
		expect(JSON.stringify(refused.body)).toContain('dl_linkedToContact');
		expect(
			sandbox()
				.records('contacts')
				.some((contact) => contact.id === linked.id),
		).toBe(true);

		const { body: quoted } = await call('/contacts', 'POST', { firstName: 'Quoted' });
		sandbox().insert('quotations', { id: 'qtn_linkedToContact', clientId: quoted.id });
		const refusedForQuotation = await call(`/contacts/${quoted.id}`, 'DELETE');
		expect(refusedForQuotation.status).toBe(400);
		expect(JSON.stringify(refusedForQuotation.body)).toContain('qtn_linkedToContact');

		const { body: free } = await call('/contacts', 'POST', { firstName: 'Free' });
		expect((await call(`/contacts/${free.id}`, 'DELETE')).status).toBe(200);
		expect(
			sandbox()
				.records('contacts')
				.some((contact) => contact.id === free.id),
		).toBe(false);
		expect((await call(`/contacts/${free.id}`, 'DELETE')).status).toBe(404);
	});
});
