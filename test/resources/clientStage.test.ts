/**
 * Client stages (API v2 /client-stages, §11.11) through the node run by n8n-core against the
 * sandbox; a recording relay shows each request as it was sent (test/harness/crm.ts).
 */
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { heffl, one, records } = useCrm({});

describe('§11.11 client stages', () => {
	test('Get Many is GET /v2/client-stages: every client stage with its name', async () => {
		const stagesRun = await heffl({
			resource: 'clientStage',
			operation: 'getAll',
			returnAll: true,
		});
		expect(stagesRun.error?.message).toBeUndefined();
		one(stagesRun, 'GET', '/client-stages');
		expect(stagesRun.json.map((stage) => [stage.id, stage.name])).toEqual(
			records('clientStages').map((stage) => [stage.id, stage.name]),
		);
	});
});
