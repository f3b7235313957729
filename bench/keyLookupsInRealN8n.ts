/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- benchmark tooling, not shipped */
/**
 * Issue 42's rows (bench/keyLookups.ts) inside a real n8n 2.x server with the packed
 * package, for two of the kinds: companies by Website (the search narrowing, the probe) and
 * products by SKU (the list read once per execution). Webhook → Code → Heffl, as the lead
 * and contact rows of bench/lookupsInRealN8n.ts; a fresh sandbox per case on one port.
 */
import { randomBytes } from 'node:crypto';

import { freePort, hefflCredential, startRealN8n } from '../scripts/real-n8n.mjs';
import type { KeyCase } from './keyLookups';
import {
	boundOf,
	caseLabel,
	judged,
	keyBatch,
	keyParameters,
	keySandbox,
	recordsOf,
	verdictOf,
} from './keyLookups';
import { apiRequests } from './lookups';
import { heffl, run, workflowOf } from './lookupsInRealN8n';

type Row = (name: string, value: string) => void;

const CASES: KeyCase[] = [
	{ resource: 'company', key: 'website', searched: true },
	{ resource: 'product', key: 'sku', searched: false },
];

export async function keyLookupsInRealN8n(row: Row): Promise<void> {
	const apiKey = `hk_test_${randomBytes(16).toString('hex')}`;
	const port = await freePort();
	const workflows = CASES.map((test) =>
		workflowOf(`keys${test.resource}${test.key}`, { parameters: keyParameters(test) }),
	);
	const n8n = await startRealN8n({
		name: 'heffl-key-lookups',
		credentials: [
			hefflCredential(heffl.hefflApi, {
				apiKey,
				urls: { v1: `http://127.0.0.1:${port}/api/v1`, v2: `http://127.0.0.1:${port}/api/v2` },
			}),
		],
		workflows,
	});
	try {
		for (const [index, test] of CASES.entries()) {
			const sandbox = await keySandbox(test, { port, apiKey });
			try {
				const items = keyBatch(sandbox, test);
				const before = recordsOf(sandbox, test.resource).length;
				sandbox.clearRequests();
				const result = await run(n8n.session, n8n.url, workflows[index], items);
				const outcome = judged(sandbox, test, items, result.output);
				row(
					caseLabel(test, 'real n8n'),
					`${verdictOf(apiRequests(sandbox), boundOf(test, items.length, before), outcome)}, ${result.failed} failed items`,
				);
			} finally {
				await sandbox.close();
			}
		}
	} finally {
		await n8n.stop();
	}
}
