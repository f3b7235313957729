/**
 * Invoices (API v1 /invoices, §10.5) through the node run by n8n-core against the sandbox; a
 * recording relay shows each request as it was sent (test/harness/crm.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { ctx, heffl, byId, firstId } = useCrm({});

describe('§10.5 invoices', () => {
	test('create with every documented field: client, dates, line items, status, tax, contact, subject, notes, sales person, template, tags', async () => {
		const template = (ctx.sandbox.records('templates') as IDataObject[]).find(
			(candidate) => candidate.type === 'invoices',
		);
		const created = await heffl({
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
		const result = await heffl({
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
