/**
 * The sandbox's v1 deals against Heffl's own reference (docs/heffl-reference.md §10.3, §17.3),
 * over real HTTP, and §7's last line (no v1 filter documented), read on the deals list. Each
 * test names the section it checks; expectations come from that section, not from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v1Client';
import { useV1Sandbox } from './v1Client';

const { call, first, pipeline, activeStage, sandbox } = useV1Sandbox();

describe('§10.3 deals', () => {
	test('POST /deals requires title, pipelineId, stageId and clientId', async () => {
		const answer = await call('/deals', 'POST', { title: 'Only a title' });
		expect(answer.status).toBe(400);
		for (const field of ['pipelineId', 'stageId', 'clientId'])
			expect(answer.body.message).toContain(`${field}: is required`);
	});

	test('POST /deals takes string public IDs (version 1) or numbers (version 2) for pipeline and stage', async () => {
		const client = String(first('clients').id);
		const byString = await call('/deals', 'POST', {
			title: 'String IDs',
			pipelineId: pipeline().id,
			stageId: activeStage().id,
			clientId: client,
			price: 1000,
			priority: 'HIGH',
			expectedCloseDate: '2027-03-31T00:00:00.000Z',
		});
		expect(byString.status).toBe(200);
		expect(byString.body).toMatchObject({
			id: expect.stringMatching(/^dl_/),
			title: 'String IDs',
			status: 'ACTIVE',
			priority: 'HIGH',
			price: 1000,
			customFields: {},
		});
		const byNumber = await call('/deals', 'POST', {
			title: 'Numeric IDs',
			pipelineId: pipeline().numericId,
			stageId: activeStage().numericId,
			clientId: client,
		});
		expect(byNumber.status).toBe(200);
		expect(
			(
				await call('/deals', 'POST', {
					title: 'x',
					pipelineId: pipeline().id,
					stageId: 'dps_other',
					clientId: client,
				})
			).body.message,
		).toMatch(/^stageId: /);
		expect(
			(
				await call('/deals', 'POST', {
					title: 'x',
					pipelineId: pipeline().id,
					stageId: activeStage().id,
					clientId: client,
					priority: 'high',
				})
			).status,
		).toBe(400);
	});

	test('GET /deals/{id}: id, title, createdAt, number, price, status, priority, expectedCloseDate, clientId, pipelineId, stageId, sourceId, leadId, customFields', async () => {
		const answer = await call(`/deals/${String(first('deals').id)}`);
		for (const key of [
			'id',
			'title',
			'createdAt',
			'number',
			'price',
			'status',
			'priority',
			'expectedCloseDate',
			'clientId',
			'pipelineId',
			'stageId',
			'sourceId',
			'leadId',
			'customFields',
		])
			expect(answer.body).toHaveProperty(key);
	});

	test('PATCH /deals/{id}: status ACTIVE/WON/LOST, priority LOW/MEDIUM/HIGH; pipelineId and clientId cannot be changed', async () => {
		const id = String(first('deals').id);
		expect(
			(await call(`/deals/${id}`, 'PATCH', { status: 'WON', priority: 'LOW' })).body,
		).toMatchObject({
			status: 'WON',
			priority: 'LOW',
		});
		expect((await call(`/deals/${id}`, 'PATCH', { status: 'won' })).status).toBe(400);
		expect((await call(`/deals/${id}`, 'PATCH', { clientId: 'clt_x' })).status).toBe(400);
		expect((await call(`/deals/${id}`, 'PUT', { title: 'x' })).status).toBe(404);
	});
});

describe('§7 last line: no v1 filter is documented', () => {
	test('undocumented query parameters are ignored unless the sandbox is told to honour the old guesses', async () => {
		const all = (await call('/deals?limit=100')).body.items as Body[];
		const ignored = (await call('/deals?limit=100&status=LOST')).body.items as Body[];
		expect(ignored).toHaveLength(all.length);
		sandbox().setUndocumentedFilters(true);
		try {
			const honoured = (await call('/deals?limit=100&status=LOST')).body.items as Body[];
			expect(honoured.every((deal) => deal.status === 'LOST')).toBe(true);
		} finally {
			sandbox().setUndocumentedFilters(false);
		}
	});
});
