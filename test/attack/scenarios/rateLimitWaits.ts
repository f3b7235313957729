/**
 * Finding 3: an absurd wait asked for by Heffl (Retry-After, RateLimit-Reset, an HTTP
 * date, a spent budget) fails the item at once instead of sleeping for days, and a
 * wait within the cap ends when the execution is cancelled.
 */
import { expect } from 'vitest';

import { runHeffl } from '../../../drivers/harness/n8n';
import { cancelledRequest } from '../n8nPaths';
import { credentialsFor, json } from '../servers';
import type { Scenario } from './tools';
import { expectFailure, lead, leads, withServers } from './tools';

type Headers = Record<string, string>;

const absurdWaits = (
	[
		[
			'Retry-After: 2000000 on a 429',
			{ 'retry-after': '2000000' },
			429,
			/wait 2000000 s \(Retry-After\)/,
		],
		[
			'RateLimit-Reset: 86400 on a 429',
			{ 'ratelimit-reset': '86400' },
			429,
			/wait 86400 s \(RateLimit-Reset\)/,
		],
		[
			'an HTTP date three days ahead in Retry-After',
			() => ({ 'retry-after': new Date(Date.now() + 3 * 86_400_000).toUTCString() }),
			429,
			/wait (25919\d|259200) s \(Retry-After\)/,
		],
		[
			'Retry-After: 1000000000 (a timer overflow hammered the server)',
			{ 'retry-after': '1000000000' },
			429,
			/wait 1000000000 s \(Retry-After\)/,
		],
	] as Array<[string, Headers | (() => Headers), number, RegExp]>
).map(
	([what, headers, status, message]): Scenario => ({
		item: 3,
		name: `${what}: the item fails at once saying how long Heffl asked to wait`,
		capMs: 3000,
		run: async () =>
			await withServers(
				(_request, response) =>
					json(
						response,
						status,
						{ code: 'TOO_MANY_REQUESTS' },
						typeof headers === 'function' ? headers() : headers,
					),
				async (base, apiKey) => {
					const result = await runHeffl(leads(), credentialsFor(base.origin, apiKey));
					expectFailure(result, message, /run the item again later/);
					expect(base.requests).toHaveLength(1);
				},
			),
	}),
);

export const rateLimitWaits: Scenario[] = [
	...absurdWaits,
	{
		item: 3,
		name: 'a 200 with RateLimit-Remaining: 0 and a reset a day away: the next request fails instead of sleeping',
		capMs: 3000,
		run: async () =>
			await withServers(
				(request, response) =>
					json(
						response,
						200,
						{ items: [lead(1)], hasMore: true, nextCursor: 'c2' },
						{
							'ratelimit-remaining': '0',
							'ratelimit-reset': '86400',
						},
					),
				async (base, apiKey) => {
					const result = await runHeffl(leads(), credentialsFor(base.origin, apiKey));
					expectFailure(result, /Heffl asked to wait 86400 s/);
					expect(base.requests).toHaveLength(1);
				},
			),
	},
	{
		item: 3,
		name: 'a wait within the cap ends as soon as the execution is cancelled',
		capMs: 3000,
		run: async () =>
			await withServers(
				(_request, response) =>
					json(response, 429, { code: 'TOO_MANY_REQUESTS' }, { 'retry-after': '100' }),
				async (base, apiKey) => {
					const outcome = await cancelledRequest(credentialsFor(base.origin, apiKey), 300);
					expect(outcome.error).toMatch(/execution was cancelled while waiting for Heffl/);
					expect(outcome.elapsedMs).toBeLessThan(2000);
					expect(base.requests).toHaveLength(1);
				},
			),
	},
];
