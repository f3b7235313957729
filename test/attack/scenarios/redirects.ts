/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * Finding 1: a redirect to another origin, or from https to plain http, is never
 * followed, so the API key stays with the base URL.
 */
import type { INodeParameters } from 'n8n-workflow';
import { expect } from 'vitest';

import { runHeffl } from '../../../drivers/harness/n8n';
import { runLegacyRequestNode } from '../n8nPaths';
import type { Handler } from '../servers';
import { attackKey, credentialsFor, listen, selfSignedCertificate } from '../servers';
import type { Scenario } from './tools';
import { createLead, expectFailure, leads, thief, withServers } from './tools';

const redirectTo =
	(target: () => string, status: number): Handler =>
	(request, response) => {
		response.writeHead(status, { location: `${target()}${request.url}` });
		response.end();
	};

function redirectScenario(status: number, parameters: INodeParameters, what: string): Scenario {
	return {
		item: 1,
		name: `${status} to another origin on ${what}: not followed, the other host never sees the key`,
		capMs: 5000,
		run: async () => {
			const other = await thief();
			return await withServers(
				redirectTo(() => other.origin, status),
				async (base, apiKey) => {
					const result = await runHeffl(parameters, credentialsFor(base.origin, apiKey));
					expectFailure(
						result,
						new RegExp(`redirect \\(HTTP ${status}\\) to ${other.origin}; it was not followed`),
						/Fix the v1 Base URL in the Heffl API credential/,
					);
					expect(base.requests).toHaveLength(1);
					expect(other.requests).toHaveLength(0);
					return [other];
				},
			);
		},
	};
}

export const redirects: Scenario[] = [
	redirectScenario(302, leads(), 'Get Many'),
	redirectScenario(307, createLead, 'Create (307 would re-send the body)'),
	{
		item: 1,
		name: 'https base URL answering 301 to plain http: not followed, the http listener never sees the key',
		capMs: 10_000,
		run: async () => {
			// The self-signed certificate of the https listener is trusted in this test process only.
			process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
			const plain = await thief();
			const secure = await listen(
				redirectTo(() => plain.origin, 301),
				selfSignedCertificate(),
			);
			const apiKey = attackKey();
			try {
				const result = await runHeffl(leads(), credentialsFor(secure.origin, apiKey));
				expectFailure(
					result,
					new RegExp(`redirect \\(HTTP 301\\) to ${plain.origin}; it was not followed`),
					/never over plain http/,
				);
				expect(secure.sawKey(apiKey)).toBe(1);
				expect(plain.requests).toHaveLength(0);
				return { keySeenByOtherHost: plain.sawKey(apiKey), requests: secure.requests.length };
			} finally {
				delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
				await Promise.all([plain.close(), secure.close()]);
			}
		},
	},
	{
		item: 1,
		name: "HTTP Request node's request helper with the credential: a redirect to another origin is not followed",
		capMs: 5000,
		run: async () => {
			const other = await thief();
			return await withServers(
				redirectTo(() => other.origin, 302),
				async (base, apiKey) => {
					const outcome = await runLegacyRequestNode(
						credentialsFor(base.origin, apiKey),
						`${base.origin}/api/v1/leads`,
					);
					expect(outcome.error).toBeDefined();
					expect(base.sawKey(apiKey)).toBe(1);
					expect(other.requests).toHaveLength(0);
					return [other];
				},
			);
		},
	},
];
