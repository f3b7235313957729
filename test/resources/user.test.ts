/**
 * Users (API v2 /users, §13) through the node run by n8n-core against the sandbox; a recording
 * relay shows each request as it was sent (test/harness/crm.ts).
 */
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { heffl, one, records, ids } = useCrm({});

describe('§13 users', () => {
	test('users: GET /v2/users, every user; Search checked on name and e-mail', async () => {
		const listed = await heffl({ resource: 'user', operation: 'getAll', returnAll: true });
		expect(listed.error?.message).toBeUndefined();
		one(listed, 'GET', '/users');
		expect(ids(listed.json)).toEqual(ids(records('users')));
		expect(listed.json[0]).toMatchObject({
			name: records('users')[0].name,
			email: expect.any(String),
		});
		const name = String(records('users')[1].name);
		const searched = await heffl({
			resource: 'user',
			operation: 'getAll',
			returnAll: true,
			filters: { search: name.split(' ')[1].toLowerCase() },
		});
		expect(ids(searched.json)).toEqual([records('users')[1].id]);
	});
});
