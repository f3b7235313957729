/**
 * Errors: Heffl's answers become NodeApiError with its code, message, status and advice;
 * continueOnFail turns a failing item into an error item; the credential sends x-api-key.
 * Bad input refused before any request: refusedBeforeSending.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { useRecorder } from '../harness/crm';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox();
const relay = useRecorder(ctx);
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe("Heffl's errors become NodeApiError with code, message, status and advice", () => {
	test('401: a revoked key, with what to do and without the key', async () => {
		const key = ctx.sandbox.createApiKey('A');
		ctx.sandbox.revokeApiKey(key);
		const result = await runHeffl(
			{ resource: 'leadSource', operation: 'getAll' },
			{ ...ctx.credentials, apiKey: key },
		);
		expect(result.error?.message).toBe('Heffl rejected the API key [item 0]');
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
		expect(result.error?.message).toBe('Access to this lead is forbidden for this API key [item 0]');
		expect(result.error?.description).toMatch(/^FORBIDDEN: .*another Heffl workspace/);
		expect(result.error?.context).toMatchObject({ code: 'FORBIDDEN', httpCode: 403 });
	});

	test('404: an unknown record', async () => {
		const result = await runHeffl(
			{ resource: 'deal', operation: 'get', dealId: byId('dl_doesnotexist0000000') },
			ctx.credentials,
		);
		expect(result.error?.message).toBe('The deal was not found [item 0]');
		expect(result.error?.context).toMatchObject({ code: 'NOT_FOUND', httpCode: 404 });
	});

	test("400 on v1 keeps Heffl's flat code and message (§4.1, §10.1)", async () => {
		relay.sent.length = 0;
		const result = await runHeffl(
			{
				resource: 'lead',
				operation: 'create',
				name: 'Ada',
				additionalFields: { email: ' ada@ ' },
			},
			relay.credentials,
		);
		// The e-mail is trimmed and sent: Heffl judges it, and its refusal names the field.
		expect(relay.sent.map((sent) => [sent.method, sent.path, sent.body])).toEqual([
			['POST', '/leads', { name: 'Ada', email: 'ada@' }],
		]);
		expect(result.error?.context).toMatchObject({ code: 'BAD_REQUEST', httpCode: 400 });
		expect(result.error?.message).toMatch(/email/i);
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

