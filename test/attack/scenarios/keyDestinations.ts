/**
 * Finding 2: the key is sent to the credential's own base URL only, and never over
 * plain http to a host that is not loopback, whether n8n's credential test or the
 * HTTP Request node's request helper sends it.
 */
import { expect } from 'vitest';

import { runCredentialTest, runLegacyRequestNode } from '../n8nPaths';
import { credentialsFor } from '../servers';
import type { Scenario } from './tools';
import { emptyList, thief, withServers } from './tools';

export const keyDestinations: Scenario[] = [
	{
		item: 2,
		name: 'credential test with a plain-http, non-loopback v1 Base URL: refused before anything is sent',
		capMs: 5000,
		run: async () =>
			await withServers(emptyList, async (listener, apiKey) => {
				// [::ffff:127.0.0.1] reaches the loopback listener but is not one of the
				// loopback names http is allowed for: it stands in for http://api.heffl.com.
				const port = new URL(listener.origin).port;
				const plainHttp = `http://[::ffff:127.0.0.1]:${port}`;
				const result = await runCredentialTest(credentialsFor(plainHttp, apiKey));
				expect(result.status).toBe('Error');
				expect(result.message).toMatch(/API key was not sent.*must use https:\/\//);
				expect(listener.requests).toHaveLength(0);
				return [listener];
			}),
	},
	{
		item: 2,
		name: 'credential test against a sound base URL still passes and sends the key there only',
		capMs: 5000,
		run: async () =>
			await withServers(emptyList, async (base, apiKey) => {
				const result = await runCredentialTest(credentialsFor(base.origin, apiKey));
				expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
				expect(base.sawKey(apiKey)).toBe(1);
			}),
	},
	{
		item: 2,
		name: "HTTP Request node's request helper with the credential: another origin or plain http never gets the key",
		capMs: 5000,
		run: async () => {
			const other = await thief();
			return await withServers(emptyList, async (base, apiKey) => {
				const credentials = credentialsFor(base.origin, apiKey);
				const elsewhere = await runLegacyRequestNode(credentials, `${other.origin}/steal`);
				expect(elsewhere.error).toMatch(/API key was not sent to http:\/\/127\.0\.0\.1:\d+/);
				const port = new URL(other.origin).port;
				const plain = await runLegacyRequestNode(
					{ ...credentials, v1BaseUrl: `http://[::ffff:127.0.0.1]:${port}/api/v1` },
					`http://[::ffff:127.0.0.1]:${port}/api/v1/leads`,
				);
				expect(plain.error).toMatch(/must use https:\/\//);
				const own = await runLegacyRequestNode(credentials, `${base.origin}/api/v1/leads`);
				expect(own.error).toBeUndefined();
				expect(base.sawKey(apiKey)).toBe(1);
				return [other];
			});
		},
	},
];
