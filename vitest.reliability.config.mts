import { defineConfig } from 'vitest/config';

import base from './vitest.config.mts';

// `npm run test:reliability`: the reliability and security campaign, and the conformance
// kit's command-line runs (spawned processes, signals: a maintainer's tool, not the
// package, so kept out of `npm test`), on the same module resolution as `npm test`.
export default defineConfig({
	resolve: base.resolve,
	test: {
		include: ['test/reliability/**/*.test.ts', 'test/conformance/cli.test.ts'],
		testTimeout: 300_000,
		hookTimeout: 30_000,
		pool: 'forks',
	},
});
