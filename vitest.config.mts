import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// n8n loads nodes as CommonJS and n8n-core requires n8n-workflow's CommonJS build:
// the nodes under test must share that copy, or `instanceof NodeApiError` and the
// like would compare classes of two different copies.
const n8nWorkflow = fileURLToPath(
	new URL('./node_modules/n8n-workflow/dist/cjs/index.js', import.meta.url),
);

// `npm test`: behaviour against the sandbox and n8n-core. The reliability
// campaign and the real-n8n end-to-end suite have their own configs.
export default defineConfig({
	resolve: { alias: [{ find: /^n8n-workflow$/, replacement: n8nWorkflow }] },
	test: {
		include: ['test/**/*.test.ts'],
		exclude: [
			'test/reliability/**',
			// The conformance kit's spawned command-line runs: `npm run test:reliability`.
			'test/conformance/cli.test.ts',
			'test/e2e/**',
			'test/e2e-queue/**',
			'test/e2e-hosts/**',
			'node_modules/**',
		],
		testTimeout: 30_000,
		hookTimeout: 30_000,
		pool: 'forks',
		// Vitest's default on 2 cores is one worker, and each file imports n8n-core afresh:
		// most tests wait on loopback HTTP, so two workers that keep their modules between
		// files halve `npm test` (docs/measured.md). State a node keeps per process is keyed
		// by workflow and origin, and every file starts sandboxes of its own.
		maxWorkers: 2,
		isolate: false,
		// n8n-core echoes every error a node throws; a passing test's output is noise
		// (thousands of lines from the fuzz suite), a failing test's is shown.
		silent: 'passed-only',
	},
});
