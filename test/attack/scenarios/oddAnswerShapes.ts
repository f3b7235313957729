/**
 * Finding 9, answers: a 200 whose body is not the shape the API documents (null, an
 * object for a list, nulls among the records, text for v2's data) fails with what
 * Heffl sent, not a TypeError; dropdowns skip or reject such entries.
 */
import type { INodeParameters } from 'n8n-workflow';
import { expect } from 'vitest';

import { loadOptions, runHeffl } from '../../../drivers/harness/n8n';
import { credentialsFor, json } from '../servers';
import type { Scenario } from './tools';
import { expectFailure, getLead, leads, withServers } from './tools';

const v2Contacts: INodeParameters = { resource: 'contact', operation: 'getAll', returnAll: true };

const nodeApiErrors = (
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
			v2Contacts,
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
);

export const oddAnswerShapes: Scenario[] = [
	...nodeApiErrors,
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
	// Finding 8 on an odd shape: the text Heffl sent is quoted in the error, redacted.
	{
		item: 8,
		name: 'a v2 list whose data is text echoing the key: the error says what was sent, without the key',
		capMs: 3000,
		run: async () =>
			await withServers(
				(request, response) =>
					json(response, 200, { data: `key ${String(request.headers['x-api-key'])}` }),
				async (base, apiKey) => {
					const result = await runHeffl(v2Contacts, credentialsFor(base.origin, apiKey));
					expectFailure(result, /'data' is text \('key \[redacted API key\]'\)/);
					expect(JSON.stringify(result.run)).not.toContain(apiKey);
				},
			),
	},
];
