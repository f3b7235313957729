/**
 * Issue 42: two executions of Create or Update with one new key at the same moment (two
 * workflows started together, through n8n-core against the sandbox). Heffl has no unique
 * key and no upsert endpoint (§14), so each execution's lookup can find nothing before the
 * other's create lands: the outcome is measured here, and said in the README's Limits and
 * docs/operations.md, as for leads. Within one execution, items run one after another and
 * never make two (test/node/upsertByKey.test.ts).
 */
import type { INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox({ seed: { clients: 50, products: 50, leads: 20, contacts: 0 } });

const CASES: Array<[string, INodeParameters, () => number]> = [
	[
		'products by SKU (the list read by each)',
		{ resource: 'product', operation: 'upsert', sku: 'SAME-MOMENT-1', name: 'Same moment' },
		() => ctx.sandbox.records('products').filter((p) => p.sku === 'SAME-MOMENT-1').length,
	],
	[
		'leads by e-mail (the search, then the probe)',
		{
			resource: 'lead',
			operation: 'upsert',
			email: 'same.moment@key.example',
			name: 'Same moment',
		},
		() => ctx.sandbox.records('leads').filter((l) => l.email === 'same.moment@key.example').length,
	],
];

describe('two executions of one new key at the same moment', () => {
	for (const [what, parameters, count] of CASES)
		test(`${what}: both find nothing and both create (measured: 2 records, no error)`, async () => {
			const runs = await Promise.all([
				runHeffl(parameters, ctx.credentials),
				runHeffl(parameters, ctx.credentials),
			]);
			expect(runs.map((run) => run.error?.message)).toEqual([undefined, undefined]);
			expect(runs[0].json[0].id).not.toBe(runs[1].json[0].id);
			expect(count()).toBe(2);
			// A third execution afterwards sees both and refuses to choose, writing nothing.
			const third = await runHeffl(parameters, ctx.credentials);
			expect(third.error?.message).toMatch(/: 2 (products|leads) have the /);
			expect(count()).toBe(2);
		});
});
