/**
 * The sandbox's v2 contact writes against heffl-reference.md §11.1, over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { startSandbox } from '../../sandbox/index';
import type { StartedSandbox } from '../../sandbox/index';

let sandbox: StartedSandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false, seed: { contacts: 5 } });
});
afterAll(async () => sandbox.close());

async function v2(method: string, path: string, body?: unknown) {
	const response = await fetch(`${sandbox.urls.v2}${path}`, {
		method,
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return {
		status: response.status,
		body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & {
			id: string;
			data: Array<{ id: string }>;
		},
	};
}

describe('§11.1 contacts (v2) writes', () => {
	test('POST /contacts creates a contact with a clt_ ID; the list finds it by search', async () => {
		const created = await v2('POST', '/contacts', {
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
		const found = await v2('GET', '/contacts?search=ada%40example.com');
		expect(found.body.data.map((contact) => contact.id)).toEqual([created.body.id]);
	});

	test('PATCH /contacts/{id} changes only the supplied fields; an unknown field or a bad e-mail is a 400 naming it', async () => {
		const { body: contact } = await v2('POST', '/contacts', {
			firstName: 'Grace',
			email: 'grace@example.com',
		});
		const patched = await v2('PATCH', `/contacts/${contact.id}`, { phone: '+971501234567' });
		expect(patched.status).toBe(200);
		expect(patched.body).toMatchObject({
			id: contact.id,
			firstName: 'Grace',
			email: 'grace@example.com',
			phone: '+971501234567',
		});
		const unknown = await v2('PATCH', `/contacts/${contact.id}`, { website: 'x' });
		expect(unknown.status).toBe(400);
		expect(JSON.stringify(unknown.body)).toContain('website');
		const badMail = await v2('PATCH', `/contacts/${contact.id}`, { email: 'not-mail' });
		expect(badMail.status).toBe(400);
		expect(JSON.stringify(badMail.body)).toContain('email');
		expect((await v2('PATCH', '/contacts/clt_missing', { phone: '1' })).status).toBe(404);
	});

	test('DELETE /contacts/{id} removes it, and is a 400 while the contact has linked deals, invoices or quotations', async () => {
		const { body: linked } = await v2('POST', '/contacts', { firstName: 'Linked' });
		sandbox.insert('deals', { id: 'dl_linkedToContact', title: 'Linked', clientId: linked.id });
		const refused = await v2('DELETE', `/contacts/${linked.id}`);
		expect(refused.status).toBe(400);
		expect(JSON.stringify(refused.body)).toContain('dl_linkedToContact');
		expect(sandbox.records('contacts').some((contact) => contact.id === linked.id)).toBe(true);

		const { body: quoted } = await v2('POST', '/contacts', { firstName: 'Quoted' });
		sandbox.insert('quotations', { id: 'qtn_linkedToContact', clientId: quoted.id });
		const refusedForQuotation = await v2('DELETE', `/contacts/${quoted.id}`);
		expect(refusedForQuotation.status).toBe(400);
		expect(JSON.stringify(refusedForQuotation.body)).toContain('qtn_linkedToContact');

		const { body: free } = await v2('POST', '/contacts', { firstName: 'Free' });
		expect((await v2('DELETE', `/contacts/${free.id}`)).status).toBe(200);
		expect(sandbox.records('contacts').some((contact) => contact.id === free.id)).toBe(false);
		expect((await v2('DELETE', `/contacts/${free.id}`)).status).toBe(404);
	});
});
