/* eslint-disable @n8n/community-nodes/no-restricted-globals -- benchmark tooling, not shipped */
/**
 * `npm run bench` (vitest run --project bench): speed against the rate limit, pagination cost, signature
 * verification and trigger acknowledgement (bench/webhooks.ts; with Filters: bench/triggerFilters.ts), the polling trigger's requests (bench/polling.ts), measured in one run against the
 * sandbox. Prints one table and writes bench/results.md (bench/results.ts). Figures, not verdicts.
 * `BENCH_FULL_WINDOW=0` skips the run at the real 60 s window; `BENCH_REAL_N8N=0` skips
 * the runs inside a real n8n (bench/inRealN8n.ts); `BENCH_REAL_N8N_BULK=0` keeps only their
 * acknowledgement and replay part; `BENCH_QUEUE=0` skips the runs in n8n's queue mode
 * (bench/inQueueMode.ts: installs Redis and Postgres from Debian's packages when missing).
 * `BENCH_ONLY=lookups` runs only the e-mail lookup's rows (bench/lookups.ts, in the harness
 * and in real n8n; `BENCH_ONLY=lookupExtras` only its first rows: Lead → Get Many by filter, the
 * node before issue 35 under the sandbox's search switches, the MCP example's call, and the
 * 10,000-lead Create or Update in real n8n at 60 requests a minute; `BENCH_ONLY=keys` issue 42's
 * Create or Update by a match key, bench/keyLookups.ts, harness and real n8n) and puts them into
 * bench/results.md beside the rows of the last full run; `BENCH_ONLY=labels` the same for
 * Custom Fields As (bench/labels.ts).
 */
import { queueModeBenchmarks } from './inQueueMode';
import { keyLookupBenchmarks } from './keyLookups';
import { baselineUnderSwitches, leadListCosts, lookupBenchmarks } from './lookups';
import { findLeadsThroughMcp, keyLookupsInRealN8n, lookupsInRealN8n } from './lookupsInRealN8n';
import { labelBenchmarks } from './labels';
import { pollingBenchmarks } from './polling';
import { changedBenchmarks } from './changedRecords';
import { realN8nBenchmarks } from './inRealN8n';
import { triggerFilterBenchmarks } from './triggerFilters';
import { mergeResults, row, runStart, seconds, writeResults } from './results';
import { acknowledgement, signatures } from './webhooks';
import { credentialsOf } from '../drivers/harness/context';
import { runHeffl } from '../drivers/harness/n8n';
import { startSandbox } from '../sandbox';
import { test } from 'vitest';

/** n leads through the action node against `limit` requests per `windowMs`. */
async function bulkCreate(count: number, windowMs: number, limit = 60) {
	const free = await startSandbox({ rateLimit: false, seed: false });
	const items = Array.from({ length: count }, (_, i) => ({ name: `Bulk lead ${i}` }));
	const parameters = { resource: 'lead', operation: 'create', name: '={{ $json.name }}' };
	let started = Date.now();
	await runHeffl(parameters, credentialsOf(free), { items });
	const unthrottledMs = Date.now() - started;
	await free.close();

	const sandbox = await startSandbox({ rateLimit: { limit, windowMs }, seed: false });
	started = Date.now();
	const result = await runHeffl(parameters, credentialsOf(sandbox), {
		items,
		continueOnFail: true,
	});
	const wallMs = Date.now() - started;
	const requests = sandbox.requests.filter((request) => request.apiVersion === 'v1');
	const refused = requests.filter((request) => request.status === 429).length;
	const names = sandbox.records('leads').map((lead) => String(lead.name));
	const twice = names.length - new Set(names).size;
	const failed = result.json.filter((item) => item.error).length;
	await sandbox.close();
	// A perfect client spends a window's whole budget at once and the rest after each
	// reset: the last batch starts after floor((n-1)/limit) windows and then takes
	// as long as that many requests take without any limit.
	const windows = Math.floor((count - 1) / limit);
	const lastBatch = count - windows * limit;
	const optimalMs = windows * windowMs + (unthrottledMs / count) * lastBatch;
	const label = `bulk create ${count} leads, ${limit} req / ${windowMs / 1000} s`;
	row(
		`${label}: wall time`,
		`${seconds(wallMs)} (window-optimal ${seconds(optimalMs)}, ratio ${(wallMs / optimalMs).toFixed(3)}, target ≤ 1.05)`,
	);
	row(
		`${label}: failed items / 429 answers / stored twice`,
		`${failed} / ${refused} of ${requests.length} requests (${((refused / requests.length) * 100).toFixed(1)} %) / ${twice}`,
	);
}

async function pagination() {
	const sandbox = await startSandbox({
		rateLimit: false,
		seed: { leads: 10_000, contacts: 3_000 },
	});
	// Companies and deals are read from API v2: the sandbox stores them in bulk, up to
	// 3,000 of each beside the seeded ones.
	const companies = () => sandbox.records('clients').filter((client) => client.type === 'company');
	sandbox.bulkCreate('companies', 3_000 - companies().length);
	sandbox.bulkCreate('deals', 3_000 - sandbox.records('deals').length);
	for (const [resource, plural, count, version] of [
		['lead', 'leads', 10_000, 'v1'],
		['contact', 'contacts', 3_000, 'v2'],
		['company', 'companies', 3_000, 'v2'],
		['deal', 'deals', 3_000, 'v2'],
	] as const) {
		sandbox.clearRequests();
		const heapBefore = process.memoryUsage().heapUsed;
		let peak = heapBefore;
		const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
		const started = Date.now();
		const result = await runHeffl(
			{ resource, operation: 'getAll', returnAll: true, simplify: false },
			credentialsOf(sandbox),
		);
		const wallMs = Date.now() - started;
		clearInterval(sampler);
		const requests = sandbox.requests.filter((request) => request.apiVersion === version).length;
		row(
			`Return All ${count} ${plural} (API ${version})`,
			`${result.json.length} records, ${requests} requests = ${(requests / Math.ceil(count / 100)).toFixed(2)} × ceil(n/100), ${seconds(wallMs)}, peak heap +${Math.round((peak - heapBefore) / 1e6)} MB`,
		);
	}
	sandbox.clearRequests();
	await runHeffl({ resource: 'lead', operation: 'getAll', limit: 250 }, credentialsOf(sandbox));
	row(
		'Limit 250 leads',
		`${sandbox.requests.filter((request) => request.apiVersion === 'v1').length} requests (target 3)`,
	);
	await sandbox.close();
}

/** The e-mail lookup's rows, harness then real n8n (issue 35). */
async function lookups() {
	if (process.env.BENCH_ONLY === 'keys') return await keys();
	await leadListCosts(row);
	await baselineUnderSwitches(row);
	const onlyExtras = process.env.BENCH_ONLY === 'lookupExtras';
	if (!onlyExtras) await lookupBenchmarks(row);
	if (process.env.BENCH_REAL_N8N === '0')
		row('e-mail lookups inside real n8n', 'skipped: BENCH_REAL_N8N=0');
	else {
		await findLeadsThroughMcp(row).catch((error: Error) =>
			row(
				'Find Leads by Email through the MCP example',
				`NOT MEASURED, n8n failed: ${error.message.slice(0, 300)}`,
			),
		);
		// The extras: the 10,000-lead case in real n8n at the real window only.
		await lookupsInRealN8n(row, { fullWindow: onlyExtras }).catch((error: Error) =>
			row(
				'e-mail lookups inside real n8n',
				`NOT MEASURED, n8n failed: ${error.message.slice(0, 300)}`,
			),
		);
	}
}

/** Issue 42's rows: Create or Update by a match key, harness then real n8n (companies). */
async function keys() {
	await keyLookupBenchmarks(row);
	if (process.env.BENCH_REAL_N8N === '0')
		row('key lookups inside real n8n', 'skipped: BENCH_REAL_N8N=0');
	else
		await keyLookupsInRealN8n(row).catch((error: Error) =>
			row(
				'key lookups inside real n8n',
				`NOT MEASURED, n8n failed: ${error.message.slice(0, 300)}`,
			),
		);
}

/** A run of some rows only: they replace their rows of bench/results.md (new ones are added). */
async function partial(which: string) {
	const start = runStart();
	await (which === 'labels' ? labelBenchmarks(row) : lookups());
	await mergeResults(which, start);
}

async function main() {
	if (process.env.BENCH_ONLY) {
		if (!['lookups', 'lookupExtras', 'keys', 'labels'].includes(process.env.BENCH_ONLY))
			throw new Error(
				`BENCH_ONLY=${process.env.BENCH_ONLY}: only 'lookups' (or its first rows, 'lookupExtras'), 'keys' or 'labels' can run alone`,
			);
		await partial(process.env.BENCH_ONLY);
		return;
	}
	const start = runStart();
	signatures(row);
	await pagination();
	await labelBenchmarks(row);
	await acknowledgement(row);
	await triggerFilterBenchmarks(row);
	await pollingBenchmarks(row);
	await changedBenchmarks(row);
	await bulkCreate(120, 6_000);
	await bulkCreate(300, 6_000);
	if (process.env.BENCH_FULL_WINDOW !== '0') await bulkCreate(120, 60_000);
	await lookups();
	await keys();
	if (process.env.BENCH_REAL_N8N === '0') {
		row(
			'inside real n8n (HTTP Request node beside the Heffl node; trigger acknowledgement)',
			'skipped: BENCH_REAL_N8N=0',
		);
	} else {
		await realN8nBenchmarks(row).catch((error: Error) =>
			row(
				'inside real n8n (HTTP Request node beside the Heffl node; trigger acknowledgement)',
				`NOT MEASURED, n8n failed: ${error.message.slice(0, 300)}`,
			),
		);
	}
	if (process.env.BENCH_QUEUE === '0') {
		row('in n8n queue mode (2 workers, webhook processor)', 'skipped: BENCH_QUEUE=0');
	} else {
		await queueModeBenchmarks(row).catch((error: Error) =>
			row(
				'in n8n queue mode (2 workers, webhook processor)',
				`NOT MEASURED, the queue-mode stack failed: ${error.message.slice(0, 300)}`,
			),
		);
	}
	await writeResults(start);
}

// Run through vitest so the nodes load exactly as in the tests (TypeScript sources,
// n8n-workflow's CommonJS build); it measures and prints, it asserts nothing.
test('benchmarks', main, 30 * 60_000);
