/**
 * Finding 8: an error body that echoes the x-api-key header or a webhook secret
 * reaches neither the error nor the execution data (the key is redacted). The same
 * finding on an odd answer shape is in oddAnswerShapes.ts.
 */
import { expect } from 'vitest';

import { runHeffl } from '../../../drivers/harness/n8n';
import { credentialsFor, json } from '../servers';
import type { Scenario } from './tools';
import { leads, withServers } from './tools';

export const echoedSecrets: Scenario[] = ([400, 500] as const).map(
	(status): Scenario => ({
		item: 8,
		name: `an HTTP ${status} body echoing the x-api-key header and a whsec_ secret: neither reaches the error or the execution data`,
		capMs: 3000,
		run: async () => {
			let seenKey = '';
			return await withServers(
				(request, response) => {
					seenKey = String(request.headers['x-api-key']);
					const echo = `x-api-key: ${seenKey}; secret whsec_c2VjcmV0LXZhbHVlLTEyMzQ=`;
					json(response, status, {
						code: 'ECHO',
						message: echo,
						details: { headers: request.headers, issues: [{ field: 'x', message: echo }] },
					});
				},
				async (base, apiKey) => {
					const result = await runHeffl(
						{ ...leads(), options: { maxRetries: 0 } },
						credentialsFor(base.origin, apiKey),
					);
					expect(seenKey).toBe(apiKey);
					expect(result.error).toBeDefined();
					const everything = JSON.stringify(result.run) + JSON.stringify(result.error);
					expect(everything).not.toContain(apiKey);
					expect(everything).not.toContain('whsec_c2VjcmV0');
					expect(everything).toContain('[redacted API key]');
				},
			);
		},
	}),
);
