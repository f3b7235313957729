/**
 * Quotations (v2 /quotations, §11.4), through the node run by
 * n8n-core; a recording relay shows each request as it was sent (test/harness/crm.ts).
 * Over 300 lines: one resource's every field and its line items (fields, JSON, nulls), read top to bottom.
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { PLAIN_TEMPLATE, useCrm } from '../harness/crm';

const { heffl, one, received, byId, records, stored, companies, tagIds, ids, filtersOf } = useCrm();

describe('§11.4 quotations (v2 /quotations)', () => {
	test('create sends client, template, date, every optional field and the line items as `quotationProducts`', async () => {
		const client = String(companies()[5].id);
		const contact = String(records('contacts')[3].id);
		const deal = String(records('deals')[1].id);
		const seller = String(records('users')[1].id);
		const tags = tagIds('quotations').slice(0, 2);
		const product = records('products')[2];
		const created = await heffl({
			resource: 'quotation',
			operation: 'create',
			client: byId(client),
			template: PLAIN_TEMPLATE,
			date: '2026-06-01',
			additionalFields: {
				lineItems: {
					entry: [
						{
							name: 'Audit',
							quantity: 2,
							price: 500,
							description: 'Two days on site',
							productId: String(product.id),
							tax: 5,
							taxRateId: 'txr_vat5',
							discount: 50,
							scope: 'Phase 1',
						},
					],
				},
				contact: byId(contact),
				deal: byId(deal),
				expiryDate: '2026-07-01T17:00:00Z',
				subject: 'Website audit',
				title: 'Internal: audit Q3',
				status: 'SENT',
				isInclusiveTax: false,
				contentHtml: '<p>Hello</p>',
				internalNotes: 'Call first',
				salesPerson: byId(seller),
				currency: 'eur',
				conversionRate: 1.1,
				tags,
			},
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/quotations').body).toEqual({
			clientId: client,
			templateId: PLAIN_TEMPLATE,
			date: '2026-06-01T00:00:00.000Z',
			quotationProducts: [
				{
					name: 'Audit',
					quantity: 2,
					price: 500,
					description: 'Two days on site',
					productId: product.id,
					tax: 5,
					taxRateId: 'txr_vat5',
					discount: 50,
					scope: 'Phase 1',
				},
			],
			contactId: contact,
			dealId: deal,
			expiryDate: '2026-07-01T17:00:00.000Z',
			subject: 'Website audit',
			title: 'Internal: audit Q3',
			status: 'SENT',
			isInclusiveTax: false,
			contentHtml: '<p>Hello</p>',
			internalNotes: 'Call first',
			salesPersonId: seller,
			currency: 'EUR',
			conversionRate: 1.1,
			tags,
		});
		received('POST', '/api/v2/quotations');
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^qtn_/),
			clientId: client,
			templateId: PLAIN_TEMPLATE,
			date: '2026-06-01T00:00:00.000Z',
			contactId: contact,
			dealId: deal,
			status: 'SENT',
			currency: 'EUR',
			conversionRate: 1.1,
			subject: 'Website audit',
			salesPersonId: seller,
			contentHtml: '<p>Hello</p>',
			tagIds: tags,
			subtotalAmount: 1000,
			totalDiscountAmount: 50,
			lineItems: [
				expect.objectContaining({ name: 'Audit', scope: 'Phase 1', productId: product.id }),
			],
		});
	});

	// Issue 46: a read deal's or quotation's lines give unset members as `null`; passed on, each
	// null is "not set". Heffl's reference marks no line member nullable (§11.3, §11.4).
	test('Line Items (JSON) holding nulls, as a read record gives them: the nulls are not sent; a line with nothing left is refused by its number, nothing sent', async () => {
		const read = stored('quotations', records('quotations')[0].id)?.quotationProducts;
		expect((read as IDataObject[])[0]).toMatchObject({ description: null, taxRateId: null });
		const create = (lines: IDataObject[]) =>
			heffl({
				resource: 'quotation',
				operation: 'create',
				client: byId(String(companies()[6].id)),
				template: PLAIN_TEMPLATE,
				date: '2026-06-03',
				additionalFields: { lineItemsJson: JSON.stringify(lines) },
			});
		const line = { name: 'Support', quantity: 2, price: 300, description: null, taxRateId: null };
		const created = await create([
			line,
			{ name: 'Custom', quantity: 1, price: 5, productId: null },
		]);
		expect(created.error?.message).toBeUndefined();
		expect((one(created, 'POST', '/quotations').body as IDataObject).quotationProducts).toEqual([
			{ name: 'Support', quantity: 2, price: 300 },
			{ name: 'Custom', quantity: 1, price: 5 },
		]);

		const refused = await create([line, { name: null, productId: null, description: null }]);
		expect(refused.error?.message).toBe(
			'Additional Fields › Line Items (JSON): Line Item 2 has no value set [item 0]',
		);
		expect(refused.error?.description).toContain('remove it from Line Items (JSON)');
		expect(refused.sent).toEqual([]);
	});

	// The Line Items fields: an expression there may give null too. n8n fills each entry's
	// defaults (Quantity 1, Price, Tax, Discount 0), so an entry is never left empty there.
	test('Line Items (the fields) holding nulls: the nulls are not sent', async () => {
		const created = await heffl({
			resource: 'quotation',
			operation: 'create',
			client: byId(String(companies()[6].id)),
			template: PLAIN_TEMPLATE,
			date: '2026-06-03',
			additionalFields: {
				lineItems: {
					entry: [
						{ name: 'Support', quantity: 2, price: 300, description: null, taxRateId: null },
						{ name: null, productId: String(records('products')[0].id), description: null },
					],
				},
			},
		});
		expect(created.error?.message).toBeUndefined();
		expect((one(created, 'POST', '/quotations').body as IDataObject).quotationProducts).toEqual([
			{ name: 'Support', quantity: 2, price: 300, tax: 0, discount: 0 },
			{ productId: records('products')[0].id, quantity: 1, tax: 0, discount: 0 },
		]);
	});

	test('Line Items (JSON) are sent as `quotationProducts`; get returns the line items, the list row does not', async () => {
		const created = await heffl({
			resource: 'quotation',
			operation: 'create',
			client: byId(String(companies()[6].id)),
			template: PLAIN_TEMPLATE,
			date: '2026-06-02T09:00:00Z',
			additionalFields: {
				lineItemsJson: JSON.stringify([
					{ name: 'Zephyrwidget licence', quantity: 3, price: 40 },
					{ name: 'Setup', quantity: 1, price: 80, scope: 'Remote' },
				]),
				subject: 'JSON lines',
			},
		});
		expect(created.error?.message).toBeUndefined();
		expect((one(created, 'POST', '/quotations').body as IDataObject).quotationProducts).toEqual([
			{ name: 'Zephyrwidget licence', quantity: 3, price: 40 },
			{ name: 'Setup', quantity: 1, price: 80, scope: 'Remote' },
		]);
		const id = String(created.json[0].id);

		const fetched = await heffl({
			resource: 'quotation',
			operation: 'get',
			quotationId: byId(id),
			simplify: false,
		});
		one(fetched, 'GET', `/quotations/${id}`);
		expect(fetched.json[0]).toMatchObject({
			id,
			subject: 'JSON lines',
			subtotalAmount: 200,
			lineItems: [
				expect.objectContaining({ name: 'Zephyrwidget licence', quantity: 3 }),
				expect.objectContaining({ name: 'Setup', scope: 'Remote' }),
			],
		});

		// A search that only the line items match: the row (no line items) is read with Get.
		const searched = await heffl({
			resource: 'quotation',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
			filters: { search: 'zephyrwidget' },
		});
		expect(searched.error?.message).toBeUndefined();
		expect(one(searched, 'GET', '/quotations').query.search).toBe('zephyrwidget');
		expect(ids(searched.json)).toEqual([id]);
		expect(searched.json[0].lineItems).toEqual([]);
		one(searched, 'GET', `/quotations/${id}`);
	});

	test('update is a PATCH (no template); new line items go as `quotationProducts`; delete', async () => {
		const created = await heffl({
			resource: 'quotation',
			operation: 'create',
			client: byId(String(companies()[7].id)),
			template: PLAIN_TEMPLATE,
			date: '2026-06-03',
			additionalFields: {
				lineItems: { entry: [{ name: 'Draft line', quantity: 1, price: 10 }] },
			},
		});
		const id = String(created.json[0].id);
		const updated = await heffl({
			resource: 'quotation',
			operation: 'update',
			quotationId: byId(id),
			updateFields: {
				status: 'ACCEPTED',
				subject: 'Accepted now',
				expiryDate: '2026-08-01',
				lineItems: { entry: [{ name: 'Final line', quantity: 2, price: 30, scope: 'All' }] },
			},
		});
		expect(updated.error?.message).toBeUndefined();
		expect(one(updated, 'PATCH', `/quotations/${id}`).body).toEqual({
			status: 'ACCEPTED',
			subject: 'Accepted now',
			expiryDate: '2026-08-01T00:00:00.000Z',
			// n8n gives every number of a line its default (0) when the user leaves it.
			quotationProducts: [
				{ name: 'Final line', quantity: 2, price: 30, tax: 0, discount: 0, scope: 'All' },
			],
		});
		expect(updated.json[0]).toMatchObject({
			id,
			status: 'ACCEPTED',
			markedAcceptedOn: expect.any(String),
			subtotalAmount: 60,
			lineItems: [expect.objectContaining({ name: 'Final line' })],
		});

		const contact = String(records('contacts')[4].id);
		const deal = String(records('deals')[2].id);
		const seller = String(records('users')[2].id);
		const tags = tagIds('quotations').slice(1, 2);
		const rest = await heffl({
			resource: 'quotation',
			operation: 'update',
			quotationId: byId(id),
			updateFields: {
				date: '2026-06-04T10:00:00+02:00',
				contact: byId(contact),
				deal: byId(deal),
				title: 'Renamed',
				isInclusiveTax: true,
				contentHtml: '<p>v2</p>',
				internalNotes: 'Second thoughts',
				salesPerson: byId(seller),
				currency: 'gbp',
				conversionRate: 1.25,
				tags,
				lineItemsJson: '[{"name": "From JSON", "quantity": 1, "price": 99}]',
			},
		});
		expect(rest.error?.message).toBeUndefined();
		expect(one(rest, 'PATCH', `/quotations/${id}`).body).toEqual({
			date: '2026-06-04T08:00:00.000Z',
			contactId: contact,
			dealId: deal,
			title: 'Renamed',
			isInclusiveTax: true,
			contentHtml: '<p>v2</p>',
			internalNotes: 'Second thoughts',
			salesPersonId: seller,
			currency: 'GBP',
			conversionRate: 1.25,
			tags,
			quotationProducts: [{ name: 'From JSON', quantity: 1, price: 99 }],
		});
		expect(rest.json[0]).toMatchObject({
			id,
			templateId: PLAIN_TEMPLATE,
			contactId: contact,
			dealId: deal,
			title: 'Renamed',
			currency: 'GBP',
			tagIds: tags,
			subtotalAmount: 99,
		});

		const deleted = await heffl({
			resource: 'quotation',
			operation: 'delete',
			quotationId: byId(id),
		});
		one(deleted, 'DELETE', `/quotations/${id}`);
		expect(deleted.json[0]).toMatchObject({ id, deleted: true });
		expect(stored('quotations', id)).toBeUndefined();
	});

	test('§7 Get Many: Sort By number, a Status condition and a Template condition, checked on the rows', async () => {
		const template = String(
			records('templates').find((candidate) => candidate.name === 'Project Quotation')?.id,
		);
		const result = await heffl({
			resource: 'quotation',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
			sort: { orderBy: 'number', orderDir: 'asc' },
			filters: {
				conditions: {
					condition: [
						{ field: 'status', operator: 'is_none_of', values: 'DRAFT' },
						{ field: 'templateId', operator: 'is', values: template },
					],
				},
			},
		});
		expect(result.error?.message).toBeUndefined();
		const sent = one(result, 'GET', '/quotations');
		expect(sent.query).toMatchObject({ orderBy: 'number', orderDir: 'asc' });
		expect(filtersOf(sent)).toEqual({
			status: { operator: 'is_none_of', values: ['DRAFT'] },
			templateId: { operator: 'is', values: [template] },
		});
		const expected = records('quotations').filter(
			(quotation) => quotation.status !== 'DRAFT' && quotation.templateId === template,
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(new Set(ids(result.json))).toEqual(new Set(ids(expected)));
		const numbers = result.json.map((quotation) => String(quotation.number));
		expect(numbers).toEqual(
			[...numbers].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
		);
	});
});
