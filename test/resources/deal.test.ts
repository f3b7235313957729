/**
 * Deals (API v2 /deals, §11.3; §10.3's v1 deals are not offered), through the node run by
 * n8n-core against the sandbox; a recording relay shows each request as it was sent
 * (test/harness/crm.ts). How the list engine checks conditions is in test/node/crm/lists.test.ts.
 * Over 300 lines: one resource's every field, its line items, and its round trip, read top to bottom.
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { byExpression, fromList, leadScore, useCrm } from '../harness/crm';
import { roundTrip } from '../harness/roundTrip';

const crm = useCrm({ seed: { contacts: 230, quotations: 12, deals: 40 } });
const { ctx, heffl, one, received, byId, records, stored, companies, firstId, tagIds } = crm;
const { pipeline, stageOfType, firstActive, ids, filtersOf } = crm;

/** Every optional field of a deal (§11.3) as the user sets it, and the body Heffl should receive. */
function everyOptionalField() {
	const client = String(companies()[2].id);
	const stage = String(stageOfType('ACTIVE').id);
	const lead = firstId('leads');
	const source = firstId('leadSources');
	const owner = firstId('users');
	const users = records('users').map((user) => String(user.id));
	const contacts = records('contacts')
		.slice(0, 2)
		.map((contact) => String(contact.id));
	const tags = tagIds('deals').slice(0, 2);
	const product = records('products')[0];
	const design = {
		name: 'Design',
		quantity: 2,
		price: 3000,
		description: 'Two rounds',
		productId: String(product.id),
		tax: 5,
		taxRateId: 'txr_std',
		discount: 100,
	};
	const parameters = {
		resource: 'deal',
		operation: 'create',
		title: 'Website redesign',
		client: byId(client),
		pipeline: String(pipeline().id),
		additionalFields: {
			stage,
			lead: byId(lead),
			source,
			owner: byId(owner),
			price: 12000,
			expectedCloseDate: '2027-03-31T12:00:00+04:00',
			priority: 'HIGH',
			status: 'ACTIVE',
			currency: 'usd',
			isInclusiveTax: true,
			assignees: users.slice(0, 2),
			contacts: contacts.join(', '),
			tags,
			lineItems: { entry: [design, { name: 'Hosting', quantity: 1, price: 600 }] },
		},
	};
	const body = {
		title: 'Website redesign',
		clientId: client,
		pipelineId: pipeline().id,
		stageId: stage,
		leadId: lead,
		sourceId: source,
		ownerUserId: owner,
		price: 12000,
		expectedCloseDate: '2027-03-31T08:00:00.000Z',
		priority: 'HIGH',
		status: 'ACTIVE',
		currency: 'USD',
		isInclusiveTax: true,
		assignees: users.slice(0, 2),
		contacts,
		tags,
		products: [
			{ ...design, productId: product.id },
			// n8n gives every number of a line its default (0) when the user leaves it.
			{ name: 'Hosting', quantity: 1, price: 600, tax: 0, discount: 0 },
		],
	};
	return { parameters, body, product };
}

describe('§11.3 deals (v2 /deals)', () => {
	test('create sends title, client, pipeline, the stage as chosen and every optional field; line items as `products`', async () => {
		const { parameters, body, product } = everyOptionalField();
		const created = await heffl(parameters);
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/deals').body).toEqual(body);
		received('POST', '/api/v2/deals');
		// The answer shows what was sent, the source as `crmSourceId` and no line items.
		const { sourceId, products: lineItems, ...shown } = body;
		expect(lineItems).toHaveLength(2);
		expect(created.json[0]).toMatchObject({
			...shown,
			id: expect.stringMatching(/^dl_/),
			stage: stageOfType('ACTIVE').name,
			crmSourceId: sourceId,
			contactEmails: body.contacts.map((id) => stored('contacts', id)?.email),
		});
		// §11.3's deal answer lists no line items: Heffl keeps them (the sandbox's store shows them).
		expect(stored('deals', created.json[0].id)).toMatchObject({ stageId: body.stageId });
		expect(stored('deals', created.json[0].id)?.products).toEqual([
			expect.objectContaining({ name: 'Design', productId: product.id, taxRateId: 'txr_std' }),
			expect.objectContaining({ name: 'Hosting', quantity: 1, price: 600 }),
		]);
	});

	test('without a stage none is sent and Heffl puts the deal in the first active stage; Line Items (JSON)', async () => {
		const created = await heffl({
			resource: 'deal',
			operation: 'create',
			title: 'From an expression',
			client: byId(String(companies()[3].id)),
			pipeline: String(pipeline(1).id),
			additionalFields: {
				lineItemsJson: '={{ [{"name": "Audit", "quantity": 1, "price": 500, "discount": 0}] }}',
			},
		});
		expect(created.error?.message).toBeUndefined();
		const body = one(created, 'POST', '/deals').body as IDataObject;
		expect(body).toEqual({
			title: 'From an expression',
			clientId: companies()[3].id,
			pipelineId: pipeline(1).id,
			products: [{ name: 'Audit', quantity: 1, price: 500, discount: 0 }],
		});
		expect(created.json[0]).toMatchObject({
			pipelineId: pipeline(1).id,
			stageId: firstActive(1).id,
		});
		expect(stored('deals', created.json[0].id)?.products).toEqual([
			expect.objectContaining({ name: 'Audit', price: 500 }),
		]);
	});

	test('a line item with only a product chosen is not sent with quantity 0 and price 0', async () => {
		const product = records('products')[0];
		const created = await heffl({
			resource: 'deal',
			operation: 'create',
			title: 'One product',
			client: byId(String(companies()[0].id)),
			pipeline: String(pipeline().id),
			additionalFields: { lineItems: { entry: [{ productId: String(product.id) }] } },
		});
		expect(created.error?.message).toBeUndefined();
		const [line] = (one(created, 'POST', '/deals').body as IDataObject).products as IDataObject[];
		expect(line.productId).toBe(product.id);
		expect(line.quantity ?? 1).toBeGreaterThan(0);
		expect(line).not.toHaveProperty('price', 0);
	});

	test('create, get, get many, update, delete: a round trip leaves the sandbox as the operations say, each request on its API; the stage defaults to the first active one', async () => {
		// Picks from the lists, contacts picked one by one, the Lead Score custom field (§11.12).
		const lead = firstId('leads');
		const user = firstId('users');
		const contact = firstId('contacts');
		const [tag] = tagIds('deals');
		await roundTrip(crm, {
			resource: 'deal',
			kind: 'deals',
			api: 'v2',
			create: {
				title: 'Website redesign',
				client: byId(firstId('clients')),
				pipeline: String(pipeline().id),
				additionalFields: {
					lead: fromList(lead),
					source: firstId('leadSources'),
					owner: fromList(user),
					price: 12000,
					expectedCloseDate: '2027-03-31',
					priority: 'HIGH',
					status: 'ACTIVE',
					currency: ' aed ',
					isInclusiveTax: true,
					assignees: [user],
					contactPicks: { entry: [{ contact: fromList(contact) }] },
					tags: [tag],
					lineItems: {
						entry: [
							{ name: 'Audit', quantity: 2, price: 500 },
							{ productId: firstId('products'), quantity: 2 },
						],
					},
				},
				customFieldsMapping: leadScore(70),
			},
			expected: {
				title: 'Website redesign',
				clientId: firstId('clients'),
				pipelineId: pipeline().id,
				stageId: firstActive().id,
				leadId: lead,
				ownerUserId: user,
				price: 12000,
				expectedCloseDate: '2027-03-31T00:00:00.000Z',
				priority: 'HIGH',
				status: 'ACTIVE',
				currency: 'AED',
				isInclusiveTax: true,
				assignees: [user],
				contacts: [contact],
				tags: [tag],
				cf_lead_score: 70,
			},
			shown: { crmSourceId: firstId('leadSources') },
			kept: {
				products: [
					expect.objectContaining({ name: 'Audit', quantity: 2, price: 500 }),
					expect.objectContaining({ productId: expect.stringMatching(/^prd_/), quantity: 2 }),
				],
			},
			update: { price: 7000, status: 'WON', expectedCloseDate: '2027-04-01T12:00:00+04:00' },
			updated: { price: 7000, status: 'WON', expectedCloseDate: '2027-04-01T08:00:00.000Z' },
			untouched: 'title',
		});
	});

	test('a deal without a client is refused before anything is sent, naming the field', async () => {
		const before = ctx.apiRequests().length;
		const noClient = await heffl({
			resource: 'deal',
			operation: 'create',
			title: 'x',
			pipeline: String(pipeline().id),
			client: byExpression(''),
		});
		expect(noClient.error?.message).toBe('Client: a deal needs a value here [item 0]');
		expect(ctx.apiRequests()).toHaveLength(before);
	});

	test('a date that is not on the calendar is refused before anything is sent, naming the field', async () => {
		const before = ctx.apiRequests().length;
		const result = await heffl({
			resource: 'deal',
			operation: 'update',
			dealId: byId(firstId('deals')),
			updateFields: { expectedCloseDate: '2026-02-31' },
		});
		expect(result.error?.message).toBe(
			"Update Fields › Expected Close Date: '2026-02-31' is not a date on the calendar [item 0]",
		);
		expect(ctx.apiRequests()).toHaveLength(before);
	});

	test('get reads GET /deals/{id}: the full record, or the main fields with Simplify', async () => {
		const deal = records('deals')[0];
		const full = await heffl({
			resource: 'deal',
			operation: 'get',
			dealId: byId(String(deal.id)),
			simplify: false,
		});
		expect(full.error?.message).toBeUndefined();
		one(full, 'GET', `/deals/${String(deal.id)}`);
		expect(full.json[0]).toEqual(one(full, 'GET', `/deals/${String(deal.id)}`).answer);
		expect(full.json[0]).toMatchObject({
			id: deal.id,
			title: deal.title,
			client: expect.any(Object),
		});

		const simple = await heffl({
			resource: 'deal',
			operation: 'get',
			dealId: byId(String(deal.id)),
		});
		const simplified = 'id number title price status stage pipelineId clientId ownerName createdAt';
		expect(Object.keys(simple.json[0]).sort()).toEqual(simplified.split(' ').sort());
		expect(simple.json[0]).toMatchObject({ id: deal.id, title: deal.title });
	});

	test('update is a PATCH: a new stage, status and price; Fields to Clear sends the stage as null; delete', async () => {
		const created = await heffl({
			resource: 'deal',
			operation: 'create',
			title: 'Will be won',
			client: byId(String(companies()[4].id)),
			pipeline: String(pipeline().id),
		});
		const id = String(created.json[0].id);
		const won = stageOfType('WON');
		const updated = await heffl({
			resource: 'deal',
			operation: 'update',
			dealId: byId(id),
			updateFields: {
				stage: String(won.id),
				price: 999,
				title: 'Won it',
				expectedCloseDate: '2027-01-15',
				owner: byId(String(records('users')[2].id)),
			},
		});
		expect(updated.error?.message).toBeUndefined();
		expect(one(updated, 'PATCH', `/deals/${id}`).body).toEqual({
			stageId: won.id,
			price: 999,
			title: 'Won it',
			expectedCloseDate: '2027-01-15T00:00:00.000Z',
			ownerUserId: records('users')[2].id,
		});
		// §11.7: a deal moved into a WON stage is won.
		expect(updated.json[0]).toMatchObject({ id, stageId: won.id, status: 'WON', price: 999 });

		const reopened = await heffl({
			resource: 'deal',
			operation: 'update',
			dealId: byId(id),
			updateFields: { status: 'ACTIVE', clearFields: ['stage'] },
		});
		expect(one(reopened, 'PATCH', `/deals/${id}`).body).toEqual({
			status: 'ACTIVE',
			stageId: null,
		});
		expect(reopened.json[0]).toMatchObject({ status: 'ACTIVE', stageId: firstActive().id });

		// Another pipeline, its stage left to Heffl: the deal lands in that pipeline's first active stage.
		const moved = await heffl({
			resource: 'deal',
			operation: 'update',
			dealId: byId(id),
			updateFields: { pipeline: String(pipeline(1).id), client: byId(String(companies()[5].id)) },
		});
		expect(one(moved, 'PATCH', `/deals/${id}`).body).toEqual({
			pipelineId: pipeline(1).id,
			clientId: companies()[5].id,
		});
		expect(moved.json[0]).toMatchObject({
			pipelineId: pipeline(1).id,
			stageId: firstActive(1).id,
			clientId: companies()[5].id,
		});

		const deleted = await heffl({ resource: 'deal', operation: 'delete', dealId: byId(id) });
		one(deleted, 'DELETE', `/deals/${id}`);
		expect(deleted.json[0]).toMatchObject({ id, deleted: true });
		expect(stored('deals', id)).toBeUndefined();
	});

	test('§7 Get Many: search, Sort By price ascending, Conditions and Filters (JSON) in one `filters`', async () => {
		const result = await heffl({
			resource: 'deal',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
			sort: { orderBy: 'price', orderDir: 'asc' },
			filters: {
				conditions: {
					condition: [
						{ field: 'status', operator: 'is_any_of', values: 'WON, LOST' },
						{ field: 'pipelineId', operator: 'is', values: String(pipeline().id) },
					],
				},
				filtersJson: JSON.stringify({ priority: { operator: 'is_not', values: ['LOW'] } }),
			},
		});
		expect(result.error?.message).toBeUndefined();
		const sent = one(result, 'GET', '/deals');
		expect(sent.query).toMatchObject({ orderBy: 'price', orderDir: 'asc', pageSize: '100' });
		expect(filtersOf(sent)).toEqual({
			status: { operator: 'is_any_of', values: ['WON', 'LOST'] },
			pipelineId: { operator: 'is', values: [pipeline().id] },
			priority: { operator: 'is_not', values: ['LOW'] },
		});
		const expected = records('deals').filter(
			(deal) =>
				['WON', 'LOST'].includes(String(deal.status)) &&
				deal.pipelineId === pipeline().id &&
				deal.priority !== 'LOW',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(new Set(ids(result.json))).toEqual(new Set(ids(expected)));
		for (const deal of result.json) {
			expect(['WON', 'LOST']).toContain(deal.status);
			expect(deal.pipelineId).toBe(pipeline().id);
		}
		const prices = result.json.map((deal) => Number(deal.price));
		expect(prices).toEqual([...prices].sort((a, b) => a - b));

		const title = String(records('deals')[5].title);
		const searched = await heffl({
			resource: 'deal',
			operation: 'getAll',
			returnAll: true,
			filters: { search: title },
		});
		expect(one(searched, 'GET', '/deals').query.search).toBe(title);
		expect(ids(searched.json)).toContain(records('deals')[5].id);
		expect(searched.json.every((deal) => String(deal.title).includes(title))).toBe(true);
	});
});
