/**
 * Finding 7: a create answered with a 5xx is sent once, not retried into duplicates,
 * and the error says the record may exist and how to check.
 */
import { expect } from 'vitest';

import { runHeffl } from '../../../drivers/harness/n8n';
import { credentialsFor, json } from '../servers';
import type { Scenario } from './tools';
import { createLead, expectFailure, withServers } from './tools';

export const createFailures: Scenario[] = [500, 502, 503].map(
	(status): Scenario => ({
		item: 7,
		name: `create answered ${status}: sent once, and the error says the record may exist and how to check`,
		capMs: 3000,
		run: async () =>
			await withServers(
				(_request, response) => json(response, status, { code: 'INTERNAL', message: 'boom' }),
				async (base, apiKey) => {
					const result = await runHeffl(createLead, credentialsFor(base.origin, apiKey));
					expectFailure(
						result,
						new RegExp(`HTTP ${status}\\): the lead may or may not have been created`),
						/Check whether it exists .* before running this item again/,
					);
					expect(base.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
				},
			),
	}),
);
