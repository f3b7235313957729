/**
 * Pipeline stages (API v2: POST /pipelines/{id}/stages, PATCH /pipeline-stages/{id}, §11.7)
 * through the node run by n8n-core against the sandbox; a recording relay shows each request
 * as it was sent (test/harness/crm.ts).
 */
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { heffl, one, byId, pipeline, stages } = useCrm({});

describe('§11.7 pipeline stages', () => {
	test('a stage is added with POST /pipelines/{id}/stages and changed with PATCH /pipeline-stages/{id}', async () => {
		const target = String(pipeline(1).id);
		const created = await heffl({
			resource: 'pipelineStage',
			operation: 'create',
			pipeline: target,
			name: 'Legal review',
			position: 3,
			additionalFields: { probability: 60, rottingInDays: 7, type: 'ACTIVE' },
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', `/pipelines/${target}/stages`).body).toEqual({
			name: 'Legal review',
			position: 3,
			probability: 60,
			rottingInDays: 7,
			type: 'ACTIVE',
		});
		const id = String(created.json[0].id);
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^dps_/),
			name: 'Legal review',
			position: 3,
			probability: 60,
			type: 'ACTIVE',
		});
		expect(stages(1).map((stage) => stage.id)).toContain(id);

		const updated = await heffl({
			resource: 'pipelineStage',
			operation: 'update',
			pipelineStageId: byId(id),
			updateFields: {
				name: 'Signed',
				position: 4,
				probability: 100,
				rottingInDays: 0,
				type: 'WON',
			},
		});
		expect(updated.error?.message).toBeUndefined();
		expect(one(updated, 'PATCH', `/pipeline-stages/${id}`).body).toEqual({
			name: 'Signed',
			position: 4,
			probability: 100,
			rottingInDays: 0,
			type: 'WON',
		});
		expect(updated.json[0]).toMatchObject({ id, name: 'Signed', type: 'WON', probability: 100 });
	});
});
