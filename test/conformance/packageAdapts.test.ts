/**
 * Where the package tells an alternative apart at run time and adapts (docs/conformance.md):
 * each measured with the Heffl node in n8n-core against the sandbox switched to it.
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { readRateLimitHeaders } from '../../nodes/shared/transport/rateLimit';
import { useSandbox } from '../../drivers/harness/context';
import { resourceMapperFields, runHeffl } from '../../drivers/harness/n8n';

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('v1 lists numbered by page (§6.1 versions B and C)', () => {
	const ctx = useSandbox({ behaviours: { v1NumberedPages: true } });

	test('Lead → Get Many, Return All reads every page with pageNo instead of taking the first for all', async () => {
		const leads = ctx.sandbox.records('leads');
		expect(leads.length).toBeGreaterThan(20);
		ctx.sandbox.clearRequests();
		const result = await runHeffl(
			{ resource: 'lead', operation: 'getAll', returnAll: true },
			ctx.credentials,
		);
		expect(result.error).toBeUndefined();
		expect(result.json.map((lead) => lead.id).sort()).toEqual(
			leads.map((lead) => String(lead.id)).sort(),
		);
		const paths = ctx.apiRequests().map((request) => request.path);
		expect(paths.length).toBe(Math.ceil(leads.length / 20));
		expect(paths.slice(1).every((path) => /pageNo=\d+&pageSize=20/.test(path))).toBe(true);
	});

	test('with a Limit, the first page is cut to it and no other is read', async () => {
		ctx.sandbox.clearRequests();
		const result = await runHeffl(
			{ resource: 'lead', operation: 'getAll', limit: 5 },
			ctx.credentials,
		);
		expect(result.json).toHaveLength(5);
		expect(ctx.apiRequests()).toHaveLength(1);
	});
});

describe('RateLimit-Reset as a Unix time (§5: unit not documented)', () => {
	const ctx = useSandbox({
		rateLimit: { limit: 5, windowMs: 1500 },
		behaviours: { rateLimitResetUnixTime: true },
	});

	test('12 creates pace to the window it names: no 429, every item once', async () => {
		ctx.sandbox.clearRequests();
		const items = Array.from({ length: 12 }, (_, index) => ({ title: `unix reset ${index}` }));
		const result = await runHeffl(
			{ resource: 'task', operation: 'create', title: '={{ $json.title }}' },
			ctx.credentials,
			{ items },
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(12);
		expect(ctx.apiRequests().some((request) => request.status === 429)).toBe(false);
		const reset = Number(
			ctx.apiRequests().length && (await fetchReset(ctx.sandbox.urls.v2, ctx.sandbox.apiKey)),
		);
		expect(reset).toBeGreaterThan(1e9);
	});

	test('values above 10¹² are read as Unix milliseconds, above 10⁹ as Unix seconds', () => {
		const now = Date.UTC(2026, 10, 25);
		expect(readRateLimitHeaders({ 'ratelimit-reset': String(now + 30_000) }, now).resetInMs).toBe(
			30_000,
		);
		expect(
			readRateLimitHeaders({ 'ratelimit-reset': String(now / 1000 + 30) }, now).resetInMs,
		).toBe(30_000);
		expect(readRateLimitHeaders({ 'ratelimit-reset': '30' }, now).resetInMs).toBe(30_000);
	});
});

async function fetchReset(v2: string, apiKey: string) {
	const answer = await fetch(`${v2}/users?pageSize=1`, { headers: { 'x-api-key': apiKey } });
	return answer.headers.get('ratelimit-reset');
}

describe('answers in other forms', () => {
	const ctx = useSandbox({
		behaviours: { flatV2Errors: true, emptyDeleteAnswers: true, createdStatus201: true },
	});

	test('a flat v2 error keeps its code and message in the node error', async () => {
		const result = await runHeffl(
			{ resource: 'task', operation: 'get', taskId: byId('tsk_missing') },
			ctx.credentials,
		);
		const context = (result.error as unknown as { context: IDataObject }).context;
		expect(context.code).toBe('NOT_FOUND');
		expect(String(context.apiMessage)).toContain('tsk_missing');
	});

	test('a create answered 201 and a delete answered 204 without a body: the record, then {id, deleted: true}', async () => {
		const created = await runHeffl(
			{ resource: 'task', operation: 'create', title: 'answered 201' },
			ctx.credentials,
		);
		const id = String(created.json[0]?.id);
		expect(id).toMatch(/^tsk_/);
		const deleted = await runHeffl(
			{ resource: 'task', operation: 'delete', taskId: byId(id) },
			ctx.credentials,
		);
		expect(deleted.error).toBeUndefined();
		expect(deleted.json).toEqual([{ id, deleted: true }]);
		expect(ctx.apiRequests().find((request) => request.method === 'DELETE')?.status).toBe(204);
	});
});

describe("custom-field definitions in the app's words (§9.1)", () => {
	const ctx = useSandbox({ behaviours: { customFieldsAppShape: true } });

	test('the resource mapper reads them: keys, labels, types, allowed values, required', async () => {
		const mapped = await resourceMapperFields(
			'getCustomFieldColumns',
			{ resource: 'company', operation: 'create' },
			ctx.credentials,
		);
		const industry = mapped.fields.find((field) => field.id === 'cf_industry');
		expect(industry).toMatchObject({ displayName: 'Industry', type: 'options', required: true });
		expect(industry?.options?.map((option) => option.value)).toContain('Software');
		expect(mapped.fields.find((field) => field.id === 'cf_company_size')?.type).toBe('number');
	});
});
