/**
 * Custom-field definitions (API v2 /custom-fields, §11.12) through the node run by n8n-core
 * against the sandbox; a recording relay shows each request as it was sent
 * (test/harness/crm.ts). Custom field values on records are in test/node/customFields.test.ts
 * and test/node/customFieldLabels.test.ts.
 */
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { heffl, one, records, pipeline } = useCrm({});

describe('§11.12 custom-field definitions', () => {
	test('custom-field definitions by entity (`entity`); deals with a pipeline add `pipelineId`', async () => {
		const definitions = records('customFields');
		const companiesRun = await heffl({
			resource: 'customField',
			operation: 'getAll',
			returnAll: true,
			entity: 'companies',
		});
		expect(companiesRun.error?.message).toBeUndefined();
		expect(one(companiesRun, 'GET', '/custom-fields').query).toMatchObject({
			entity: 'companies',
		});
		expect(companiesRun.json.map((definition) => definition.key)).toEqual(
			definitions.filter((d) => d.entity === 'companies').map((d) => d.key),
		);

		const target = String(pipeline(1).id);
		const dealsRun = await heffl({
			resource: 'customField',
			operation: 'getAll',
			returnAll: true,
			entity: 'deals',
			filters: { pipeline: target },
		});
		expect(dealsRun.error?.message).toBeUndefined();
		expect(one(dealsRun, 'GET', '/custom-fields').query).toMatchObject({
			entity: 'deals',
			pipelineId: target,
		});
		const expected = definitions.filter(
			(d) => d.entity === 'deals' && (d.pipelineId === null || d.pipelineId === target),
		);
		expect(dealsRun.json.map((definition) => definition.key)).toEqual(expected.map((d) => d.key));
		expect(dealsRun.json.some((definition) => definition.pipelineId === target)).toBe(true);
	});
});
