/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * Finding 5: an answer that trickles in a byte at a time is cut off at the deadline,
 * or as soon as the execution is cancelled, and the connection is closed rather
 * than left to trickle on.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';

import { runHeffl } from '../../../drivers/harness/n8n';
import { cancelledRequest } from '../n8nPaths';
import type { Handler } from '../servers';
import { credentialsFor } from '../servers';
import type { Scenario } from './tools';
import { createLead, expectFailure, getLead, withLimits, withServers } from './tools';

/** Headers at once, then a space every `everyMs` (100 at most) until the client hangs up. */
function trickle(everyMs: number) {
	let closed = false;
	const handler: Handler = async (_request, response) => {
		response.on('close', () => (closed = true));
		response.writeHead(200, { 'content-type': 'application/json' });
		for (let i = 0; i < 100 && !closed; i++) {
			response.write(' ');
			await sleep(everyMs);
		}
		response.end('{}');
	};
	// Closed within a second: the request was aborted, not just abandoned.
	const closesSoon = async () => {
		for (let i = 0; i < 20 && !closed; i++) await sleep(50);
		return closed;
	};
	return { handler, closesSoon };
}

export const tricklingAnswers: Scenario[] = [
	...(['get', 'create'] as const).map(
		(operation): Scenario => ({
			item: 5,
			name: `${operation}: headers at once, then 1 byte every 300 ms (deadline lowered to 1 s): cut off at the deadline, connection closed`,
			capMs: 4000,
			run: async () => {
				const server = trickle(300);
				return await withLimits(
					{ deadlineMs: 1000 },
					async () =>
						await withServers(server.handler, async (base, apiKey) => {
							const result = await runHeffl(
								operation === 'get' ? getLead : createLead,
								credentialsFor(base.origin, apiKey),
							);
							expectFailure(
								result,
								operation === 'get'
									? /^Heffl did not finish answering within 1 s \[item 0\]$/
									: /within 1 s: the lead may or may not have been created \[item 0\]$/,
							);
							expect(base.requests).toHaveLength(1);
							expect(await server.closesSoon()).toBe(true);
						}),
				);
			},
		}),
	),
	{
		item: 5,
		name: 'an answer still trickling in ends as soon as the execution is cancelled, connection closed',
		capMs: 3000,
		run: async () => {
			const server = trickle(100);
			return await withServers(server.handler, async (base, apiKey) => {
				const outcome = await cancelledRequest(credentialsFor(base.origin, apiKey), 300);
				expect(outcome.error).toMatch(/execution was cancelled while waiting for Heffl/);
				expect(outcome.elapsedMs).toBeLessThan(2000);
				expect(await server.closesSoon()).toBe(true);
			});
		},
	},
];
