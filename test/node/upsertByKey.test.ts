/**
 * Issue 42: Create or Update by a match key, through n8n-core against the sandbox.
 * Companies (v2, §11.2) by Website (as a domain), Name or Email, found through v2 `search`
 * (§7) where the execution saw it find that field, else the whole list once; clients (v1,
 * §10.2) by e-mail and products (v2, §11.10) by SKU through their lists (the reference
 * lists no search for them: none is sent). Hostile keys: upsertHostileKeys.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { afterEach, describe, expect, test } from 'vitest';

import { useSandbox } from '../harness/context';
import { runHeffl } from '../harness/n8n';
import { domainOf } from '../../nodes/shared/table/matchKeys';

const ctx = useSandbox({ seed: { clients: 300, products: 150 } });

afterEach(() => ctx.sandbox.setBehaviours({}));

const run = (parameters: INodeParameters, items?: IDataObject[]) => {
	ctx.sandbox.clearRequests();
	return runHeffl(parameters, ctx.credentials, items && { items });
};
const companies = () =>
	ctx.sandbox.records('clients').filter((record) => record.type === 'company');
const requests = () =>
	ctx.apiRequests().filter((request) => !request.path.includes('custom-fields'));
const writes = () => requests().filter((request) => request.method !== 'GET');
const searches = () => requests().filter((request) => request.path.includes('search='));

const COMPANY_KEYS = [
	{
		matchBy: 'website',
		behaviour: 'companySearchIgnoresWebsite',
		// Another form of the stored website: www., a path, a trailing dot, upper case.
		given: (record: IDataObject) =>
			`HTTPS://WWW.${String(domainOf(record.website)).toUpperCase()}./about`,
		fresh: (tag: string) => `${tag}.example`,
		holds: (record: IDataObject, given: string) => domainOf(record.website) === domainOf(given),
	},
	{
		matchBy: 'name',
		behaviour: 'companySearchIgnoresName',
		given: (record: IDataObject) => `  ${String(record.name).toUpperCase()} `,
		fresh: (tag: string) => `New Company ${tag}`,
		holds: (record: IDataObject, given: string) =>
			String(record.name).trim().toLowerCase() === given.trim().toLowerCase(),
	},
	{
		matchBy: 'email',
		behaviour: 'companySearchIgnoresEmail',
		given: (record: IDataObject) => ` ${String(record.email).toUpperCase()}`,
		fresh: (tag: string) => `accounts@${tag}.example`,
		holds: (record: IDataObject, given: string) =>
			String(record.email).trim().toLowerCase() === given.trim().toLowerCase(),
	},
] as const;

/** Company → Create or Update of `items` (`key`, `label`) by one key. */
const upsertCompanies = (matchBy: string, items: IDataObject[]) =>
	run(
		{
			resource: 'company',
			operation: 'upsert',
			matchBy,
			...(matchBy === 'name' ? {} : { [matchBy]: '={{ $json.key }}' }),
			name: matchBy === 'name' ? '={{ $json.key }}' : '={{ $json.label }}',
			additionalFields: { description: '={{ $json.label }}' },
			// The sandbox's companies require this custom field (§9.2).
			customFieldsMapping: { mappingMode: 'defineBelow', value: { cf_industry: 'Retail' } },
		},
		items,
	);

describe('Company → Create or Update (v2 companies, §11.2), by each Match By key', () => {
	for (const key of COMPANY_KEYS) {
		for (const blind of [false, true]) {
			const how = blind ? `under ${key.behaviour}: the whole list, once` : 'through the search';
			const tag = `${key.matchBy}${blind ? 'blind' : 'seen'}`;
			test(`${key.matchBy}, ${how}: 5 existing (another form) updated, 5 new created once each, a key twice makes one record`, async () => {
				if (blind) ctx.sandbox.setBehaviours({ [key.behaviour]: true });
				// The seeded companies' e-mails are on their website's domain: a search that found
				// them by it would prove nothing of websites (probeTerm). This one can prove it.
				ctx.sandbox.insert('clients', {
					id: `clt_probe${tag}`,
					type: 'company',
					name: `Probe ${tag}`,
					website: `https://probe-${tag}.example`,
					email: `office@elsewhere-${tag}.example`,
					createdAt: new Date().toISOString(),
				});
				const existing = companies().slice(200 + (blind ? 10 : 0), 205 + (blind ? 10 : 0));
				const items = [
					...existing.map((record, index) => ({
						key: key.given(record),
						label: `${tag} old ${index}`,
					})),
					...[0, 1, 2, 3, 4].map((index) => ({
						key: key.fresh(`${tag}${index}`),
						label: `${tag} new ${index}`,
					})),
				];
				// The last new key again, in another case: the record the first made is updated.
				items.push({ key: String(items[9].key).toUpperCase(), label: `${tag} new 4 again` });
				const before = companies().length;
				const result = await upsertCompanies(key.matchBy, items);
				expect(result.error?.message).toBeUndefined();
				expect(companies()).toHaveLength(before + 5);
				for (const [index, item] of items.entries()) {
					const holders = companies().filter((record) => key.holds(record, String(item.key)));
					expect(holders, String(item.key)).toHaveLength(1);
					expect(result.json[index].id).toBe(holders[0].id);
				}
				expect(
					existing.map((record) => companies().find((c) => c.id === record.id)?.description),
				).toEqual(items.slice(0, 5).map((item) => item.label));
				expect(companies().find((c) => key.holds(c, String(items[10].key)))?.description).toBe(
					`${tag} new 4 again`,
				);
				const methods = writes().map((request) => request.method);
				expect(methods.filter((method) => method === 'POST')).toHaveLength(5);
				expect(methods.filter((method) => method === 'PATCH')).toHaveLength(6);
				const pages = Math.ceil(before / 100);
				const lists = requests().filter(
					(request) => request.method === 'GET' && !request.path.includes('search='),
				);
				if (blind) {
					// The first miss: its search, the probe's page and search; then the list once.
					expect(searches().length).toBeLessThanOrEqual(items.length + 1);
					expect(lists).toHaveLength(1 + pages);
				} else {
					expect(lists).toHaveLength(1);
					expect(searches()).toHaveLength(10 + 1);
				}
			});
		}
	}

	test('several companies on one domain: refused naming their IDs and names, nothing written', async () => {
		ctx.sandbox.insert('clients', {
			id: 'clt_twinA',
			type: 'company',
			name: 'Twin A',
			website: 'https://twin.example',
		});
		ctx.sandbox.insert('clients', {
			id: 'clt_twinB',
			type: 'company',
			name: 'Twin B',
			website: 'http://www.twin.example/x',
		});
		const result = await upsertCompanies('website', [{ key: 'twin.example', label: 'Twin' }]);
		expect(result.error?.message).toMatch(
			/^Website: 2 companies have the website 'twin.example' \(clt_twin[AB], clt_twin[AB]\)/,
		);
		expect(result.error?.description).toMatch(/Twin A.*Twin B|Twin B.*Twin A/);
		expect(writes()).toEqual([]);
	});

	test('two executions of one new key at the same moment: measured, both create (Heffl has no unique key)', async () => {
		// Documented in docs/operations.md (Create or Update) and the README's Limits: each
		// execution finds nothing before the other has written. If this ever reads 1, the docs change.
		const parameters = {
			resource: 'company',
			operation: 'upsert',
			matchBy: 'website',
			website: 'https://same-moment.example',
			name: 'Same Moment',
			customFieldsMapping: { mappingMode: 'defineBelow', value: { cf_industry: 'Retail' } },
		};
		const runs = await Promise.all([
			runHeffl(parameters, ctx.credentials),
			runHeffl(parameters, ctx.credentials),
		]);
		expect(runs.map((result) => result.error?.message)).toEqual([undefined, undefined]);
		const made = companies().filter((record) => domainOf(record.website) === 'same-moment.example');
		expect(made).toHaveLength(2);
		// The next execution sees both: it refuses, naming them, and writes nothing.
		const next = await run(parameters);
		expect(next.error?.message).toMatch(/^Website: 2 companies have the website/);
	});

	test('Additional Fields › Email differing from the Email matched by: refused, nothing sent', async () => {
		const result = await run({
			resource: 'company',
			operation: 'upsert',
			matchBy: 'email',
			email: 'one@differ.example',
			name: 'Differ',
			additionalFields: { email: 'two@differ.example' },
		});
		expect(result.error?.message).toMatch(/^Additional Fields › Email: differs from the Email/);
		expect(writes()).toEqual([]);
	});
});

describe('Client → Create or Update (v1 clients, §10.2, by e-mail) and Product → Create or Update (v2, §11.10, by SKU)', () => {
	test('clients: existing (other case) updated, new created, one list read and no search sent', async () => {
		const existing = ctx.sandbox.records('clients').slice(50, 53);
		const items = [
			...existing.map((record, index) => ({
				email: ` ${String(record.email).toUpperCase()}`,
				name: `Client ${index}`,
			})),
			{ email: 'new.client@clients.example', name: 'New Client' },
			{ email: 'NEW.CLIENT@clients.example', name: 'New Client again' },
		];
		const before = ctx.sandbox.records('clients').length;
		const result = await run(
			{
				resource: 'client',
				operation: 'upsert',
				email: '={{ $json.email }}',
				name: '={{ $json.name }}',
			},
			items,
		);
		expect(result.error?.message).toBeUndefined();
		expect(ctx.sandbox.records('clients')).toHaveLength(before + 1);
		for (const item of items) {
			const holders = ctx.sandbox
				.records('clients')
				.filter((record) => String(record.email).toLowerCase() === item.email.trim().toLowerCase());
			expect(holders.map((record) => record.name)).toEqual([
				items.filter((i) => i.email.trim().toLowerCase() === item.email.trim().toLowerCase()).pop()
					?.name,
			]);
		}
		expect(searches()).toEqual([]);
		expect(requests().filter((request) => request.method === 'GET')).toHaveLength(
			Math.ceil(before / 100),
		);
		expect(writes().filter((request) => request.method === 'POST')).toHaveLength(1);
	});

	test('products under strictReferenceLists: existing SKU (other case) updated, new created once; only paging sent', async () => {
		ctx.sandbox.setBehaviours({ strictReferenceLists: true });
		const withSku = ctx.sandbox
			.records('products')
			.filter((record) => typeof record.sku === 'string' && record.sku);
		expect(withSku.length).toBeGreaterThan(2);
		const existing = withSku.slice(0, 2);
		const items = [
			...existing.map((record, index) => ({
				sku: ` ${String(record.sku).toLowerCase()} `,
				name: `Product ${index}`,
			})),
			{ sku: 'NEW-SKU-1', name: 'New product' },
			{ sku: 'new-sku-1', name: 'New product again' },
		];
		const before = ctx.sandbox.records('products').length;
		const result = await run(
			{
				resource: 'product',
				operation: 'upsert',
				sku: '={{ $json.sku }}',
				name: '={{ $json.name }}',
			},
			items,
		);
		expect(result.error?.message).toBeUndefined();
		expect(ctx.sandbox.records('products')).toHaveLength(before + 1);
		expect(
			existing.map(
				(record) => ctx.sandbox.records('products').find((p) => p.id === record.id)?.name,
			),
		).toEqual(['Product 0', 'Product 1']);
		const created = ctx.sandbox
			.records('products')
			.filter((record) => String(record.sku).toLowerCase() === 'new-sku-1');
		expect(created.map((record) => record.name)).toEqual(['New product again']);
		for (const request of requests().filter((r) => r.method === 'GET')) {
			const names = [...new URL(request.path, 'http://sandbox').searchParams.keys()];
			expect(
				names.every((name) => ['pageSize', 'cursor'].includes(name)),
				request.path,
			).toBe(true);
			expect(request.status).toBe(200);
		}
		expect(writes().filter((request) => request.method === 'POST')).toHaveLength(1);
	});
});
