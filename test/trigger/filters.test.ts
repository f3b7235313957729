/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * The Heffl Trigger's Filters, judged before an execution starts, against the sandbox
 * over loopback: a match runs, a non-match is acknowledged and remembered, a field the
 * delivery lacks is read from Heffl once (never guessed), a read that cannot come in time
 * answers 503 and is not remembered, a deleted record is judged as delivered, a field no
 * one shows starts nothing and is logged. The Filters in the editor and bad filters at
 * activation: filtersInEditor.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { afterEach, describe, expect, test } from 'vitest';

import { judgingLimits } from '../../nodes/HefflTrigger/deliveryFilter';
import { budgetId, forgetBudget } from '../../nodes/shared/transport/rateLimit';
import { useSandbox } from '../../drivers/harness/context';
import { deliver, stageFilter, stagesOf, useFilterTriggers } from './filterTriggers';

const ctx = useSandbox({
	webhooks: { retryScheduleMs: [0, 50, 100, 150, 200, 250, 300, 350, 400, 450], timeoutMs: 4000 },
});
const { trigger, pipelines } = useFilterTriggers(ctx);

afterEach(() => {
	ctx.sandbox.omitFromPayloads([]);
	ctx.sandbox.setRateLimit(false);
	judgingLimits.budgetMs = 10_000;
});

const deals = () => ctx.sandbox.records('deals') as IDataObject[];
const dealReads = () =>
	ctx
		.apiRequests()
		.filter(
			(request) => request.method === 'GET' && /^\/api\/v2\/deals\/[^/?]+$/.test(request.path),
		);

describe('Filters on the Heffl Trigger', () => {
	test('match, no match and repeats: only deliveries into the filtered stage start an execution, every answer 2xx, no read when the delivery shows the stage', async () => {
		const [sales, partners] = pipelines();
		const wanted = stagesOf(sales)[4];
		const harness = await trigger(stageFilter(wanted.id));
		ctx.sandbox.clearRequests();
		const sent = [
			{ id: 'dl_a', pipelineId: sales.id, stageId: wanted.id, status: 'WON' },
			{ id: 'dl_b', pipelineId: sales.id, stageId: stagesOf(sales)[1].id },
			{ id: 'dl_c', pipelineId: partners.id, stageId: stagesOf(partners)[0].id },
		];
		const answers = [];
		for (const payload of sent) {
			const first = await deliver(harness, 'deal.stageChanged', payload);
			answers.push(
				first.status,
				(await deliver(harness, 'deal.stageChanged', payload, first.id)).status,
			);
		}
		expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
		expect(harness.executions).toHaveLength(1);
		// Output unchanged: the delivered record, as without filters.
		expect(harness.executions[0]).toEqual([
			expect.objectContaining({ event: 'deal.stageChanged', record: sent[0] }),
		]);
		expect(harness.outcomes.map((outcome) => JSON.parse(outcome.body) as IDataObject)).toEqual(
			expect.arrayContaining([
				{ received: true, filtered: true },
				{ received: true, duplicate: true },
			]),
		);
		expect(ctx.apiRequests()).toEqual([]);
		// A filtered delivery is remembered like an accepted one.
		expect(Object.keys(harness.staticData.seen as IDataObject)).toHaveLength(3);
	});

	test('a delivery that lacks the filtered field: the deal is read from Heffl once, and judged on what Heffl holds', async () => {
		const [deal, other] = deals().filter(
			(candidate) => candidate.stageId !== deals()[0].stageId || candidate === deals()[0],
		);
		const harness = await trigger(stageFilter(deal.stageId));
		ctx.sandbox.clearRequests();
		const hit = await deliver(harness, 'deal.stageChanged', {
			id: deal.id,
			title: 'no stage shown',
		});
		expect(dealReads()).toHaveLength(1);
		const miss = await deliver(harness, 'deal.stageChanged', { id: other.id });
		expect([hit.status, miss.status]).toEqual([200, 200]);
		expect(dealReads()).toHaveLength(2);
		expect(harness.executions).toHaveLength(1);
		expect(harness.executions[0][0]).toMatchObject({
			record: { id: deal.id, title: 'no stage shown' },
		});

		// A stage shown as a number (§12.5 shows a lead's stageId so) is another naming: read, not refused.
		await deliver(harness, 'deal.stageChanged', { id: deal.id, stageId: 7 });
		expect(dealReads()).toHaveLength(3);
		expect(harness.executions).toHaveLength(2);
	});

	test('the sandbox leaving the stage out of its deliveries (§12.5): a real stage move still runs once, after one read', async () => {
		const [sales] = pipelines();
		const target = stagesOf(sales)[2];
		const deal = deals().find(
			(candidate) => candidate.pipelineId === sales.id && candidate.stageId !== target.id,
		)!;
		const harness = await trigger({
			events: ['deal.stageChanged'],
			dealFilters: stageFilter(target.id).dealFilters,
		});
		ctx.sandbox.omitFromPayloads(['stageId', 'pipelineId', 'status', 'stage']);
		ctx.sandbox.clearRequests();
		await fetch(`${ctx.sandbox.urls.v2}/deals/${String(deal.id)}`, {
			method: 'PATCH',
			headers: { 'x-api-key': ctx.sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ stageId: target.id }),
		});
		await ctx.sandbox.waitForDeliveries();
		expect(harness.executions).toHaveLength(1);
		expect(harness.executions[0][0].record).not.toHaveProperty('stageId');
		expect(dealReads()).toHaveLength(1);
	});

	test("a read that cannot come in time (the key's budget spent): 503, nothing remembered; the same webhook-id later runs once", async () => {
		const [deal] = deals();
		const harness = await trigger(stageFilter(deal.stageId));
		ctx.sandbox.setRateLimit({ limit: 1, windowMs: 30_000 });
		await fetch(`${ctx.sandbox.urls.v2}/pipelines`, {
			headers: { 'x-api-key': ctx.sandbox.apiKey },
		});
		const late = await deliver(harness, 'deal.stageChanged', { id: deal.id });
		expect(late.status).toBe(503);
		expect(harness.executions).toHaveLength(0);
		expect(harness.staticData.seen ?? {}).not.toHaveProperty(late.id);
		expect(harness.logs.join('\n')).toMatch(/filters could not be checked in time.*answered 503/);

		ctx.sandbox.setRateLimit(false);
		forgetBudget(budgetId(ctx.sandbox.apiKey, ctx.sandbox.urls.origin));
		const again = await deliver(harness, 'deal.stageChanged', { id: deal.id }, late.id);
		const repeat = await deliver(harness, 'deal.stageChanged', { id: deal.id }, late.id);
		expect([again.status, repeat.status]).toEqual([200, 200]);
		expect(harness.executions).toHaveLength(1);
	});

	test('Heffl too slow to answer the read: 503 within the judging budget', async () => {
		const [deal] = deals();
		const harness = await trigger(stageFilter(deal.stageId));
		judgingLimits.budgetMs = 800;
		const remove = ctx.sandbox.beforeRoute(async (call) => {
			if (call.path.includes(`/deals/${String(deal.id)}`))
				await new Promise((done) => setTimeout(done, 2000));
		});
		try {
			const started = Date.now();
			const late = await deliver(harness, 'deal.stageChanged', { id: deal.id });
			expect(late.status).toBe(503);
			expect(Date.now() - started).toBeLessThan(1900);
		} finally {
			remove();
		}
		expect(harness.executions).toHaveLength(0);
	});

	test('deal.deleted is judged on the delivered record only: a match runs, a missing field starts nothing with a warning, no read', async () => {
		const [deal] = deals();
		const harness = await trigger(stageFilter(deal.stageId));
		ctx.sandbox.clearRequests();
		await deliver(harness, 'deal.deleted', { id: deal.id, stageId: deal.stageId });
		const unknown = await deliver(harness, 'deal.deleted', { id: deal.id });
		expect(unknown.status).toBe(200);
		expect(harness.executions).toHaveLength(1);
		expect(dealReads()).toHaveLength(0);
		const warnings = harness.logs.filter((line) => line.startsWith('warn:'));
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain('Heffl Trigger "Heffl Trigger"');
		expect(warnings[0]).toContain('deal.deleted');
		expect(warnings[0]).toContain('Conditions › Stage');
		expect(warnings[0]).toContain(unknown.id);
	});

	test('a field unknown after the read (a custom field the deal does not show) starts nothing, answers 2xx, warns once a minute', async () => {
		const [deal] = deals();
		const harness = await trigger({
			events: ['deal.updated'],
			dealFilters: {
				conditions: { condition: [{ customFieldKey: 'cf_nowhere', operator: 'is', values: 'x' }] },
			},
		});
		ctx.sandbox.clearRequests();
		const answers = [];
		for (let i = 0; i < 3; i++)
			answers.push((await deliver(harness, 'deal.updated', { id: deal.id })).status);
		expect(answers).toEqual([200, 200, 200]);
		expect(dealReads()).toHaveLength(3);
		expect(harness.executions).toHaveLength(0);
		expect(harness.logs.filter((line) => line.includes('cannot be checked'))).toHaveLength(1);
	});

	test('lead Stage by ID matches the stage the lead moved into (its name in the delivery); Record Only still works; other events and unknown ones pass', async () => {
		const stages = ctx.sandbox.records('leadStages') as IDataObject[];
		const qualified = stages.find((stage) => stage.name === 'Qualified')!;
		const harness = await trigger({
			events: ['lead.stageChanged', 'client.created'],
			leadFilters: { stage: qualified.id },
			options: { recordOnly: true },
		});
		await deliver(harness, 'lead.stageChanged', { id: 'ld_1', stage: 'Qualified', stageId: 3 });
		await deliver(harness, 'lead.stageChanged', { id: 'ld_2', stage: 'New', stageId: 1 });
		await deliver(harness, 'client.created', { id: 'clt_1', name: 'Acme' });
		const unknownEvent = await deliver(harness, 'lead.merged', { id: 'ld_3' });
		expect(unknownEvent.status).toBe(200);
		expect(harness.executions.map((items) => items[0])).toEqual([
			{ id: 'ld_1', stage: 'Qualified', stageId: 3 },
			{ id: 'clt_1', name: 'Acme' },
		]);
	});
});
