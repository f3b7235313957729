/**
 * The Heffl Trigger's deliveries against the sandbox: a real signed delivery starts one
 * execution with the record (or the record only), a retry or a repeated webhook-id runs
 * once, events not chosen start nothing, a forged delivery or a lost secret gets 401, a
 * secret rotation still verifies, and the webhook-ids kept stay bounded. The subscription:
 * lifecycle.test.ts.
 */
import { randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { deliverMessage as deliver, useTriggers } from './openTriggers';

const ctx = useSandbox({
	webhooks: { retryScheduleMs: [0, 50, 100, 150, 200, 250, 300, 350, 400, 450], timeoutMs: 2000 },
});
const { listening } = useTriggers(ctx);

/** A Heffl Trigger registering its own subscription, not yet activated. */
const trigger = (parameters: IDataObject = { events: ['lead.created', 'lead.updated'] }) =>
	listening({ subscription: 'automatic', ...parameters });

async function createLead(name: string): Promise<IDataObject> {
	const response = await fetch(`${ctx.sandbox.urls.v1}/leads`, {
		method: 'POST',
		headers: { 'x-api-key': ctx.sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ name, email: `${name.toLowerCase().replace(/\W/g, '')}@example.com` }),
	});
	return (await response.json()) as IDataObject;
}

describe('deliveries', () => {
	test('webhook-ids kept in static data stay bounded: when over 1,000, the newest 500 within 4 days stay', async () => {
		const harness = await trigger();
		await harness.activate();
		const now = Date.now();
		const seen: Record<string, number> = {};
		for (let i = 0; i < 990; i++) seen[`msg_recent${i}`] = now - i * 1000;
		for (let i = 0; i < 10; i++) seen[`msg_old${i}`] = now - 5 * 24 * 3600 * 1000;
		harness.staticData.seen = seen;
		await deliver(
			harness,
			String(harness.staticData.secret),
			{ event: 'lead.created', payload: {} },
			'msg_fresh',
		);
		const kept = Object.keys(harness.staticData.seen as object);
		expect(kept.length).toBe(500);
		expect(kept).toContain('msg_fresh');
		expect(kept.some((id) => id.startsWith('msg_old'))).toBe(false);
		// The newest of the earlier ones are the ones kept.
		expect(kept).toContain('msg_recent0');
		expect(kept).not.toContain('msg_recent600');
		await harness.deactivate();
	});

	test('a delivery whose answer was lost is retried by Heffl with the same id and runs once', async () => {
		const harness = await trigger({ events: ['lead.created'] });
		await harness.activate();
		harness.dropNextAnswers = 1;
		await createLead('Annie Easley');
		await ctx.sandbox.waitForDeliveries();
		const delivery = ctx.sandbox.deliveries.at(-1)!;
		expect(delivery.attempts.length).toBe(2);
		expect(delivery.status).toBe('succeeded');
		expect(harness.executions).toHaveLength(1);
		await harness.deactivate();
	});

	test('a real signed delivery from the sandbox starts one execution carrying the record', async () => {
		const harness = await trigger();
		await harness.activate();
		const lead = await createLead('Katherine Johnson');
		await ctx.sandbox.waitForDeliveries();
		expect(harness.executions).toEqual([
			[
				{
					event: 'lead.created',
					timestamp: expect.any(String),
					webhookId: expect.stringMatching(/^msg_/),
					record: lead,
				},
			],
		]);
		await harness.deactivate();
	});

	test('Record Only outputs the record itself', async () => {
		const harness = await trigger({ events: ['lead.created'], options: { recordOnly: true } });
		await harness.activate();
		const lead = await createLead('Dorothy Vaughan');
		await ctx.sandbox.waitForDeliveries();
		expect(harness.executions).toEqual([[lead]]);
		await harness.deactivate();
	});

	test('a retry with the same webhook-id is acknowledged and runs once', async () => {
		const harness = await trigger();
		await harness.activate();
		const secret = String(harness.staticData.secret);
		const event = {
			event: 'lead.updated',
			timestamp: new Date().toISOString(),
			payload: { id: 'ld_x' },
		};
		const first = await deliver(harness, secret, event, 'msg_same');
		const second = await deliver(harness, secret, event, 'msg_same');
		expect([first.status, second.status]).toEqual([200, 200]);
		expect(harness.executions).toHaveLength(1);
		await harness.deactivate();
	});

	test('events not selected, and kinds Heffl adds later, get 200 and start nothing', async () => {
		const harness = await trigger({ events: ['lead.created'] });
		await harness.activate();
		const secret = String(harness.staticData.secret);
		const notSelected = await deliver(harness, secret, { event: 'lead.updated', payload: {} });
		const unknown = await deliver(harness, secret, { event: 'lead.teleported', payload: {} });
		expect([notSelected.status, unknown.status]).toEqual([200, 200]);
		expect(harness.executions).toHaveLength(0);
		await harness.deactivate();
	});

	test('a forged delivery gets 401 and starts nothing', async () => {
		const harness = await trigger();
		await harness.activate();
		const forged = await deliver(harness, `whsec_${randomBytes(32).toString('base64')}`, {
			event: 'lead.created',
			payload: { id: 'ld_evil' },
		});
		expect(forged.status).toBe(401);
		expect(harness.executions).toHaveLength(0);
		await harness.deactivate();
	});

	test('with the secret lost, deliveries get 401 with what to do, never a 500', async () => {
		const harness = await trigger();
		await harness.activate();
		const secret = String(harness.staticData.secret);
		delete harness.staticData.secret;
		const result = await deliver(harness, secret, { event: 'lead.created', payload: {} });
		expect(result.status).toBe(401);
		expect(result.body).toContain('Deactivate and activate the workflow again');
		await harness.deactivate();
	});

	test('during a secret rotation deliveries still verify', async () => {
		const harness = await trigger();
		await harness.activate();
		ctx.sandbox.rotateWebhookSecret(String(harness.staticData.subscriptionId));
		await createLead('Mary Jackson');
		await ctx.sandbox.waitForDeliveries();
		expect(harness.executions).toHaveLength(1);
		await harness.deactivate();
	});
});
