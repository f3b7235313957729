/**
 * CRM sources (API v2 /sources, §11.11) through the node run by n8n-core against the sandbox;
 * a recording relay shows each request as it was sent (test/harness/crm.ts).
 */
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { heffl, one, records, ids } = useCrm({});

describe('§11.11 CRM sources', () => {
	test('Get Many is GET /v2/sources: the Limit sent as the page size, Return All every source', async () => {
		const limited = await heffl({ resource: 'crmSource', operation: 'getAll', limit: 2 });
		expect(limited.error?.message).toBeUndefined();
		expect(one(limited, 'GET', '/sources').query.pageSize).toBe('2');
		expect(ids(limited.json)).toEqual(ids(records('leadSources').slice(0, 2)));
		const sourcesRun = await heffl({ resource: 'crmSource', operation: 'getAll', returnAll: true });
		expect(ids(sourcesRun.json)).toEqual(ids(records('leadSources')));
	});
});
