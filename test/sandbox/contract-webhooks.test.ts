/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * The sandbox's webhook subscriptions and deliveries against the contract
 * (docs/service-api.md), over real HTTP: the secret shown once, deliveries that verify with
 * standardwebhooks, retries under one webhook-id, a rotated secret, unknown events refused.
 */
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';

import { useContractSandbox } from './contractClient';

const { sandbox, call } = useContractSandbox();

describe('webhook subscriptions and deliveries', () => {
	test('the secret is shown once; deliveries verify with standardwebhooks; failures retry with one id, then fail for good', async () => {
		const received: Array<{ headers: Record<string, string>; body: string }> = [];
		let answer = 200;
		const receiver = createServer((request, response) => {
			let body = '';
			request.on('data', (chunk) => (body += chunk));
			request.on('end', () => {
				received.push({ headers: request.headers as Record<string, string>, body });
				response.statusCode = answer;
				response.end();
			});
		});
		await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
		const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
		try {
			const created = await call('/webhooks', {
				method: 'POST',
				body: JSON.stringify({ name: 'test', url, events: ['lead.created'] }),
			});
			expect(created.body).toMatchObject({
				id: expect.stringMatching(/^wh_/),
				secret: expect.stringMatching(/^whsec_/),
				status: 'active',
			});
			const id = String(created.body.id);
			expect((await call(`/webhooks/${id}`)).body).not.toHaveProperty('secret');
			expect(JSON.stringify((await call('/webhooks')).body)).not.toContain(
				String(created.body.secret),
			);

			await call('/leads', { method: 'POST', body: JSON.stringify({ name: 'Hooked' }) });
			await sandbox().waitForDeliveries();
			const delivered = received[0];
			expect(JSON.parse(delivered.body)).toMatchObject({
				event: 'lead.created',
				payload: { name: 'Hooked' },
			});
			expect(() =>
				new Webhook(String(created.body.secret)).verify(delivered.body, delivered.headers),
			).not.toThrow();

			answer = 500;
			received.length = 0;
			await call('/leads', { method: 'POST', body: JSON.stringify({ name: 'Refused' }) });
			await sandbox().waitForDeliveries();
			expect(received).toHaveLength(3);
			expect(new Set(received.map((attempt) => attempt.headers['webhook-id'])).size).toBe(1);
			expect(sandbox().deliveries.at(-1)).toMatchObject({
				status: 'failed',
				attempts: expect.any(Array),
			});

			answer = 200;
			received.length = 0;
			const next = sandbox().rotateWebhookSecret(id);
			await call('/leads', { method: 'POST', body: JSON.stringify({ name: 'Rotated' }) });
			await sandbox().waitForDeliveries();
			expect(received[0].headers['webhook-signature'].split(' ')).toHaveLength(2);
			for (const secret of [String(created.body.secret), next]) {
				expect(() =>
					new Webhook(secret).verify(received[0].body, received[0].headers),
				).not.toThrow();
			}
			expect((await call(`/webhooks/${id}`, { method: 'DELETE' })).body).toEqual({
				id,
				deleted: true,
			});
		} finally {
			receiver.close();
		}
	});

	test('unknown events are refused', async () => {
		const answer = await call('/webhooks', {
			method: 'POST',
			body: JSON.stringify({ name: 'x', url: 'https://x.example/h', events: ['lead.exploded'] }),
		});
		expect(answer.body).toMatchObject({
			code: 'BAD_REQUEST',
			message: expect.stringMatching(/^events: /),
		});
	});
});
