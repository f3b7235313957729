/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- benchmark tooling, not shipped */
/**
 * Issue 42, Create or Update by a match key: 100 items (50 existing, their keys written in
 * another case or form, 50 new, interleaved) among 10,000 companies (by Website, Name,
 * Email), clients (by e-mail) or products (by SKU), in the harness. Companies twice: the
 * sandbox's search finding the key's field, and ignoring it (`companySearchIgnores*`).
 * Clients and products have no documented search: their one row is the list read.
 * Done-when bounds (issue 42): ≤ 2.2 × items + 3 requests where the search finds the
 * field, ≤ 2 × items + ceil(records / 100) + 3 where it does not; 0 wrong, 0 duplicates,
 * 0 lost. The lead and contact rows: bench/lookups.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { MatchKeyName } from '../nodes/shared/table/matchKeys';
import { domainOf, MATCH_KEYS } from '../nodes/shared/table/matchKeys';
import { runHeffl } from '../test/harness/n8n';
import type { Behaviours, StartedSandbox } from '../test/sandbox';
import { startSandbox } from '../test/sandbox';
import { apiRequests, EXISTING, thousands } from './lookups';

type Row = (name: string, value: string) => void;
type Resource = 'company' | 'client' | 'product';

export const RECORDS = 10_000;
const NO_CRM = { leads: 0, contacts: 0, deals: 0, tasks: 0, quotations: 0 };

export interface KeyCase {
	resource: Resource;
	key: MatchKeyName;
	behaviours?: Behaviours;
	/** Whether the search is expected to narrow (the tighter bound applies). */
	searched: boolean;
}

const KIND = { company: 'clients', client: 'clients', product: 'products' } as const;

/** A stored key written in another form: the kind of difference a synced system makes. */
const otherForm: Record<MatchKeyName, (value: unknown) => string> = {
	website: (value) => `HTTPS://WWW.${String(domainOf(value)).toUpperCase()}./about`,
	name: (value) => `  ${String(value).toUpperCase()} `,
	email: (value) => ` ${String(value).toUpperCase()}`,
	sku: (value) => ` ${String(value).toLowerCase()} `,
};
const fresh: Record<MatchKeyName, (index: number) => string> = {
	website: (index) => `bench-new-${index}.example`,
	name: (index) => `Bench New Company ${index}`,
	email: (index) => `bench.new.${index}@keys.example`,
	sku: (index) => `BENCH-NEW-${index}`,
};

export const recordsOf = (sandbox: StartedSandbox, resource: Resource) =>
	sandbox
		.records(KIND[resource])
		.filter((record) => resource === 'product' || record.type === 'company');

/** 50 stored keys in another form and 50 new ones, interleaved, each with a label. */
export function keyBatch(sandbox: StartedSandbox, test: KeyCase): IDataObject[] {
	const field = MATCH_KEYS[test.key].field;
	const stored = recordsOf(sandbox, test.resource).filter((record) => record[field]);
	const step = Math.floor(stored.length / EXISTING);
	return Array.from({ length: EXISTING }, (_, index) => [
		{ key: otherForm[test.key](stored[index * step][field]), label: `Bench updated ${index}` },
		{ key: fresh[test.key](index), label: `Bench new ${index}` },
	]).flat();
}

export function keyParameters(test: KeyCase): INodeParameters {
	const byName = test.key === 'name';
	return {
		resource: test.resource,
		operation: 'upsert',
		...(test.resource === 'company' ? { matchBy: test.key } : {}),
		...(byName ? {} : { [test.key]: '={{ $json.key }}' }),
		name: byName ? '={{ $json.key }}' : '={{ $json.label }}',
		...(test.resource === 'company'
			? {
					additionalFields: { description: '={{ $json.label }}' },
					// The sandbox's companies require this custom field (§9.2).
					customFieldsMapping: { mappingMode: 'defineBelow', value: { cf_industry: 'Retail' } },
				}
			: {}),
	};
}

/** Wrong (an item's answer is not the one record holding its key), duplicates, lost. */
export function judged(
	sandbox: StartedSandbox,
	test: KeyCase,
	items: IDataObject[],
	answers: IDataObject[],
) {
	const key = MATCH_KEYS[test.key];
	const records = recordsOf(sandbox, test.resource);
	let wrong = 0;
	let duplicates = 0;
	let lost = 0;
	for (const [index, item] of items.entries()) {
		const holders = records.filter(
			(record) => key.normalise(record[key.field]) === key.normalise(item.key),
		);
		if (!holders.length) lost++;
		duplicates += Math.max(0, holders.length - 1);
		const answer = answers[index];
		if (answer?.error || !holders.some((record) => record.id === answer?.id)) wrong++;
	}
	return { wrong, duplicates, lost };
}

/** The case's bound from issue 42, for `items` among `records`. */
export const boundOf = (test: KeyCase, items: number, records: number) =>
	test.searched ? Math.floor(2.2 * items + 3) : 2 * items + Math.ceil(records / 100) + 3;

/** The sandbox of a case: 10,000 records, and one company the website probe can use. */
export async function keySandbox(test: KeyCase, at: { port?: number; apiKey?: string } = {}) {
	const sandbox = await startSandbox({
		...at,
		rateLimit: false,
		seed:
			test.resource === 'product'
				? { ...NO_CRM, clients: 0, products: RECORDS }
				: { ...NO_CRM, clients: RECORDS, products: 12 },
		behaviours: test.behaviours,
	});
	if (test.resource === 'company') {
		// The seeded companies' e-mails are on their websites' domains: a search hit through
		// the e-mail proves nothing of websites (probeTerm), so a real account's company whose
		// e-mail is elsewhere stands in, the newest.
		sandbox.insert('clients', {
			id: 'clt_benchProbe',
			type: 'company',
			name: 'Bench Probe Company',
			website: 'https://bench-probe.example',
			email: 'office@elsewhere.example',
			createdAt: new Date().toISOString(),
		});
	}
	return sandbox;
}

export const KEY_CASES: KeyCase[] = [
	...(['website', 'name', 'email'] as const).flatMap((key): KeyCase[] => [
		{ resource: 'company', key, searched: true },
		{
			resource: 'company',
			key,
			searched: false,
			behaviours: {
				[`companySearchIgnores${key[0].toUpperCase()}${key.slice(1)}`]: true,
			} as Behaviours,
		},
	]),
	{ resource: 'client', key: 'email', searched: false },
	{ resource: 'product', key: 'sku', searched: false },
];

export const caseLabel = (test: KeyCase, where: string) =>
	`Create or Update of ${2 * EXISTING} ${test.resource === 'company' ? 'companies' : `${test.resource}s`} by ${MATCH_KEYS[test.key].displayName} (${EXISTING} existing in another form, ${EXISTING} new) among ${thousands(RECORDS)}, ${test.searched ? 'search finds the field' : test.behaviours ? `search ignores it (${Object.keys(test.behaviours)[0]})` : 'no search documented: the list'}, ${where}`;

export const verdictOf = (
	requests: number,
	bound: number,
	outcome: { wrong: number; duplicates: number; lost: number },
) =>
	`${thousands(requests)} requests (bound ${bound}: ${requests <= bound ? 'met' : 'MISSED'}), ${outcome.wrong} wrong, ${outcome.duplicates} duplicates, ${outcome.lost} lost`;

export async function keyLookupBenchmarks(row: Row) {
	for (const test of KEY_CASES) {
		const sandbox = await keySandbox(test);
		try {
			const items = keyBatch(sandbox, test);
			const before = recordsOf(sandbox, test.resource).length;
			sandbox.clearRequests();
			const result = await runHeffl(
				keyParameters(test),
				{ apiKey: sandbox.apiKey, v1BaseUrl: sandbox.urls.v1, v2BaseUrl: sandbox.urls.v2 },
				{ items, continueOnFail: true },
			);
			const requests = apiRequests(sandbox);
			const outcome = judged(sandbox, test, items, result.error ? [] : result.json);
			const bound = boundOf(test, items.length, before);
			row(caseLabel(test, 'harness'), verdictOf(requests, bound, outcome));
		} finally {
			await sandbox.close();
		}
	}
}
