/**
 * Lead stages (create on API v2 /lead-stages, §11.8; listed on API v1 /leads/stages, §10.1)
 * through the node run by n8n-core against the sandbox; a recording relay shows each request
 * as it was sent (test/harness/crm.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { ctx, heffl, one, records, ids } = useCrm({});

describe('§11.8 lead stages', () => {
	test('create is POST /v2/lead-stages with label and type; Get Many lists it (v1 /leads/stages)', async () => {
		const created = await heffl({
			resource: 'leadStage',
			operation: 'create',
			label: 'Nurturing',
			stageType: 'CONTACTED',
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/lead-stages').body).toEqual({
			label: 'Nurturing',
			type: 'CONTACTED',
		});
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^lstg_/),
			label: 'Nurturing',
			type: 'CONTACTED',
			position: expect.any(Number),
		});
		// §11.8 marks type required: the default is sent when the user leaves it.
		const defaulted = await heffl({ resource: 'leadStage', operation: 'create', label: 'Fresh' });
		expect(one(defaulted, 'POST', '/lead-stages').body).toEqual({ label: 'Fresh', type: 'NEW' });

		const listed = await heffl({ resource: 'leadStage', operation: 'getAll', returnAll: true });
		expect(listed.error?.message).toBeUndefined();
		one(listed, 'GET', '/leads/stages', 'v1');
		expect(ids(listed.json)).toEqual(ids(records('leadStages')));
		expect(ids(listed.json)).toContain(created.json[0].id);
	});

	test('lead stages: Get Many lists every lead stage (v1 /leads/stages)', async () => {
		const stages = await heffl({ resource: 'leadStage', operation: 'getAll', returnAll: true });
		expect(stages.json.map((stage) => stage.id)).toEqual(
			(ctx.sandbox.records('leadStages') as IDataObject[]).map((stage) => stage.id),
		);
	});
});
