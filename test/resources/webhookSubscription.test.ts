/**
 * Webhook subscriptions (API v1 /webhooks, §12.1) through the node run by n8n-core against
 * the sandbox: the signing secret Create shows once and Get and Get Many never. The Heffl
 * Trigger's own use of them is in test/trigger/.
 */
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { ctx, heffl, byId } = useCrm({});

describe('§12.1 webhook subscriptions', () => {
	const remove = (id: unknown) =>
		heffl({
			resource: 'webhookSubscription',
			operation: 'delete',
			webhookSubscriptionId: byId(String(id)),
		});

	test('create sends name, url and events as given; Heffl answers with the signing secret', async () => {
		const named = await heffl({
			resource: 'webhookSubscription',
			operation: 'create',
			subscriptionName: 'Zapier: New Lead',
			url: 'https://example.com/hook',
			events: ['lead.created'],
		});
		expect(named.json[0]).toMatchObject({
			name: 'Zapier: New Lead',
			secret: expect.stringMatching(/^whsec_/),
		});
		await remove(named.json[0].id);
	});

	test('create with an empty name sends "n8n: " and the events as the name', async () => {
		const unnamed = await heffl({
			resource: 'webhookSubscription',
			operation: 'create',
			url: 'https://example.com/hook',
			events: ['lead.created', 'deal.updated'],
		});
		expect(unnamed.json[0]).toMatchObject({ name: 'n8n: lead.created, deal.updated' });
		await remove(unnamed.json[0].id);
	});

	test('create shows the secret once with a warning; get and get many never do', async () => {
		const created = await heffl({
			resource: 'webhookSubscription',
			operation: 'create',
			url: 'https://hooks.example.com/heffl',
			events: ['lead.created', 'deal.stageChanged'],
			subscriptionName: 'CRM sync',
		});
		expect(created.error).toBeUndefined();
		expect(created.json[0]).toMatchObject({
			url: 'https://hooks.example.com/heffl',
			events: ['lead.created', 'deal.stageChanged'],
			secret: expect.stringMatching(/^whsec_/),
			secretNotice: expect.stringContaining('only once'),
		});
		const id = String(created.json[0].id);

		const fetched = await heffl({
			resource: 'webhookSubscription',
			operation: 'get',
			webhookSubscriptionId: byId(id),
		});
		expect(fetched.json[0]).toMatchObject({ id, name: 'CRM sync' });
		expect(fetched.json[0]).not.toHaveProperty('secret');

		const listed = await heffl({
			resource: 'webhookSubscription',
			operation: 'getAll',
			returnAll: true,
		});
		expect(listed.json.map((subscription) => subscription.id)).toContain(id);

		const deleted = await heffl({
			resource: 'webhookSubscription',
			operation: 'delete',
			webhookSubscriptionId: byId(id),
		});
		expect(deleted.json).toEqual([{ id, deleted: true }]);
	});

	test('a plain-http URL is sent: Heffl only warns (service-api.md: "HTTP endpoints generate warnings"; §12.2: HTTPS in production)', async () => {
		ctx.sandbox.clearRequests();
		const result = await heffl({
			resource: 'webhookSubscription',
			operation: 'create',
			url: 'http://hooks.example.com/heffl',
			events: ['lead.created'],
		});
		expect(result.error).toBeUndefined();
		expect(
			ctx.apiRequests().map((request) => `${request.method} ${request.path} ${request.status}`),
		).toEqual(['POST /api/v1/webhooks 200']);
		expect(result.json[0]).toMatchObject({
			url: 'http://hooks.example.com/heffl',
			name: 'n8n: lead.created',
			warnings: [expect.stringMatching(/not HTTPS/)],
		});
		const id = String(result.json[0].id);
		expect(ctx.sandbox.records('webhooks').map((subscription) => subscription.id)).toContain(id);
		await heffl({
			resource: 'webhookSubscription',
			operation: 'delete',
			webhookSubscriptionId: byId(id),
		});
		expect(ctx.sandbox.records('webhooks').map((subscription) => subscription.id)).not.toContain(
			id,
		);
	});
});
