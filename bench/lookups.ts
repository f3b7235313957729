/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- benchmark tooling, not shipped */
/**
 * Issue 35, finding records by e-mail: Create or Update of 100 records (50 existing, 50 new,
 * interleaved) into workspaces of 1,000 and 10,000 leads or contacts, and *Find Leads by
 * Email* of the MCP example at 10,000 leads. Today's node beside the node as it was before
 * issue 35 (BASELINE, taken with `git archive`), and against the sandbox whose v2 search
 * ignores e-mail. Requests ÷ (2 × items): the floor is a find and a write per item. Wall ÷
 * window-optimal is run at 60 requests per 6 s (time 10× faster) from the request count of
 * the same case with the limit lifted; the window-optimal time at 60 a minute is stated
 * from the count (the baseline's hours are not run at the limit). Real n8n: bench/lookupsInRealN8n.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';

import { credentialsOf } from '../drivers/harness/context';
import { runHeffl, withNodeType } from '../drivers/harness/n8n';
import type { Behaviours, StartedSandbox } from '../sandbox';
import { startSandbox } from '../sandbox';

type Row = (name: string, value: string) => void;
export type Kind = 'leads' | 'contacts';

/** The last commit before issue 35: its Heffl node is the baseline. */
export const BASELINE_COMMIT = 'ee700db';
export const EXISTING = 50;
export const LIMIT = 60;
const SCALED_WINDOW_MS = 6_000;
const RESOURCE = { leads: 'lead', contacts: 'contact' } as const;
const NAME = { leads: 'name', contacts: 'firstName' } as const;

export const seconds = (ms: number) =>
	ms >= 3_600_000
		? `${Math.floor(ms / 3_600_000)} h ${Math.round((ms % 3_600_000) / 60_000)} min`
		: ms >= 60_000
			? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
			: `${(ms / 1000).toFixed(1)} s`;
export const thousands = (n: number) => n.toLocaleString('en-US');

/** A perfect client's time for `requests` at `limit` per window: full windows, then the last batch. */
export function windowOptimalMs(requests: number, perRequestMs: number, windowMs: number) {
	const windows = Math.floor((requests - 1) / LIMIT);
	return windows * windowMs + perRequestMs * (requests - windows * LIMIT);
}

export function seedOf(kind: Kind, count: number) {
	return kind === 'leads' ? { leads: count, contacts: 0 } : { contacts: count, leads: 40 };
}

/** 50 stored e-mails (upper case) and 50 new ones, interleaved: the items of the upsert. */
export function batchOf(sandbox: StartedSandbox, kind: Kind): IDataObject[] {
	const stored = sandbox.records(kind);
	const step = Math.floor(stored.length / EXISTING);
	return Array.from({ length: EXISTING }, (_, index) => [
		{ email: String(stored[index * step].email).toUpperCase(), name: `Bench updated ${index}` },
		{ email: `bench.new.${index}@lookup.example`, name: `Bench new ${index}` },
	]).flat();
}

/** Records holding a batch e-mail beyond the first: what a lookup that missed would create. */
export function duplicatesOf(sandbox: StartedSandbox, kind: Kind, items: IDataObject[]) {
	const counts = new Map<string, number>();
	for (const record of sandbox.records(kind)) {
		const email = typeof record.email === 'string' ? record.email.trim().toLowerCase() : '';
		counts.set(email, (counts.get(email) ?? 0) + 1);
	}
	return items.reduce(
		(sum, item) =>
			sum + Math.max(0, (counts.get(String(item.email).trim().toLowerCase()) ?? 0) - 1),
		0,
	);
}

export const apiRequests = (sandbox: StartedSandbox) =>
	sandbox.requests.filter((request) => request.apiVersion !== 'control').length;


/**
 * The Heffl node of BASELINE_COMMIT, extracted once into the system's temporary folder
 * (outside the project, so no lint or test reads it), this project's node_modules linked in.
 */
export async function baselineNode(): Promise<INodeType> {
	const folder = join(tmpdir(), `heffl-baseline-${BASELINE_COMMIT}`);
	if (!existsSync(`${folder}/nodes/Heffl/Heffl.node.ts`)) {
		rmSync(folder, { recursive: true, force: true });
		mkdirSync(folder, { recursive: true });
		symlinkSync(resolve('node_modules'), join(folder, 'node_modules'));
		execFileSync('sh', [
			'-c',
			`git archive ${BASELINE_COMMIT} nodes credentials | tar -x -C "${folder}"`,
		]);
	}
	const module = (await import(`${folder}/nodes/Heffl/Heffl.node.ts`)) as {
		Heffl: new () => INodeType;
	};
	return new module.Heffl();
}

interface Measured {
	requests: number;
	wallMs: number;
	duplicates: number;
	failed: number;
}

/** One Create or Update run of the batch into a fresh sandbox. */
async function upsertCase(
	kind: Kind,
	count: number,
	options: { rateLimit?: { limit: number; windowMs: number }; behaviours?: Behaviours } = {},
	node?: INodeType,
): Promise<Measured> {
	const sandbox = await startSandbox({
		rateLimit: options.rateLimit ?? false,
		seed: seedOf(kind, count),
		behaviours: options.behaviours,
	});
	try {
		const items = batchOf(sandbox, kind);
		const parameters: INodeParameters = {
			resource: RESOURCE[kind],
			operation: 'upsert',
			email: '={{ $json.email }}',
			[NAME[kind]]: '={{ $json.name }}',
		};
		sandbox.clearRequests();
		const run = () => runHeffl(parameters, credentialsOf(sandbox), { items, continueOnFail: true });
		const started = Date.now();
		const result = node ? await withNodeType('n8n-nodes-heffl.heffl', node, run) : await run();
		const wallMs = Date.now() - started;
		return {
			requests: apiRequests(sandbox),
			wallMs,
			duplicates: duplicatesOf(sandbox, kind, items),
			failed: result.json.filter((item) => item.error).length + (result.error ? items.length : 0),
		};
	} finally {
		await sandbox.close();
	}
}

/** The example's *Find Leads by Email* tool, its `$fromAI()` argument given as `email`. */
export function findLeadsParameters(example: string, email: string): INodeParameters {
	const workflow = JSON.parse(example) as {
		nodes: Array<{ name: string; parameters: IDataObject }>;
	};
	const tool = workflow.nodes.find((node) => node.name === 'Find Leads by Email');
	if (!tool) throw new Error('the MCP example has no Find Leads by Email tool');
	const { descriptionType, toolDescription, ...parameters } = tool.parameters;
	void descriptionType;
	void toolDescription;
	return JSON.parse(
		JSON.stringify(parameters).replace(/=\{\{ \$fromAI\('email'[^}]*\}\}/, email),
	) as INodeParameters;
}

async function findLeads(row: Row, baseline: INodeType) {
	const sandbox = await startSandbox({ rateLimit: false, seed: seedOf('leads', 10_000) });
	try {
		const lead = sandbox.records('leads')[7_000];
		const now = readFileSync('examples/heffl-mcp-server.json', 'utf8');
		const before = execFileSync('git', [
			'show',
			`${BASELINE_COMMIT}:examples/heffl-mcp-server.json`,
		]).toString();
		const call = async (example: string, email: string, node?: INodeType) => {
			sandbox.clearRequests();
			const run = () => runHeffl(findLeadsParameters(example, email), credentialsOf(sandbox));
			const result = node ? await withNodeType('n8n-nodes-heffl.heffl', node, run) : await run();
			return { requests: apiRequests(sandbox), found: result.json.length };
		};
		const hit = await call(now, String(lead.email));
		const miss = await call(now, 'nobody@lookup.example');
		const oldHit = await call(before, String(lead.email), baseline);
		const oldMiss = await call(before, 'nobody@lookup.example', baseline);
		sandbox.setBehaviours({ leadSearchIgnoresEmail: true });
		const blindHit = await call(now, String(lead.email));
		row(
			'Find Leads by Email (MCP example tool, harness), 10,000 leads: requests per call',
			`today: found ${hit.requests}, not found ${miss.requests}; before issue 35: found ${oldHit.requests}, not found ${oldMiss.requests}; search ignoring e-mail (leadSearchIgnoresEmail): found ${blindHit.requests} (leads returned: ${hit.found}/${miss.found}/${oldHit.found}/${oldMiss.found}/${blindHit.found})`,
		);
	} finally {
		await sandbox.close();
	}
}

/**
 * Lead → Get Many with Search or Filters at 10,000 leads: what each costs. Only the Email
 * filter is narrowed on the server: v1 documents no lead filter (§10.1, §18), and what v2's
 * lead search matches and which lead filter fields v2 takes are not documented (§7), so a
 * narrowed answer could not be trusted to hold every match (docs/assumptions.md).
 */
export async function leadListCosts(row: Row) {
	const sandbox = await startSandbox({ rateLimit: false, seed: seedOf('leads', 10_000) });
	try {
		const lead = sandbox.records('leads')[7_000];
		const cases: Array<[string, INodeParameters, INodeParameters]> = [
			[
				'Search "Head of Sales" (a job title), Limit 50',
				{ limit: 50 },
				{ search: 'Head of Sales' },
			],
			["Search one lead's e-mail address, Limit 5", { limit: 5 }, { search: String(lead.email) }],
			['Email filter, that address, Limit 5', { limit: 5 }, { email: String(lead.email) }],
			['Stage (its name), Limit 50', { limit: 50 }, { stage: String(lead.stage) }],
			['Stage (its name), Return All', { returnAll: true }, { stage: String(lead.stage) }],
			['Source (its name), Return All', { returnAll: true }, { source: String(lead.source) }],
		];
		const costs: string[] = [];
		for (const [label, paging, filters] of cases) {
			sandbox.clearRequests();
			const result = await runHeffl(
				{ resource: 'lead', operation: 'getAll', ...paging, filters },
				credentialsOf(sandbox),
			);
			costs.push(`${label}: ${apiRequests(sandbox)} requests (${result.json.length} leads)`);
		}
		row('Lead → Get Many at 10,000 leads (harness): requests by filter', costs.join('; '));
	} finally {
		await sandbox.close();
	}
}

/** The node before issue 35 against the sandboxes whose search ignores e-mail: what it created twice. */
export async function baselineUnderSwitches(row: Row) {
	const baseline = await baselineNode();
	for (const [kind, behaviour] of [
		['leads', 'leadSearchIgnoresEmail'],
		['contacts', 'contactSearchIgnoresEmail'],
	] as const) {
		const measured = await upsertCase(kind, 1_000, { behaviours: { [behaviour]: true } }, baseline);
		row(
			`Create or Update of ${2 * EXISTING} ${kind} (${EXISTING} existing, ${EXISTING} new) into 1,000 ${kind}, search ignoring e-mail (${behaviour}), harness, the node before issue 35`,
			costOf(measured, 2 * EXISTING, measured.wallMs / measured.requests),
		);
	}
}

/** Requests, the floor's multiple and the time at 60 a minute of one measured case. */
export const costOf = (measured: Measured, items: number, perRequestMs: number) =>
	`${thousands(measured.requests)} requests = ${(measured.requests / (2 * items)).toFixed(2)} × (2 × items), window-optimal at 60 a minute ${seconds(windowOptimalMs(measured.requests, perRequestMs, 60_000))}, ${measured.duplicates} duplicates, ${measured.failed} failed`;

export async function lookupBenchmarks(row: Row) {
	const baseline = await baselineNode();
	const items = 2 * EXISTING;
	for (const kind of ['leads', 'contacts'] as const) {
		for (const count of [1_000, 10_000]) {
			const label = `Create or Update of ${items} ${kind} (${EXISTING} existing, ${EXISTING} new) into ${thousands(count)} ${kind}, harness`;
			const free = await upsertCase(kind, count);
			const perRequestMs = free.wallMs / free.requests;
			const paced = await upsertCase(kind, count, {
				rateLimit: { limit: LIMIT, windowMs: SCALED_WINDOW_MS },
			});
			const optimal = windowOptimalMs(paced.requests, perRequestMs, SCALED_WINDOW_MS);
			const before = await upsertCase(kind, count, {}, baseline);
			row(
				label,
				`today: ${costOf(free, items, perRequestMs)}; wall ÷ window-optimal ${(paced.wallMs / optimal).toFixed(3)} at 60 req / 6 s (${seconds(paced.wallMs)} against ${seconds(optimal)}, ${paced.duplicates} duplicates); before issue 35: ${costOf(before, items, before.wallMs / before.requests)} (not run at the limit)`,
			);
		}
	}
	if (process.env.BENCH_FULL_WINDOW !== '0') {
		// At Heffl's own window, where a whole-second RateLimit-Reset costs at most 1 s a minute.
		const free = await upsertCase('leads', 10_000);
		const paced = await upsertCase('leads', 10_000, {
			rateLimit: { limit: LIMIT, windowMs: 60_000 },
		});
		const optimal = windowOptimalMs(paced.requests, free.wallMs / free.requests, 60_000);
		row(
			`Create or Update of ${items} leads (${EXISTING} existing, ${EXISTING} new) into 10,000 leads at 60 req / 60 s, harness: wall ÷ window-optimal`,
			`${(paced.wallMs / optimal).toFixed(3)} (${seconds(paced.wallMs)} against ${seconds(optimal)}, ${thousands(paced.requests)} requests, ${paced.duplicates} duplicates, ${paced.failed} failed)`,
		);
	}
	for (const [kind, behaviour] of [
		['leads', 'leadSearchIgnoresEmail'],
		['contacts', 'contactSearchIgnoresEmail'],
	] as const) {
		const measured = await upsertCase(kind, 10_000, { behaviours: { [behaviour]: true } });
		row(
			`Create or Update of ${items} ${kind} (${EXISTING} existing, ${EXISTING} new) into 10,000 ${kind}, search ignoring e-mail (${behaviour}), harness`,
			costOf(measured, items, measured.wallMs / measured.requests),
		);
	}
	await findLeads(row, baseline);
}
