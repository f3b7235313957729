/**
 * Lead sources (API v1 /leads/sources, §10.1) through the node run by n8n-core against the
 * sandbox; a recording relay shows each request as it was sent (test/harness/crm.ts).
 */
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { heffl, one } = useCrm({});

describe('§10.1 lead sources', () => {
	test('lead sources: Get Many lists the lead sources (v1 /leads/sources)', async () => {
		const sources = await heffl({ resource: 'leadSource', operation: 'getAll', returnAll: true });
		one(sources, 'GET', '/leads/sources', 'v1');
		expect(sources.json.every((source) => String(source.id).startsWith('src_'))).toBe(true);
		expect(sources.json.length).toBeGreaterThan(0);
	});
});
