import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const firstId = (kind: 'clients' | 'products') => String(ctx.sandbox.records(kind)[0].id);
/** The seeded Sales pipeline requires its Lead Score custom field (§11.12) on every deal. */
const salesPipeline = () => ctx.sandbox.records('pipelines')[0];
const leadScore = (value: number) => ({
	mappingMode: 'defineBelow',
	value: { cf_lead_score: value },
});

interface CrudCase {
	resource: string;
	/** The sandbox's collection, and the API (§10 v1, §11 v2) the resource's requests go to. */
	kind: 'leads' | 'clients' | 'deals' | 'tasks';
	api: 'v1' | 'v2';
	create: () => INodeParameters;
	/** What Create returns and the sandbox stores. */
	expected: IDataObject;
	/** What the sandbox stores but Heffl's answer does not show (a deal's line items, §11.3). */
	kept?: IDataObject;
	update: INodeParameters;
	/** What Update returns and the sandbox then stores. */
	updated: IDataObject;
	untouched: string;
}

const cases: CrudCase[] = [
	{
		// §10.1: updated with PUT; the job title is Heffl's `title`.
		resource: 'lead',
		kind: 'leads',
		api: 'v1',
		create: () => ({
			name: 'Ada Lovelace',
			additionalFields: {
				email: ' ada@analytical.example ',
				mobile: '+44 20 7946 0000',
				jobTitle: 'Analyst',
				value: 1200,
			},
		}),
		expected: {
			name: 'Ada Lovelace',
			email: 'ada@analytical.example',
			title: 'Analyst',
			value: 1200,
		},
		update: { jobTitle: 'Chief Analyst' },
		updated: { title: 'Chief Analyst' },
		untouched: 'email',
	},
	{
		// §10.2: a company, with its billing address.
		resource: 'client',
		kind: 'clients',
		api: 'v1',
		create: () => ({
			clientType: 'company',
			name: 'Babbage & Co',
			additionalFields: {
				taxNumber: 'GB-100',
				billingAddress: { city: 'London', country: 'GB' },
			},
		}),
		expected: {
			type: 'company',
			name: 'Babbage & Co',
			taxNumber: 'GB-100',
			billingAddress: { city: 'London', country: 'GB' },
		},
		update: { taxNumber: 'GB-200' },
		updated: { taxNumber: 'GB-200' },
		untouched: 'name',
	},
	{
		// §11.3: title, client and pipeline required; the stage defaults to the first active one.
		resource: 'deal',
		kind: 'deals',
		api: 'v2',
		create: () => ({
			title: 'Difference Engine No. 2',
			client: byId(firstId('clients')),
			pipeline: String(salesPipeline().id),
			additionalFields: {
				price: 5000,
				currency: 'eur',
				expectedCloseDate: '2027-03-31',
				lineItems: { entry: [{ productId: firstId('products'), quantity: 2 }] },
			},
			customFieldsMapping: leadScore(80),
		}),
		expected: {
			title: 'Difference Engine No. 2',
			price: 5000,
			currency: 'EUR',
			expectedCloseDate: '2027-03-31T00:00:00.000Z',
			cf_lead_score: 80,
		},
		kept: {
			products: [
				expect.objectContaining({ productId: expect.stringMatching(/^prd_/), quantity: 2 }),
			],
		},
		update: { price: 7000 },
		updated: { price: 7000 },
		untouched: 'title',
	},
	{
		// §11.5
		resource: 'task',
		kind: 'tasks',
		api: 'v2',
		create: () => ({
			title: 'Call Ada back',
			additionalFields: { priority: 'HIGH', description: 'About the engine' },
		}),
		expected: { title: 'Call Ada back', priority: 'HIGH', description: 'About the engine' },
		update: { description: 'About the engine, again' },
		updated: { description: 'About the engine, again' },
		untouched: 'title',
	},
];

describe.each(cases)('$resource: create, get, get many, update, delete', (spec) => {
	test('a round trip leaves the sandbox as the operations say, each request on its API', async () => {
		ctx.sandbox.clearRequests();
		const created = await runHeffl(
			{ resource: spec.resource, operation: 'create', ...spec.create() },
			ctx.credentials,
		);
		expect(created.error).toBeUndefined();
		expect(created.json[0]).toMatchObject(spec.expected);
		const id = String(created.json[0].id);
		expect(
			ctx.sandbox.records(spec.kind).find((record: IDataObject) => record.id === id),
		).toMatchObject({ ...spec.expected, ...spec.kept });

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
		expect(updated.error).toBeUndefined();
		expect(updated.json[0]).toMatchObject(spec.updated);
		expect(
			ctx.sandbox.records(spec.kind).find((record: IDataObject) => record.id === id),
		).toMatchObject(spec.updated);
		// Update sends only what was set: the other fields keep their values.
		expect(updated.json[0][spec.untouched]).toEqual(created.json[0][spec.untouched]);

		const deleted = await runHeffl(
			{ resource: spec.resource, operation: 'delete', [`${spec.resource}Id`]: byId(id) },
			ctx.credentials,
		);
		expect(deleted.json).toEqual([expect.objectContaining({ id, deleted: true })]);
		expect(ctx.sandbox.records(spec.kind).some((record: IDataObject) => record.id === id)).toBe(
			false,
		);

		// Every request went to the resource's API, at the record's path once it had an ID.
		const sent = ctx
			.apiRequests()
			.filter((request) => !request.path.includes('/custom-fields'))
			.map((request) => `${request.method} ${request.path.split('?')[0]}`);
		const base = `/api/${spec.api}/${spec.kind}`;
		const updateMethod = spec.resource === 'lead' ? 'PUT' : 'PATCH';
		expect(sent).toEqual([
			`POST ${base}`,
			`GET ${base}/${id}`,
			...sent.filter((line) => line === `GET ${base}`),
			`${updateMethod} ${base}/${id}`,
			`DELETE ${base}/${id}`,
		]);
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

	// Deals take theirs from the resource mapper (cf_lead_score in the round trip above).
	test('clients take custom fields by label too', async () => {
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
		expect(
			ctx.sandbox.records('clients').find((record) => record.id === client.json[0].id),
		).toMatchObject({ cf_account_tier: 'gold' });
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
