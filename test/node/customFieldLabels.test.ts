/**
 * Options → Custom Fields As on the Heffl node and the Heffl Tool, against the sandbox over
 * loopback: Keys (the default) is the output as it always was, byte for byte; Labels names
 * each `cf_*` key by its definition's label (§9.1, §11.12: per entity, per deal pipeline;
 * §11.13: per quotation template), the definitions read once per execution and scope; a
 * shared or colliding label keeps its key beside it, a key with no definition stays a key,
 * and definitions that cannot be read keep every key and say so once.
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const labels = { options: { customFieldsAs: 'labels' } };
const definitionReads = () =>
	ctx.apiRequests().filter((request) => request.path.startsWith('/api/v2/custom-fields'));
const customKeys = (record: IDataObject) =>
	Object.keys(record).filter((key) => key.startsWith('cf_'));

async function v2(method: string, path: string, body?: IDataObject): Promise<IDataObject> {
	const answer = await fetch(`${ctx.sandbox.urls.v2}${path}`, {
		method,
		headers: { 'x-api-key': ctx.sandbox.apiKey, 'content-type': 'application/json' },
		body: body && JSON.stringify(body),
	});
	expect(answer.status).toBe(200);
	return (await answer.json()) as IDataObject;
}

const contacts = { resource: 'contact', operation: 'getAll', returnAll: true, simplify: false };

describe('Keys: the output as it always was', () => {
	test('without the option, with Keys, and with Labels under Simplify: byte-identical, no definitions read', async () => {
		ctx.sandbox.clearRequests();
		const saved = await runHeffl(contacts, ctx.credentials);
		const keys = await runHeffl(
			{ ...contacts, options: { customFieldsAs: 'keys' } },
			ctx.credentials,
		);
		expect(saved.error).toBeUndefined();
		expect(customKeys(saved.json[0]).length).toBeGreaterThan(0);
		expect(JSON.stringify(keys.json)).toBe(JSON.stringify(saved.json));
		// Simplify keeps no custom field: nothing to name, nothing read.
		const simplified = await runHeffl({ ...contacts, simplify: true, ...labels }, ctx.credentials);
		expect(simplified.json.every((record) => customKeys(record).length === 0)).toBe(true);
		expect(definitionReads()).toEqual([]);
	});

	test('a value that is neither Keys nor Labels is refused, naming the option, before any request', async () => {
		ctx.sandbox.clearRequests();
		const run = await runHeffl(
			{ ...contacts, options: { customFieldsAs: 'names' } },
			ctx.credentials,
		);
		expect(run.error?.message).toMatch(
			/^Options › Custom Fields As: 'names' is not Keys or Labels/,
		);
		expect(ctx.apiRequests()).toEqual([]);
	});
});

describe('Labels', () => {
	test('Get Many of contacts: each cf_* key by its label, values and the record’s own fields untouched; the definitions read once for every item of the execution', async () => {
		const saved = await runHeffl({ ...contacts, limit: 5, returnAll: false }, ctx.credentials);
		ctx.sandbox.clearRequests();
		const run = await runHeffl(
			{ ...contacts, limit: 5, returnAll: false, ...labels },
			ctx.credentials,
			{
				items: [{}, {}],
			},
		);
		expect(run.error).toBeUndefined();
		expect(definitionReads().map((request) => request.path)).toEqual([
			'/api/v2/custom-fields?entity=contacts',
		]);
		const byLabel = {
			cf_preferred_language: 'Preferred Language',
			cf_birthday: 'Birthday',
			cf_newsletter: 'Newsletter',
		};
		for (const [index, record] of run.json.entries()) {
			const before = saved.json[index % 5];
			const expected = Object.fromEntries(
				Object.entries(before).map(([key, value]) => [
					byLabel[key as keyof typeof byLabel] ?? key,
					value,
				]),
			);
			expect(record).toEqual(expected);
			expect(Object.keys(record)).toEqual(Object.keys(expected)); // the order kept
		}
	});

	test('a deal across two pipelines: the team-wide fields and each pipeline’s own by their labels, one read per pipeline', async () => {
		const [client] = ctx.sandbox.records('clients');
		const [sales, partners] = ctx.sandbox.records('pipelines');
		const inSales = await v2('POST', '/deals', {
			title: 'Labels in Sales',
			clientId: client.id,
			pipelineId: sales.id,
			cf_lead_score: 42,
			cf_budget_range: '10k-50k',
		});
		const inPartners = await v2('POST', '/deals', {
			title: 'Labels in Partnerships',
			clientId: client.id,
			pipelineId: partners.id,
			cf_partner_tier: 'Gold',
			cf_competitor: 'Acme',
		});
		ctx.sandbox.clearRequests();
		const run = await runHeffl(
			{
				resource: 'deal',
				operation: 'get',
				dealId: byId('={{ $json.id }}'),
				simplify: false,
				...labels,
			},
			ctx.credentials,
			{ items: [{ id: inSales.id }, { id: inPartners.id }, { id: inSales.id }] },
		);
		expect(run.error).toBeUndefined();
		expect(run.json[0]).toMatchObject({
			'Lead Score': 42,
			'Budget Range': '10k-50k',
			Competitor: null,
		});
		expect(run.json[1]).toMatchObject({
			'Partner Tier': 'Gold',
			Competitor: 'Acme',
			'Budget Range': null,
		});
		expect(run.json[0]).not.toHaveProperty('Partner Tier');
		expect(run.json[1]).not.toHaveProperty('Lead Score');
		expect(run.json.flatMap(customKeys)).toEqual([]);
		expect(
			definitionReads()
				.map((request) => decodeURIComponent(request.path))
				.sort(),
		).toEqual(
			[sales.id, partners.id]
				.map((id) => `/api/v2/custom-fields?entity=deals&pipelineId=${String(id)}`)
				.sort(),
		);
	});

	test('a quotation: its template’s fields by label (§11.13)', async () => {
		const [quotation] = ctx.sandbox.records('quotations');
		const run = await runHeffl(
			{
				resource: 'quotation',
				operation: 'get',
				quotationId: byId(String(quotation.id)),
				simplify: false,
				...labels,
			},
			ctx.credentials,
		);
		expect(run.json[0]).toHaveProperty('Project Code', quotation.cf_project_code ?? null);
		expect(customKeys(run.json[0])).toEqual([]);
	});

	test('shared and colliding labels keep their key beside them; a key with no definition stays a key', async () => {
		const define = (key: string, label: string) =>
			ctx.sandbox.insert('customFields' as never, {
				id: `cfd_${key}`,
				entity: 'tasks',
				key,
				label,
				dataType: 'text',
				required: false,
				values: [],
				pipelineId: null,
			});
		define('cf_region', 'Region');
		define('cf_region_code', 'region');
		define('cf_state', 'Status');
		define('cf_groesse', 'Größe');
		define('cf_proto', '__proto__');
		const task = await v2('POST', '/tasks', {
			title: 'Labels that collide',
			cf_region: 'EMEA',
			cf_region_code: 'EU-1',
			cf_state: 'waiting',
			cf_groesse: 'XL',
			cf_proto: 'kept',
		});
		const stored = ctx.sandbox.records('tasks').find((record) => record.id === task.id)!;
		stored.cf_legacy_code = 'L-7'; // a key whose definition Heffl no longer lists
		const run = await runHeffl(
			{
				resource: 'task',
				operation: 'get',
				taskId: byId(String(task.id)),
				simplify: false,
				...labels,
			},
			ctx.credentials,
		);
		expect(run.error).toBeUndefined();
		expect(run.json[0]).toMatchObject({
			'Region (cf_region)': 'EMEA',
			'region (cf_region_code)': 'EU-1',
			'Status (cf_state)': 'waiting',
			Größe: 'XL',
			status: task.status,
			title: 'Labels that collide',
			cf_legacy_code: 'L-7',
			'Call Outcome': null,
		});
		const values = (record: IDataObject) =>
			Object.values(record)
				.map((value) => JSON.stringify(value))
				.sort();
		const keys = await runHeffl(
			{ resource: 'task', operation: 'get', taskId: byId(String(task.id)), simplify: false },
			ctx.credentials,
		);
		expect(values(run.json[0])).toEqual(values(keys.json[0])); // nothing dropped, nothing added
	});

	test('Create: the write’s check and the output share one read of the definitions', async () => {
		ctx.sandbox.clearRequests();
		const run = await runHeffl(
			{
				resource: 'company',
				operation: 'create',
				name: 'Labelled Ltd',
				customFieldsMapping: {
					mappingMode: 'defineBelow',
					value: { cf_industry: 'Retail' },
					matchingColumns: [],
					schema: [],
				},
				...labels,
			},
			ctx.credentials,
		);
		expect(run.error).toBeUndefined();
		expect(run.json[0]).toMatchObject({ name: 'Labelled Ltd', Industry: 'Retail' });
		expect(definitionReads()).toHaveLength(1);
	});

	test('the Heffl Tool’s Selected Fields: the chosen custom field under its label', async () => {
		const run = await runHeffl(
			{
				...contacts,
				limit: 2,
				returnAll: false,
				output: 'selected',
				outputFields: ['email', 'cf_newsletter'],
				...labels,
			},
			ctx.credentials,
			{ tool: true },
		);
		expect(run.json.map((record) => Object.keys(record).sort())).toEqual([
			['Newsletter', 'email', 'id'],
			['Newsletter', 'email', 'id'],
		]);
	});
});

describe('definitions that cannot be read', () => {
	test.each(['403', '503'] as const)(
		'%s on the definitions: every key kept, every value there, the output says so once',
		async (fault) => {
			const plain = await runHeffl({ ...contacts, limit: 3, returnAll: false }, ctx.credentials);
			ctx.sandbox.faults.queue(fault, 10, ['GET'], '/api/v2/custom-fields');
			try {
				const run = await runHeffl(
					{
						...contacts,
						limit: 3,
						returnAll: false,
						...labels,
						options: { ...labels.options, maxRetries: 1 },
					},
					ctx.credentials,
					{ items: [{}, {}] },
				);
				expect(run.error).toBeUndefined();
				expect(run.json).toEqual([...plain.json, ...plain.json]);
				expect(run.hints).toEqual([
					expect.stringMatching(
						/^Custom fields are shown by their keys \(cf_…\), not their labels: their definitions could not be read \(contacts: /,
					),
				]);
			} finally {
				ctx.sandbox.faults.clear();
			}
		},
	);
});
