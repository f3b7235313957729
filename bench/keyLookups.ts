/**
 * Issue 42, Create or Update by a match key: 100 items (50 existing, their keys written in
 * another case or form, and 50 new, interleaved) among 10,000 companies (Match By Website),
 * clients (by e-mail, v1: no search documented) or products (by SKU: no search documented),
 * in the harness; companies also with the sandbox's search ignoring websites. Counted: the
 * requests against the bounds (2.2 × items + 3 where the search finds the field,
 * 2 × items + ceil(records / 100) + 3 where it does not), wrong records (an existing key
 * that updated another record or made a new one), duplicates, lost records (an item that
 * did not end as exactly one record holding its name). Real n8n: bench/lookupsInRealN8n.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { COMPANY_REQUIRED_FIELDS, credentialsOf } from '../drivers/harness/context';
import { runHeffl } from '../drivers/harness/n8n';
import type { Behaviours, StartedSandbox } from '../sandbox';
import { startSandbox } from '../sandbox';
import { apiRequests, EXISTING, thousands } from './lookups';

type Row = (name: string, value: string) => void;
export type KeyKind = 'companies' | 'clients' | 'products';
export const RECORDS = 10_000;

/** Each kind: the node's parameters (item's `key` and `name`), its records, the key compared. */
export const KEY_KINDS: Record<
	KeyKind,
	{
		parameters: INodeParameters;
		store: 'clients' | 'products';
		field: string;
		compare: (value: unknown) => string;
		otherForm: (value: string) => string;
		fresh: (index: number) => string;
	}
> = {
	companies: {
		parameters: {
			...COMPANY_REQUIRED_FIELDS,
			resource: 'company',
			operation: 'upsert',
			matchBy: 'website',
			website: '={{ $json.key }}',
			name: '={{ $json.name }}',
		},
		store: 'clients',
		field: 'website',
		compare: (value) =>
			String(value ?? '')
				.toLowerCase()
				.replace(/^(https?:\/\/)?(www\.)?/, '')
				.replace(/[/?#].*$/, '')
				.replace(/\.$/, ''),
		otherForm: (website) => `HTTP://WWW.${website.replace(/^https:\/\//, '').toUpperCase()}./about`,
		fresh: (index) => `bench-new-${index}.example`,
	},
	clients: {
		parameters: {
			resource: 'client',
			operation: 'upsert',
			email: '={{ $json.key }}',
			clientType: 'company',
			name: '={{ $json.name }}',
		},
		store: 'clients',
		field: 'email',
		compare: (value) =>
			String(value ?? '')
				.trim()
				.toLowerCase(),
		otherForm: (email) => ` ${email.toUpperCase()}`,
		fresh: (index) => `bench.new.${index}@key.example`,
	},
	products: {
		parameters: {
			resource: 'product',
			operation: 'upsert',
			sku: '={{ $json.key }}',
			name: '={{ $json.name }}',
		},
		store: 'products',
		field: 'sku',
		compare: (value) =>
			String(value ?? '')
				.normalize('NFKC')
				.trim()
				.toLowerCase(),
		otherForm: (sku) => ` ${sku.toLowerCase()} `,
		fresh: (index) => `BENCH-NEW-${index}`,
	},
};

/**
 * A sandbox of 10,000 records of the kind. Companies: one in ten has its e-mail at another
 * domain than its website (as a group's or a free mail address is), spread over the list:
 * what lets the node's probe prove that the search finds websites (a company whose e-mail
 * holds the domain proves nothing: the search may have found the e-mail).
 */
export async function keySandbox(
	kind: KeyKind,
	options: { behaviours?: Behaviours; port?: number; apiKey?: string } = {},
): Promise<StartedSandbox> {
	const { store } = KEY_KINDS[kind];
	const seeded = kind === 'products' ? RECORDS : RECORDS - RECORDS / 10;
	const sandbox = await startSandbox({
		rateLimit: false,
		...options,
		seed: {
			leads: 0,
			contacts: 0,
			clients: store === 'clients' ? seeded : 0,
			products: store === 'products' ? seeded : 0,
		},
	});
	if (store === 'clients') {
		const model = sandbox.records('clients');
		for (let index = 0; index < RECORDS / 10; index++) {
			const twin = model[(index * 9) % model.length];
			sandbox.insert('clients', {
				...twin,
				id: `clt_benchOther${index}`,
				number: `CB-${index}`,
				name: `Group member ${index}`,
				email: `office.${index}@group-mail.example`,
				website: `https://member-${index}.example`,
			});
		}
	}
	return sandbox;
}

/** 50 stored keys in another form (each with the ID it must update) and 50 new, interleaved. */
export function keyBatch(sandbox: StartedSandbox, kind: KeyKind): IDataObject[] {
	const { store, field, otherForm, fresh } = KEY_KINDS[kind];
	const stored = sandbox.records(store).filter((record) => typeof record[field] === 'string');
	const step = Math.floor(stored.length / EXISTING);
	return Array.from({ length: EXISTING }, (_, index) => [
		{
			key: otherForm(String(stored[index * step][field])),
			name: `Bench updated ${index}`,
			expected: String(stored[index * step].id),
		},
		{ key: fresh(index), name: `Bench new ${index}` },
	]).flat();
}

export interface KeyMeasured {
	requests: number;
	wallMs: number;
	wrong: number;
	duplicates: number;
	lost: number;
	failed: number;
}

/** What the run left: wrong records, duplicates, lost records (from the sandbox, not the node's word). */
export function judged(
	sandbox: StartedSandbox,
	kind: KeyKind,
	items: IDataObject[],
	output: IDataObject[],
): Omit<KeyMeasured, 'requests' | 'wallMs'> {
	const { store, field, compare } = KEY_KINDS[kind];
	const holders = new Map<string, IDataObject[]>();
	for (const record of sandbox.records(store)) {
		const key = compare(record[field]);
		if (key) holders.set(key, [...(holders.get(key) ?? []), record]);
	}
	let wrong = 0;
	let duplicates = 0;
	let lost = 0;
	items.forEach((item, index) => {
		const held = holders.get(compare(item.key)) ?? [];
		duplicates += Math.max(0, held.length - 1);
		if (!held.some((record) => record.name === item.name)) lost++;
		if (item.expected !== undefined && output[index]?.id !== item.expected) wrong++;
	});
	return { wrong, duplicates, lost, failed: output.filter((item) => item.error).length };
}

/** The bound for the case: with a search that finds the field, or with the list read. */
export const boundOf = (items: number, searchFinds: boolean) =>
	searchFinds ? Math.floor(2.2 * items + 3) : 2 * items + Math.ceil(RECORDS / 100) + 3;

export const verdictOf = (measured: KeyMeasured, items: number, searchFinds: boolean) =>
	`${thousands(measured.requests)} requests (bound ${boundOf(items, searchFinds)}: ${measured.requests <= boundOf(items, searchFinds) ? 'within' : 'OVER'}), ${measured.wrong} wrong records, ${measured.duplicates} duplicates, ${measured.lost} lost, ${measured.failed} failed, ${(measured.wallMs / 1000).toFixed(1)} s without a rate limit`;

async function harnessCase(kind: KeyKind, behaviours: Behaviours = {}): Promise<KeyMeasured> {
	const sandbox = await keySandbox(kind, { behaviours });
	try {
		const items = keyBatch(sandbox, kind);
		sandbox.clearRequests();
		const started = Date.now();
		const result = await runHeffl(
			KEY_KINDS[kind].parameters,
			credentialsOf(sandbox),
			{ items: items.map(({ key, name }) => ({ key, name })), continueOnFail: true },
		);
		const wallMs = Date.now() - started;
		return { requests: apiRequests(sandbox), wallMs, ...judged(sandbox, kind, items, result.json) };
	} finally {
		await sandbox.close();
	}
}

/** The harness rows: each kind once, companies also with a search that ignores websites. */
export async function keyLookupBenchmarks(row: Row): Promise<void> {
	const items = 2 * EXISTING;
	const label = (what: string) =>
		`Create or Update by a key: ${items} ${what} (${EXISTING} existing in another form, ${EXISTING} new) among 10,000, harness`;
	const cases: Array<[string, KeyKind, Behaviours, boolean]> = [
		['companies by Website, search finds websites', 'companies', {}, true],
		[
			'companies by Website, search ignoring websites (companySearchIgnoresWebsite)',
			'companies',
			{ companySearchIgnoresWebsite: true },
			false,
		],
		['clients by e-mail (v1 documents no search: the list)', 'clients', {}, false],
		['products by SKU (no search listed for /products: the list)', 'products', {}, false],
	];
	for (const [what, kind, behaviours, searchFinds] of cases)
		row(label(what), verdictOf(await harnessCase(kind, behaviours), items, searchFinds));
}
