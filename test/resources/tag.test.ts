/**
 * Tags (API v2 /tags, §11.9) through the node run by n8n-core against the sandbox; a recording
 * relay shows each request as it was sent (test/harness/crm.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { ctx, relay, heffl, one, records, tagIds, ids } = useCrm({});

describe('§11.9 tags', () => {
	test('create sends name, type, color and icon; Get Many by type returns only tags of that type', async () => {
		const created = await heffl({
			resource: 'tag',
			operation: 'create',
			name: 'Strategic',
			tagType: 'project_tasks',
			color: '#2563eb',
			additionalFields: { icon: 'star' },
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/tags').body).toEqual({
			name: 'Strategic',
			type: 'project_tasks',
			color: '#2563eb',
			icon: 'star',
		});
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^tag_/),
			name: 'Strategic',
			type: 'project_tasks',
			color: '#2563eb',
			icon: 'star',
		});

		const listed = await heffl({
			resource: 'tag',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'project_tasks' },
		});
		expect(listed.error?.message).toBeUndefined();
		one(listed, 'GET', '/tags');
		expect(listed.json).toEqual([created.json[0]]);

		const deals = await heffl({
			resource: 'tag',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'deals' },
		});
		expect(ids(deals.json)).toEqual(tagIds('deals'));
	});

	test('§11.9 documents no list query: tags of another type from Heffl are dropped by the node', async () => {
		relay.rewrite = (sent) => {
			if (sent.method !== 'GET' || sent.path !== '/tags') return undefined;
			const every = records('tags').map((tag) => ({
				id: typeof tag.id === 'number' ? `tag_${tag.id}` : tag.id,
				name: tag.name,
				color: tag.color,
				type: tag.type,
				icon: tag.icon ?? null,
			}));
			return { status: 200, body: { data: every, meta: { nextCursor: null, hasMore: false } } };
		};
		try {
			const listed = await heffl({
				resource: 'tag',
				operation: 'getAll',
				returnAll: true,
				filters: { type: 'quotations' },
			});
			expect(listed.error?.message).toBeUndefined();
			expect(ids(listed.json)).toEqual(tagIds('quotations'));
			expect(listed.json.every((tag) => tag.type === 'quotations')).toBe(true);
		} finally {
			relay.rewrite = undefined;
		}
	});

	test('§11.9 tags: one request each, the type checked on the records and never sent (§11.9 lists no query), the limit sent as the page size (§6.2)', async () => {
		ctx.sandbox.clearRequests();
		const deals = await heffl({
			resource: 'tag',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'deals' },
		});
		const expected = (ctx.sandbox.records('tags') as IDataObject[]).filter(
			(tag) => tag.type === 'deals',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(deals.json.map((tag) => tag.name)).toEqual(expected.map((tag) => tag.name));
		expect(deals.json.every((tag) => tag.type === 'deals' && /^tag_/.test(String(tag.id)))).toBe(
			true,
		);
		const two = await heffl({ resource: 'tag', operation: 'getAll', limit: 2 });
		expect(two.json).toHaveLength(2);
		expect(ctx.apiRequests().map((request) => request.path)).toEqual([
			'/api/v2/tags?pageSize=100',
			'/api/v2/tags?pageSize=2',
		]);
	});
});
