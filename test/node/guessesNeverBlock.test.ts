/**
 * Where heffl-reference.md is silent, the node guesses; a guess never blocks a user and
 * never destroys data (docs/assumptions.md): a filter a server ignores or records cannot
 * show never turns into "all records", and formats the reference does not document are
 * Heffl's to judge. IDs of any shape and pasted addresses: guessedIds.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { beforeAll, describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { useRecorder } from '../harness/crm';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox({ seed: { leads: 30, deals: 40 } });

/**
 * A Heffl that ignores §7's `filters` parameter: the recording relay drops it from every
 * request before the sandbox sees it (`sent` keeps what the node asked for).
 */
const ignoring = useRecorder(ctx);
beforeAll(() => {
	ignoring.rewriteUrl = (url) => url.searchParams.delete('filters');
});
const droppedFilters = () =>
	ignoring.sent.map((sent) => sent.query.filters).filter((filters) => filters !== undefined);

const run = (
	parameters: INodeParameters,
	options: { items?: IDataObject[]; continueOnFail?: boolean } = {},
) => runHeffl(parameters, ctx.credentials, options);

const lostOnly = { condition: [{ field: 'status', operator: 'is', values: 'LOST' }] };

describe('guesses never block and never destroy', () => {
	test('§7: a filtered Get Many against a Heffl that ignores the filter returns no non-matching record, and says so', async () => {
		const deals = ctx.sandbox.records('deals') as IDataObject[];
		const lost = deals.filter((deal) => deal.status === 'LOST').map((deal) => deal.id);
		expect(lost.length).toBeGreaterThan(0);
		expect(lost.length).toBeLessThan(deals.length);
		const sent = droppedFilters().length;
		const all = await runHeffl(
			{ resource: 'deal', operation: 'getAll', returnAll: true, filters: { conditions: lostOnly } },
			ignoring.credentials,
		);
		expect(droppedFilters().slice(sent)).toEqual([
			JSON.stringify({ status: { operator: 'is', values: ['LOST'] } }),
		]);
		expect(all.json.map((deal) => deal.id).sort()).toEqual([...lost].sort());
		expect(all.hints.join(' ')).toMatch(/do not match the filters \(Conditions › Status\)/);
		const limited = await runHeffl(
			{ resource: 'deal', operation: 'getAll', limit: 1, filters: { conditions: lostOnly } },
			ignoring.credentials,
		);
		expect(limited.json).toHaveLength(1);
		expect(lost).toContain(limited.json[0].id);
	});

	test('§7: against a Heffl that applies the filter, the same records and no notice', async () => {
		ctx.sandbox.clearRequests();
		const result = await run({
			resource: 'deal',
			operation: 'getAll',
			returnAll: true,
			filters: { conditions: lostOnly },
		});
		const lost = ctx.sandbox.records('deals').filter((deal) => deal.status === 'LOST');
		expect(result.json.map((deal) => deal.id).sort()).toEqual(lost.map((deal) => deal.id).sort());
		expect(result.hints).toEqual([]);
		const [request] = ctx.apiRequests();
		expect(new URL(request.path, 'http://x').searchParams.get('filters')).toBe(
			JSON.stringify({ status: { operator: 'is', values: ['LOST'] } }),
		);
	});

	test('a filter the records cannot show is an error, not an unfiltered list', async () => {
		const result = await runHeffl(
			{
				resource: 'deal',
				operation: 'getAll',
				filters: {
					conditions: {
						condition: [{ customFieldKey: 'cf_not_on_deals', operator: 'is', values: 'x' }],
					},
				},
			},
			ignoring.credentials,
		);
		expect(result.error?.message).toMatch(
			/^Filters › Conditions › cf_not_on_deals: .*cannot be checked/,
		);
		expect(result.json).toEqual([]);
	});

	test('formats Heffl has not documented are left to Heffl; its VALIDATION answer names the field, and only that item fails', async () => {
		ctx.sandbox.clearRequests();
		const result = await run(
			{
				resource: 'lead',
				operation: 'create',
				name: '={{ $json.name }}',
				additionalFields: { email: '={{ $json.email }}' },
			},
			{
				items: [
					{ name: 'Even', email: 'even@example.com' },
					{ name: 'Odd', email: 'not-an-address' },
				],
				continueOnFail: true,
			},
		);
		expect(ctx.apiRequests().map((request) => `${request.method} ${request.status}`)).toEqual([
			'POST 200',
			'POST 400',
		]);
		expect(result.json[0]).toMatchObject({ name: 'Even', email: 'even@example.com' });
		expect(String(result.json[1].error)).toMatch(/email/);
		expect(ctx.sandbox.records('leads').some((lead) => lead.name === 'Odd')).toBe(false);
	});

	test('custom fields are checked like standard fields of their type', async () => {
		const bad = await run({
			resource: 'lead',
			operation: 'create',
			name: 'Typed',
			customFields: { field: [{ label: 'Renewal', value: '2026-02-31', valueType: 'date' }] },
		});
		expect(bad.error?.message).toBe(
			"Custom Fields › field 1 › Value (cf_renewal): '2026-02-31' is not a date on the calendar [item 0]",
		);
		const good = await run({
			resource: 'lead',
			operation: 'create',
			name: 'Typed',
			customFields: {
				field: [
					{ label: 'Renewal', value: '20270131', valueType: 'date' },
					{ label: 'Seats', value: '12', valueType: 'number' },
					{ label: 'Signed', value: 'true', valueType: 'boolean' },
				],
			},
		});
		expect(good.json[0].customFields).toEqual({
			cf_renewal: '2027-01-31',
			cf_seats: 12,
			cf_signed: true,
		});
	});

	test('Extra Fields (JSON) may not set a key another field sets', async () => {
		const result = await run({
			resource: 'lead',
			operation: 'create',
			name: 'Twice',
			additionalFields: { extraFields: '{"name": "Other"}' },
		});
		expect(result.error?.message).toBe(
			"Additional Fields › Extra Fields (JSON): 'name' is also set by 'Name' [item 0]",
		);
	});
});
