// @ts-check
// `npm run test:hosts [-- oldest newest 2.20.12 …]`: the hosts tier
// (test/e2e-hosts) once per n8n host of test/e2e-hosts/hosts.json (default: every one), each
// on its own install (installed on first use, about 6 minutes each), then the
// the support table rows (README, Compatibility; docs/compatibility.md), measured now:
//
//   | n8n | Node | installed by n8n's installer … | … | measured |
//
// Exits non-zero when any host fails. HOSTS_REPORT=<file> also writes the rows there.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { hostFor, HOSTS } from '../drivers/n8n-hosts.mjs';
import { ROOT } from '../drivers/real-n8n.mjs';

/** @type {Array<[string, RegExp]>} The support table's columns: a label, and the hosts-tier tests whose names match. */
const COLUMNS = [
	['installed by n8n\u2019s installer', /Community Nodes → Install/],
	['sample workflows', /sample workflows|new lead is tagged/],
	['trigger: once, forged refused, unsubscribes', /each delivery once|deactivation deletes/],
	['list search, resource mapper', /list search and the resource mapper/],
	['AI Agent tool call', /AI Agent calls the Heffl tool/],
	['0.1.0 → 0.1.1 while active', /installing 0\.1\.1 over 0\.1\.0/],
	['restart', /after a restart/],
	['uninstall', /uninstalling .* removes the package/],
	['env-managed list (2.21+)', /N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV/],
	['unverified off: by checksum only', /N8N_UNVERIFIED_PACKAGES_ENABLED=false/],
];

const wanted = process.argv.slice(2);
const hosts = (wanted.length > 0 ? wanted : HOSTS.map((host) => host.role)).map((name) =>
	hostFor(name),
);
const work = mkdtempSync(join(tmpdir(), 'heffl-hosts-report-'));
const today = new Date().toISOString().slice(0, 10);
const rows = [];
let failed = 0;

for (const host of hosts) {
	process.stderr.write(`\n=== n8n ${host.n8n} on Node ${host.node} (${host.role})\n`);
	const report = join(work, `${host.n8n}.json`);
	const started = Date.now();
	const run = spawnSync(
		'npx',
		[
			'vitest',
			'run',
			'--project',
			'e2e-hosts',
			'--silent=false',
			'--reporter=default',
			'--reporter=json',
			`--outputFile.json=${report}`,
		],
		{ cwd: ROOT, stdio: 'inherit', env: { ...process.env, N8N_VERSION: host.n8n } },
	);
	const minutes = ((Date.now() - started) / 60_000).toFixed(1);
	if (run.status !== 0) failed += 1;
	/** @type {Array<{ title: string, status: string }>} */
	let tests = [];
	try {
		/** @type {{ testResults: Array<{ assertionResults: typeof tests }> }} vitest's JSON report */
		const parsed = JSON.parse(readFileSync(report, 'utf8'));
		tests = parsed.testResults.flatMap((file) => file.assertionResults);
	} catch {
		// no report: the run failed before any test (the output above says why)
	}
	// A run that failed before any test (its install, say) proves nothing: ✗ throughout.
	const cells = COLUMNS.map(([, pattern]) => {
		if (tests.length === 0) return '✗';
		const matching = tests.filter((test) => pattern.test(test.title));
		if (matching.length === 0) return '—';
		if (matching.every((test) => test.status === 'passed')) return '✓';
		return matching.some((test) => test.status === 'failed') ? '✗' : '—';
	});
	rows.push(`| ${host.n8n} | ${host.node} | ${cells.join(' | ')} | ${today}, ${minutes} min |`);
}
rmSync(work, { recursive: true, force: true });

const table = [
	`| n8n | Node | ${COLUMNS.map(([label]) => label).join(' | ')} | measured |`,
	`| --- | --- | ${COLUMNS.map(() => ':-:').join(' | ')} | --- |`,
	...rows,
].join('\n');
process.stdout.write(
	`\nThe hosts tier (README, Compatibility; in full: docs/compatibility.md):\n\n${table}\n\n`,
);
if (process.env.HOSTS_REPORT) writeFileSync(process.env.HOSTS_REPORT, `${table}\n`);
process.exit(failed === 0 ? 0 : 1);
