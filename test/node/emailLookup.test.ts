/**
 * Issue 35: finding records by e-mail in a constant number of requests (execute/emailLookup.ts),
 * through n8n-core against the sandbox at 1,000 leads and 1,000 contacts. Heffl's v2 search
 * (§7) narrows; its "nothing" is believed only once the execution saw it find a listed
 * record by its e-mail; otherwise the whole list is read once per execution. Each sandbox
 * variant (a search that ignores e-mail, a search Heffl refuses) ends with 0 duplicates.
 */
import type { IDataObject } from 'n8n-workflow';
import { afterEach, describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox({ seed: { leads: 1_000, contacts: 1_000 } });

afterEach(() => {
	ctx.sandbox.setBehaviours({});
	ctx.sandbox.faults.clear();
});

type Kind = 'leads' | 'contacts';
const RESOURCE = { leads: 'lead', contacts: 'contact' } as const;
const NAME = { leads: 'name', contacts: 'firstName' } as const;

/** `existing` stored e-mails (other case, spaces) and as many new ones, interleaved. */
function batch(kind: Kind, existing: number, tag: string): IDataObject[] {
	const stored = ctx.sandbox.records(kind).slice(100, 100 + existing);
	return stored.flatMap((record, index) => [
		{ email: ` ${String(record.email).toUpperCase()}`, name: `Updated ${tag} ${index}` },
		{ email: `new.${tag}.${index}@lookup.example`, name: `New ${tag} ${index}` },
	]);
}

async function upsertAll(kind: Kind, items: IDataObject[]) {
	ctx.sandbox.clearRequests();
	const run = await runHeffl(
		{
			resource: RESOURCE[kind],
			operation: 'upsert',
			email: '={{ $json.email }}',
			[NAME[kind]]: '={{ $json.name }}',
		},
		ctx.credentials,
		{ items },
	);
	expect(run.error?.message).toBeUndefined();
	const requests = ctx.apiRequests().filter((request) => !request.path.includes('custom-fields'));
	return { run, requests, paths: requests.map((request) => `${request.method} ${request.path}`) };
}

/** Every e-mail of the batch is held by exactly one record, carrying the item's name. */
function expectOneEach(kind: Kind, items: IDataObject[]) {
	const records = ctx.sandbox.records(kind);
	for (const item of items) {
		const holders = records.filter(
			(record) =>
				String(record.email).trim().toLowerCase() === String(item.email).trim().toLowerCase(),
		);
		expect(holders.map((record) => record[NAME[kind]])).toEqual([item.name]);
	}
}

describe('Create or Update by e-mail in a constant number of requests', () => {
	for (const kind of ['leads', 'contacts'] as const) {
		test(`${kind}: 10 existing and 10 new cost one search and one write each, and one probe`, async () => {
			const items = batch(kind, 10, `${kind}-a`);
			const before = ctx.sandbox.records(kind).length;
			const { run, requests, paths } = await upsertAll(kind, items);
			expect(run.json.map((item) => item.error)).toEqual(items.map(() => undefined));
			expect(ctx.sandbox.records(kind)).toHaveLength(before + 10);
			expectOneEach(kind, items);
			// The first "nothing" (item 2) is believed after the probe: a listed record's e-mail
			// searched for; a hit (item 1) proves nothing about the records the search may leave out.
			expect(requests).toHaveLength(2 * items.length + 2);
			const probe = paths.filter((path) => /\?pageSize=100$/.test(path));
			expect(probe).toEqual([`GET /api/v2/${kind}?pageSize=100`]);
			expect(paths.filter((path) => path.startsWith('GET'))).toHaveLength(items.length + 2);
			// v1's /leads documents no search (§10.1, §18): none is sent there.
			expect(paths.filter((path) => path.startsWith('GET /api/v1/'))).toEqual([]);
		});
	}

	test('a first item that is new: the probe (a listed lead searched by its e-mail) is made once', async () => {
		const items = batch('leads', 3, 'leads-b').reverse();
		const { paths } = await upsertAll('leads', items);
		expect(paths.filter((path) => path === 'GET /api/v2/leads?pageSize=100')).toHaveLength(1);
		expect(paths).toHaveLength(2 * items.length + 2);
		expectOneEach('leads', items);
	});

	for (const [kind, behaviour] of [
		['leads', 'leadSearchIgnoresEmail'],
		['contacts', 'contactSearchIgnoresEmail'],
	] as const) {
		test(`${behaviour}: 0 duplicates; the whole list is read once for the execution`, async () => {
			ctx.sandbox.setBehaviours({ [behaviour]: true });
			const items = batch(kind, 10, `${kind}-blind`);
			const before = ctx.sandbox.records(kind).length;
			const { paths } = await upsertAll(kind, items);
			expect(ctx.sandbox.records(kind)).toHaveLength(before + 10);
			expectOneEach(kind, items);
			const api = kind === 'leads' ? 'v1' : 'v2';
			const pages = Math.ceil(before / 100);
			const wholeList = paths.filter((path) => path.startsWith(`GET /api/${api}/${kind}?`));
			// The first item: its search, the probe's page and search; then the list, once.
			expect(paths.filter((path) => path.includes('search='))).toHaveLength(2);
			expect(wholeList.filter((path) => !path.includes('search=')).length).toBe(
				pages + (api === 'v2' ? 1 : 0),
			);
			expect(paths).toHaveLength(3 + pages + items.length);
		});
	}

	test('a search Heffl refuses (403) is not used: the whole list decides, nothing is blocked', async () => {
		ctx.sandbox.faults.queue('403', 1, ['GET'], '/api/v2/leads');
		const items = batch('leads', 2, 'leads-refused');
		const before = ctx.sandbox.records('leads').length;
		const { run, paths } = await upsertAll('leads', items);
		expect(run.json.map((item) => item.error)).toEqual(items.map(() => undefined));
		expect(ctx.sandbox.records('leads')).toHaveLength(before + 2);
		expectOneEach('leads', items);
		expect(paths.filter((path) => path.startsWith('GET /api/v1/leads?'))).toHaveLength(
			Math.ceil(before / 100),
		);
	});

	test('v2 searches and v1 writes pace on one budget (§5: v2 shares v1’s limit per key): no 429', async () => {
		ctx.sandbox.setRateLimit({ limit: 10, windowMs: 1_000 });
		try {
			const items = batch('leads', 10, 'leads-paced');
			const { requests } = await upsertAll('leads', items);
			expect(requests).toHaveLength(2 * items.length + 2);
			expect(requests.filter((request) => request.status === 429)).toEqual([]);
			expectOneEach('leads', items);
		} finally {
			ctx.sandbox.setRateLimit(false);
		}
	});

	test('an archived lead is found by the search and updated, not created again', async () => {
		const archived = ctx.sandbox.records('leads').find((lead) => lead.archived === true);
		const items = [{ email: String(archived?.email), name: 'Archived, updated' }];
		const before = ctx.sandbox.records('leads').length;
		const { run } = await upsertAll('leads', items);
		expect(run.json[0].id).toBe(archived?.id);
		expect(ctx.sandbox.records('leads')).toHaveLength(before);
	});
});

describe('Get Many with the Email filter: the same lookup', () => {
	const find = (resource: string, email: string, extra: IDataObject = {}) =>
		runHeffl(
			{ resource, operation: 'getAll', limit: 5, simplify: false, filters: { email, ...extra } },
			ctx.credentials,
		);

	test('a lead: its v1 record (as Get returns it), in 2 requests; a miss in 3; other filters still checked', async () => {
		const lead = ctx.sandbox.records('leads')[500];
		ctx.sandbox.clearRequests();
		const hit = await find('lead', ` ${String(lead.email).toUpperCase()} `);
		expect(hit.error?.message).toBeUndefined();
		expect(hit.json).toEqual([expect.objectContaining({ id: lead.id, email: lead.email })]);
		expect(ctx.apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual([
			`GET /api/v2/leads?search=${encodeURIComponent(String(lead.email).toUpperCase())}&pageSize=100`,
			`GET /api/v1/leads/${String(lead.id)}`,
		]);
		ctx.sandbox.clearRequests();
		const miss = await find('lead', 'nobody@lookup.example');
		expect(miss.json).toEqual([]);
		expect(ctx.apiRequests()).toHaveLength(3);
		const otherStage = await find('lead', String(lead.email), { stage: 'No Such Stage' });
		expect(otherStage.json).toEqual([]);
	});

	test('a contact, and under contactSearchIgnoresEmail the same answer from the whole list', async () => {
		const contact = ctx.sandbox.records('contacts')[700];
		const seen = await find('contact', String(contact.email));
		expect(seen.json).toEqual([expect.objectContaining({ id: contact.id })]);
		ctx.sandbox.setBehaviours({ contactSearchIgnoresEmail: true });
		const blind = await find('contact', String(contact.email));
		expect(blind.json).toEqual(seen.json);
	});

	// "A guess never blocks a user": what makes an address valid is Heffl's to judge, so any
	// local@domain is looked up, however unusual.
	test('a whole address is never refused, however unusual: each is looked up', async () => {
		const unusual = ['ada@localhost', "o'brien+tag@mail.example.co.uk", 'ÄDA@bücher.example'];
		for (const email of [...unusual, '"ada"@[127.0.0.1]']) {
			ctx.sandbox.clearRequests();
			const found = await find('lead', ` ${email} `);
			expect({ email, error: found.error?.message }).toEqual({ email, error: undefined });
			expect(found.json).toEqual([]);
			expect(ctx.apiRequests()[0].path).toContain('/api/v2/leads?search=');
		}
	});

	// Issue 46: part of an address (as agents send) read 23 pages among 2,003 leads. Now
	// nothing is read: the lookup is exact, so only a whole address can match.
	test('part of an address is refused naming the field, in no request, for Get Many and Create or Update', async () => {
		for (const partial of ['example.com', '@lookup.example', 'ada@', 'ada @lookup.example']) {
			ctx.sandbox.clearRequests();
			const listed = await find('lead', partial);
			expect(listed.error?.message).toMatch(/^Filters › Email: '.*' is not a whole e-mail address/);
			expect(listed.error?.description).toContain('like ada@example.com');
			const upserted = await runHeffl(
				{ resource: 'contact', operation: 'upsert', email: partial, firstName: 'Ada' },
				ctx.credentials,
			);
			expect(upserted.error?.message).toMatch(/^Email: '.*' is not a whole e-mail address/);
			expect(ctx.apiRequests()).toEqual([]);
		}
	});
});
