/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: a loopback webhook receiver */
/**
 * The sandbox's events of v2 writes against Heffl's reference (docs/heffl-reference.md §12.4),
 * over real HTTP: the events of v2 creates, updates and stage changes reach a subscription.
 * Expectations come from the cited sections, never from the node.
 */
import { createServer } from 'node:http';

import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { useV2Sandbox } from './v2Client';

const { call, pipeline, stageOfType, company, quotationTemplate, sandbox } = useV2Sandbox();

describe('events of v2 writes (§12.4)', () => {
	test('deal.created, deal.updated, deal.stageChanged, quotation.created from v2 writes reach a subscription', async () => {
		const received: Body[] = [];
		const server = createServer((request, response) => {
			let raw = '';
			request.on('data', (chunk) => (raw += chunk));
			request.on('end', () => {
				received.push(JSON.parse(raw));
				response.end('ok');
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const port = (server.address() as { port: number }).port;
		try {
			await fetch(`${sandbox().urls.v1}/webhooks`, {
				method: 'POST',
				headers: { 'x-api-key': sandbox().apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({
					name: 'v2 events',
					url: `http://127.0.0.1:${port}/hook`,
					events: ['deal.created', 'deal.updated', 'deal.stageChanged', 'quotation.created'],
				}),
			});
			const { body: deal } = await call('/deals', 'POST', {
				title: 'Evented',
				clientId: company().id,
				pipelineId: pipeline().id,
				cf_lead_score: 1,
			});
			await call(`/deals/${deal.id}`, 'PATCH', { stageId: stageOfType('WON', pipeline()).id });
			await call('/quotations', 'POST', {
				clientId: company().id,
				templateId: quotationTemplate().id,
				date: '2026-11-23',
				quotationProducts: [{ name: 'A', quantity: 1, price: 1 }],
				dealId: deal.id,
				cf_project_code: 'E',
				cf_payment_terms: 'Net 15',
			});
			await sandbox().waitForDeliveries(
				(deliveries) =>
					deliveries.filter((delivery) => delivery.url.includes(String(port))).length >= 4,
			);
			expect(received.map((event) => event.event).sort()).toEqual([
				'deal.created',
				'deal.stageChanged',
				'deal.updated',
				'quotation.created',
			]);
			expect(received.find((event) => event.event === 'deal.updated')?.payload).toMatchObject({
				id: deal.id,
				status: 'WON',
			});
		} finally {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	});
});
