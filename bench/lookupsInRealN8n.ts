/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- benchmark tooling, not shipped */
/**
 * The e-mail lookup's rows (bench/lookups.ts) inside a real n8n 2.x server with the packed
 * package: Create or Update of 100 leads or contacts (50 existing, 50 new) into 1,000 and
 * 10,000, the sandbox whose search ignores e-mail, and the MCP example's *Find Leads by
 * Email* tool's parameters in a Heffl node. One n8n serves every run; each run gets a fresh
 * sandbox, seeded as the harness rows are, on the same port with the same key.
 */
import { readFileSync } from 'node:fs';

import type { RealN8n, Workflow } from '../drivers/real-n8n.mjs';
import { freePort, hefflCredential, startRealN8n } from '../drivers/real-n8n.mjs';
import { callTool, connect, startMcpStack } from '../drivers/mcpServer';
import type { Behaviours, StartedSandbox } from '../sandbox';
import { startSandbox } from '../sandbox';
import { judged, KEY_KINDS, keyBatch, keySandbox, verdictOf } from './keyLookups';
import type { Kind } from './lookups';
import { API_KEY, heffl, run, upsertWorkflow, workflowOf } from './lookupWorkflows';
import {
	apiRequests,
	batchOf,
	costOf,
	duplicatesOf,
	EXISTING,
	findLeadsParameters,
	LIMIT,
	seconds,
	seedOf,
	thousands,
	windowOptimalMs,
} from './lookups';

type Row = (name: string, value: string) => void;

/**
 * Every case, then (unless BENCH_FULL_WINDOW=0) the 10,000-lead case at Heffl's own window,
 * 60 requests a minute: at 60 per 6 s a whole-second RateLimit-Reset costs up to 1 s of
 * each 6. `fullWindow`: that case only.
 */
export async function lookupsInRealN8n(row: Row, { fullWindow = false } = {}): Promise<void> {
	const port = await freePort();
	const findLeads = workflowOf('lookupFind', {
		parameters: findLeadsParameters(
			readFileSync('examples/heffl-mcp-server.json', 'utf8'),
			'={{ $json.email }}',
		),
	});
	const workflows = { leads: upsertWorkflow('leads'), contacts: upsertWorkflow('contacts') };
	const n8n = await startRealN8n({
		name: 'heffl-lookups',
		credentials: [
			hefflCredential(heffl.hefflApi, {
				apiKey: API_KEY,
				urls: { v1: `http://127.0.0.1:${port}/api/v1`, v2: `http://127.0.0.1:${port}/api/v2` },
			}),
		],
		workflows: [workflows.leads, workflows.contacts, findLeads],
	});
	const sandboxOf = async (
		kind: Kind,
		count: number,
		rateLimit: { limit: number; windowMs: number } | false = false,
		behaviours: Behaviours = {},
	): Promise<StartedSandbox> =>
		await startSandbox({ port, apiKey: API_KEY, seed: seedOf(kind, count), rateLimit, behaviours });
	try {
		const { session } = n8n;
		const items = 2 * EXISTING;
		const upsert = async (
			kind: Kind,
			count: number,
			rateLimit: { limit: number; windowMs: number } | false = false,
			behaviours: Behaviours = {},
		) => {
			const sandbox = await sandboxOf(kind, count, rateLimit, behaviours);
			try {
				const batch = batchOf(sandbox, kind);
				sandbox.clearRequests();
				const result = await run(session, n8n.url, workflows[kind], batch);
				return {
					requests: apiRequests(sandbox),
					wallMs: result.wallMs,
					duplicates: duplicatesOf(sandbox, kind, batch),
					failed: result.failed,
				};
			} finally {
				await sandbox.close();
			}
		};
		if (!fullWindow) await everyCase(row, n8n, findLeads, sandboxOf, upsert);
		if (fullWindow || process.env.BENCH_FULL_WINDOW !== '0') {
			const free = await upsert('leads', 10_000);
			const paced = await upsert('leads', 10_000, { limit: LIMIT, windowMs: 60_000 });
			const optimal = windowOptimalMs(paced.requests, free.wallMs / free.requests, 60_000);
			row(
				`Create or Update of ${items} leads (${EXISTING} existing, ${EXISTING} new) into 10,000 leads at 60 req / 60 s, real n8n: wall ÷ window-optimal`,
				`${(paced.wallMs / optimal).toFixed(3)} (${seconds(paced.wallMs)} against ${seconds(optimal)}, ${thousands(paced.requests)} requests, ${paced.duplicates} duplicates, ${paced.failed} failed)`,
			);
		}
	} finally {
		await n8n.stop();
	}
}

/**
 * *Find Leads by Email* through the MCP example itself (drivers/mcpServer.ts: the file
 * imported as the editor imports one, activated, the official MCP client) in an n8n of its
 * own, its sandbox filled to 10,000 leads: requests per call.
 */
export async function findLeadsThroughMcp(row: Row): Promise<void> {
	const n8n = await startRealN8n({ name: 'heffl-bench-mcp' });
	const stack = await startMcpStack(n8n).catch(async (error: unknown) => {
		await n8n.stop();
		throw error;
	});
	try {
		const { sandbox } = stack;
		const start = sandbox.records('leads').length;
		for (let index = start; index < 10_000; index++)
			sandbox.insert('leads', {
				id: `ld_bench${index}`,
				number: `L-${index + 1}`,
				name: `Bench Lead ${index}`,
				email: `bench.lead${index}@lookup.example`,
				archived: false,
				createdAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
			});
		const client = await connect(stack.mcpUrl);
		try {
			const call = async (email: string) => {
				sandbox.clearRequests();
				const answer = await callTool(client, 'Find_Leads_by_Email', { email }, 180_000);
				const found = Array.isArray(answer.json) ? answer.json.length : 0;
				return { requests: apiRequests(sandbox), found, ms: answer.ms, error: answer.isError };
			};
			const hit = await call('bench.lead7000@lookup.example');
			const miss = await call('nobody@lookup.example');
			row(
				'Find Leads by Email through the MCP example (MCP Server Trigger, official MCP client), 10,000 leads, real n8n: requests per call',
				`found ${hit.requests} (${hit.found} lead, ${hit.ms} ms${hit.error ? ', tool error' : ''}), not found ${miss.requests} (${miss.found} leads, ${miss.ms} ms${miss.error ? ', tool error' : ''})`,
			);
		} finally {
			await client.close();
		}
	} finally {
		await stack.close();
		await n8n.stop();
	}
}

/**
 * Issue 42 in real n8n: Company → Create or Update by Website of the harness rows' batch
 * (bench/keyLookups.ts), with a search that finds websites and one that ignores them.
 */
export async function keyLookupsInRealN8n(row: Row): Promise<void> {
	const port = await freePort();
	const companies = workflowOf('lookupCompanies', { parameters: KEY_KINDS.companies.parameters });
	const n8n = await startRealN8n({
		name: 'heffl-key-lookups',
		credentials: [
			hefflCredential(heffl.hefflApi, {
				apiKey: API_KEY,
				urls: { v1: `http://127.0.0.1:${port}/api/v1`, v2: `http://127.0.0.1:${port}/api/v2` },
			}),
		],
		workflows: [companies],
	});
	try {
		const items = 2 * EXISTING;
		for (const [what, behaviours, searchFinds] of [
			['search finds websites', {}, true],
			[
				'search ignoring websites (companySearchIgnoresWebsite)',
				{ companySearchIgnoresWebsite: true },
				false,
			],
		] as const) {
			const sandbox = await keySandbox('companies', { port, apiKey: API_KEY, behaviours });
			try {
				const batch = keyBatch(sandbox, 'companies');
				sandbox.clearRequests();
				const result = await run(
					n8n.session,
					n8n.url,
					companies,
					batch.map(({ key, name }) => ({ key, name })),
				);
				const measured = {
					requests: apiRequests(sandbox),
					wallMs: result.wallMs,
					...judged(sandbox, 'companies', batch, result.output),
				};
				row(
					`Create or Update by a key: ${items} companies by Website (${EXISTING} existing in another form, ${EXISTING} new) among 10,000, ${what}, real n8n`,
					verdictOf(measured, items, searchFinds),
				);
			} finally {
				await sandbox.close();
			}
		}
	} finally {
		await n8n.stop();
	}
}

type Upsert = (
	kind: Kind,
	count: number,
	rateLimit?: { limit: number; windowMs: number } | false,
	behaviours?: Behaviours,
) => Promise<{ requests: number; wallMs: number; duplicates: number; failed: number }>;

/**
 * Create or Update of leads and contacts into 1,000 and 10,000, unpaced and at 60 per
 * 6 s; with a search that ignores e-mail; and the MCP example's Find Leads by Email.
 */
async function everyCase(
	row: Row,
	n8n: RealN8n,
	findLeads: Workflow,
	sandboxOf: (kind: Kind, count: number) => Promise<StartedSandbox>,
	upsert: Upsert,
) {
	const { session } = n8n;
	const items = 2 * EXISTING;
	for (const kind of ['leads', 'contacts'] as const) {
		for (const count of [1_000, 10_000]) {
			const free = await upsert(kind, count);
			const perRequestMs = free.wallMs / free.requests;
			const paced = await upsert(kind, count, { limit: LIMIT, windowMs: 6_000 });
			const optimal = windowOptimalMs(paced.requests, perRequestMs, 6_000);
			row(
				`Create or Update of ${items} ${kind} (${EXISTING} existing, ${EXISTING} new) into ${thousands(count)} ${kind}, real n8n`,
				`today: ${costOf(free, items, perRequestMs)}; wall ÷ window-optimal ${(paced.wallMs / optimal).toFixed(3)} at 60 req / 6 s (${seconds(paced.wallMs)} against ${seconds(optimal)}, ${paced.duplicates} duplicates)`,
			);
		}
	}
	for (const [kind, behaviour] of [
		['leads', 'leadSearchIgnoresEmail'],
		['contacts', 'contactSearchIgnoresEmail'],
	] as const) {
		const measured = await upsert(kind, 10_000, false, { [behaviour]: true });
		row(
			`Create or Update of ${items} ${kind} (${EXISTING} existing, ${EXISTING} new) into 10,000 ${kind}, search ignoring e-mail (${behaviour}), real n8n`,
			costOf(measured, items, measured.wallMs / measured.requests),
		);
	}
	const sandbox = await sandboxOf('leads', 10_000);
	try {
		const lead = sandbox.records('leads')[7_000];
		const call = async (email: string) => {
			sandbox.clearRequests();
			const result = await run(session, n8n.url, findLeads, [{ email }]);
			return { requests: apiRequests(sandbox), found: result.output.length };
		};
		const hit = await call(String(lead.email));
		const miss = await call('nobody@lookup.example');
		row(
			'Find Leads by Email (MCP example tool, in a Heffl node), 10,000 leads, real n8n: requests per call',
			`found ${hit.requests} (${hit.found} lead), not found ${miss.requests} (${miss.found} items out)`,
		);
	} finally {
		await sandbox.close();
	}
}
