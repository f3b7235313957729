import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../harness/context';
import { runHeffl } from '../harness/n8n';

const ctx = useSandbox();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

async function firstId(path: string): Promise<string> {
	const response = await fetch(`${ctx.sandbox.urls.v1}${path}?limit=1`, {
		headers: { 'x-api-key': ctx.sandbox.apiKey },
	});
	const body = (await response.json()) as { items: IDataObject[] };
	return String(body.items[0].id);
}

interface CrudCase {
	resource: string;
	kind: string;
	create: () => Promise<INodeParameters>;
	expected: IDataObject;
	update: IDataObject;
	untouched: string;
}

const cases: CrudCase[] = [
	{
		resource: 'lead',
		kind: 'leads',
		create: async () => ({
			name: 'Ada Lovelace',
			email: 'ada@analytical.example',
			mobile: '+44 20 7946 0000',
			title: 'Analyst',
			additionalFields: { companyName: 'Analytical Engines Ltd', value: 1200, currency: 'gbp' },
		}),
		expected: {
			name: 'Ada Lovelace',
			email: 'ada@analytical.example',
			currency: 'GBP',
			value: 1200,
		},
		update: { title: 'Chief Analyst' },
		untouched: 'email',
	},
	{
		resource: 'client',
		kind: 'clients',
		create: async () => ({
			name: 'Babbage & Co',
			additionalFields: { email: 'office@babbage.example', city: 'London', type: 'company' },
		}),
		expected: { name: 'Babbage & Co', email: 'office@babbage.example', city: 'London' },
		update: { city: 'Cambridge' },
		untouched: 'email',
	},
	{
		resource: 'deal',
		kind: 'deals',
		create: async () => ({
			title: 'Difference Engine No. 2',
			dealPipelineId: await firstId('/pipelines'),
			additionalFields: {
				// Heffl's reference requires a stage and a client (§10.3); version 1 has both fields.
				stageId: String((ctx.sandbox.records('pipelines')[0].stages as IDataObject[])[0].id),
				clientId: await firstId('/clients'),
				value: 5000,
				currency: 'EUR',
				expectedCloseDate: '2027-03-31',
				productIds: [await firstId('/products')],
			},
		}),
		expected: {
			title: 'Difference Engine No. 2',
			value: 5000,
			expectedCloseDate: '2027-03-31',
			productIds: [expect.stringMatching(/^prd_/)],
		},
		update: { value: 7000 },
		untouched: 'title',
	},
	{
		resource: 'task',
		kind: 'tasks',
		create: async () => ({
			title: 'Call Ada back',
			additionalFields: { priority: 'high', description: 'About the engine' },
		}),
		// No v1 task schema is documented; the sandbox stores the priority as §11.5 spells it.
		expected: { title: 'Call Ada back', priority: 'HIGH', description: 'About the engine' },
		update: { description: 'About the engine, again' },
		untouched: 'title',
	},
];

describe.each(cases)('$resource: create, get, get many, update, delete', (spec) => {
	test('a round trip leaves the sandbox as the operations say', async () => {
		const created = await runHeffl(
			{ resource: spec.resource, operation: 'create', ...(await spec.create()) },
			ctx.credentials,
		);
		expect(created.error).toBeUndefined();
		expect(created.json[0]).toMatchObject(spec.expected);
		const id = String(created.json[0].id);
		expect(
			ctx.sandbox.records(spec.kind).find((record: IDataObject) => record.id === id),
		).toMatchObject(spec.expected);

		const fetched = await runHeffl(
			{
				resource: spec.resource,
				operation: 'get',
				[`${spec.resource}Id`]: byId(id),
				simplify: false,
			},
			ctx.credentials,
		);
		expect(fetched.json).toEqual([created.json[0]]);

		const listed = await runHeffl(
			{ resource: spec.resource, operation: 'getAll', returnAll: true, simplify: false },
			ctx.credentials,
		);
		expect(listed.json.filter((record) => record.id === id)).toHaveLength(1);

		const updated = await runHeffl(
			{
				resource: spec.resource,
				operation: 'update',
				[`${spec.resource}Id`]: byId(id),
				updateFields: spec.update,
			},
			ctx.credentials,
		);
		expect(updated.json[0]).toMatchObject(spec.update);
		// Update sends only what was set: the other fields keep their values.
		expect(updated.json[0][spec.untouched]).toEqual(created.json[0][spec.untouched]);

		const deleted = await runHeffl(
			{ resource: spec.resource, operation: 'delete', [`${spec.resource}Id`]: byId(id) },
			ctx.credentials,
		);
		expect(deleted.json).toEqual([{ id, deleted: true }]);
		expect(ctx.sandbox.records(spec.kind).some((record: IDataObject) => record.id === id)).toBe(
			false,
		);
	});
});

describe('custom fields', () => {
	test('labels become cf_ keys exactly as the contract says; cf_ keys pass unchanged', async () => {
		const created = await runHeffl(
			{
				resource: 'lead',
				operation: 'create',
				name: 'Grace Hopper',
				customFields: {
					field: [
						{ label: 'Budget Range', value: '10k-50k' },
						{ label: 'cf_referral_code', value: 'NAVY' },
						{ label: 'Preferred Contact Time', value: 'mornings' },
					],
				},
			},
			ctx.credentials,
		);
		expect(created.error).toBeUndefined();
		const stored = ctx.sandbox
			.records('leads')
			.find((lead: IDataObject) => lead.id === created.json[0].id);
		expect(stored).toMatchObject({
			cf_budget_range: '10k-50k',
			cf_referral_code: 'NAVY',
			cf_preferred_contact_time: 'mornings',
		});

		const updated = await runHeffl(
			{
				resource: 'lead',
				operation: 'update',
				leadId: byId(String(created.json[0].id)),
				customFields: { field: [{ label: 'Budget Range', value: '50k+' }] },
			},
			ctx.credentials,
		);
		// v1 records carry custom fields in `customFields` (heffl-reference.md §9.2).
		expect(updated.json[0].customFields).toMatchObject({
			cf_budget_range: '50k+',
			cf_referral_code: 'NAVY',
		});
	});

	test('deals and clients take custom fields too', async () => {
		const client = await runHeffl(
			{
				resource: 'client',
				operation: 'create',
				name: 'Hopper Industries',
				customFields: { field: [{ label: 'Account Tier', value: 'gold' }] },
			},
			ctx.credentials,
		);
		expect(client.json[0].customFields).toMatchObject({ cf_account_tier: 'gold' });
	});
});

describe('paired items and multiple input items', () => {
	test('each output item points at the input item it came from', async () => {
		const result = await runHeffl(
			{ resource: 'task', operation: 'create', title: '={{ $json.title }}' },
			ctx.credentials,
			{ items: [{ title: 'first' }, { title: 'second' }, { title: 'third' }] },
		);
		expect(result.json.map((task) => task.title)).toEqual(['first', 'second', 'third']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	test('Get Many pairs every record with the item that asked for it', async () => {
		const result = await runHeffl(
			{ resource: 'leadSource', operation: 'getAll', limit: 2 },
			ctx.credentials,
			{ items: [{}, {}] },
		);
		expect(result.items).toHaveLength(4);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
	});
});
