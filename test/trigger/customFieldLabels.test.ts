/**
 * Options → Custom Fields As → Labels on both triggers, against the sandbox over loopback:
 * the Heffl Trigger's delivered record (API v2's top-level `cf_*` keys, and a `customFields`
 * object as §12.5 shows) and the Polling Trigger's records by label; the definitions read
 * at most once per five minutes per key and scope (the memory's clock moved, not waited
 * for), so a definition added in Heffl appears within five minutes; definitions that cannot
 * be read keep the keys and the item says so.
 */
import type { IDataObject } from 'n8n-workflow';
import { afterEach, describe, expect, test } from 'vitest';

import { KEPT_MS, labelsClock } from '../../nodes/shared/records/triggerLabels';
import { useSandbox } from '../../drivers/harness/context';
import { PollHarness } from '../../drivers/harness/poll';
import { TriggerHarness } from '../../drivers/harness/trigger';
import { createRecord } from '../../sandbox/records';

const ctx = useSandbox({ webhooks: { retryScheduleMs: [0], maxAttempts: 1, timeoutMs: 4000 } });
const labels = { customFieldsAs: 'labels' };
const open: TriggerHarness[] = [];

afterEach(async () => {
	labelsClock.now = () => Date.now();
	ctx.sandbox.faults.clear();
	for (const harness of open.splice(0)) {
		await harness.deactivate();
		await harness.close();
	}
});

async function trigger(events: string[], options: Record<string, string | boolean> = labels) {
	const harness = await new TriggerHarness(ctx.credentials, {
		subscription: 'automatic',
		events,
		options,
	}).listen();
	open.push(harness);
	await harness.activate();
	return harness;
}

const definitionReads = () =>
	ctx.apiRequests().filter((request) => request.path.startsWith('/api/v2/custom-fields'));

async function newDeal(harness: TriggerHarness, fields: IDataObject): Promise<IDataObject> {
	const [client] = ctx.sandbox.records('clients');
	const [sales] = ctx.sandbox.records('pipelines');
	const before = harness.executions.length;
	const answer = await fetch(`${ctx.sandbox.urls.v2}/deals`, {
		method: 'POST',
		headers: { 'x-api-key': ctx.sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({
			clientId: client.id,
			pipelineId: sales.id,
			cf_lead_score: 7,
			...fields,
		}),
	});
	expect(answer.status).toBe(200);
	await ctx.sandbox.waitForDeliveries(() => harness.executions.length > before);
	const [item] = harness.executions.at(-1)!;
	return item;
}

describe('the Heffl Trigger', () => {
	test('a delivered deal by label; the definitions read once for many deliveries, and again after five minutes, so a definition added in Heffl appears', async () => {
		const harness = await trigger(['deal.created']);
		ctx.sandbox.clearRequests();
		const first = await newDeal(harness, { title: 'Labelled 1', cf_budget_range: '50k+' });
		expect(first).toMatchObject({
			event: 'deal.created',
			record: { title: 'Labelled 1', 'Lead Score': 7, 'Budget Range': '50k+' },
		});
		expect(first).not.toHaveProperty('customFieldsNotice');
		await newDeal(harness, { title: 'Labelled 2' });
		expect(definitionReads()).toHaveLength(1);

		ctx.sandbox.insert('customFields' as never, {
			id: 'cfd_contract_length',
			entity: 'deals',
			key: 'cf_contract_length',
			label: 'Contract Length',
			dataType: 'number',
			required: false,
			values: [],
			pipelineId: null,
		});
		const cached = await newDeal(harness, { title: 'Labelled 3', cf_contract_length: 12 });
		expect(cached.record).toMatchObject({ cf_contract_length: 12, 'Lead Score': 7 });
		expect(definitionReads()).toHaveLength(1);

		labelsClock.now = () => Date.now() + KEPT_MS;
		const fresh = await newDeal(harness, { title: 'Labelled 4', cf_contract_length: 24 });
		expect(fresh.record).toMatchObject({ 'Contract Length': 24, 'Lead Score': 7 });
		expect(fresh.record).not.toHaveProperty('cf_contract_length');
		expect(definitionReads()).toHaveLength(2);
	});

	test('a record with a customFields object (§12.5): the keys inside it by label, the rest untouched', async () => {
		const harness = await trigger(['deal.updated'], { ...labels, recordOnly: true });
		const [sales] = ctx.sandbox.records('pipelines');
		const payload = {
			id: 'dl_wrapped',
			title: 'Wrapped',
			pipelineId: sales.id,
			customFields: { cf_lead_score: 3, cf_unknown: 'kept' },
		};
		const message = { event: 'deal.updated', timestamp: new Date().toISOString(), payload };
		await harness.deliverSigned(String(harness.staticData.secret), message);
		expect(harness.executions.at(-1)).toEqual([
			{ ...payload, customFields: { 'Lead Score': 3, cf_unknown: 'kept' } },
		]);
	});

	test('definitions that cannot be read (403): the record as delivered, and the item says why', async () => {
		const harness = await trigger(['contact.created']);
		ctx.sandbox.faults.queue('403', 5, ['GET'], '/api/v2/custom-fields');
		// The sandbox sends no contact events (§12.4 calls them planned): delivered as Heffl would.
		const payload = { id: 'clt_unlabelled', firstName: 'Unlabelled', cf_newsletter: true };
		const message = { event: 'contact.created', timestamp: new Date().toISOString(), payload };
		await harness.deliverSigned(String(harness.staticData.secret), message);
		const [item] = harness.executions[0];
		expect(item.record).toEqual(payload);
		expect(item.customFieldsNotice).toMatch(
			/^Custom fields are shown by their keys \(cf_…\), not their labels: their definitions could not be read \(contacts: /,
		);
	});
});

describe('the Heffl Polling Trigger', () => {
	test('new companies by label; Keys unchanged beside it', async () => {
		const byLabel = new PollHarness(ctx.credentials, { event: 'company', options: labels });
		const byKey = new PollHarness(ctx.credentials, { event: 'company' });
		await byLabel.activate();
		await byKey.activate();
		const created = await createRecord(ctx.sandbox, 'company', 'Polled Labels Ltd');
		const [labelled] = (await byLabel.poll()).items!;
		const [keyed] = (await byKey.poll()).items!;
		expect(keyed.record).toMatchObject({ id: created.id, cf_industry: 'Software' });
		expect(labelled.record).toMatchObject({
			id: created.id,
			Industry: 'Software',
			'Company Size': null,
		});
		expect(
			Object.keys(labelled.record as IDataObject).filter((key) => key.startsWith('cf_')),
		).toEqual([]);
	});
});
