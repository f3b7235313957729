/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * One attack per finding of issue 13, each against misbehaving loopback servers and
 * through n8n-core (workflow runs, dropdowns, searches, trigger activation, the
 * credential test). Every scenario asserts its own outcome and reports what the
 * suite and the reliability campaign count: where the key went and how long it took.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { expect } from 'vitest';

import { listSearch, loadOptions, runHeffl } from '../harness/n8n';
import { TriggerHarness } from '../harness/trigger';
import { transportLimits } from '../../nodes/shared/transport';
import type { Handler, Listener } from './servers';
import { attackKey, credentialsFor, json, listen, selfSignedCertificate } from './servers';
import { runCredentialTest, runLegacyRequestNode, cancelledRequest } from './n8nPaths';

export interface Outcome {
	/** Requests carrying the API key that reached a listener other than the base URL's. */
	keySeenByOtherHost: number;
	/** Requests the misbehaving base URL received. */
	requests: number;
}

export interface Scenario {
	/** The finding of issue 13 it reproduces (1-9). */
	item: number;
	name: string;
	/** No run of the scenario may take longer. */
	capMs: number;
	run(): Promise<Outcome>;
}

// Leads: an API v1 resource ({items, nextCursor, hasMore}, §6.1); companies below for v2.
const leads = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'lead',
	operation: 'getAll',
	returnAll: true,
	...extra,
});
const createLead: INodeParameters = { resource: 'lead', operation: 'create', name: 'Attack' };
const getLead: INodeParameters = {
	resource: 'lead',
	operation: 'get',
	leadId: { __rl: true, mode: 'id', value: 'ld_attack' },
};
type Headers = Record<string, string>;
const lead = (n: number) => ({ id: `ld_${n}`, name: `Lead ${n}` });

/** Starts the servers, runs `body`, closes everything, and counts the key on the other hosts. */
async function withServers(
	handler: Handler,
	body: (base: Listener, key: string) => Promise<Listener[] | void>,
): Promise<Outcome> {
	const base = await listen(handler);
	const key = attackKey();
	let others: Listener[] = [];
	try {
		others = (await body(base, key)) ?? [];
		return {
			keySeenByOtherHost: others.reduce((count, other) => count + other.sawKey(key), 0),
			requests: base.requests.length,
		};
	} finally {
		await Promise.all([base, ...others].map((listener) => listener.close()));
	}
}

/** A second origin (another port) that answers 200 to anything, as a thief would. */
const thief = async () => await listen((_request, response) => json(response, 200, { items: [] }));

function expectFailure(
	result: { error?: Error & { description?: string } },
	message: RegExp,
	description?: RegExp,
) {
	expect(result.error, 'the item should fail').toBeDefined();
	expect(result.error?.name).not.toBe('TypeError');
	expect(result.error?.message).toMatch(message);
	if (description) expect(result.error?.description).toMatch(description);
}

/** Runs `fn` with the transport's limits shortened, restoring them after. */
async function withLimits<T>(limits: Partial<typeof transportLimits>, fn: () => Promise<T>) {
	const saved = { ...transportLimits };
	Object.assign(transportLimits, limits);
	try {
		return await fn();
	} finally {
		Object.assign(transportLimits, saved);
	}
}

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

export const scenarios: Scenario[] = [
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
	{
		item: 2,
		name: 'credential test with a plain-http, non-loopback v1 Base URL: refused before anything is sent',
		capMs: 5000,
		run: async () =>
			await withServers(
				(_request, response) => json(response, 200, { items: [] }),
				async (listener, apiKey) => {
					// [::ffff:127.0.0.1] reaches the loopback listener but is not one of the
					// loopback names http is allowed for: it stands in for http://api.heffl.com.
					const port = new URL(listener.origin).port;
					const plainHttp = `http://[::ffff:127.0.0.1]:${port}`;
					const result = await runCredentialTest(credentialsFor(plainHttp, apiKey));
					expect(result.status).toBe('Error');
					expect(result.message).toMatch(/API key was not sent.*must use https:\/\//);
					expect(listener.requests).toHaveLength(0);
					return [listener];
				},
			),
	},
	{
		item: 2,
		name: 'credential test against a sound base URL still passes and sends the key there only',
		capMs: 5000,
		run: async () =>
			await withServers(
				(_request, response) => json(response, 200, { items: [] }),
				async (base, apiKey) => {
					const result = await runCredentialTest(credentialsFor(base.origin, apiKey));
					expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
					expect(base.sawKey(apiKey)).toBe(1);
				},
			),
	},
	{
		item: 2,
		name: "HTTP Request node's request helper with the credential: another origin or plain http never gets the key",
		capMs: 5000,
		run: async () => {
			const other = await thief();
			return await withServers(
				(_request, response) => json(response, 200, { items: [] }),
				async (base, apiKey) => {
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
				},
			);
		},
	},
	...(
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
	),
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
	...(
		[
			[
				'hasMore with a cursor that never changes',
				() => ({ items: [lead(1)], hasMore: true, nextCursor: 'same' }),
				/same page cursor of the lead list again/,
			],
			[
				'empty pages with hasMore',
				(index: number) => ({ items: [], hasMore: true, nextCursor: `c${index}` }),
				/empty page of the lead list that claims more follows/,
			],
			[
				'cursors going round in a circle',
				(index: number) => ({ items: [lead(index)], hasMore: true, nextCursor: `c${index % 3}` }),
				/page cursor of the lead list it had sent before/,
			],
			[
				'ever new cursors past the page cap (cap lowered to 20 pages)',
				(index: number) => ({ items: [lead(index)], hasMore: true, nextCursor: `c${index + 1}` }),
				/longer than 20 pages; reading stopped/,
			],
		] as Array<[string, (index: number) => IDataObject, RegExp]>
	).map(
		([what, page, message]): Scenario => ({
			item: 4,
			name: `Return All, ${what}: stops with an error after a bounded number of pages`,
			capMs: 5000,
			run: async () =>
				await withLimits(
					{ maxPages: 20 },
					async () =>
						await withServers(
							(_request, response, index) => json(response, 200, page(index)),
							async (base, apiKey) => {
								const result = await runHeffl(leads(), credentialsFor(base.origin, apiKey));
								expectFailure(result, message);
								expect(base.requests.length).toBeLessThanOrEqual(21);
							},
						),
				),
		}),
	),
	// The same misbehaviours in API v2's envelope ({data, meta}), on companies.
	...(
		[
			['a cursor that never changes', () => 'same', /same page cursor of the company list again/],
			[
				'cursors going round in a circle',
				(index: number) => `c${index % 3}`,
				/page cursor of the company list it had sent before/,
			],
			[
				'ever new cursors past the page cap (cap lowered to 20 pages)',
				(index: number) => `c${index + 1}`,
				/longer than 20 pages; reading stopped/,
			],
		] as Array<[string, (index: number) => string, RegExp]>
	).map(
		([what, cursor, message]): Scenario => ({
			item: 4,
			name: `Return All on API v2 (companies), ${what}: stops with an error after a bounded number of pages`,
			capMs: 5000,
			run: async () =>
				await withLimits(
					{ maxPages: 20 },
					async () =>
						await withServers(
							(_request, response, index) =>
								json(response, 200, {
									data: [{ id: `clt_${index}`, name: `Company ${index}` }],
									meta: { hasMore: true, nextCursor: cursor(index) },
								}),
							async (base, apiKey) => {
								// Unfiltered, and with a condition (each record then checked in n8n).
								for (const filters of [
									{},
									{
										conditions: {
											condition: [{ field: 'name', operator: 'is_not', values: 'Other' }],
										},
									},
								]) {
									base.requests.length = 0;
									const result = await runHeffl(
										{ resource: 'company', operation: 'getAll', returnAll: true, filters },
										credentialsFor(base.origin, apiKey),
									);
									expectFailure(result, message);
									expect(base.requests.length).toBeLessThanOrEqual(21);
								}
							},
						),
				),
		}),
	),
	{
		item: 4,
		name: 'dropdown, search and trigger activation on a cursor that never changes: each stops with an error',
		capMs: 5000,
		run: async () =>
			await withServers(
				(_request, response) =>
					json(response, 200, {
						items: [{ id: 'x', name: 'X', url: 'u' }],
						hasMore: true,
						nextCursor: 'same',
					}),
				async (base, apiKey) => {
					const credentials = credentialsFor(base.origin, apiKey);
					await expect(loadOptions('getLeadSources', {}, credentials)).rejects.toThrow(
						/same page cursor/,
					);
					await expect(listSearch('searchLeads', credentials, '', 'same')).rejects.toThrow(
						/same page cursor/,
					);
					const trigger = await new TriggerHarness(credentials, {
						subscription: 'automatic',
						events: ['*'],
					}).listen();
					try {
						await expect(trigger.activate()).rejects.toThrow(/same page cursor/);
					} finally {
						await trigger.close();
					}
					expect(base.requests.length).toBeLessThanOrEqual(6);
				},
			),
	},
	...(['get', 'create'] as const).map(
		(operation): Scenario => ({
			item: 5,
			name: `${operation}: headers at once, then 1 byte every 300 ms (deadline lowered to 1 s): cut off at the deadline, connection closed`,
			capMs: 4000,
			run: async () => {
				let closed = false;
				return await withLimits(
					{ deadlineMs: 1000 },
					async () =>
						await withServers(
							async (_request, response) => {
								response.on('close', () => (closed = true));
								response.writeHead(200, { 'content-type': 'application/json' });
								for (let i = 0; i < 100 && !closed; i++) {
									response.write(' ');
									await new Promise((resolve) => setTimeout(resolve, 300));
								}
								response.end('{}');
							},
							async (base, apiKey) => {
								const result = await runHeffl(
									operation === 'get' ? getLead : createLead,
									credentialsFor(base.origin, apiKey),
								);
								expectFailure(
									result,
									operation === 'get'
										? /^Heffl did not finish answering within 1 s$/
										: /within 1 s: the lead may or may not have been created$/,
								);
								expect(base.requests).toHaveLength(1);
								// The request was aborted, not just abandoned: the trickle stops.
								for (let i = 0; i < 20 && !closed; i++) {
									await new Promise((resolve) => setTimeout(resolve, 50));
								}
								expect(closed).toBe(true);
							},
						),
				);
			},
		}),
	),
	{
		item: 5,
		name: 'an answer still trickling in ends as soon as the execution is cancelled, connection closed',
		capMs: 3000,
		run: async () => {
			let closed = false;
			return await withServers(
				async (_request, response) => {
					response.on('close', () => (closed = true));
					response.writeHead(200, { 'content-type': 'application/json' });
					for (let i = 0; i < 100 && !closed; i++) {
						response.write(' ');
						await new Promise((resolve) => setTimeout(resolve, 100));
					}
					response.end('{}');
				},
				async (base, apiKey) => {
					const outcome = await cancelledRequest(credentialsFor(base.origin, apiKey), 300);
					expect(outcome.error).toMatch(/execution was cancelled while waiting for Heffl/);
					expect(outcome.elapsedMs).toBeLessThan(2000);
					for (let i = 0; i < 20 && !closed; i++) {
						await new Promise((resolve) => setTimeout(resolve, 50));
					}
					expect(closed).toBe(true);
				},
			);
		},
	},
	...(
		[
			['Get Many', leads(), /HTTP 200 with an HTML page/],
			['Create', createLead, /HTML page .*: the lead may or may not have been created/],
			['Get', getLead, /HTTP 200 with an HTML page/],
		] as Array<[string, INodeParameters, RegExp]>
	).map(
		([what, parameters, message]): Scenario => ({
			item: 6,
			name: `${what} answered 200 with an HTML page: a clear error pointing at the base URL`,
			capMs: 3000,
			run: async () =>
				await withServers(
					(_request, response) => {
						response.writeHead(200, { 'content-type': 'text/html' });
						response.end('<!doctype html><html><body>Welcome to Heffl</body></html>');
					},
					async (base, apiKey) => {
						const result = await runHeffl(parameters, credentialsFor(base.origin, apiKey));
						expectFailure(result, message, /Check the v1 Base URL in the Heffl API credential/);
					},
				),
		}),
	),
	...[500, 502, 503].map(
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
	),
	...([400, 500] as const).map(
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
	),
	...(
		[
			[
				'Limit',
				{ returnAll: false, limit: 'abc' },
				/^Limit: 'abc' is not a whole number from 1 up$/,
			],
			['Limit', { returnAll: false, limit: null }, /^Limit: null is not a whole number from 1 up$/],
			['Limit', { returnAll: false, limit: 1.5 }, /^Limit: 1\.5 is not a whole number from 1 up$/],
			['Limit', { returnAll: false, limit: -1 }, /^Limit: -1 is not a whole number from 1 up$/],
			['Return All', { returnAll: 'maybe' }, /^Return All: 'maybe' is not true or false$/],
			[
				'Max Retries',
				{ options: { maxRetries: 1e9 } },
				/^Options, Max Retries: 1000000000 is not a whole number from 0 to 10$/,
			],
			[
				'Max Retries',
				{ options: { maxRetries: -1 } },
				/^Options, Max Retries: -1 is not a whole number from 0 to 10$/,
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
	),
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
	...(
		[
			['items: {} in a list', { items: {}, hasMore: false }, leads(), /'items' is a JSON object/],
			['a null body to a Get', null, getLead, /HTTP 200 with null instead of a JSON object/],
			['a null body to a list', null, leads(), /HTTP 200 with null instead of a JSON object/],
			[
				'items holding nulls',
				{ items: [null, 3], hasMore: false },
				leads(),
				/entries that are not records/,
			],
			[
				'a v2 list whose data is text',
				{ data: 'maintenance', meta: { hasMore: false } },
				{ resource: 'contact', operation: 'getAll', returnAll: true },
				/'data' is text \('maintenance'\)/,
			],
		] as Array<[string, unknown, INodeParameters, RegExp]>
	).map(
		([what, body, parameters, message]): Scenario => ({
			item: 9,
			name: `${what}: a NodeApiError saying what Heffl sent, not a TypeError`,
			capMs: 3000,
			run: async () =>
				await withServers(
					(_request, response) => json(response, 200, body),
					async (base, apiKey) => {
						const result = await runHeffl(parameters, credentialsFor(base.origin, apiKey));
						expectFailure(result, message);
						expect(result.error?.name).toBe('NodeApiError');
					},
				),
		}),
	),
	{
		item: 9,
		name: 'tags dropdown whose items hold nulls: rejected with what Heffl sent, not a TypeError',
		capMs: 3000,
		run: async () =>
			await withServers(
				(_request, response) => json(response, 200, { items: [null], hasMore: false }),
				async (base, apiKey) => {
					await expect(
						loadOptions('getTags', { resource: 'lead' }, credentialsFor(base.origin, apiKey)),
					).rejects.toThrow(/'items' has entries that are not records/);
				},
			),
	},
	{
		item: 9,
		name: 'stages dropdown of a pipeline whose stages are an object: no stages, not a TypeError',
		capMs: 3000,
		run: async () =>
			await withServers(
				(_request, response) =>
					json(response, 200, {
						items: [
							{ id: 'dpl_a', name: 'Broken', stages: {} },
							{ id: 'dpl_b', name: 'Sales', stages: [null, { id: 'dps_1', name: 'New' }] },
						],
						hasMore: false,
					}),
				async (base, apiKey) => {
					const options = await loadOptions(
						'getPipelineStages',
						{ resource: 'deal' },
						credentialsFor(base.origin, apiKey),
					);
					expect(options).toEqual([{ name: 'Sales › New', value: 'dps_1' }]);
				},
			),
	},
	{
		item: 8,
		name: 'a v2 list whose data is text echoing the key: the error says what was sent, without the key',
		capMs: 3000,
		run: async () =>
			await withServers(
				(request, response) =>
					json(response, 200, { data: `key ${String(request.headers['x-api-key'])}` }),
				async (base, apiKey) => {
					const result = await runHeffl(
						{ resource: 'contact', operation: 'getAll', returnAll: true },
						credentialsFor(base.origin, apiKey),
					);
					expectFailure(result, /'data' is text \('key \[redacted API key\]'\)/);
					expect(JSON.stringify(result.run)).not.toContain(apiKey);
				},
			),
	},
];
