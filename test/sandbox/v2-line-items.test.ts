/**
 * The sandbox's v2 line items against heffl-reference.md, over loopback HTTP: a deal's
 * `products` (§11.3 takes them; its response lists none, so where they come back is a switch),
 * a quotation's `quotationProducts` in and `lineItems` out (§11.4), and `lineItems` taken in as
 * well, as the pages disagree (§17.15). Expectations come from the cited sections, or where
 * they are silent from docs/assumptions.md's "v2 sandbox choices", never from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { fieldsOf, quotationBodies, useV2Sandbox } from './v2Client';

const { sandbox, call, list, records, pipeline, company, quotationTemplate, tagOf } = useV2Sandbox({
	seed: { contacts: 12 },
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
	const { body, base } = quotationBodies({ company, quotationTemplate });

	test('POST /quotations also takes the line items as `lineItems` (§17.15: the pages disagree)', async () => {
		const { quotationProducts, ...rest } = body();
		const created = await call('/quotations', 'POST', { ...rest, lineItems: quotationProducts });
		expect(created.status).toBe(200);
		expect(created.body.lineItems).toHaveLength(1);
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
