import { defineConfig } from 'vitest/config';

import base from './vitest.config.mts';

// `npm run test:e2e:queue`: the packed package in n8n's queue mode (main, workers,
// webhook processor, Redis, Postgres). Slow: installs what is missing, about 5 minutes.
export default defineConfig({
	resolve: base.resolve,
	test: {
		include: ['test/e2e-queue/**/*.test.ts'],
		testTimeout: 600_000,
		hookTimeout: 900_000,
		pool: 'forks',
		fileParallelism: false,
		silent: false,
	},
});
