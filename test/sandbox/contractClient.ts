/**
 * The sandbox over loopback HTTP for its tests against the contract (docs/service-api.md;
 * test/sandbox/contract*.test.ts): one sandbox per test file (45 leads, 70 contacts, no rate
 * limit, webhook retries after 0, 20 and 40 ms), and `call`, a request with its key, base
 * (v1 or v2) and headers as a test sets them.
 */
import { afterAll, beforeAll } from 'vitest';

import { startSandbox } from '../../sandbox/index';
import type { StartedSandbox } from '../../sandbox/index';

export function useContractSandbox() {
	let started: StartedSandbox | undefined;
	beforeAll(async () => {
		started = await startSandbox({
			rateLimit: false,
			seed: { leads: 45, contacts: 70 },
			webhooks: { retryScheduleMs: [0, 20, 40], maxAttempts: 3, timeoutMs: 500 },
		});
	});
	afterAll(async () => started?.close());
	const sandbox = () => {
		if (!started) throw new Error('the sandbox starts in beforeAll: use it inside a test');
		return started;
	};

	async function call(
		path: string,
		init: RequestInit & { key?: string | null; base?: 'v1' | 'v2' } = {},
	) {
		const { key = sandbox().apiKey, base = 'v1', ...rest } = init;
		const headers = new Headers(rest.headers);
		if (key !== null) headers.set('x-api-key', key);
		if (rest.body) headers.set('content-type', 'application/json');
		const response = await fetch(`${sandbox().urls[base]}${path}`, { ...rest, headers });
		const text = await response.text();
		return {
			status: response.status,
			headers: response.headers,
			body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
		};
	}
	return { sandbox, call };
}
