import { defineConfig } from 'vitest/config';

import base from './vitest.config.mts';

// `npm run test:e2e`: the packed package in real n8n (slow; installs n8n once).
export default defineConfig({
	resolve: base.resolve,
	test: { include: ['test/e2e/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 900_000, pool: 'forks', fileParallelism: false },
});
