/**
 * Pipelines with their stages (API v2 /pipelines, §11.7) through the node run by n8n-core
 * against the sandbox; a recording relay shows each request as it was sent
 * (test/harness/crm.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { heffl, one, byId, records, ids } = useCrm({});

describe('§11.7 pipelines', () => {
	test('create sends the name, every stage with its fields, icon and active; get, get many, update', async () => {
		const created = await heffl({
			resource: 'pipeline',
			operation: 'create',
			name: 'Renewals',
			stages: {
				entry: [
					{ name: 'Due', position: 0, probability: 20, rottingInDays: 14, type: 'ACTIVE' },
					{ name: 'Renewed', position: 1, probability: 100, type: 'WON' },
					{ name: 'Churned', position: 2, probability: 0, type: 'LOST' },
				],
			},
			additionalFields: { icon: 'refresh', isActive: false },
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/pipelines').body).toEqual({
			name: 'Renewals',
			// n8n gives a stage's numbers their default (0, as §11.7's) when the user leaves them.
			stages: [
				{ name: 'Due', position: 0, probability: 20, rottingInDays: 14, type: 'ACTIVE' },
				{ name: 'Renewed', position: 1, probability: 100, rottingInDays: 0, type: 'WON' },
				{ name: 'Churned', position: 2, probability: 0, rottingInDays: 0, type: 'LOST' },
			],
			icon: 'refresh',
			isActive: false,
		});
		const id = String(created.json[0].id);
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^dpl_/),
			name: 'Renewals',
			icon: 'refresh',
			isActive: false,
			stages: [
				expect.objectContaining({ name: 'Due', rottingInDays: 14, type: 'ACTIVE' }),
				expect.objectContaining({ name: 'Renewed', type: 'WON' }),
				expect.objectContaining({ name: 'Churned', type: 'LOST' }),
			],
		});

		const fetched = await heffl({ resource: 'pipeline', operation: 'get', pipelineId: byId(id) });
		one(fetched, 'GET', `/pipelines/${id}`);
		expect(fetched.json[0]).toEqual(created.json[0]);

		const listed = await heffl({ resource: 'pipeline', operation: 'getAll', returnAll: true });
		one(listed, 'GET', '/pipelines');
		expect(ids(listed.json)).toEqual(ids(records('pipelines')));
		expect(ids(listed.json)).toContain(id);

		const updated = await heffl({
			resource: 'pipeline',
			operation: 'update',
			pipelineId: byId(id),
			updateFields: { name: 'Renewals 2027', icon: 'calendar', isActive: true },
		});
		expect(one(updated, 'PATCH', `/pipelines/${id}`).body).toEqual({
			name: 'Renewals 2027',
			icon: 'calendar',
			isActive: true,
		});
		expect(updated.json[0]).toMatchObject({ id, name: 'Renewals 2027', isActive: true });
	});

	test('a pipeline without Won and Lost stages is refused before sending (§11.7: one of each type)', async () => {
		const refused = await heffl(
			{
				resource: 'pipeline',
				operation: 'create',
				name: 'Half',
				stages: { entry: [{ name: 'Open', position: 0, type: 'ACTIVE' }] },
			},
			{ continueOnFail: true },
		);
		expect(refused.sent).toEqual([]);
		expect(refused.json[0]).toMatchObject({
			error: 'Stages: has no WON and no LOST stage',
			description:
				'Add at least one Active, one Won and one Lost stage (Heffl requires all three).',
		});
	});

	test('a stage without a type counts as Active, as Heffl defaults it (§11.7)', async () => {
		const created = await heffl({
			resource: 'pipeline',
			operation: 'create',
			name: 'Defaults',
			stages: {
				entry: [
					{ name: 'Open', position: 0 },
					{ name: 'Won', position: 1, type: 'WON' },
					{ name: 'Lost', position: 2, type: 'LOST' },
				],
			},
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/pipelines').status).toBe(200);
	});

	test('pipelines come with their stages; Get returns one pipeline', async () => {
		const all = await heffl({ resource: 'pipeline', operation: 'getAll', returnAll: true });
		expect(all.json.length).toBeGreaterThanOrEqual(2);
		for (const pipeline of all.json) expect(String(pipeline.id)).toMatch(/^dpl_/);
		expect((all.json[0].stages as IDataObject[])[0].id).toMatch(/^dps_/);

		const one = await heffl({
			resource: 'pipeline',
			operation: 'get',
			pipelineId: byId(String(all.json[1].id)),
		});
		expect(one.json).toEqual([all.json[1]]);
	});
});
