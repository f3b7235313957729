/**
 * Finding 9, parameters: a Limit, Return All or Max Retries n8n would not offer
 * (from an expression or an edited workflow) is refused naming the field before
 * anything is sent, and Return All given as text means what it says.
 */
import type { INodeParameters } from 'n8n-workflow';
import { expect } from 'vitest';

import { runHeffl } from '../../../drivers/harness/n8n';
import { credentialsFor, json } from '../servers';
import type { Scenario } from './tools';
import { expectFailure, lead, leads, withServers } from './tools';

const refused = (
	[
		['Limit', { returnAll: false, limit: 'abc' }, /^Limit: 'abc' is not a whole number from 1 up \[item 0\]$/],
		['Limit', { returnAll: false, limit: null }, /^Limit: null is not a whole number from 1 up \[item 0\]$/],
		['Limit', { returnAll: false, limit: 1.5 }, /^Limit: 1\.5 is not a whole number from 1 up \[item 0\]$/],
		['Limit', { returnAll: false, limit: -1 }, /^Limit: -1 is not a whole number from 1 up \[item 0\]$/],
		['Return All', { returnAll: 'maybe' }, /^Return All: 'maybe' is not true or false \[item 0\]$/],
		[
			'Max Retries',
			{ options: { maxRetries: 1e9 } },
			/^Options, Max Retries: 1000000000 is not a whole number from 0 to 10 \[item 0\]$/,
		],
		[
			'Max Retries',
			{ options: { maxRetries: -1 } },
			/^Options, Max Retries: -1 is not a whole number from 0 to 10 \[item 0\]$/,
		],
	] as Array<[string, INodeParameters, RegExp]>
).map(
	([field, parameters, message]): Scenario => ({
		item: 9,
		name: `${field} ${JSON.stringify(parameters)}: refused naming the field, nothing sent`,
		capMs: 3000,
		run: async () =>
			await withServers(
				(_request, response) => json(response, 200, { items: [lead(1)], hasMore: false }),
				async (base, apiKey) => {
					const result = await runHeffl(leads(parameters), credentialsFor(base.origin, apiKey));
					expectFailure(result, message);
					expect(result.error?.name).toBe('NodeOperationError');
					expect(base.requests).toHaveLength(0);
				},
			),
	}),
);

export const badParameters: Scenario[] = [
	...refused,
	{
		item: 9,
		name: 'Return All given as the string "false": off, so the Limit (hidden, so its default 50) applies',
		capMs: 3000,
		run: async () =>
			await withServers(
				(_request, response, index) =>
					json(response, 200, {
						items: Array.from({ length: 30 }, (_, n) => lead(index * 30 + n)),
						hasMore: true,
						nextCursor: `c${index + 1}`,
					}),
				async (base, apiKey) => {
					const result = await runHeffl(
						leads({ returnAll: 'false' }),
						credentialsFor(base.origin, apiKey),
					);
					expect(result.error).toBeUndefined();
					expect(result.json).toHaveLength(50);
					expect(base.requests).toHaveLength(2);
				},
			),
	},
];
