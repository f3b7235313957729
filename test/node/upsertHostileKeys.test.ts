/**
 * Issue 42: hostile match keys for Create or Update (companies by Website / Name / Email,
 * clients by e-mail, products by SKU), through n8n-core against the sandbox: an object, a
 * 5,000-character text, `{{ }}` left in, a website with a query, Unicode look-alikes. Each
 * is refused with a message naming the field, before anything is sent to Heffl.
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../harness/context';
import { runHeffl } from '../harness/n8n';

const ctx = useSandbox({ seed: { clients: 30, products: 10 } });

const CYRILLIC_A = '\u0430';

/** Each key, how it is set, and the look-alike of a plain value of it. */
const KEYS = [
	{ resource: 'company', matchBy: 'website', field: 'Website', lookAlike: `${CYRILLIC_A}cme.com` },
	{ resource: 'company', matchBy: 'name', field: 'Name', lookAlike: `${CYRILLIC_A}cme Trading` },
	{ resource: 'company', matchBy: 'email', field: 'Email', lookAlike: `${CYRILLIC_A}da@acme.com` },
	{ resource: 'client', matchBy: 'email', field: 'Email', lookAlike: `ad${CYRILLIC_A}@acme.com` },
	{ resource: 'product', matchBy: 'sku', field: 'SKU', lookAlike: `SKU-${CYRILLIC_A}1` },
] as const;

const HOSTILE: Array<[string, unknown, RegExp]> = [
	['an object', { id: 1, website: 'acme.com' }, /is an object .*not text/],
	['a 5,000-character text', 'a'.repeat(5_000), /is 5000 characters long; .* at most 255/],
	['{{ }} left in', '{{ $json.key }}', /holds \{\{ \}\}: an expression was left unresolved/],
	['invisible characters', 'acme\u200b.com', /look-alike .* invisible characters/],
];

async function upsertOne(key: (typeof KEYS)[number], value: unknown) {
	ctx.sandbox.clearRequests();
	const run = await runHeffl(
		{
			resource: key.resource,
			operation: 'upsert',
			...(key.resource === 'company' ? { matchBy: key.matchBy } : {}),
			...(key.matchBy === 'name' ? {} : { [key.matchBy]: '={{ $json.key }}' }),
			name: key.matchBy === 'name' ? '={{ $json.key }}' : 'Hostile Trading',
		},
		ctx.credentials,
		{ items: [{ key: value } as IDataObject] },
	);
	return { run, sent: ctx.apiRequests().map((request) => `${request.method} ${request.path}`) };
}

describe('hostile keys: refused naming the field, nothing sent', () => {
	for (const key of KEYS) {
		const cases: Array<[string, unknown, RegExp]> = [
			...HOSTILE,
			['a Unicode look-alike', key.lookAlike, /look-alike|outside a–z/],
		];
		if (key.matchBy === 'website')
			cases.push(['a URL with a query', 'https://www.acme.com/?utm_source=x', /has a query/]);
		for (const [what, value, says] of cases) {
			test(`${key.resource} by ${key.field}: ${what}`, async () => {
				const { run, sent } = await upsertOne(key, value);
				expect(run.error?.message).toMatch(new RegExp(`^${key.field}: `));
				expect(run.error?.message).toMatch(says);
				expect(run.error?.message?.length).toBeLessThan(300);
				expect(sent).toEqual([]);
			});
		}
	}

	test('the plain forms of the same keys are taken (the checks refuse only the hostile)', async () => {
		const plain = {
			website: 'https://www.Acme.com/about',
			name: 'Acme Trading',
			email: 'ada@acme.com',
			sku: 'SKU-A1',
		};
		for (const key of KEYS) {
			const { run } = await upsertOne(key, plain[key.matchBy]);
			// Past the key's checks: what stops it now (if anything) is not the key.
			expect(String(run.error?.message ?? ''), `${key.resource} ${key.matchBy}`).not.toMatch(
				new RegExp(`^${key.field}: `),
			);
		}
	});

	test('empty or a website that is no domain: refused naming the field', async () => {
		const website = KEYS[0];
		for (const [value, says] of [
			['', /^Website: Create or Update needs a website/],
			['not a domain', /^Website: 'not a domain' is not a website on a domain/],
			['ada@acme.com', /^Website: 'ada@acme.com' is not a website: it holds an @/],
		] as const) {
			const { run, sent } = await upsertOne(website, value);
			expect(run.error?.message).toMatch(says);
			expect(sent).toEqual([]);
		}
	});
});
