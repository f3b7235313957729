/**
 * Issue 42: Create or Update by a match key (execute/keyLookup.ts, table/matchKeys.ts) for
 * companies (v2, §11.2: Match By Website, Name or Email), clients (v1, §10.2: by e-mail) and
 * products (v2, §11.10: by SKU), through n8n-core against the sandbox. The companies' §7
 * `search` narrows, its "nothing" believed once proven per key (each sandbox switch making it
 * ignore a field ends in the whole list, read once); v1 clients and products document no
 * search (§7, §14), so none is sent and the list is read once per execution.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { afterEach, describe, expect, test } from 'vitest';

import { COMPANY_REQUIRED_FIELDS, useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox({ seed: { clients: 300, products: 300, leads: 0, contacts: 0 } });

afterEach(() => ctx.sandbox.setBehaviours({}));

const companies = () => ctx.sandbox.records('clients').filter((r) => r.type === 'company');
const domainOf = (website: unknown) => String(website).replace(/^https:\/\//, '');

async function run(parameters: INodeParameters, items: IDataObject[]) {
	ctx.sandbox.clearRequests();
	const result = await runHeffl(parameters, ctx.credentials, { items });
	const requests = ctx.apiRequests().filter((request) => !request.path.includes('custom-fields'));
	return { result, requests, paths: requests.map((r) => `${r.method} ${r.path}`) };
}

const industry = COMPANY_REQUIRED_FIELDS;

const byWebsite: INodeParameters = {
	...industry,
	resource: 'company',
	operation: 'upsert',
	matchBy: 'website',
	website: '={{ $json.key }}',
	name: '={{ $json.name }}',
};

/** `count` stored companies' websites in another form, and as many new ones, interleaved. */
function websites(count: number, tag: string, from = 10): IDataObject[] {
	return companies()
		.slice(from, from + count)
		.flatMap((company, index) => [
			{
				key: `HTTP://WWW.${domainOf(company.website).toUpperCase()}./about`,
				name: `Up ${tag} ${index}`,
			},
			{ key: `new-${tag}-${index}.example`, name: `New ${tag} ${index}` },
		]);
}

/** Every key of the batch is held by exactly one record, carrying the item's name. */
function expectOneEach(
	records: IDataObject[],
	items: IDataObject[],
	keyOf: (v: unknown) => string,
) {
	for (const item of items) {
		const holders = records.filter((record) => keyOf(record) === keyOf(item.key));
		expect(holders.map((record) => record.name)).toEqual([item.name]);
	}
}
const websiteKey = (value: unknown) =>
	String(typeof value === 'object' ? (value as IDataObject).website : value)
		.toLowerCase()
		.replace(/^(https?:\/\/)?(www\.)?/, '')
		.replace(/\.?\/.*$/, '')
		.replace(/\.$/, '');

describe('Company → Create or Update (v2, §11.2): Match By Website, compared as a domain', () => {
	test('10 existing (another case and form) and 10 new: a search and a write each, and one probe', async () => {
		// The probe needs a listed company whose domain no other field holds (the seeded ones'
		// e-mails are at their domains): a search that found it by its e-mail would prove nothing.
		ctx.sandbox.insert('clients', {
			id: 'clt_clean',
			type: 'company',
			name: 'Clean Sample',
			email: 'someone@mail.example',
			website: 'https://clean-sample.example',
			createdAt: new Date().toISOString(),
		});
		const items = websites(10, 'a');
		const before = companies().length;
		const { result, requests, paths } = await run(byWebsite, items);
		expect(result.json.map((item) => item.error)).toEqual(items.map(() => undefined));
		expect(companies()).toHaveLength(before + 10);
		expectOneEach(companies(), items, websiteKey);
		expect(requests).toHaveLength(2 * items.length + 2);
		// The search is sent the domain alone, whatever form the item gave it in.
		expect(paths[0]).toMatch(/^GET \/api\/v2\/companies\?search=[a-z0-9-]+\.example&pageSize=100$/);
		expect(paths.filter((path) => path.startsWith('PATCH'))).toHaveLength(10);
	});

	test('a search that ignores websites (companySearchIgnoresWebsite): the whole list once, 0 duplicates', async () => {
		ctx.sandbox.setBehaviours({ companySearchIgnoresWebsite: true });
		// Companies whose website nothing else the search looks at holds (no e-mail, another name).
		for (let index = 0; index < 5; index++)
			ctx.sandbox.insert('clients', {
				id: `clt_blind${index}`,
				type: 'company',
				name: `Unrelated ${index}`,
				email: null,
				website: `https://blind-${index}.example`,
				createdAt: '2020-01-01T00:00:00.000Z',
			});
		ctx.sandbox.insert('clients', {
			id: 'clt_clean2',
			type: 'company',
			name: 'Clean Sample 2',
			website: 'https://clean-sample-2.example',
			createdAt: new Date().toISOString(),
		});
		const items = [
			...Array.from({ length: 5 }, (_, index) => ({
				key: `WWW.BLIND-${index}.EXAMPLE/x`,
				name: `Up blind ${index}`,
			})),
			...websites(5, 'b', 40),
		];
		const before = companies().length;
		const { result, paths } = await run(byWebsite, items);
		expect(result.json.map((item) => item.error)).toEqual(items.map(() => undefined));
		expect(companies()).toHaveLength(before + 5);
		expectOneEach(companies(), items, websiteKey);
		const pages = Math.ceil(before / 100);
		// Item 1's "nothing" meets the probe (a page and a search), which fails: then the list, once.
		const gets = paths.filter((path) => path.startsWith('GET'));
		expect(gets.filter((path) => path.includes('search='))).toHaveLength(2);
		expect(gets.filter((path) => !path.includes('search='))).toHaveLength(1 + pages);
	});

	test('two items with one website in two forms make one company; a third finds it by its name', async () => {
		const before = companies().length;
		const { result } = await run(byWebsite, [
			{ key: 'twice.example', name: 'Twice Ltd' },
			{ key: 'https://www.TWICE.example/contact', name: 'Twice Limited' },
		]);
		expect(result.error?.message).toBeUndefined();
		expect(result.json[1].id).toBe(result.json[0].id);
		expect(companies()).toHaveLength(before + 1);
		const byName = await run(
			{
				...industry,
				resource: 'company',
				operation: 'upsert',
				matchBy: 'name',
				name: '  TWICE LIMITED ',
			},
			[{}],
		);
		expect(byName.result.json[0].id).toBe(result.json[0].id);
		expect(companies()).toHaveLength(before + 1);
	});
});

describe('Company → Create or Update: Match By Name and Email', () => {
	for (const [matchBy, behaviour] of [
		['name', 'companySearchIgnoresName'],
		['email', 'companySearchIgnoresEmail'],
	] as const) {
		for (const blind of [false, true]) {
			test(`${matchBy}${blind ? ` (${behaviour}: the list once)` : ''}: another case updates, a new one creates`, async () => {
				if (blind) ctx.sandbox.setBehaviours({ [behaviour]: true });
				const stored = companies()[blind ? 70 : 60];
				const fresh = `${matchBy === 'email' ? 'fresh' : 'Fresh'}-${matchBy}-${String(blind)}`;
				const items =
					matchBy === 'name'
						? [{ name: ` ${String(stored.name).toUpperCase()} ` }, { name: fresh }]
						: [
								{ email: String(stored.email).toUpperCase(), name: 'Renamed by e-mail' },
								{ email: `${fresh}@key.example`, name: fresh },
							];
				const before = companies().length;
				const parameters: INodeParameters = {
					...industry,
					resource: 'company',
					operation: 'upsert',
					matchBy,
					name: '={{ $json.name }}',
					...(matchBy === 'email' && { email: '={{ $json.email }}' }),
					additionalFields: { description: `by ${matchBy}` },
				};
				const { result, paths } = await run(parameters, items);
				expect(result.error?.message).toBeUndefined();
				expect(result.json[0].id).toBe(stored.id);
				expect(companies()).toHaveLength(before + 1);
				const listed = paths.filter((path) =>
					/companies\?pageSize=100(&cursor=[^&]+)?$/.test(path),
				);
				expect(listed.length).toBe(blind ? 1 + Math.ceil(before / 100) : 1);
			});
		}
	}

	test('several companies with the name: refused naming their IDs and names, nothing written', async () => {
		ctx.sandbox.insert('clients', { id: 'clt_twinA', type: 'company', name: 'Twin Co' });
		ctx.sandbox.insert('clients', { id: 'clt_twinB', type: 'company', name: 'TWIN CO ' });
		const { result, paths } = await run(
			{ resource: 'company', operation: 'upsert', matchBy: 'name', name: 'twin co' },
			[{}],
		);
		expect(result.error?.message).toBe(
			"Name: 2 companies have the name 'twin co' (clt_twinA, clt_twinB) [item 0]",
		);
		expect(result.error?.description).toContain('clt_twinA: Twin Co; clt_twinB: TWIN CO ');
		expect(paths.filter((path) => !path.startsWith('GET'))).toEqual([]);
	});
});

describe('Client → Create or Update (v1, §10.2): by e-mail, in the list read once (v1 has no search)', () => {
	test('existing (other case) updated, new created, a repeated new one updated: no search sent', async () => {
		const clients = ctx.sandbox.records('clients');
		const items = [
			{ key: String(clients[5].email).toUpperCase(), name: 'Client Five' },
			{ key: 'new.client@key.example', name: 'New Client' },
			{ key: ' NEW.CLIENT@key.example', name: 'New Client Again' },
			{ key: String(clients[6].email), name: 'Client Six' },
		];
		const before = clients.length;
		const { result, paths } = await run(
			{
				resource: 'client',
				operation: 'upsert',
				email: '={{ $json.key }}',
				clientType: 'company',
				name: '={{ $json.name }}',
			},
			items,
		);
		expect(result.json.map((item) => item.error)).toEqual(items.map(() => undefined));
		expect(result.json.map((item) => item.id)).toEqual([
			clients[5].id,
			result.json[1].id,
			result.json[1].id,
			clients[6].id,
		]);
		expect(ctx.sandbox.records('clients')).toHaveLength(before + 1);
		expect(paths.some((path) => path.includes('search'))).toBe(false);
		expect(paths.filter((path) => path.startsWith('GET'))).toHaveLength(Math.ceil(before / 100));
		expect(paths.filter((path) => !path.startsWith('GET'))).toEqual([
			`PATCH /api/v1/clients/${String(clients[5].id)}`,
			'POST /api/v1/clients',
			`PATCH /api/v1/clients/${String(result.json[1].id)}`,
			`PATCH /api/v1/clients/${String(clients[6].id)}`,
		]);
	});
});

describe('Product → Create or Update (v2, §11.10): by SKU, in the list read once (no search listed)', () => {
	test('10 existing (lower case, spaces) and 10 new: the list once, a write each, no search sent', async () => {
		const products = ctx.sandbox.records('products');
		const items = products.slice(20, 30).flatMap((product, index) => [
			{ key: ` ${String(product.sku).toLowerCase()} `, name: `Product up ${index}` },
			{ key: `NEW-SKU-${index}`, name: `Product new ${index}` },
		]);
		const { result, paths } = await run(
			{
				resource: 'product',
				operation: 'upsert',
				sku: '={{ $json.key }}',
				name: '={{ $json.name }}',
			},
			items,
		);
		expect(result.json.map((item) => item.error)).toEqual(items.map(() => undefined));
		expect(paths.some((path) => path.includes('search'))).toBe(false);
		expect(paths.filter((path) => path.startsWith('GET'))).toEqual(
			Array.from({ length: Math.ceil(products.length / 100) }, (_, page) =>
				expect.stringMatching(
					page
						? /^GET \/api\/v2\/products\?pageSize=100&cursor=/
						: /^GET \/api\/v2\/products\?pageSize=100$/,
				),
			),
		);
		expect(paths.filter((path) => !path.startsWith('GET'))).toHaveLength(items.length);
		const skus = (sku: unknown) => String(sku).trim().toUpperCase();
		for (const item of items)
			expect(
				ctx.sandbox
					.records('products')
					.filter((product) => skus(product.sku) === skus(item.key))
					.map((product) => product.name),
			).toEqual([item.name]);
	});
});
