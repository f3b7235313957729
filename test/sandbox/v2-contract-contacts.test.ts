/**
 * Contract tests of the sandbox's v2 contacts (§11.1, with §4.2, §6.2, §7 and §9) against heffl-reference.md, over loopback HTTP: every
 * documented body field accepted and checked (type, enum, required), the documented response
 * fields, and the list model. Expectations come from the cited sections, or where they are
 * silent from docs/assumptions.md's "v2 sandbox choices", never from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { expectUnknownField, fieldsOf, ids, useV2Sandbox } from './v2Client';

const { call, list, records, pipeline, company, quotationTemplate, sandbox } = useV2Sandbox({
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
		const leadStage = records('leadStages')[0];
		const [ownerA, ownerB] = records('users');
		const source = records('leadSources')[0];
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
