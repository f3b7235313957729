/**
 * Where heffl-reference.md is silent, the node guesses; a guess never blocks a user and
 * never destroys data (docs/assumptions.md): IDs of any shape work By ID, an ID that could
 * change the path is refused, and a pasted Heffl address gives its ID. Filters and formats:
 * guessesNeverBlock.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox({ seed: { leads: 30, deals: 40 } });

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
});
