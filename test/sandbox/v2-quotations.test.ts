/**
 * The sandbox's v2 quotations against heffl-reference.md §11.4 (with §4.2, §7, §9 and §11.13),
 * over loopback HTTP: each endpoint, every documented body field typed, the template's cf_*
 * keys, totals, status changes. Line items in and out: v2-line-items.test.ts. Expectations come
 * from the cited sections, or where they are silent from docs/assumptions.md's "v2 sandbox
 * choices", never from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { fieldsOf, issuesOf, quotationBodies, useV2Sandbox, validation } from './v2Client';

const { call, list, all, records, company, userId, quotationTemplate } = useV2Sandbox({
	seed: { contacts: 12 },
});

describe('§11.4 quotations', () => {
	const { body, base } = quotationBodies({ company, quotationTemplate });

	test('POST /quotations: clientId, templateId, date, quotationProducts required; line items come back as lineItems with totals; template custom fields as cf_* (§11.4, §9.1)', async () => {
		const missing = await call('/quotations', 'POST', {});
		expect(issuesOf(missing.body).map((issue) => issue.field)).toEqual(
			expect.arrayContaining(['clientId', 'templateId', 'date', 'quotationProducts']),
		);
		const noCustom = await call(
			'/quotations',
			'POST',
			body({ cf_project_code: undefined, cf_payment_terms: 'Net 90', cf_unknown: 1 }),
		);
		expect(
			issuesOf(noCustom.body)
				.map((issue) => issue.field)
				.sort(),
		).toEqual(['cf_payment_terms', 'cf_project_code', 'cf_unknown']);
		const invoiceTemplate = records('templates').find(
			(template) => template.type === 'invoices',
		) as Body;
		expect(
			issuesOf(
				(await call('/quotations', 'POST', body({ templateId: invoiceTemplate.id }))).body,
			)[0].field,
		).toBe('templateId');
		expect(
			issuesOf((await call('/quotations', 'POST', body({ quotationProducts: [] }))).body)[0].field,
		).toBe('quotationProducts');
		const deal = records('deals')[0];
		const created = await call(
			'/quotations',
			'POST',
			body({
				contactId: records('contacts')[0].id,
				dealId: deal.id,
				expiryDate: '2026-12-23T00:00:00.000Z',
				subject: 'Audit proposal',
				title: 'Internal title',
				status: 'SENT',
				isInclusiveTax: false,
				internalNotes: 'n',
				salesPersonId: userId(),
				currency: 'AED',
				conversionRate: 0.27,
				tags: [(await list('/tags', { type: 'quotations' })).body.data[0].id],
				cf_delivery_date: '2027-01-15',
			}),
		);
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^qtn_/),
			number: expect.any(String),
			date: '2026-11-23T00:00:00.000Z',
			status: 'SENT',
			currency: 'AED',
			conversionRate: 0.27,
			clientId: company().id,
			dealId: deal.id,
			salesPersonId: userId(),
			templateId: quotationTemplate().id,
			contentHtml: expect.any(String),
			subtotalAmount: 1000,
			totalDiscountAmount: 100,
			totalTaxAmount: 45,
			totalAmount: 945,
			tagIds: [expect.stringMatching(/^tag_/)],
			lineItems: [
				expect.objectContaining({
					name: 'Website Audit',
					quantity: 2,
					price: 500,
					discount: 100,
					tax: 5,
				}),
			],
			cf_project_code: 'PRJ-1',
			cf_payment_terms: 'Net 30',
			cf_delivery_date: '2027-01-15',
			cf_signed_copy_received: null,
		});
		expect(created.body).not.toHaveProperty('quotationProducts');
		expect(created.body).not.toHaveProperty('tags');
	});

	test('GET /quotations: lineItems empty on list rows; search (subject, line-item text), orderBy number asc, filters status (§11.4)', async () => {
		const listed = await all('/quotations');
		expect(listed.items.length).toBe(records('quotations').length);
		expect(
			listed.items.every((row) => Array.isArray(row.lineItems) && row.lineItems.length === 0),
		).toBe(true);
		expect(
			(await list('/quotations', { search: 'audit proposal' })).body.data.map(
				(row: Body) => row.subject,
			),
		).toEqual(['Audit proposal']);
		expect(
			(await list('/quotations', { search: 'website audit' })).body.data.length,
		).toBeGreaterThan(0);
		const byNumber = await list('/quotations', {
			orderBy: 'number',
			orderDir: 'asc',
			pageSize: '100',
		});
		const numbers = byNumber.body.data.map((row: Body) => String(row.number));
		expect(numbers).toEqual(
			[...numbers].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
		);
		const drafts = await all('/quotations', {
			filters: { status: { operator: 'is', values: ['DRAFT'] } },
		});
		expect(drafts.items.every((row) => row.status === 'DRAFT')).toBe(true);
		expect(drafts.items.length).toBe(
			records('quotations').filter((row) => row.status === 'DRAFT').length,
		);
	});

	test('GET /quotations/{id} returns line items and totals; PATCH cannot change templateId; status ACCEPTED sets markedAcceptedOn; DELETE returns it (§11.4)', async () => {
		const { body: created } = await call('/quotations', 'POST', body());
		const got = await call(`/quotations/${created.id}`);
		expect(got.body).toMatchObject({
			id: created.id,
			lineItems: [expect.objectContaining({ name: 'Website Audit' })],
			totalAmount: 945,
		});
		const moved = await call(`/quotations/${created.id}`, 'PATCH', {
			templateId: records('templates')[0].id,
		});
		expect(issuesOf(moved.body)[0]).toMatchObject({ field: 'templateId' });
		const accepted = await call(`/quotations/${created.id}`, 'PATCH', {
			status: 'ACCEPTED',
			quotationProducts: [{ name: 'Design Sprint', quantity: 1, price: 300 }],
			cf_payment_terms: 'Net 60',
		});
		expect(accepted.body).toMatchObject({
			status: 'ACCEPTED',
			markedAcceptedOn: expect.any(String),
			totalAmount: 300,
			cf_project_code: 'PRJ-1',
			cf_payment_terms: 'Net 60',
		});
		expect((await call(`/quotations/${created.id}`, 'DELETE')).body.id).toBe(created.id);
		expect((await call(`/quotations/${created.id}`)).status).toBe(404);
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
});
