import { randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { afterEach, describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { TriggerHarness } from '../../drivers/harness/trigger';

const ctx = useSandbox({
	webhooks: { retryScheduleMs: [0, 50, 100, 150, 200, 250, 300, 350, 400, 450], timeoutMs: 2000 },
});
const open: TriggerHarness[] = [];

async function trigger(parameters: IDataObject = { events: ['lead.created', 'lead.updated'] }) {
	const harness = await new TriggerHarness(ctx.credentials, {
		subscription: 'automatic',
		...parameters,
	}).listen();
	open.push(harness);
	return harness;
}

afterEach(async () => {
	for (const harness of open.splice(0)) await harness.close();
});

const subscriptionsTo = (url: string) =>
	(ctx.sandbox.records('webhooks') as IDataObject[]).filter(
		(subscription) => subscription.url === url,
	);

async function createLead(name: string): Promise<IDataObject> {
	const response = await fetch(`${ctx.sandbox.urls.v1}/leads`, {
		method: 'POST',
		headers: { 'x-api-key': ctx.sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ name, email: `${name.toLowerCase().replace(/\W/g, '')}@example.com` }),
	});
	return (await response.json()) as IDataObject;
}

/** A delivery to the harness signed by the standardwebhooks library. */
async function deliver(
	harness: TriggerHarness,
	secret: string,
	event: IDataObject,
	id = `msg_${randomBytes(8).toString('hex')}`,
) {
	return await harness.deliverSigned(secret, event, id);
}

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
		const harness = await new TriggerHarness(
			{
				...ctx.credentials,
				v1BaseUrl: 'https://api.heffl.com/api/v1',
				v2BaseUrl: 'https://api.heffl.com/api/v2',
			},
			{ subscription: 'automatic', events: ['lead.created'] },
		).listen();
		open.push(harness);
		await expect(harness.activate()).rejects.toMatchObject({
			message: `Heffl cannot reach ${harness.webhookUrl}`,
			description: expect.stringContaining('WEBHOOK_URL'),
		});
	});
});

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
		const harness = await new TriggerHarness(ctx.credentials, {
			subscription: 'existing',
			events: ['lead.created'],
		}).listen();
		harness.signingSecretCredential = created.secret;
		open.push(harness);
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
