import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// n8n loads nodes as CommonJS and n8n-core requires n8n-workflow's CommonJS build:
// the nodes under test must share that copy, or `instanceof NodeApiError` and the
// like would compare classes of two different copies.
const n8nWorkflow = fileURLToPath(
	new URL('./node_modules/n8n-workflow/dist/cjs/index.js', import.meta.url),
);
const resolve = { alias: [{ find: /^n8n-workflow$/, replacement: n8nWorkflow }] };

/** A tier that starts real n8n: one file at a time (`more`: what a tier adds). */
const realN8n = (name: string, include: string[], testTimeout = 300_000, more = {}) => ({
	resolve,
	test: {
		name,
		include,
		testTimeout,
		hookTimeout: 900_000,
		pool: 'forks' as const,
		fileParallelism: false,
		...more,
	},
});

/**
 * The end-to-end files that share one n8n (test/e2e/sharedN8nSetup.ts): each puts its own
 * credentials and workflows in and removes them. The trigger, install and polling files
 * restart or reinstall n8n, so they keep their own (the `e2e` tier).
 */
const SHARED_N8N = ['n8n', 'tool', 'examples', 'mcp', 'customFieldLabels'].map(
	(file) => `test/e2e/${file}.test.ts`,
);

// One project per tier (test/README.md): `npm test` runs `unit`, the other scripts in
// package.json name theirs (`vitest run --project <tier>`).
export default defineConfig({
	resolve,
	test: {
		projects: [
			{
				resolve,
				test: {
					// Behaviour against the sandbox and n8n-core: `npm test`.
					name: 'unit',
					include: ['test/**/*.test.ts'],
					exclude: [
						'test/reliability/**',
						// The conformance kit's spawned command-line runs: the reliability tier.
						'test/conformance/cli.test.ts',
						'test/e2e/**',
						'test/e2e-queue/**',
						'test/e2e-hosts/**',
						'node_modules/**',
					],
					testTimeout: 30_000,
					hookTimeout: 30_000,
					pool: 'forks',
					// Vitest's default on 2 cores is one worker, and each file imports n8n-core
					// afresh: most tests wait on loopback HTTP, so two workers that keep their
					// modules between files halve `npm test` (docs/measured.md). State a node
					// keeps per process is keyed by workflow and origin, and every file starts
					// sandboxes of its own.
					maxWorkers: 2,
					isolate: false,
				},
			},
			{
				// The reliability and security campaign, and the conformance kit's command-line
				// runs (spawned processes, signals: a maintainer's tool, not the package).
				resolve,
				test: {
					name: 'reliability',
					include: ['test/reliability/**/*.test.ts', 'test/conformance/cli.test.ts'],
					testTimeout: 300_000,
					hookTimeout: 30_000,
					pool: 'forks',
				},
			},
			// The packed package in real n8n 2.x (installs n8n once), an n8n per file. `npm run
			// test:e2e` runs it, then `e2e-shared` (groupOrder: never beside each other).
			realN8n('e2e', ['test/e2e/**/*.test.ts'], 300_000, {
				exclude: SHARED_N8N,
				sequence: { groupOrder: 1 },
			}),
			// One n8n for the run, started before the tier's first file and stopped after the
			// run (global setup), used by its files one after another.
			realN8n('e2e-shared', SHARED_N8N, 300_000, {
				globalSetup: ['test/e2e/sharedN8nSetup.ts'],
				sequence: { groupOrder: 0 },
			}),
			// n8n's queue mode: main, workers, webhook processor, Redis, Postgres.
			realN8n('e2e-queue', ['test/e2e-queue/**/*.test.ts'], 600_000),
			// The package through n8n's own installer on one host (scripts/test-hosts.mjs
			// runs it once per host, N8N_VERSION set).
			realN8n('e2e-hosts', ['test/e2e-hosts/**/*.test.ts']),
			// `npm run bench`: measures and prints (bench/bench.test.ts).
			{
				resolve,
				test: {
					name: 'bench',
					include: ['bench/**/*.test.ts'],
					testTimeout: 900_000,
					pool: 'forks',
				},
			},
		],
		// n8n-core echoes every error a node throws; a passing test's output is noise
		// (thousands of lines from the fuzz suite), a failing test's is shown. The real-n8n
		// tiers and the bench show everything (`--silent=false` in their scripts).
		silent: 'passed-only',
		// The e2e-shared tier's global teardown stops its n8n, which takes up to 20 s
		// (drivers/real-n8n.mjs); vitest's default of 10 s would end the process under it.
		teardownTimeout: 30_000,
	},
});
