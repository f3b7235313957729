import { defineConfig } from 'vitest/config';

import base from './vitest.config.mts';

// `npm run bench`: measures and prints; see bench/bench.test.ts.
export default defineConfig({
	resolve: base.resolve,
	test: { include: ['bench/**/*.test.ts'], testTimeout: 900_000, pool: 'forks', silent: false },
});
