/**
 * The sandbox's v1 invoices against Heffl's own reference (docs/heffl-reference.md §10.5), over
 * real HTTP: what a create needs, and the totals it computes. Each test names the section it
 * checks; expectations come from that section, not from the node.
 */
import { describe, expect, test } from 'vitest';

import { useV1Sandbox } from './v1Client';

const { call, first } = useV1Sandbox();

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
