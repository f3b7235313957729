/**
 * Create or Update for leads (API v1, §10.1) and contacts (API v2, §11.1),
 * through n8n-core against the sandbox: the record is found by its exact e-mail,
 * checked on every record Heffl's search returns (v2 `search`, §7), whose "nothing" is
 * believed once the search was seen finding a record by its e-mail (test/node/emailLookup.test.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox({ seed: { leads: 130, contacts: 5 } });

const upsert = (parameters: INodeParameters, items?: IDataObject[]) =>
	runHeffl(parameters, ctx.credentials, items && { items });
const withEmail = (kind: 'leads' | 'contacts', email: string) =>
	ctx.sandbox
		.records(kind)
		.filter((record) => String(record.email).toLowerCase() === email.toLowerCase());
const writes = () => ctx.apiRequests().filter((request) => request.method !== 'GET');

describe('Create or Update: leads (API v1, §10.1, found through the v2 search, §7)', () => {
	test('none has the e-mail: one lead is created with it', async () => {
		const before = ctx.sandbox.records('leads').length;
		const run = await upsert({
			resource: 'lead',
			operation: 'upsert',
			email: 'new.lead@example.com',
			name: 'New Lead',
		});
		expect(run.error?.message).toBeUndefined();
		expect(ctx.sandbox.records('leads')).toHaveLength(before + 1);
		expect(withEmail('leads', 'new.lead@example.com')).toEqual([
			expect.objectContaining({ id: run.json[0].id, name: 'New Lead' }),
		]);
	});

	test('exactly one has it (on the second page, other case): that lead is updated, nothing created', async () => {
		const lead = ctx.sandbox.records('leads')[120] as IDataObject;
		const before = ctx.sandbox.records('leads').length;
		const sent = writes().length;
		const run = await upsert({
			resource: 'lead',
			operation: 'upsert',
			email: `  ${String(lead.email).toUpperCase()} `,
			additionalFields: { jobTitle: 'Head of Upserts' },
		});
		expect(run.error?.message).toBeUndefined();
		expect(run.json[0].id).toBe(lead.id);
		expect(ctx.sandbox.records('leads')).toHaveLength(before);
		expect(writes().slice(sent)).toEqual([
			expect.objectContaining({ method: 'PUT', path: expect.stringContaining(String(lead.id)) }),
		]);
		expect(ctx.sandbox.records('leads')[120]).toMatchObject({ title: 'Head of Upserts' });
	});

	test('several have it: an error naming their IDs, and nothing is created or changed', async () => {
		ctx.sandbox.insert('leads', { id: 'ld_twinOne', name: 'Twin', email: 'twin@example.com' });
		ctx.sandbox.insert('leads', { id: 'ld_twinTwo', name: 'Twin', email: 'TWIN@example.com' });
		const sent = writes().length;
		const run = await upsert({
			resource: 'lead',
			operation: 'upsert',
			email: 'twin@example.com',
			name: 'Changed',
		});
		expect(run.error?.message).toMatch(
			/^Email: 2 leads have the e-mail address 'twin@example.com' \(ld_twinOne, ld_twinTwo\) \[item 0\]$/,
		);
		expect(writes().slice(sent)).toEqual([]);
	});

	test('two items with the same e-mail in one execution: one lead, created by the first and updated by the second', async () => {
		const before = ctx.sandbox.records('leads').length;
		const run = await upsert(
			{
				resource: 'lead',
				operation: 'upsert',
				email: '={{ $json.email }}',
				name: '={{ $json.name }}',
			},
			[
				{ email: 'same@example.com', name: 'First' },
				{ email: 'SAME@example.com', name: 'Second' },
			],
		);
		expect(run.error?.message).toBeUndefined();
		expect(run.json).toHaveLength(2);
		expect(run.json[1].id).toBe(run.json[0].id);
		expect(ctx.sandbox.records('leads')).toHaveLength(before + 1);
		expect(withEmail('leads', 'same@example.com')).toEqual([
			expect.objectContaining({ id: run.json[0].id, name: 'Second' }),
		]);
	});

	test('the second item of the same e-mail goes straight to the record the first made (no second search)', async () => {
		const listed = () =>
			ctx
				.apiRequests()
				.filter((request) => request.method === 'GET' && /^\/api\/v[12]\/leads/.test(request.path))
				.map((request) => request.path);
		const before = listed().length;
		await upsert(
			{
				resource: 'lead',
				operation: 'upsert',
				email: '={{ $json.email }}',
				name: '={{ $json.name }}',
			},
			[
				{ email: 'once@example.com', name: 'A' },
				{ email: 'once@example.com', name: 'B' },
				{ email: 'once@example.com', name: 'C' },
			],
		);
		// One search for three items, and the probe that makes its "nothing" believable.
		expect(listed().slice(before)).toEqual([
			'/api/v2/leads?search=once%40example.com&pageSize=100',
			'/api/v2/leads?pageSize=100',
			expect.stringMatching(/^\/api\/v2\/leads\?search=[^&]+%40[^&]+&pageSize=100$/),
		]);
		expect(withEmail('leads', 'once@example.com')).toHaveLength(1);
	});
});

describe('Create or Update: contacts (API v2, §11.1)', () => {
	test("a search hit that is not the same e-mail is not updated: Heffl's search is only a narrowing", async () => {
		const [contact] = ctx.sandbox.records('contacts') as IDataObject[];
		// Heffl's search matches parts of words: "x<email>" is found by it but is another address.
		ctx.sandbox.clearRequests();
		const longer = await upsert({
			resource: 'contact',
			operation: 'upsert',
			email: `x${String(contact.email)}`,
			firstName: 'Longer',
		});
		expect(longer.error?.message).toBeUndefined();
		expect(longer.json[0].id).not.toBe(contact.id);
		// §7's search narrows the list; the e-mail is compared here on what comes back, and its
		// "nothing" is believed once a listed contact's e-mail was searched for and found.
		const records = ctx.apiRequests().filter((request) => !request.path.includes('custom-fields'));
		expect(records.map((request) => `${request.method} ${request.path}`)).toEqual([
			`GET /api/v2/contacts?search=${encodeURIComponent(`x${String(contact.email)}`)}&pageSize=100`,
			'GET /api/v2/contacts?pageSize=100',
			expect.stringMatching(/^GET \/api\/v2\/contacts\?search=[^&]+%40[^&]+&pageSize=100$/),
			'POST /api/v2/contacts',
		]);
		expect(ctx.sandbox.records('contacts').find((c) => c.id === contact.id)).toMatchObject({
			firstName: contact.firstName,
		});

		const same = await upsert({
			resource: 'contact',
			operation: 'upsert',
			email: String(contact.email).toUpperCase(),
			additionalFields: { jobTitle: 'Exact Match' },
		});
		expect(same.error?.message).toBeUndefined();
		expect(same.json[0].id).toBe(contact.id);
		expect(ctx.sandbox.records('contacts').find((c) => c.id === contact.id)).toMatchObject({
			jobTitle: 'Exact Match',
			firstName: contact.firstName,
		});
	});

	test('none: created; several: refused with their IDs; duplicates in one execution: one contact', async () => {
		const run = await upsert(
			{
				resource: 'contact',
				operation: 'upsert',
				email: '={{ $json.email }}',
				firstName: '={{ $json.name }}',
			},
			[
				{ email: 'pair@example.com', name: 'One' },
				{ email: 'Pair@Example.com', name: 'Two' },
			],
		);
		expect(run.error?.message).toBeUndefined();
		expect(withEmail('contacts', 'pair@example.com')).toEqual([
			expect.objectContaining({ id: run.json[0].id, firstName: 'Two' }),
		]);

		ctx.sandbox.insert('contacts', { id: 'clt_dupA', firstName: 'Dup', email: 'dup@example.com' });
		ctx.sandbox.insert('contacts', { id: 'clt_dupB', firstName: 'Dup', email: 'dup@example.com' });
		const sent = writes().length;
		const several = await upsert({
			resource: 'contact',
			operation: 'upsert',
			email: 'dup@example.com',
			firstName: 'X',
		});
		expect(several.error?.message).toMatch(/2 contacts .*\(clt_dupA, clt_dupB\)/);
		expect(writes().slice(sent)).toEqual([]);
	});

	test('Create, Update and Delete of a contact; Delete of a contact with a deal is refused with Heffl’s reason', async () => {
		const created = await upsert({
			resource: 'contact',
			operation: 'create',
			firstName: 'Crud',
			additionalFields: { email: 'crud@example.com', phone: '+971501234567' },
		});
		expect(created.error?.message).toBeUndefined();
		const id = String(created.json[0].id);
		const byId = { __rl: true, mode: 'id', value: id };
		const updated = await upsert({
			resource: 'contact',
			operation: 'update',
			contactId: byId,
			updateFields: { lastName: 'Contact' },
		});
		expect(updated.json[0]).toMatchObject({ id, firstName: 'Crud', lastName: 'Contact' });
		ctx.sandbox.insert('deals', { id: 'dl_ofCrud', title: 'Crud deal', clientId: id });
		const refused = await upsert({ resource: 'contact', operation: 'delete', contactId: byId });
		expect(refused.error?.message).toMatch(/linked deals/);
		expect(ctx.sandbox.records('contacts').some((contact) => contact.id === id)).toBe(true);
	});
});
