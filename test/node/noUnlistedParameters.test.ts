/**
 * Issue 29, Tag → Get Many: against a sandbox that refuses every query parameter the
 * reference does not list on v2's reference lists (behaviours.ts `strictReferenceLists`:
 * §11.9 documents none for `GET /tags`; §11.7, §11.10, §11.11, §13 none for pipelines,
 * products, client stages, sources and users), the node sends them only the paging the
 * Assumptions table keeps (`pageSize`, `cursor`; docs/assumptions.md), and the tag type filter is applied to the records,
 * never turning into "all tags".
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';
import { listSearch, loadOptions } from '../../drivers/harness/n8n';
import { Heffl } from '../../nodes/Heffl/Heffl.node';
import { REFERENCE_LISTS } from '../../sandbox/behaviours';

const { ctx, relay, heffl, records } = useCrm({
	seed: { contacts: 20, quotations: 2 },
	behaviours: { strictReferenceLists: true },
});

/** The node's requests to v2's reference lists, and what the sandbox answered. */
const referenceListRequests = (from: number) =>
	relay.sent
		.slice(from)
		.filter(
			(sent) => sent.api === 'v2' && sent.method === 'GET' && sent.path.slice(1) in REFERENCE_LISTS,
		);

const onlyPaging = (query: Record<string, string>) =>
	Object.keys(query).every((name) => name === 'pageSize' || name === 'cursor');

const tagType = (tag: IDataObject) => String(tag.type);

describe('Tag → Get Many against a server that takes no unlisted parameter on v2 /tags (§11.9)', () => {
	test('Filters › Type: no `type` is sent; exactly the tags of that type come back', async () => {
		const types = [...new Set(records('tags').map(tagType))];
		expect(types.length).toBeGreaterThan(1);
		for (const type of types) {
			const mark = relay.sent.length;
			const run = await heffl({
				resource: 'tag',
				operation: 'getAll',
				returnAll: true,
				filters: { type },
			});
			expect(run.error?.message, type).toBeUndefined();
			const expected = records('tags').filter((tag) => tagType(tag) === type);
			expect(run.json.map((tag) => tag.id).sort(), type).toEqual(
				expected.map((tag) => `tag_${String(tag.id)}`).sort(),
			);
			const sent = referenceListRequests(mark);
			expect(sent.length, type).toBeGreaterThan(0);
			for (const request of sent) {
				expect(request.query, type).not.toHaveProperty('type');
				expect(request.status, type).toBe(200);
			}
		}
	});

	test('a type no tag has: nothing, not every tag', async () => {
		const used = new Set(records('tags').map(tagType));
		const unused = ['bills', 'fs_jobs', 'vendors', 'schedules', 'purchase_orders'].find(
			(type) => !used.has(type),
		);
		expect(unused).toBeDefined();
		const run = await heffl({
			resource: 'tag',
			operation: 'getAll',
			returnAll: true,
			filters: { type: unused },
		});
		expect(run.error?.message).toBeUndefined();
		expect(run.json).toEqual([]);
	});

	test('tags that do not show their type: an error naming the filter, never every tag', async () => {
		relay.rewrite = (sent) =>
			sent.path === '/tags' && sent.status === 200
				? {
						status: 200,
						body: {
							...(sent.answer as IDataObject),
							data: ((sent.answer as IDataObject).data as IDataObject[]).map((tag) =>
								Object.fromEntries(Object.entries(tag).filter(([key]) => key !== 'type')),
							),
						},
					}
				: undefined;
		try {
			const run = await heffl({
				resource: 'tag',
				operation: 'getAll',
				limit: 5,
				filters: { type: 'deals' },
			});
			expect(run.json).toEqual([]);
			expect(run.error?.message).toMatch(/^Filters › Type: Heffl's tags do not show this field/);
		} finally {
			relay.rewrite = undefined;
		}
	});
});

describe('the other v2 lists whose parameters the reference does not list get only paging', () => {
	test('Get Many of tags, pipelines, products, users, client stages and sources, every filter set', async () => {
		const mark = relay.sent.length;
		const runs: Array<[string, IDataObject]> = [
			['tag', { filters: { type: 'deals' } }],
			['pipeline', {}],
			['product', { filters: { search: 'a' } }],
			['user', { filters: { search: 'a' } }],
			['clientStage', {}],
			['crmSource', {}],
		];
		for (const [resource, parameters] of runs) {
			const run = await heffl({ resource, operation: 'getAll', returnAll: true, ...parameters });
			expect(run.error?.message, resource).toBeUndefined();
		}
		const sent = referenceListRequests(mark);
		expect(new Set(sent.map((request) => request.path)).size).toBe(6);
		for (const request of sent) {
			expect(onlyPaging(request.query), `${request.path} ${JSON.stringify(request.query)}`).toBe(
				true,
			);
			expect(request.status, request.path).toBe(200);
		}
	});

	test("the editor's dropdowns and record pickers read them with paging only", async () => {
		const heffl = new Heffl();
		const mark = ctx.sandbox.requests.length;
		const parameters = { resource: 'deal', operation: 'create' };
		for (const method of Object.keys(heffl.methods.loadOptions))
			await loadOptions(method, parameters, relay.credentials).catch(() => []);
		for (const method of Object.keys(heffl.methods.listSearch))
			await listSearch(method, relay.credentials, 'a', undefined, parameters).catch(() => ({
				results: [],
			}));
		const reference = ctx.sandbox.requests
			.slice(mark)
			.filter((entry) => entry.apiVersion === 'v2')
			.map((entry) => new URL(entry.path, 'http://sandbox'))
			.filter((url) => url.pathname.replace('/api/v2/', '') in REFERENCE_LISTS);
		expect(reference.length).toBeGreaterThan(4);
		for (const url of reference)
			expect(
				[...url.searchParams.keys()].every((name) => name === 'pageSize' || name === 'cursor'),
				url.pathname + url.search,
			).toBe(true);
		const refused = ctx.sandbox.requests.slice(mark).filter((entry) => entry.status === 400);
		expect(refused.map((entry) => entry.path)).toEqual([]);
	});
});
