/**
 * Bad input is refused before any request, naming the field and the fix: the node's own
 * checks of parameters, IDs from expressions and the credential. Heffl's own refusals:
 * errors.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
// n8n itself refuses a literal ID that fails the locator's pattern; an ID that
// arrives through an expression is the node's to check.
const byExpression = (value: string) => byId(`={{ ${JSON.stringify(value)} }}`);

describe('bad input is refused before any request, naming the field', () => {
	const cases: Array<[string, INodeParameters, RegExp]> = [
		[
			'empty required title',
			{ resource: 'task', operation: 'create', title: '  ' },
			/^Title: a task needs a value here \[item 0\]$/,
		],
		[
			'nothing to create',
			{ resource: 'lead', operation: 'create', name: '  ' },
			/^Nothing to create: every field of the lead is empty \[item 0\]$/,
		],
		[
			'ID with a slash',
			{ resource: 'lead', operation: 'get', leadId: byExpression('ld_1/../clients') },
			/^Lead: .* contains \/, \?, # or a space \[item 0\]$/,
		],
		[
			'ID with a question mark',
			{ resource: 'client', operation: 'delete', clientId: byExpression('clt_1?x=1') },
			/^Client: /,
		],
		[
			'ID with a space',
			{ resource: 'task', operation: 'get', taskId: byExpression('tsk_1 2') },
			/^Task: /,
		],
		[
			'ID of dots alone',
			{ resource: 'deal', operation: 'get', dealId: byExpression('..') },
			/^Deal: '\.\.' is not an ID: an ID of dots alone would change the address \[item 0\]$/,
		],
		[
			'empty ID',
			{ resource: 'deal', operation: 'delete', dealId: byExpression('') },
			/^Deal: the ID is empty \[item 0\]$/,
		],
		[
			'a parent ID in the path with a slash',
			{
				resource: 'pipelineStage',
				operation: 'create',
				pipeline: 'dpl_1/../x',
				name: 'Review',
				position: 1,
			},
			/^Pipeline Name or ID: .* contains \/, \?, # or a space \[item 0\]$/,
		],
		[
			'malformed Filters (JSON)',
			{ resource: 'contact', operation: 'getAll', filters: { filtersJson: '{"email": ' } },
			/^Filters › Filters \(JSON\): is not valid JSON/,
		],
		[
			'malformed Extra Fields (JSON)',
			{
				resource: 'deal',
				operation: 'update',
				dealId: byId('dl_x'),
				updateFields: { extraFields: '[1, 2]' },
			},
			/^Update Fields › Extra Fields \(JSON\): must be a JSON object, not a list \(\[1,2\]\) \[item 0\]$/,
		],
		[
			'not a date',
			{
				resource: 'deal',
				operation: 'update',
				dealId: byId('dl_x'),
				updateFields: { expectedCloseDate: '31/12/2026' },
			},
			/^Update Fields › Expected Close Date: /,
		],
		[
			'a date not on the calendar',
			{
				resource: 'task',
				operation: 'update',
				taskId: byId('tsk_x'),
				updateFields: { dueDate: '2026-02-31' },
			},
			/^Update Fields › Due Date: '2026-02-31' is not a date on the calendar \[item 0\]$/,
		],
		[
			'not a number',
			{
				resource: 'deal',
				operation: 'update',
				dealId: byId('dl_x'),
				updateFields: { price: '=12 USD' },
			},
			/^Update Fields › Price: '12 USD' is not a number \[item 0\]$/,
		],
		[
			'a probability out of its range (§11.7)',
			{
				resource: 'pipelineStage',
				operation: 'update',
				pipelineStageId: byId('dps_x'),
				updateFields: { probability: 120 },
			},
			/^Update Fields › Probability: 120 is not from 0 to 100 \[item 0\]$/,
		],
		[
			'a pipeline without a Won stage (§11.7)',
			{
				resource: 'pipeline',
				operation: 'create',
				name: 'Sales',
				stages: {
					entry: [
						{ name: 'Open', position: 1, type: 'ACTIVE' },
						{ name: 'Lost', position: 2, type: 'LOST' },
					],
				},
			},
			/^Stages: has no WON stage \[item 0\]$/,
		],
		[
			'nothing to update',
			{ resource: 'lead', operation: 'update', leadId: byId('ld_x'), updateFields: {} },
			/^Update Fields: nothing to update \[item 0\]$/,
		],
		[
			'custom field without label',
			{
				resource: 'lead',
				operation: 'create',
				name: 'x',
				customFields: { field: [{ label: '', value: '1' }] },
			},
			/^Custom Fields › field 1: has no label \[item 0\]$/,
		],
		[
			'a custom field typed Number that is not one',
			{
				resource: 'client',
				operation: 'create',
				clientType: 'company',
				name: 'x',
				customFields: { field: [{ label: 'Budget', value: 'lots', valueType: 'number' }] },
			},
			/^Custom Fields › field 1 › Value \(cf_budget\): 'lots' is not a number \[item 0\]$/,
		],
	];

	test.each(cases)('%s', async (_name, parameters, message) => {
		ctx.sandbox.clearRequests();
		const result = await runHeffl(parameters, ctx.credentials);
		expect(result.error?.message).toMatch(message);
		expect(ctx.apiRequests()).toHaveLength(0);
	});

	test('a key with a line break inside is refused, naming the credential field', async () => {
		ctx.sandbox.clearRequests();
		const [head, tail] = [ctx.sandbox.apiKey.slice(0, 10), ctx.sandbox.apiKey.slice(10)];
		const result = await runHeffl(
			{ resource: 'leadSource', operation: 'getAll' },
			{ ...ctx.credentials, apiKey: `${head}\n${tail}` },
		);
		expect(result.error?.message).toBe(
			'Heffl API credential, API Key: contains spaces or line breaks [item 0]',
		);
		expect(ctx.apiRequests()).toHaveLength(0);
	});

	test("n8n's own check stops a literal ID that fails the locator's pattern", async () => {
		const result = await runHeffl(
			{ resource: 'lead', operation: 'get', leadId: byId('ld_1/2') },
			ctx.credentials,
		).catch((error: Error) => ({ error }));
		expect(result.error?.message).toMatch(/node has issues/);
	});

	test('a plain-http base URL is refused, naming the credential field', async () => {
		const result = await runHeffl(
			{ resource: 'leadSource', operation: 'getAll' },
			{ ...ctx.credentials, v1BaseUrl: 'http://api.heffl.com/api/v1' },
		);
		expect(result.error?.message).toMatch(
			/^Heffl API credential, v1 Base URL: 'http:\/\/api.heffl.com\/api\/v1' must use https:\/\//,
		);
	});
});
