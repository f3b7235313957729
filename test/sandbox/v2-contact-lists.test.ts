/**
 * The sandbox's v2 contacts list against heffl-reference.md §11.1 and §7 (with §4.2 and §6.2),
 * over loopback HTTP: the envelope, search, orderBy and orderDir, every documented filter with
 * each operator, and bad parameters named. Expectations come from the cited sections, or where
 * they are silent from docs/assumptions.md's "v2 sandbox choices", never from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { fieldsOf, ids, useV2Sandbox } from './v2Client';

const { call, list, records, company } = useV2Sandbox({ seed: { contacts: 12 } });

describe('§11.1 contacts', () => {
	test('GET /contacts: §6.2 envelope, search, orderBy name asc, orderDir, invalid orderBy/orderDir name their parameter (§7)', async () => {
		const answer = await list('/contacts', { pageSize: '5' });
		expect(answer.status).toBe(200);
		expect(answer.body.data).toHaveLength(5);
		expect(answer.body.meta).toEqual({ nextCursor: expect.any(String), hasMore: true });
		expect(answer.body.data[0]).toMatchObject({
			id: expect.stringMatching(/^clt_/),
			number: expect.any(String),
			firstName: expect.any(String),
			email: expect.anything(),
		});
		const target = records('contacts')[3];
		expect(ids(await list('/contacts', { search: String(target.email).toUpperCase() }))).toEqual([
			target.id,
		]);
		const byName = (await list('/contacts', { orderBy: 'name', orderDir: 'asc', pageSize: '100' }))
			.body.data as Body[];
		const names = byName.map((contact) => String(contact.name));
		expect(names).toEqual([...names].sort(new Intl.Collator('en', { numeric: true }).compare));
		const newest = (await list('/contacts', { pageSize: '100' })).body.data as Body[];
		const created = newest.map((contact) => String(contact.createdAt));
		expect(created).toEqual([...created].sort().reverse());
		expect(fieldsOf(await list('/contacts', { orderBy: 'email' }))).toEqual(['orderBy']);
		expect(fieldsOf(await list('/contacts', { orderDir: 'up' }))).toEqual(['orderDir']);
		expect(fieldsOf(await list('/contacts', { limit: '5', pageSize: '0' }))).toEqual(['pageSize']);
	});

	test('GET /contacts filters: stageId, leadStageId, ownerUserId, sourceId/crmSourceId, companyId, cf_* with is, is_not, is_any_of, is_none_of; bad filters name `filters` (§7)', async () => {
		const [stageA, stageB] = records('clientStages');
		const leadStage = records('leadStages')[0];
		const [ownerA, ownerB] = records('users');
		const source = records('leadSources')[0];
		const one = await call('/contacts', 'POST', {
			firstName: 'Filter',
			lastName: 'One',
			stageId: stageA.id,
			leadStageId: leadStage.id,
			ownerUserId: ownerA.id,
			sourceId: source.id,
			companyId: company().id,
			cf_preferred_language: 'Hindi',
		});
		const two = await call('/contacts', 'POST', {
			firstName: 'Filter',
			lastName: 'Two',
			stageId: stageB.id,
			ownerUserId: ownerB.id,
		});
		const both = [one.body.id, two.body.id];
		const matching = async (filters: unknown) => {
			const answer = await list('/contacts', { search: 'Filter', filters, pageSize: '100' });
			expect(answer.status).toBe(200);
			return ids(answer).filter((id) => both.includes(id));
		};
		expect(await matching({ stageId: { operator: 'is', values: [stageA.id] } })).toEqual([
			one.body.id,
		]);
		expect(await matching({ stageId: { operator: 'is_not', values: [stageA.id] } })).toEqual([
			two.body.id,
		]);
		expect(
			(
				await matching({ ownerUserId: { operator: 'is_any_of', values: [ownerA.id, ownerB.id] } })
			).sort(),
		).toEqual([...both].sort());
		expect(
			await matching({ ownerUserId: { operator: 'is_none_of', values: [ownerA.id] } }),
		).toEqual([two.body.id]);
		expect(await matching({ leadStageId: { operator: 'is', values: [leadStage.id] } })).toEqual([
			one.body.id,
		]);
		expect(await matching({ sourceId: { operator: 'is', values: [source.id] } })).toEqual([
			one.body.id,
		]);
		expect(await matching({ crmSourceId: { operator: 'is', values: [source.id] } })).toEqual([
			one.body.id,
		]);
		expect(await matching({ companyId: { operator: 'is', values: [company().id] } })).toEqual([
			one.body.id,
		]);
		expect(
			await matching({ cf_preferred_language: { operator: 'is_any_of', values: ['Hindi'] } }),
		).toEqual([one.body.id]);
		expect(
			await matching({
				stageId: { operator: 'is_any_of', values: [stageA.id, stageB.id] },
				ownerUserId: { operator: 'is', values: [ownerB.id] },
			}),
		).toEqual([two.body.id]);

		expect(fieldsOf(await list('/contacts', { filters: '{not json' }))).toEqual(['filters']);
		expect(fieldsOf(await list('/contacts', { filters: '["stageId"]' }))).toEqual(['filters']);
		expect(
			fieldsOf(
				await list('/contacts', { filters: { stageId: { operator: 'contains', values: ['x'] } } }),
			),
		).toEqual(['filters.stageId']);
		expect(
			fieldsOf(await list('/contacts', { filters: { nope: { operator: 'is', values: ['x'] } } })),
		).toEqual(['filters.nope']);
	});
});
