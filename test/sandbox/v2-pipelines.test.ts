/**
 * The sandbox's v2 pipelines and their stages against Heffl's reference
 * (docs/heffl-reference.md §11.7, §8.1), over real HTTP: the list and one pipeline, create with
 * its stages, rename, add a stage, update a stage. Expectations come from the cited sections,
 * never from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { envelope, issuesOf, useV2Sandbox } from './v2Client';

const { call, list, records, pipeline } = useV2Sandbox();

describe('§11.7 pipelines and stages', () => {
	test('GET /pipelines and GET /pipelines/{id}: dpl_ pipelines with dps_ stages that carry a type (§8.1, §11.7)', async () => {
		const listed = await list('/pipelines');
		envelope(listed.body);
		expect(listed.body.data[0]).toMatchObject({
			id: expect.stringMatching(/^dpl_/),
			name: expect.any(String),
		});
		const got = await call(`/pipelines/${pipeline().id}`);
		expect(got.body.stages.map((stage: Body) => stage.type)).toEqual(
			expect.arrayContaining(['ACTIVE', 'WON', 'LOST']),
		);
		expect(got.body.stages[0]).toMatchObject({
			id: expect.stringMatching(/^dps_/),
			name: expect.any(String),
			position: expect.any(Number),
			probability: expect.any(Number),
		});
	});

	test('POST /pipelines: name and stages required, at least one ACTIVE, WON and LOST stage; PATCH /pipelines/{id} (name, icon, isActive)', async () => {
		expect(
			issuesOf(
				(await call('/pipelines', 'POST', { name: 'P', stages: [{ name: 'Only', position: 0 }] }))
					.body,
			)[0].field,
		).toBe('stages');
		const created = await call('/pipelines', 'POST', {
			name: 'Renewals',
			icon: 'refresh',
			stages: [
				{ name: 'Due', position: 0, probability: 20, rottingInDays: 7 },
				{ name: 'Renewed', position: 1, probability: 100, type: 'WON' },
				{ name: 'Churned', position: 2, type: 'LOST' },
			],
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^dpl_/),
			name: 'Renewals',
			stages: [
				expect.objectContaining({ name: 'Due', probability: 20 }),
				expect.anything(),
				expect.anything(),
			],
		});
		const unpositioned = await call('/pipelines', 'POST', {
			name: 'Simple',
			stages: [{ name: 'Open' }, { name: 'Won', type: 'WON' }, { name: 'Lost', type: 'LOST' }],
		});
		expect(
			unpositioned.body.stages.map((stage: Body) => [stage.name, stage.position, stage.type]),
		).toEqual([
			['Open', 0, 'ACTIVE'],
			['Won', 1, 'WON'],
			['Lost', 2, 'LOST'],
		]);
		const patched = await call(`/pipelines/${created.body.id}`, 'PATCH', {
			name: 'Renewals 2026',
			isActive: false,
		});
		expect(patched.body).toMatchObject({ name: 'Renewals 2026', isActive: false, icon: 'refresh' });
		expect(
			issuesOf((await call(`/pipelines/${created.body.id}`, 'PATCH', { stages: [] })).body)[0]
				.message,
		).toMatch(/Unknown field/);
	});

	test('POST /pipelines/{id}/stages (name, position required; probability 0–100; type default ACTIVE) and PATCH /pipeline-stages/{id}', async () => {
		const pipeline = records('pipelines')[1];
		expect(
			issuesOf(
				(
					await call(`/pipelines/${pipeline.id}/stages`, 'POST', {
						name: 'X',
						position: 1,
						probability: 150,
					})
				).body,
			)[0].field,
		).toBe('probability');
		const stage = await call(`/pipelines/${pipeline.id}/stages`, 'POST', {
			name: 'Pilot',
			position: 1.5,
		});
		expect(stage.body).toEqual({
			id: expect.stringMatching(/^dps_/),
			name: 'Pilot',
			position: 1.5,
			probability: 0,
			rottingInDays: 0,
			type: 'ACTIVE',
		});
		const patched = await call(`/pipeline-stages/${stage.body.id}`, 'PATCH', {
			probability: 40,
			type: 'WON',
			rottingInDays: 3,
		});
		expect(patched.body).toMatchObject({
			id: stage.body.id,
			name: 'Pilot',
			probability: 40,
			type: 'WON',
		});
		expect(
			(await call(`/pipelines/${pipeline.id}`)).body.stages.map((s: Body) => s.name),
		).toContain('Pilot');
		expect((await call('/pipeline-stages/dps_nope', 'PATCH', { name: 'x' })).status).toBe(404);
	});
});
