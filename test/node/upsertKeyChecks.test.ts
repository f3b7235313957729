/**
 * Issue 42: the key Create or Update finds a record by (table/matchKeys.ts), refused when
 * hostile — an object, a 5,000-character text, `{{ }}` n8n left unevaluated, a website with a
 * query (or a user name, another scheme), Unicode look-alikes, invisible characters — with a
 * message naming the field, on the node and on the Heffl Tool, before any request: nothing is
 * written. And what an agent reads of the three operations: what each matches on.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { Heffl } from '../../nodes/Heffl/Heffl.node';
import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox({ seed: { clients: 5, products: 5, leads: 3, contacts: 3 } });

const LONG = 'x'.repeat(5_000);
/** Each case: the parameters (the key given as the item's `key`), the field, the key's value. */
const KEYS: Array<[string, INodeParameters, string]> = [
	[
		'Website',
		{ resource: 'company', matchBy: 'website', website: '={{ $json.key }}', name: 'Acme' },
		'Website',
	],
	['Name', { resource: 'company', matchBy: 'name', name: '={{ $json.key }}' }, 'Name'],
	[
		'Email (company)',
		{ resource: 'company', matchBy: 'email', email: '={{ $json.key }}', name: 'Acme' },
		'Email',
	],
	[
		'Email (client)',
		{ resource: 'client', email: '={{ $json.key }}', clientType: 'company', name: 'Acme' },
		'Email',
	],
	[
		'SKU',
		{ resource: 'product', sku: '={{ $json.key }}', name: 'Audit' },
		'Stock Keeping Unit (SKU)',
	],
	['Email (lead)', { resource: 'lead', email: '={{ $json.key }}' }, 'Email'],
];

/** Hostile values every key refuses, and the words its message says. */
const HOSTILE: Array<[string, unknown, RegExp]> = [
	['an object', { domain: 'acme.com' }, /is an object .*not text/],
	['a list', ['acme.com'], /is a list .*not text/],
	[
		'5,000 characters',
		`${LONG}@${LONG}.com`,
		/characters long; a key is at most|not a whole e-mail/,
	],
	['{{ }} left in', '{{ $json.key }}', /holds \{\{ \}\}: an expression n8n did not evaluate/],
	['a Cyrillic look-alike', 'jоhn@аcme.com', /mixes Latin letters with look-alikes .*U\+043E/],
	['an invisible character', 'ada\u200B@acme.com', /invisible character \(U\+200B\)/],
];

const WEBSITE_ONLY: Array<[string, string, RegExp]> = [
	['a query', 'https://acme.com/?utm_source=x', /has a query or fragment \(\?utm_source=x\)/],
	['a fragment', 'acme.com/#about', /has a query or fragment/],
	['a user name', 'https://acme.com@evil.example', /has a user name before its domain/],
	['another scheme', 'ftp://acme.com', /is not a web address/],
	['no domain', 'localhost', /has no domain like acme.com/],
	['a long host', `${LONG}.com`, /characters long|has no domain/],
];

async function refused(parameters: INodeParameters, key: unknown, tool: boolean) {
	ctx.sandbox.clearRequests();
	const run = await runHeffl({ ...parameters, operation: 'upsert' }, ctx.credentials, {
		items: [{ key } as never],
		tool,
	});
	// Checked before anything is sent: not even the lookup's search.
	expect(ctx.apiRequests()).toEqual([]);
	return run.error?.message ?? '';
}

describe('hostile keys: named, refused before any request, on the node and the Heffl Tool', () => {
	for (const [what, parameters, field] of KEYS)
		for (const [hostile, value, says] of HOSTILE)
			test(`${what}: ${hostile}`, async () => {
				for (const tool of [false, true]) {
					const message = await refused(parameters, value, tool);
					expect(message.startsWith(`${field}: `), message).toBe(true);
					expect(message).toMatch(says);
				}
			});

	for (const [hostile, value, says] of WEBSITE_ONLY)
		test(`Website: ${hostile}`, async () => {
			const message = await refused(KEYS[0][1], value, false);
			expect(message).toMatch(/^Website: /);
			expect(message).toMatch(says);
		});

	test("the Heffl Tool with the key as a $fromAI() argument: the agent's argument named first, nothing sent", async () => {
		const fromAI = (key: string, what: string) => `={{ $fromAI('${key}', '${what}', 'string') }}`;
		const agentCalls: Array<[INodeParameters, Record<string, unknown>, string]> = [
			[
				{
					resource: 'company',
					matchBy: 'website',
					website: fromAI('website', 'the company website, e.g. acme.com'),
					name: fromAI('name', 'the company name'),
				},
				{ website: 'https://acme.com/?utm_source=agent', name: 'Acme' },
				"Argument 'website': Website: ",
			],
			[
				{
					resource: 'product',
					sku: fromAI('sku', 'the stock keeping unit, e.g. SKU-1'),
					name: fromAI('name', 'the product name'),
				},
				{ sku: 'SKU-{{ 1 }}', name: 'Audit' },
				"Argument 'sku': Stock Keeping Unit (SKU): ",
			],
		];
		for (const [parameters, args, starts] of agentCalls) {
			ctx.sandbox.clearRequests();
			const run = await runHeffl({ ...parameters, operation: 'upsert' }, ctx.credentials, {
				items: [args as never],
				tool: true,
			});
			expect(run.error?.message.startsWith(starts), run.error?.message).toBe(true);
			expect(ctx.apiRequests()).toEqual([]);
		}
	});

	test('an empty key, or a website that is no domain, says what Create or Update needs', async () => {
		expect(await refused(KEYS[0][1], '   ', false)).toBe(
			'Website: Create or Update needs a website [item 0]',
		);
		expect(await refused(KEYS[4][1], '', true)).toBe(
			'Stock Keeping Unit (SKU): Create or Update needs a SKU',
		);
	});

	test('Match By Name with Additional Fields › Website: taken; Match By Website with another Website there: refused, nothing written', async () => {
		const company = { resource: 'company', operation: 'upsert', name: 'Acme Additional' };
		ctx.sandbox.clearRequests();
		const differs = await runHeffl(
			{
				...company,
				matchBy: 'website',
				website: 'acme-one.example',
				additionalFields: { website: 'acme-two.example' },
			},
			ctx.credentials,
		);
		expect(differs.error?.message).toBe(
			'Additional Fields › Website: differs from the Website the record is found by [item 0]',
		);
		expect(ctx.apiRequests().filter((request) => request.method !== 'GET')).toEqual([]);
		const sameForm = await runHeffl(
			{
				...company,
				matchBy: 'name',
				additionalFields: { website: 'https://www.acme-additional.example/' },
				customFieldsMapping: { mappingMode: 'defineBelow', value: { cf_industry: 'Retail' } },
			},
			ctx.credentials,
		);
		expect(sameForm.error?.message).toBeUndefined();
		expect(sameForm.json[0]).toMatchObject({
			name: 'Acme Additional',
			website: 'https://www.acme-additional.example/',
		});
	});

	test('a name in one script is a name (Cyrillic, Greek), and a fullwidth one finds its plain self', async () => {
		const sku1000 = ctx.sandbox.records('products').find((product) => product.sku === 'SKU-1000');
		const run = await runHeffl(
			{ resource: 'product', operation: 'upsert', sku: '={{ $json.key }}', name: 'Audit' },
			ctx.credentials,
			{ items: [{ key: 'Артикул-1' }, { key: 'ＳＫＵ-1000' }] },
		);
		expect(run.error?.message).toBeUndefined();
		expect(run.json[1].id).toBe(sku1000?.id);
	});

	test('a SKU is one word: a look-alike between a hyphen and a digit (SKU-а1) is refused, nothing sent', async () => {
		ctx.sandbox.clearRequests();
		const run = await runHeffl(
			{ resource: 'product', operation: 'upsert', sku: '={{ $json.key }}', name: 'Audit' },
			ctx.credentials,
			{ items: [{ key: 'SKU-\u04301' }] },
		);
		expect(run.error?.message).toMatch(
			/^Stock Keeping Unit \(SKU\): 'SKU-.1' mixes Latin letters with look-alikes .*U\+0430/,
		);
		expect(ctx.apiRequests()).toEqual([]);
	});
});

describe('what an agent reads of the three operations (the Heffl Tool shows the same description)', () => {
	const properties = new Heffl().description.properties;
	const operation = (resource: string) =>
		(
			properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
			)?.options as Array<{ value: string; action: string; description: string }>
		).find((option) => option.value === 'upsert');
	const keyParameter = (resource: string, name: string): INodeProperties | undefined =>
		properties.find(
			(p) =>
				p.name === name &&
				p.displayOptions?.show?.resource?.includes(resource) &&
				p.displayOptions?.show?.operation?.includes('upsert'),
		);

	test('each action and description says what the record is matched on', () => {
		expect(operation('company')).toMatchObject({
			action: 'Create or update company by website, name or e-mail',
			description:
				'Update the company with this website, name or e-mail address, or create one when none has it',
		});
		expect(operation('client')?.action).toBe('Create or update client by e-mail');
		expect(operation('product')?.action).toBe('Create or update product by SKU');
		expect(operation('lead')?.action).toBe('Create or update lead by e-mail');
	});

	test('each key parameter (what an agent fills through $fromAI) says how it is compared', () => {
		expect(keyParameter('company', 'website')?.description).toMatch(
			/compared as a domain: https:\/\/, www\., a path, a trailing dot and case are ignored/,
		);
		expect(keyParameter('company', 'email')?.description).toMatch(/exact, ignoring case/);
		expect(keyParameter('client', 'email')?.description).toMatch(/exact, ignoring case/);
		expect(keyParameter('product', 'sku')?.description).toMatch(
			/stock keeping unit .* \(exact, ignoring case and surrounding spaces\)/,
		);
		const matchBy = keyParameter('company', 'matchBy');
		expect(matchBy?.options?.map((option) => (option as { name: string }).name)).toEqual([
			'Domain (Website)',
			'Email',
			'Name',
		]);
	});
});
