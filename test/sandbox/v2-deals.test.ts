/**
 * The sandbox's v2 deals against heffl-reference.md §11.3 (with §4.2, §7, §9 and §11.7), over
 * loopback HTTP: each endpoint, every documented body field accepted and checked (type, enum,
 * required), the documented response fields, pipeline-scoped cf_* keys, stage changes. Where a
 * deal's line items come back: v2-line-items.test.ts. Expectations come from the cited
 * sections, or where they are silent from docs/assumptions.md's "v2 sandbox choices", never
 * from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { fieldsOf, issuesOf, useV2Sandbox } from './v2Client';

const { call, list, all, records, pipeline, stageOfType, company, userId, sandbox, tagOf } =
	useV2Sandbox({ seed: { contacts: 12 } });

describe('§11.3 deals', () => {
	const createDeal = (extra: Body = {}) =>
		call('/deals', 'POST', {
			title: 'New deal',
			clientId: company().id,
			pipelineId: pipeline().id,
			cf_lead_score: 40,
			...extra,
		});

	test('POST /deals: title, clientId, pipelineId required; no stageId → first ACTIVE stage; every documented field; pipeline-scoped cf_* required (§9.1)', async () => {
		const missing = await call('/deals', 'POST', {});
		expect(issuesOf(missing.body).map((issue) => issue.field)).toEqual(
			expect.arrayContaining(['title', 'clientId', 'pipelineId']),
		);
		const noScore = await call('/deals', 'POST', {
			title: 'x',
			clientId: company().id,
			pipelineId: pipeline().id,
		});
		expect(issuesOf(noScore.body)).toContainEqual({
			field: 'cf_lead_score',
			message: expect.stringContaining('Required'),
		});
		const otherPipeline = await call('/deals', 'POST', {
			title: 'x',
			clientId: company().id,
			pipelineId: records('pipelines')[1].id,
			cf_lead_score: 1,
			cf_partner_tier: 'Gold',
		});
		expect(issuesOf(otherPipeline.body)).toEqual([
			{ field: 'cf_lead_score', message: expect.any(String) },
		]);
		const contact = records('contacts')[0];
		const product = records('products')[0];
		const tag = (await list('/tags', { type: 'deals' })).body.data[0];
		const created = await createDeal({
			leadId: records('leads')[0].id,
			sourceId: records('leadSources')[0].id,
			ownerUserId: userId(),
			price: 1200,
			expectedCloseDate: '2026-12-31T00:00:00.000Z',
			priority: 'HIGH',
			currency: 'EUR',
			isInclusiveTax: true,
			assignees: [userId()],
			contacts: [contact.id],
			tags: [tag.id],
			products: [
				{
					name: 'Audit',
					quantity: 1,
					price: 1200,
					productId: product.id,
					description: 'd',
					tax: 5,
					taxRateId: 'txr_1',
					discount: 0,
				},
			],
			cf_budget_range: '10k-50k',
		});
		expect(created.status).toBe(200);
		const active = [...(pipeline().stages as Body[])]
			.filter((stage) => stage.type === 'ACTIVE')
			.sort((a, b) => a.position - b.position)[0];
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^dl_/),
			number: expect.any(String),
			title: 'New deal',
			contactEmails: [contact.email],
			clientId: company().id,
			client: { id: company().id },
			price: 1200,
			status: 'ACTIVE',
			priority: 'HIGH',
			pipelineId: pipeline().id,
			stageId: active.id,
			stage: active.name,
			leadId: records('leads')[0].id,
			leadName: records('leads')[0].name,
			crmSourceId: records('leadSources')[0].id,
			source: records('leadSources')[0].name,
			ownerUserId: userId(),
			ownerId: userId(),
			ownerName: records('users')[0].name,
			tags: [tag.id],
			cf_budget_range: '10k-50k',
			cf_lead_score: 40,
			cf_competitor: null,
		});
		expect(created.body).not.toHaveProperty('customFields');
		const badStage = await createDeal({
			stageId: stageOfType('ACTIVE', records('pipelines')[1]).id,
		});
		expect(issuesOf(badStage.body)[0].field).toBe('stageId');
		expect(issuesOf((await createDeal({ priority: 'low' })).body)[0].field).toBe('priority');
	});

	test('GET /deals: search (title), orderBy price asc, filters status is_any_of / pipelineId is / stageId is_none_of (§11.3, §7)', async () => {
		await createDeal({ title: 'Zebra migration', price: 1 });
		const searched = await list('/deals', { search: 'zebra' });
		expect(searched.body.data.map((deal: Body) => deal.title)).toEqual(['Zebra migration']);
		const byPrice = await list('/deals', { orderBy: 'price', orderDir: 'asc', pageSize: '100' });
		const prices = byPrice.body.data
			.map((deal: Body) => deal.price)
			.filter((price: unknown) => price !== null);
		expect(prices).toEqual([...prices].sort((a, b) => a - b));
		const closed = await all('/deals', {
			filters: { status: { operator: 'is_any_of', values: ['WON', 'LOST'] } },
		});
		expect(closed.items.length).toBe(
			records('deals').filter((deal) => deal.status !== 'ACTIVE').length,
		);
		const sales = await all('/deals', {
			filters: {
				pipelineId: { operator: 'is', values: [pipeline().id] },
				stageId: { operator: 'is_none_of', values: [stageOfType('WON', pipeline()).id] },
			},
		});
		expect(
			sales.items.every(
				(deal) =>
					deal.pipelineId === pipeline().id && deal.stageId !== stageOfType('WON', pipeline()).id,
			),
		).toBe(true);
		const notActive = await all('/deals', {
			filters: { status: { operator: 'is_not', values: ['ACTIVE'] } },
		});
		expect(notActive.items.length).toBe(closed.items.length);
		expect(searched.body.data[0]).toHaveProperty('cf_lead_score');
	});

	test('GET /deals/{id}, PATCH {"stageId": WON stage} sets status WON and emits deal.stageChanged; {"status":"LOST"} directly; DELETE returns the deal (§11.3, §11.7)', async () => {
		const { body: deal } = await createDeal();
		expect((await call(`/deals/${deal.id}`)).body).toMatchObject({
			id: deal.id,
			title: 'New deal',
		});
		const won = await call(`/deals/${deal.id}`, 'PATCH', {
			stageId: stageOfType('WON', pipeline()).id,
		});
		expect(won.body).toMatchObject({ status: 'WON', stage: 'Won' });
		const lost = await call(`/deals/${deal.id}`, 'PATCH', { status: 'LOST' });
		expect(lost.body).toMatchObject({ status: 'LOST', stage: 'Won' });
		expect(
			issuesOf((await call(`/deals/${deal.id}`, 'PATCH', { cf_partner_tier: 'Gold' })).body)[0]
				.field,
		).toBe('cf_partner_tier');
		const deleted = await call(`/deals/${deal.id}`, 'DELETE');
		expect(deleted).toMatchObject({ status: 200, body: { id: deal.id } });
		expect((await call(`/deals/${deal.id}`)).status).toBe(404);
		expect(
			(await call(`/deals/${deal.id}`, 'GET', undefined, sandbox().otherWorkspaceKey)).status,
		).toBe(404);
		const other = sandbox().records('deals', 'B')[0];
		expect((await call(`/deals/${String(other.id)}`)).status).toBe(403);
	});

	/** A deal with a wrong value in every documented field but the required ones. */
	const wrongDeal = () => ({
		title: 'Bad',
		clientId: company().id,
		pipelineId: pipeline().id,
		cf_lead_score: 1,
		leadId: 'ld_missing',
		sourceId: 'src_missing',
		ownerUserId: 'usr_missing',
		price: '100',
		expectedCloseDate: 'soon',
		priority: 'low',
		status: 'OPEN',
		currency: 'usd',
		isInclusiveTax: 'no',
		assignees: ['usr_missing'],
		contacts: ['clt_missing'],
		tags: ['tag_missing'],
		products: [{ name: 'X', colour: 'red' }],
	});

	test('POST /deals validates every documented field and answers assignees, contacts, tags, no line items (the §11.3 response lists none); no stageId → first ACTIVE stage', async () => {
		expect(fieldsOf(await call('/deals', 'POST', {}))).toEqual(['clientId', 'pipelineId', 'title']);
		expect(fieldsOf(await call('/deals', 'POST', wrongDeal()))).toEqual([
			'assignees',
			'contacts',
			'currency',
			'expectedCloseDate',
			'isInclusiveTax',
			'leadId',
			'ownerUserId',
			'price',
			'priority',
			'products',
			'sourceId',
			'status',
			'tags',
		]);
		const contact = records('contacts')[0];
		const owner = records('users')[0];
		const created = await call('/deals', 'POST', {
			title: 'Full deal',
			clientId: company().id,
			pipelineId: pipeline().id,
			stageId: null,
			leadId: records('leads')[0].id,
			sourceId: records('leadSources')[0].id,
			ownerUserId: owner.id,
			price: 1200,
			expectedCloseDate: '2026-06-30T00:00:00.000Z',
			priority: 'HIGH',
			status: 'ACTIVE',
			currency: 'EUR',
			isInclusiveTax: true,
			assignees: [owner.id],
			contacts: [contact.id],
			tags: [tagOf('deals')],
			products: [
				{
					name: 'Setup',
					quantity: 2,
					price: 100,
					productId: records('products')[0].id,
					description: 'One-off',
					tax: 5,
					taxRateId: 'tr_1',
					discount: 10,
				},
			],
			cf_lead_score: 70,
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^dl_/),
			title: 'Full deal',
			clientId: company().id,
			client: expect.objectContaining({ id: company().id }),
			contactEmails: [contact.email],
			price: 1200,
			status: 'ACTIVE',
			priority: 'HIGH',
			pipelineId: pipeline().id,
			stageId: stageOfType('ACTIVE').id,
			stage: expect.any(String),
			leadId: records('leads')[0].id,
			crmSourceId: records('leadSources')[0].id,
			ownerUserId: owner.id,
			ownerId: owner.id,
			ownerName: owner.name,
			assignees: [owner.id],
			contacts: [contact.id],
			tags: [tagOf('deals')],
			cf_lead_score: 70,
		});
		// §11.3 takes `products` but its deal response lists no line-item field: kept, not answered.
		expect(Object.keys(created.body)).not.toEqual(
			expect.arrayContaining([expect.stringMatching(/^(products|lineItems|quotationProducts)$/)]),
		);
		const stored = records('deals').find((deal) => deal.id === created.body.id);
		expect(stored?.products).toEqual([
			expect.objectContaining({ name: 'Setup', quantity: 2, price: 100, tax: 5 }),
		]);
		expect(
			fieldsOf(await call(`/deals/${created.body.id}`, 'PATCH', { cf_lead_score: 'high' })),
		).toEqual(['cf_lead_score']);
	});
});
