/**
 * Where heffl-reference.md is silent, the node guesses; a guess never blocks a user and
 * never destroys data (docs/assumptions.md): IDs of any shape work By ID, a pasted Heffl
 * address gives its ID, a filter a server ignores or records cannot show never turns
 * into "all records", and formats the reference does not document are Heffl's to judge.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { beforeAll, describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { useRecorder } from '../harness/crm';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox({ seed: { leads: 30, deals: 40 } });

/**
 * A Heffl that ignores §7's `filters` parameter: the recording relay drops it from every
 * request before the sandbox sees it (`sent` keeps what the node asked for).
 */
const ignoring = useRecorder(ctx);
beforeAll(() => {
	ignoring.rewriteUrl = (url) => url.searchParams.delete('filters');
});
const droppedFilters = () =>
	ignoring.sent.map((sent) => sent.query.filters).filter((filters) => filters !== undefined);

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
/** An ID from an expression, as upstream data gives it: n8n's own parameter checks do not see it. */
const byExpression = (value: string) => ({
	__rl: true,
	mode: 'id',
	value: `={{ ${JSON.stringify(value)} }}`,
});
const run = (
	parameters: INodeParameters,
	options: { items?: IDataObject[]; continueOnFail?: boolean } = {},
) => runHeffl(parameters, ctx.credentials, options);
const stored = (kind: string, id: unknown) =>
	ctx.sandbox.records(kind as never).find((record) => record.id === id) as IDataObject;
const paths = () => ctx.apiRequests().map((request) => `${request.method} ${request.path}`);

const pipeline = () => ctx.sandbox.records('pipelines')[0] as IDataObject;
/** The seeded Sales pipeline requires its Lead Score custom field (§11.12) on every deal. */
const withLeadScore = {
	customFieldsMapping: { mappingMode: 'defineBelow', value: { cf_lead_score: 50 } },
};
const lostOnly = { condition: [{ field: 'status', operator: 'is', values: 'LOST' }] };

describe('guesses never block and never destroy', () => {
	test.each([
		['lead', 'leads', 'v1', 'lead_123e4567-e89b-12d3-a456-426614174000'],
		['lead', 'leads', 'v1', '12345'],
		['client', 'clients', 'v1', 'client-7'],
		['deal', 'deals', 'v2', 'deal_abc123'],
		['task', 'tasks', 'v2', '42'],
		['webhookSubscription', 'webhooks', 'v1', 'whk_2KWPBgLlAfxdpx2AI54pPJ85f4W'],
	])(
		'%s (%s, API %s) By ID: get, update and delete work with the ID %s',
		async (resource, kind, api, id) => {
			ctx.sandbox.insert(kind as never, {
				id,
				number: 'X-1',
				name: 'Inserted',
				title: 'Inserted',
				url: 'https://example.com/h',
				events: ['lead.created'],
				createdAt: new Date().toISOString(),
			});
			const path = `/api/${api}/${kind}/${encodeURIComponent(id)}`;
			try {
				const parameter = `${resource}Id`;
				ctx.sandbox.clearRequests();
				const got = await run({
					resource,
					operation: 'get',
					[parameter]: byId(id),
					simplify: false,
				});
				expect(got.error?.message).toBeUndefined();
				expect(got.json[0].id).toBe(id);
				expect(paths()).toEqual([`GET ${path}`]);
				if (resource !== 'webhookSubscription') {
					const field = resource === 'task' || resource === 'deal' ? 'title' : 'name';
					const updated = await run({
						resource,
						operation: 'update',
						[parameter]: byId(id),
						updateFields: { [field]: 'Changed' },
					});
					expect(updated.error?.message).toBeUndefined();
					expect(stored(kind, id)[field]).toBe('Changed');
				}
				const deleted = await run({ resource, operation: 'delete', [parameter]: byId(id) });
				expect(deleted.json).toEqual([expect.objectContaining({ id, deleted: true })]);
				expect(paths().at(-1)).toBe(`DELETE ${path}`);
				expect(stored(kind, id)).toBeUndefined();
			} finally {
				// A failure above must not leave a record the other tests would read.
				await fetch(`${ctx.sandbox.urls.origin}${path}`, {
					method: 'DELETE',
					headers: { 'x-api-key': ctx.sandbox.apiKey },
				});
			}
		},
	);

	test.each([
		['pipeline', 'pipelines', '/api/v2/pipelines/7', '7'],
		['product', 'products', '/api/v1/products/product-uuid-9f1c', 'product-uuid-9f1c'],
		['documentTemplate', 'templates', '/api/v2/document-templates/template_42', 'template_42'],
	])('%s (%s) By ID: Get asks for %s', async (resource, kind, path, id) => {
		ctx.sandbox.insert(kind as never, { id, name: 'Inserted', type: 'quotations', stages: [] });
		ctx.sandbox.clearRequests();
		const got = await run({
			resource,
			operation: 'get',
			[`${resource}Id`]: byId(id),
			simplify: false,
		});
		expect(got.error?.message).toBeUndefined();
		expect(got.json[0].id).toBe(id);
		expect(paths()).toEqual([`GET ${path}`]);
	});

	test.each(['..', '.', 'ld_1/..', 'ld 1', 'ld_1?x=1', 'ld_1#a'])(
		'the ID %j is refused before anything is sent',
		async (id) => {
			const before = ctx.apiRequests().length;
			const result = await run({ resource: 'lead', operation: 'delete', leadId: byExpression(id) });
			expect(result.error?.message).toMatch(/^Lead: /);
			expect(ctx.apiRequests()).toHaveLength(before);
		},
	);

	test('By ID takes a pasted Heffl address: the ID is read from its path, the query and fragment are ignored', async () => {
		const lead = ctx.sandbox.records('leads')[3] as IDataObject;
		for (const address of [
			`https://app.heffl.com/crm/leads/${String(lead.id)}`,
			`https://app.heffl.com/crm/leads/${String(lead.id)}/activity?tab=notes#top`,
			`http://app.heffl.com/leads/${encodeURIComponent(String(lead.id))}/`,
		]) {
			const got = await run({
				resource: 'lead',
				operation: 'get',
				leadId: byExpression(address),
				simplify: false,
			});
			expect(got.error?.message, address).toBeUndefined();
			expect(got.json[0].id).toBe(lead.id);
		}
		// A linked record on Create takes an address too.
		const client = ctx.sandbox.records('clients')[0] as IDataObject;
		const deal = await run({
			resource: 'deal',
			operation: 'create',
			title: 'From an address',
			pipeline: String(pipeline().id),
			client: byExpression(`https://app.heffl.com/crm/clients/${String(client.id)}?view=1`),
			...withLeadScore,
		});
		expect(deal.error?.message).toBeUndefined();
		expect(stored('deals', deal.json[0].id)).toMatchObject({ clientId: client.id });
		// A picker inside Additional Fields (the deal's lead) takes an ID from the list or an address.
		const source = ctx.sandbox.records('leads')[4] as IDataObject;
		for (const picked of [
			{ __rl: true, mode: 'list', value: String(source.id) },
			byExpression(`https://app.heffl.com/crm/leads/${String(source.id)}`),
		]) {
			const withLead = await run({
				resource: 'deal',
				operation: 'create',
				title: 'With a lead',
				pipeline: String(pipeline().id),
				client: byId(String(client.id)),
				additionalFields: { lead: picked },
				...withLeadScore,
			});
			expect(withLead.error?.message).toBeUndefined();
			expect(stored('deals', withLead.json[0].id)).toMatchObject({ leadId: source.id });
		}
	});

	test('§7: a filtered Get Many against a Heffl that ignores the filter returns no non-matching record, and says so', async () => {
		const deals = ctx.sandbox.records('deals') as IDataObject[];
		const lost = deals.filter((deal) => deal.status === 'LOST').map((deal) => deal.id);
		expect(lost.length).toBeGreaterThan(0);
		expect(lost.length).toBeLessThan(deals.length);
		const sent = droppedFilters().length;
		const all = await runHeffl(
			{ resource: 'deal', operation: 'getAll', returnAll: true, filters: { conditions: lostOnly } },
			ignoring.credentials,
		);
		expect(droppedFilters().slice(sent)).toEqual([
			JSON.stringify({ status: { operator: 'is', values: ['LOST'] } }),
		]);
		expect(all.json.map((deal) => deal.id).sort()).toEqual([...lost].sort());
		expect(all.hints.join(' ')).toMatch(/do not match the filters \(Conditions › Status\)/);
		const limited = await runHeffl(
			{ resource: 'deal', operation: 'getAll', limit: 1, filters: { conditions: lostOnly } },
			ignoring.credentials,
		);
		expect(limited.json).toHaveLength(1);
		expect(lost).toContain(limited.json[0].id);
	});

	test('§7: against a Heffl that applies the filter, the same records and no notice', async () => {
		ctx.sandbox.clearRequests();
		const result = await run({
			resource: 'deal',
			operation: 'getAll',
			returnAll: true,
			filters: { conditions: lostOnly },
		});
		const lost = ctx.sandbox.records('deals').filter((deal) => deal.status === 'LOST');
		expect(result.json.map((deal) => deal.id).sort()).toEqual(lost.map((deal) => deal.id).sort());
		expect(result.hints).toEqual([]);
		const [request] = ctx.apiRequests();
		expect(new URL(request.path, 'http://x').searchParams.get('filters')).toBe(
			JSON.stringify({ status: { operator: 'is', values: ['LOST'] } }),
		);
	});

	test('a filter the records cannot show is an error, not an unfiltered list', async () => {
		const result = await runHeffl(
			{
				resource: 'deal',
				operation: 'getAll',
				filters: {
					conditions: {
						condition: [{ customFieldKey: 'cf_not_on_deals', operator: 'is', values: 'x' }],
					},
				},
			},
			ignoring.credentials,
		);
		expect(result.error?.message).toMatch(
			/^Filters › Conditions › cf_not_on_deals: .*cannot be checked/,
		);
		expect(result.json).toEqual([]);
	});

	test('formats Heffl has not documented are left to Heffl; its VALIDATION answer names the field, and only that item fails', async () => {
		ctx.sandbox.clearRequests();
		const result = await run(
			{
				resource: 'lead',
				operation: 'create',
				name: '={{ $json.name }}',
				additionalFields: { email: '={{ $json.email }}' },
			},
			{
				items: [
					{ name: 'Even', email: 'even@example.com' },
					{ name: 'Odd', email: 'not-an-address' },
				],
				continueOnFail: true,
			},
		);
		expect(ctx.apiRequests().map((request) => `${request.method} ${request.status}`)).toEqual([
			'POST 200',
			'POST 400',
		]);
		expect(result.json[0]).toMatchObject({ name: 'Even', email: 'even@example.com' });
		expect(String(result.json[1].error)).toMatch(/email/);
		expect(ctx.sandbox.records('leads').some((lead) => lead.name === 'Odd')).toBe(false);
	});

	test('custom fields are checked like standard fields of their type', async () => {
		const bad = await run({
			resource: 'lead',
			operation: 'create',
			name: 'Typed',
			customFields: { field: [{ label: 'Renewal', value: '2026-02-31', valueType: 'date' }] },
		});
		expect(bad.error?.message).toBe(
			"Custom Fields › field 1 › Value (cf_renewal): '2026-02-31' is not a date on the calendar [item 0]",
		);
		const good = await run({
			resource: 'lead',
			operation: 'create',
			name: 'Typed',
			customFields: {
				field: [
					{ label: 'Renewal', value: '20270131', valueType: 'date' },
					{ label: 'Seats', value: '12', valueType: 'number' },
					{ label: 'Signed', value: 'true', valueType: 'boolean' },
				],
			},
		});
		expect(good.json[0].customFields).toEqual({
			cf_renewal: '2027-01-31',
			cf_seats: 12,
			cf_signed: true,
		});
	});

	test('Extra Fields (JSON) may not set a key another field sets', async () => {
		const result = await run({
			resource: 'lead',
			operation: 'create',
			name: 'Twice',
			additionalFields: { extraFields: '{"name": "Other"}' },
		});
		expect(result.error?.message).toBe(
			"Additional Fields › Extra Fields (JSON): 'name' is also set by 'Name' [item 0]",
		);
	});
});
