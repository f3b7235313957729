/**
 * Clients (API v1, §10.2): companies and contacts in one collection, through the node run by
 * n8n-core against the sandbox; a recording relay shows each request as it was sent
 * (test/harness/crm.ts). Create or Update by a key is in test/node/upsertByKey.test.ts.
 */
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';
import { roundTrip } from '../harness/roundTrip';

const crm = useCrm();
const { heffl, byId, stored, lastRequest } = crm;

describe('§10.2 clients', () => {
	test('a company: name, tax number, billing address, website, opening balance; PATCH update; delete', async () => {
		const created = await heffl({
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

		const updated = await heffl({
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

		const fetched = await heffl({
			resource: 'client',
			operation: 'get',
			clientId: byId(String(client.id)),
			simplify: false,
		});
		expect(fetched.json[0]).toMatchObject({ id: client.id, number: client.number });
		await heffl({ resource: 'client', operation: 'delete', clientId: byId(String(client.id)) });
		expect(stored('clients', client.id)).toBeUndefined();
	});

	test('a contact: first name required instead of name; salutation, last name, e-mail, phone, job title', async () => {
		const missing = await heffl({
			resource: 'client',
			operation: 'create',
			clientType: 'contact',
			firstName: '={{ "" }}',
		});
		expect(missing.error?.message).toBe('First Name: a client needs a value here [item 0]');
		const created = await heffl({
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
		const listed = await heffl({
			resource: 'client',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'contact' },
		});
		expect(listed.json.every((client) => client.type === 'contact')).toBe(true);
		expect(listed.json.map((client) => client.id)).toContain(created.json[0].id);
	});

	test('create, get, get many, update, delete: a round trip leaves the sandbox as the operations say, each request on its API', async () => {
		// §10.2: a company, with its billing address.
		await roundTrip(crm, {
			resource: 'client',
			kind: 'clients',
			api: 'v1',
			create: {
				clientType: 'company',
				name: 'Babbage & Co',
				additionalFields: {
					taxNumber: 'GB-100',
					billingAddress: { city: 'London', country: 'GB' },
				},
			},
			expected: {
				type: 'company',
				name: 'Babbage & Co',
				taxNumber: 'GB-100',
				billingAddress: { city: 'London', country: 'GB' },
			},
			update: { taxNumber: 'GB-200' },
			updated: { taxNumber: 'GB-200' },
			untouched: 'name',
		});
	});

	test('custom fields: clients take custom fields by label too', async () => {
		const client = await heffl({
			resource: 'client',
			operation: 'create',
			name: 'Hopper Industries',
			customFields: { field: [{ label: 'Account Tier', value: 'gold' }] },
		});
		expect(client.json[0].customFields).toMatchObject({ cf_account_tier: 'gold' });
		expect(stored('clients', client.json[0].id)).toMatchObject({ cf_account_tier: 'gold' });
	});
});
