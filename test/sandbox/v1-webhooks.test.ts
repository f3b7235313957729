/**
 * The sandbox's v1 webhook subscriptions against Heffl's own reference (docs/heffl-reference.md
 * §12.1), over real HTTP: what a create needs and what it answers. Each test names the section
 * it checks; expectations come from that section, not from the node.
 */
import { describe, expect, test } from 'vitest';

import { useV1Sandbox } from './v1Client';

const { call } = useV1Sandbox();

describe('§12.1 POST /webhooks', () => {
	test('name, url and events are required; the answer has id, name, url, events, status, secret, createdAt', async () => {
		for (const body of [
			{ url: 'https://example.com/h', events: ['lead.created'] },
			{ name: '', url: 'https://example.com/h', events: ['lead.created'] },
			{ name: 'x', events: ['lead.created'] },
			{ name: 'x', url: 'https://example.com/h', events: [] },
		])
			expect((await call('/webhooks', 'POST', body)).status).toBe(400);
		const created = await call('/webhooks', 'POST', {
			name: 'Zapier: New Lead',
			url: 'https://example.com/h',
			events: ['lead.created'],
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.any(String),
			name: 'Zapier: New Lead',
			url: 'https://example.com/h',
			events: ['lead.created'],
			status: expect.any(String),
			secret: expect.stringMatching(/^whsec_/),
			createdAt: expect.any(String),
		});
		await call(`/webhooks/${String(created.body.id)}`, 'DELETE');
	});
});
