/**
 * v2 lists read pages of 100 (§6.2, §7), conditions are checked before sending and on the
 * returned records (§7), and v2 validation errors name the field (§4.2), through the node run by
 * n8n-core; a recording relay shows each request as it was sent (test/harness/crm.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { PLAIN_TEMPLATE, useCrm } from '../../harness/crm';

const { ctx, relay, heffl, one, all, byId, records, companies, pipeline, ids } = useCrm();

describe('§6.2/§7 v2 lists read pages of 100', () => {
	const listRequests = (path: string) =>
		ctx
			.apiRequests()
			.filter((entry) => entry.method === 'GET' && entry.path.startsWith(`/api/v2${path}?`));

	test.each([
		['company', '/companies', 'companies'],
		['deal', '/deals', 'deals'],
		['task', '/tasks', 'tasks'],
		['quotation', '/quotations', 'quotations'],
	] as const)(
		'%s: Return All over n records takes ceil(n/100) requests',
		async (resource, path, bulk) => {
			ctx.sandbox.bulkCreate(bulk, 210);
			const total =
				bulk === 'companies'
					? companies().length
					: records(bulk === 'deals' ? 'deals' : bulk).length;
			expect(total).toBeGreaterThan(200);
			ctx.sandbox.clearRequests();
			const result = await heffl({ resource, operation: 'getAll', returnAll: true });
			expect(result.error?.message).toBeUndefined();
			expect(result.json).toHaveLength(total);
			expect(new Set(ids(result.json)).size).toBe(total);
			const log = listRequests(path);
			expect(log).toHaveLength(Math.ceil(total / 100));
			expect(log.every((entry) => entry.status === 200)).toBe(true);
			const sent = all(result, 'GET', path);
			expect(sent.map((entry) => entry.query.pageSize)).toEqual(log.map(() => '100'));
			expect(sent[0].query.cursor).toBeUndefined();
			expect(sent.slice(1).every((entry) => typeof entry.query.cursor === 'string')).toBe(true);
		},
	);

	test('contact: Return All over n records takes ceil(n/100) requests; a Limit of 150 takes two (100 + 50)', async () => {
		const total = records('contacts').length;
		expect(total).toBeGreaterThan(200);
		ctx.sandbox.clearRequests();
		const result = await heffl({ resource: 'contact', operation: 'getAll', returnAll: true });
		expect(result.json).toHaveLength(total);
		expect(listRequests('/contacts')).toHaveLength(Math.ceil(total / 100));

		ctx.sandbox.clearRequests();
		const limited = await heffl({ resource: 'contact', operation: 'getAll', limit: 150 });
		expect(limited.json).toHaveLength(150);
		expect(listRequests('/contacts')).toHaveLength(2);
		expect(all(limited, 'GET', '/contacts').map((entry) => entry.query.pageSize)).toEqual([
			'100',
			'50',
		]);
	});

	test('a filtered Return All also reads pages of 100: ceil(n/100) requests for n matching records', async () => {
		const total = records('tasks').filter((task) => task.status === 'OPEN').length;
		expect(total).toBeGreaterThan(100);
		ctx.sandbox.clearRequests();
		const result = await heffl({
			resource: 'task',
			operation: 'getAll',
			returnAll: true,
			filters: { conditions: { condition: [{ field: 'status', operator: 'is', values: 'OPEN' }] } },
		});
		expect(result.error?.message).toBeUndefined();
		expect(result.json).toHaveLength(total);
		expect(listRequests('/tasks')).toHaveLength(Math.ceil(total / 100));
	});
});

describe('§4.2 v2 validation errors name the field', () => {
	test('a VALIDATION_ERROR’s issue names the field in the item’s error; the other items go on', async () => {
		const result = await heffl(
			{
				resource: 'company',
				operation: 'create',
				name: '={{ $json.name }}',
				additionalFields: { email: '={{ $json.email }}' },
			},
			{
				continueOnFail: true,
				items: [
					{ name: 'Valid Co', email: 'ok@valid.example' },
					{ name: 'Broken Co', email: 'not-an-address' },
				],
			},
		);
		expect(all(result, 'POST', '/companies').map((sent) => sent.status)).toEqual([200, 400]);
		expect(result.json[0]).toMatchObject({ name: 'Valid Co', email: 'ok@valid.example' });
		const item = result.json[1];
		expect(item).toMatchObject({ httpCode: 400, code: 'VALIDATION_ERROR' });
		expect(String(item.error)).toMatch(/email/);
		expect(item.details).toEqual({
			issues: [expect.objectContaining({ field: 'email' })],
		});
		expect(result.items.map((entry) => entry.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	// Heffl's top-level message may be the reference's generic one (§4.2): the field at fault
	// comes from details.issues. (Found failing; fixed in nodes/shared/transport/errors.ts withIssues().)
	test('with Heffl’s generic message, the field of details.issues is still in the item’s error message', async () => {
		relay.rewrite = (sent) => {
			const answer = sent.answer as { error?: IDataObject } | null;
			if (sent.status !== 400 || answer?.error?.code !== 'VALIDATION_ERROR') return undefined;
			// Heffl's issues, under the reference's example message.
			return {
				status: 400,
				body: {
					error: {
						...answer.error,
						message: 'Some fields are invalid. Please check and try again.',
					},
				},
			};
		};
		try {
			const result = await heffl(
				{
					resource: 'task',
					operation: 'create',
					title: 'Generic',
					// An enum value Heffl does not take (§11.5): the node leaves it to Heffl.
					additionalFields: { priority: 'URGENT' },
				},
				{ continueOnFail: true },
			);
			expect(result.json[0]).toMatchObject({ httpCode: 400, code: 'VALIDATION_ERROR' });
			expect(String(result.json[0].description)).toMatch(/priority/);
			expect(String(result.json[0].error)).toMatch(/priority/);
		} finally {
			relay.rewrite = undefined;
		}
	});

	// §4.2: an issue may have no `field` ("Unknown field: foo. …"). (Found rendered as
	// "undefined: Unknown field …"; fixed in nodes/shared/transport/errors.ts fieldIssues().)
	test('an issue without a field (an unknown key) is shown as its message, not as "undefined: …"', async () => {
		const result = await heffl(
			{
				resource: 'deal',
				operation: 'create',
				title: 'Unknown key',
				client: byId(String(companies()[0].id)),
				pipeline: String(pipeline().id),
				additionalFields: { extraFields: '{"foo": 1}' },
			},
			{ continueOnFail: true },
		);
		expect(one(result, 'POST', '/deals').status).toBe(400);
		const item = result.json[0];
		expect(item).toMatchObject({ httpCode: 400, code: 'VALIDATION_ERROR' });
		expect(String(item.error)).toMatch(/Unknown field: foo/);
		expect(String(item.description)).toMatch(/Unknown field: foo/);
		expect(String(item.description)).not.toMatch(/undefined/);
	});

	test('a required field left out of the node’s own checks reaches Heffl, whose issue names it', async () => {
		const result = await heffl(
			{
				resource: 'quotation',
				operation: 'create',
				client: byId(String(companies()[0].id)),
				template: PLAIN_TEMPLATE,
				date: '2026-06-01',
			},
			{ continueOnFail: true },
		);
		expect(one(result, 'POST', '/quotations').status).toBe(400);
		expect(result.json[0]).toMatchObject({ httpCode: 400, code: 'VALIDATION_ERROR' });
		expect(String(result.json[0].error)).toMatch(/quotationProducts/);
	});
});

describe('§7 conditions, shown on deals', () => {
	test('conditions are checked on the returned records: a row Heffl should not have returned is dropped, with a notice', async () => {
		const intruder = records('deals').find((deal) => deal.status === 'ACTIVE') as IDataObject;
		relay.rewrite = (sent) => {
			if (sent.method !== 'GET' || sent.path !== '/deals') return undefined;
			const answer = sent.answer as { data: IDataObject[]; meta: IDataObject };
			return {
				status: 200,
				body: { ...answer, data: [...answer.data, { ...intruder, status: 'ACTIVE' }] },
			};
		};
		try {
			const result = await heffl({
				resource: 'deal',
				operation: 'getAll',
				returnAll: true,
				filters: {
					conditions: { condition: [{ field: 'status', operator: 'is', values: 'LOST' }] },
				},
			});
			expect(result.error?.message).toBeUndefined();
			expect(ids(result.json)).not.toContain(intruder.id);
			expect(new Set(ids(result.json))).toEqual(
				new Set(ids(records('deals').filter((deal) => deal.status === 'LOST'))),
			);
			expect(result.hints.join(' ')).toMatch(/1 deal\(s\) that do not match the filters/);
		} finally {
			relay.rewrite = undefined;
		}
	});

	test('a condition with two values for Is or Is Not, or a field in both Conditions and Filters (JSON), is refused before sending', async () => {
		const twice = await heffl({
			resource: 'deal',
			operation: 'getAll',
			filters: {
				conditions: { condition: [{ field: 'status', operator: 'is', values: 'WON, LOST' }] },
			},
		});
		expect(twice.error?.message).toMatch(
			/^Filters › Conditions › condition 1: 2 values under 'Is': choose 'Is Any Of' for several/,
		);
		expect(twice.sent).toEqual([]);
		const notTwice = await heffl({
			resource: 'deal',
			operation: 'getAll',
			filters: {
				conditions: { condition: [{ field: 'status', operator: 'is_not', values: 'WON, LOST' }] },
			},
		});
		expect(notTwice.error?.message).toMatch(
			/^Filters › Conditions › condition 1: 2 values under 'Is Not': choose 'Is None Of' for several/,
		);
		expect(notTwice.sent).toEqual([]);
		const both = await heffl({
			resource: 'deal',
			operation: 'getAll',
			filters: {
				conditions: { condition: [{ field: 'status', operator: 'is', values: 'WON' }] },
				filtersJson: '{"status": {"operator": "is", "values": ["LOST"]}}',
			},
		});
		expect(both.error?.message).toMatch(
			/^Filters › Filters \(JSON\): 'status' is also a condition/,
		);
		expect(both.sent).toEqual([]);
	});
});
