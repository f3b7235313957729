/**
 * The Heffl Trigger's subscription lifecycle against the sandbox: activation registers one
 * subscription, deactivation removes it, nothing is orphaned (lost static data, a
 * subscription deleted in Heffl, changed events), n8n's localhost URL is refused against the
 * real Heffl, Use Existing Subscription registers nothing, and a subscription whose status
 * moved away from the one Heffl gave it is re-created. Deliveries: deliveries.test.ts.
 */
import { randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { deliverMessage as deliver, useTriggers } from './openTriggers';

const ctx = useSandbox({
	webhooks: { retryScheduleMs: [0, 50, 100, 150, 200, 250, 300, 350, 400, 450], timeoutMs: 2000 },
});
const { listening, subscriptionsTo } = useTriggers(ctx);

/** A Heffl Trigger registering its own subscription, not yet activated. */
const trigger = (parameters: IDataObject = { events: ['lead.created', 'lead.updated'] }) =>
	listening({ subscription: 'automatic', ...parameters });

describe('subscription lifecycle', () => {
	test('activation creates exactly one subscription to the webhook URL with the events; deactivation removes it', async () => {
		const harness = await trigger();
		await harness.activate();
		const [subscription] = subscriptionsTo(harness.webhookUrl);
		expect(subscriptionsTo(harness.webhookUrl)).toHaveLength(1);
		expect(subscription).toMatchObject({
			events: ['lead.created', 'lead.updated'],
			name: expect.stringContaining(harness.workflowId),
		});
		expect(harness.staticData).toMatchObject({
			subscriptionId: subscription.id,
			secret: expect.stringMatching(/^whsec_/),
		});

		// n8n asks again on every start: the subscription is found, nothing is created.
		ctx.sandbox.clearRequests();
		expect(await harness.checkExists()).toBe(true);
		expect(ctx.apiRequests().map((request) => request.method)).toEqual(['GET']);

		await harness.deactivate();
		expect(subscriptionsTo(harness.webhookUrl)).toHaveLength(0);
		expect(harness.staticData).toEqual({});
	});

	test('re-activation after lost static data leaves no orphan', async () => {
		const harness = await trigger();
		await harness.activate();
		harness.loseStaticData();
		await harness.activate();
		expect(subscriptionsTo(harness.webhookUrl)).toHaveLength(1);
		await harness.deactivate();
		expect(subscriptionsTo(harness.webhookUrl)).toHaveLength(0);
	});

	test('a subscription deleted in Heffl: checkExists answers false and clears the state, creating nothing', async () => {
		const harness = await trigger();
		await harness.activate();
		const id = String(harness.staticData.subscriptionId);
		await fetch(`${ctx.sandbox.urls.v1}/webhooks/${id}`, {
			method: 'DELETE',
			headers: { 'x-api-key': ctx.sandbox.apiKey },
		});
		ctx.sandbox.clearRequests();
		expect(await harness.checkExists()).toBe(false);
		expect(ctx.apiRequests().map((request) => request.method)).toEqual(['GET']);
		expect(harness.staticData.subscriptionId).toBeUndefined();
		// Deactivating now has nothing to delete and does not fail.
		await harness.deactivate();
	});

	test('changed events: the old subscription is replaced, not duplicated', async () => {
		const harness = await trigger();
		await harness.activate();
		harness.node.parameters.events = ['deal.created'];
		await harness.activate();
		expect(subscriptionsTo(harness.webhookUrl).map((subscription) => subscription.events)).toEqual([
			['deal.created'],
		]);
		await harness.deactivate();
	});

	test('"All events" subscribes to the whole catalogue', async () => {
		const harness = await trigger({ events: ['*'] });
		await harness.activate();
		expect((subscriptionsTo(harness.webhookUrl)[0].events as string[]).length).toBe(25);
		await harness.deactivate();
	});
});

describe('webhook URL checks', () => {
	test("against the real Heffl, n8n's localhost URL is refused with what to set", async () => {
		const harness = await listening(
			{ subscription: 'automatic', events: ['lead.created'] },
			{
				...ctx.credentials,
				v1BaseUrl: 'https://api.heffl.com/api/v1',
				v2BaseUrl: 'https://api.heffl.com/api/v2',
			},
		);
		await expect(harness.activate()).rejects.toMatchObject({
			message: `Heffl cannot reach ${harness.webhookUrl}`,
			description: expect.stringContaining('WEBHOOK_URL'),
		});
	});
});

describe('Use Existing Subscription', () => {
	test('registers nothing and verifies with the pasted secret', async () => {
		const created = (await (
			await fetch(`${ctx.sandbox.urls.v1}/webhooks`, {
				method: 'POST',
				headers: { 'x-api-key': ctx.sandbox.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({
					name: 'by hand',
					url: 'https://placeholder.example/hook',
					events: ['lead.created'],
				}),
			})
		).json()) as IDataObject;
		const harness = await listening({ subscription: 'existing', events: ['lead.created'] });
		harness.signingSecretCredential = created.secret;
		ctx.sandbox.clearRequests();
		await harness.activate();
		await harness.deactivate();
		expect(ctx.apiRequests()).toHaveLength(0);

		const accepted = await deliver(harness, String(created.secret), {
			event: 'lead.created',
			payload: { id: 'ld_1' },
		});
		const forged = await deliver(harness, `whsec_${randomBytes(32).toString('base64')}`, {
			event: 'lead.created',
			payload: {},
		});
		expect([accepted.status, forged.status]).toEqual([200, 401]);
		expect(harness.executions).toEqual([
			[
				{
					event: 'lead.created',
					timestamp: null,
					webhookId: expect.any(String),
					record: { id: 'ld_1' },
				},
			],
		]);
	});
});

describe("the subscription's status (§12.1: required, values not documented)", () => {
	test('a subscription whose status moved away from the one Heffl gave it is re-created on the next check, with a log line; deliveries resume; no orphan', async () => {
		const harness = await trigger({ events: ['lead.created'] });
		await harness.activate();
		const first = String(harness.staticData.subscriptionId);
		expect(harness.staticData.status).toBe('active');
		expect(await harness.checkExists()).toBe(true);

		ctx.sandbox.setWebhookStatus(first, 'paused');
		expect(await harness.checkExists()).toBe(false);
		expect(harness.logs.join('\n')).toMatch(
			new RegExp(
				`warn: .*subscription ${first} is re-created because its status is "paused", not "active"`,
			),
		);
		await harness.activate();
		const [renewed] = subscriptionsTo(harness.webhookUrl);
		expect(subscriptionsTo(harness.webhookUrl)).toHaveLength(1);
		expect(renewed.id).not.toBe(first);
		expect(renewed.status).toBe('active');

		await fetch(`${ctx.sandbox.urls.v1}/leads`, {
			method: 'POST',
			headers: { 'x-api-key': ctx.sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'Resumed' }),
		});
		await ctx.sandbox.waitForDeliveries();
		expect(harness.executions).toHaveLength(1);
	});

	test('a subscription made before the status was kept is not re-created for its status', async () => {
		const harness = await trigger({ events: ['lead.created'] });
		await harness.activate();
		delete harness.staticData.status;
		ctx.sandbox.setWebhookStatus(String(harness.staticData.subscriptionId), 'whatever');
		expect(await harness.checkExists()).toBe(true);
	});
});
