/**
 * The sandbox's v1 clients against Heffl's own reference (docs/heffl-reference.md §10.2,
 * §17.4), over real HTTP: companies and contacts, and both documented update methods. Each test
 * names the section it checks; expectations come from that section, not from the node.
 */
import { describe, expect, test } from 'vitest';

import { useV1Sandbox } from './v1Client';

const { call, first } = useV1Sandbox();

describe('§10.2 clients', () => {
	test('POST /clients: type defaults to company and a company needs name; a contact needs firstName', async () => {
		const company = await call('/clients', 'POST', {
			name: 'Acme',
			taxNumber: 'TRN1',
			billingAddress: { city: 'Dubai', country: 'AE' },
			openingBalance: 0,
		});
		expect(company.body).toMatchObject({
			id: expect.stringMatching(/^clt_/),
			number: expect.any(String),
			type: 'company',
			name: 'Acme',
		});
		expect((await call('/clients', 'POST', { taxNumber: 'x' })).body).toMatchObject({
			code: 'BAD_REQUEST',
			message: expect.stringMatching(/^name: /),
		});
		const contact = await call('/clients', 'POST', {
			type: 'contact',
			firstName: 'Jane',
			lastName: 'Doe',
			salutation: 'Dr.',
			email: 'jane@example.com',
			phone: '+971500000000',
			jobTitle: 'CFO',
		});
		expect(contact.body).toMatchObject({ type: 'contact', firstName: 'Jane', lastName: 'Doe' });
		expect((await call('/clients', 'POST', { type: 'contact', lastName: 'x' })).body).toMatchObject(
			{ message: expect.stringMatching(/^firstName: /) },
		);
		expect((await call('/clients', 'POST', { type: 'person', name: 'x' })).status).toBe(400);
	});

	test('GET /clients/{id}: id, number, name, type, createdAt, firstName, lastName, email, phone, website', async () => {
		const answer = await call(`/clients/${String(first('clients').id)}`);
		for (const key of [
			'id',
			'number',
			'name',
			'type',
			'createdAt',
			'firstName',
			'lastName',
			'email',
			'phone',
			'website',
		])
			expect(answer.body).toHaveProperty(key);
	});

	test('update is PATCH in one version of the page and PUT in the other (§17.4): both work', async () => {
		const { body } = await call('/clients', 'POST', { name: 'Both Ways', email: 'a@example.com' });
		const id = String(body.id);
		expect((await call(`/clients/${id}`, 'PATCH', { jobTitle: 'Owner' })).body).toMatchObject({
			jobTitle: 'Owner',
			email: 'a@example.com',
		});
		expect((await call(`/clients/${id}`, 'PUT', { cf_tier: 'gold' })).body).toMatchObject({
			jobTitle: 'Owner',
			customFields: { cf_tier: 'gold' },
		});
		expect((await call(`/clients/${id}`, 'DELETE')).status).toBe(200);
	});
});
