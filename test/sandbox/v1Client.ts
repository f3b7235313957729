/**
 * The sandbox's API v1 over loopback HTTP, for its contract tests (test/sandbox/v1-*.test.ts):
 * one sandbox per test file (25 leads, no rate limit), started before its tests and closed
 * after them, and the seeded records those tests read. Expectations stay in the tests, cited
 * to their sections.
 */
import { afterAll, beforeAll } from 'vitest';

import { startSandbox } from '../../sandbox/index';
import type { StartedSandbox } from '../../sandbox/index';

export type Body = Record<string, unknown>;

export function useV1Sandbox() {
	let started: StartedSandbox | undefined;
	beforeAll(async () => {
		started = await startSandbox({ rateLimit: false, seed: { leads: 25 } });
	});
	afterAll(async () => started?.close());
	const sandbox = () => {
		if (!started) throw new Error('the sandbox starts in beforeAll: use it inside a test');
		return started;
	};

	async function call(path: string, method = 'GET', body?: unknown) {
		const response = await fetch(`${sandbox().urls.v1}${path}`, {
			method,
			headers: {
				'x-api-key': sandbox().apiKey,
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body };
	}

	const first = (kind: Parameters<StartedSandbox['records']>[0]) => sandbox().records(kind)[0];
	const pipeline = () => first('pipelines');
	return {
		sandbox,
		call,
		first,
		pipeline,
		/** The first ACTIVE stage of the seeded sales pipeline. */
		activeStage: () =>
			(pipeline().stages as Body[]).find((stage) => stage.type === 'ACTIVE') as Body,
	};
}
