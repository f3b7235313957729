import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../harness/context';
import { runHeffl } from '../harness/n8n';

const ctx = useSandbox();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
// n8n itself refuses a literal ID that fails the locator's pattern; an ID that
// arrives through an expression is the node's to check.
const byExpression = (value: string) => byId(`={{ ${JSON.stringify(value)} }}`);

describe("Heffl's errors become NodeApiError with code, message, status and advice", () => {
	test('401: a revoked key, with what to do and without the key', async () => {
		const key = ctx.sandbox.createApiKey('A');
		ctx.sandbox.revokeApiKey(key);
		const result = await runHeffl(
			{ resource: 'leadSource', operation: 'getAll' },
			{ ...ctx.credentials, apiKey: key },
		);
		expect(result.error?.message).toBe('Heffl rejected the API key');
		expect(result.error?.description).toMatch(/^UNAUTHORIZED: .*create a new key in Heffl/);
		expect(result.error?.httpCode).toBe('401');
		expect(JSON.stringify(result.error)).not.toContain(key);
	});

	test('403: a record of another workspace', async () => {
		const foreign = (ctx.sandbox.records('leads', 'B') as IDataObject[])[0];
		const result = await runHeffl(
			{ resource: 'lead', operation: 'get', leadId: byId(String(foreign.id)) },
			ctx.credentials,
		);
		expect(result.error?.message).toBe('Access to this lead is forbidden for this API key');
		expect(result.error?.description).toMatch(/^FORBIDDEN: .*another Heffl workspace/);
		expect(result.error?.context).toMatchObject({ code: 'FORBIDDEN', httpCode: 403 });
	});

	test('404: an unknown record', async () => {
		const result = await runHeffl(
			{ resource: 'deal', operation: 'get', dealId: byId('dl_doesnotexist0000000') },
			ctx.credentials,
		);
		expect(result.error?.message).toBe('The deal was not found');
		expect(result.error?.context).toMatchObject({ code: 'NOT_FOUND', httpCode: 404 });
	});

	test("400 on v1 keeps Heffl's flat code and message", async () => {
		const pipelines = ctx.sandbox.records('pipelines') as Array<{
			id: string;
			stages: IDataObject[];
		}>;
		const result = await runHeffl(
			{
				resource: 'deal',
				operation: 'create',
				title: 'Mismatched stage',
				dealPipelineId: pipelines[0].id,
				additionalFields: {
					stageId: String(pipelines[1].stages[0].id),
					clientId: String(ctx.sandbox.records('clients')[0].id),
				},
			},
			ctx.credentials,
		);
		expect(result.error?.context).toMatchObject({ code: 'BAD_REQUEST', httpCode: 400 });
		expect(result.error?.message).toMatch(/stageId/);
	});

	test('400 on v2 keeps the nested VALIDATION_ERROR and its field issues', async () => {
		const result = await runHeffl(
			{ resource: 'documentTemplate', operation: 'getAll', filters: { type: 'letters' } },
			ctx.credentials,
		);
		expect(result.error?.context).toMatchObject({
			code: 'VALIDATION_ERROR',
			httpCode: 400,
			details: { issues: [expect.objectContaining({ field: 'type' })] },
		});
		expect(result.error?.description).toMatch(/type: /);
	});
});

describe('continueOnFail', () => {
	test('a failing item becomes an error item; the others still run, each once', async () => {
		const before = (ctx.sandbox.records('tasks') as IDataObject[]).length;
		const result = await runHeffl(
			{ resource: 'task', operation: 'create', title: '={{ $json.title }}' },
			ctx.credentials,
			{ items: [{ title: 'one' }, { title: '' }, { title: 'three' }], continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ title: 'one' });
		expect(result.json[1]).toMatchObject({ error: 'Title: a task needs a value here' });
		expect(result.json[2]).toMatchObject({ title: 'three' });
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect((ctx.sandbox.records('tasks') as IDataObject[]).length).toBe(before + 2);
	});

	test('API errors carry code, status and details in the error item', async () => {
		const result = await runHeffl(
			{ resource: 'lead', operation: 'get', leadId: byId('ld_missing00000000000') },
			ctx.credentials,
			{ continueOnFail: true },
		);
		expect(result.json).toEqual([
			expect.objectContaining({
				error: 'The lead was not found',
				code: 'NOT_FOUND',
				httpCode: 404,
			}),
		]);
	});
});

describe('bad input is refused before any request, naming the field', () => {
	const cases: Array<[string, INodeParameters, RegExp]> = [
		[
			'invalid e-mail',
			{ resource: 'lead', operation: 'create', name: 'Ada', email: 'ada@' },
			/^Email: 'ada@' is not a valid e-mail address$/,
		],
		[
			'e-mail with a space',
			{ resource: 'lead', operation: 'create', name: 'Ada', email: 'ada lovelace@example.com' },
			/^Email: /,
		],
		[
			'empty required name',
			{ resource: 'lead', operation: 'create', name: '  ' },
			/^Name: a lead needs a value here$/,
		],
		[
			'ID with a slash',
			{ resource: 'lead', operation: 'get', leadId: byExpression('ld_1/../clients') },
			/^Lead: .* contains \/, \?, # or a space$/,
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
			/^Deal: '\.\.' is not an ID: an ID of dots alone would change the address$/,
		],
		[
			'empty ID',
			{ resource: 'deal', operation: 'delete', dealId: byExpression('') },
			/^Deal: the ID is empty$/,
		],
		[
			'linked ID with a slash',
			{ resource: 'task', operation: 'create', title: 'x', additionalFields: { leadId: 'ld_1/2' } },
			/^Additional Fields › Lead ID: /,
		],
		[
			'malformed JSON filter',
			{ resource: 'contact', operation: 'getAll', filters: { filters: '{"email": ' } },
			/^Filters › Filters \(JSON\): is not valid JSON/,
		],
		[
			'oversized value',
			{ resource: 'lead', operation: 'create', name: 'x'.repeat(5000) },
			/^Name: is 5000 characters long; at most 1000/,
		],
		[
			'control characters',
			{ resource: 'client', operation: 'create', name: 'Evil\u0000Corp' },
			/^Name: contains control characters$/,
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
			'nothing to update',
			{ resource: 'lead', operation: 'update', leadId: byId('ld_x'), updateFields: {} },
			/^Update Fields: nothing to update$/,
		],
		[
			'custom field without label',
			{
				resource: 'lead',
				operation: 'create',
				name: 'x',
				customFields: { field: [{ label: '', value: '1' }] },
			},
			/^Custom Fields › field 1: has no label$/,
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
			'Heffl API credential, API Key: contains spaces or line breaks',
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

describe('the credential', () => {
	test('sends x-api-key (trimmed of pasted spaces and line breaks), never Authorization', async () => {
		ctx.sandbox.clearRequests();
		const result = await runHeffl(
			{ resource: 'leadStage', operation: 'getAll', limit: 1 },
			{ ...ctx.credentials, apiKey: `  ${ctx.sandbox.apiKey}\r\n` },
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(1);
	});
});
