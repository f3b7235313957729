import { defineConfig } from 'vitest/config';

// `npm test`: behaviour against the sandbox and n8n-core. The reliability
// campaign and the real-n8n end-to-end suite have their own configs.
export default defineConfig({
	test: {
		include: ['test/**/*.test.ts'],
		exclude: ['test/reliability/**', 'test/e2e/**', 'node_modules/**'],
		testTimeout: 30_000,
		hookTimeout: 30_000,
		pool: 'forks',
	},
});
