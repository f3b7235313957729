/**
 * Finding 4: a server that always claims more pages (a cursor that never changes,
 * empty pages, cursors in a circle, ever new cursors) makes Return All, dropdowns,
 * searches and trigger activation stop with an error after a bounded number of pages.
 */
import type { IDataObject } from 'n8n-workflow';
import { expect } from 'vitest';

import { listSearch, loadOptions, runHeffl } from '../../../drivers/harness/n8n';
import { TriggerHarness } from '../../../drivers/harness/trigger';
import type { Handler, Listener } from '../servers';
import { credentialsFor, json } from '../servers';
import type { Scenario } from './tools';
import { expectFailure, lead, leads, withLimits, withServers } from './tools';

/** `withServers` with the page cap lowered to 20, so an endless list ends quickly. */
const withPageCap = async (
	handler: Handler,
	body: (base: Listener, apiKey: string) => Promise<void>,
) => await withLimits({ maxPages: 20 }, async () => await withServers(handler, body));

const v1Envelope = (
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
			await withPageCap(
				(_request, response, index) => json(response, 200, page(index)),
				async (base, apiKey) => {
					const result = await runHeffl(leads(), credentialsFor(base.origin, apiKey));
					expectFailure(result, message);
					expect(base.requests.length).toBeLessThanOrEqual(21);
				},
			),
	}),
);

// The same misbehaviours in API v2's envelope ({data, meta}), on companies.
const v2Envelope = (
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
			await withPageCap(
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
	}),
);

export const endlessPaging: Scenario[] = [
	...v1Envelope,
	...v2Envelope,
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
];
