import { defineConfig } from 'vitest/config';

import base from './vitest.config.mts';

// `npm run test:hosts` (scripts/test-hosts.mjs runs it once per host, N8N_VERSION
// set): the package installed by n8n's own installer from a loopback registry, on
// one n8n host. Slow: installs that n8n once (about 6 minutes).
export default defineConfig({
	resolve: base.resolve,
	test: {
		include: ['test/e2e-hosts/**/*.test.ts'],
		testTimeout: 300_000,
		hookTimeout: 900_000,
		pool: 'forks',
		fileParallelism: false,
		silent: false,
	},
});
