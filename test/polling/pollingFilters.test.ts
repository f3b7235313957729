/**
 * The Heffl Polling Trigger's filters (Get Many's search and filter builder) against the
 * sandbox over loopback: only matching records are emitted, the others passed over for
 * good; a server that ignores the filters cannot make a poll emit records that do not
 * match; a filter the records do not show is an error, not every new record.
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { FIRST_PAGE_SIZE } from '../../nodes/HefflPollingTrigger/watchedList';
import { PollHarness } from '../../drivers/harness/poll';
import { expectOnce, expectQuiet } from './expectations';
import { createRecords } from '../../sandbox/records';
import { usePollingSandbox } from './pollingSandbox';

const { context, relay, listRequests, activated } = usePollingSandbox();

describe('filters: Get Many’s search and filter builder', () => {
	test('deals: Conditions (status is WON) → only won deals; the others are passed over for good', async () => {
		const harness = await activated('deal', {
			filters: { conditions: { condition: [{ field: 'status', operator: 'is', values: 'WON' }] } },
		});
		const ids = await createRecords(context.sandbox, 'deal', 4, 'filter-');
		for (const record of context.sandbox.records('deals'))
			if (ids.slice(2).includes(String(record.id))) record.status = 'WON';
		context.sandbox.clearRequests();
		await harness.poll();
		expect(listRequests()[0].path).toContain(
			`filters=${encodeURIComponent(JSON.stringify({ status: { operator: 'is', values: ['WON'] } }))}`,
		);
		await harness.poll();
		expectOnce(harness, ids.slice(2));
	});

	test('leads: Stage by a picker’s ID is matched by the stage’s name in n8n; an idle poll still costs one request', async () => {
		const stage = context.sandbox.records('leadStages')[1];
		const harness = await activated('lead', { filters: { stage: String(stage.id) } });
		context.sandbox.clearRequests();
		await harness.poll();
		expect(context.apiRequests()).toHaveLength(1);
		const ids = await createRecords(context.sandbox, 'lead', 3, 'staged-');
		for (const record of context.sandbox.records('leads'))
			if (record.id === ids[1]) record.stage = stage.name ?? stage.label;
		await harness.poll();
		expectOnce(harness, [ids[1]]);
	});

	/** A server that ignores `filters`: the relay answers every filtered task list with the unfiltered one. */
	async function ignoringFilters(parameters: IDataObject) {
		const harness = new PollHarness(relay.credentials, { event: 'task', ...parameters });
		await harness.activate();
		const ids = await createRecords(context.sandbox, 'task', 2, 'ignored-filter-');
		const unfiltered = await fetch(
			`${context.sandbox.urls.v2}/tasks?orderBy=createdAt&orderDir=desc&pageSize=${FIRST_PAGE_SIZE}`,
			{ headers: { 'x-api-key': context.sandbox.apiKey } },
		).then(async (response) => (await response.json()) as IDataObject);
		relay.rewrite = (sent) =>
			sent.path === '/tasks' && sent.query.filters ? { status: 200, body: unfiltered } : undefined;
		return { harness, ids, poll: await harness.poll() };
	}

	test('a server that ignores the filters cannot make a poll emit records that do not match', async () => {
		const { harness, poll } = await ignoringFilters({
			filters: {
				conditions: { condition: [{ field: 'status', operator: 'is', values: 'COMPLETED' }] },
			},
		});
		expectQuiet(poll);
		expect(harness.emitted).toEqual([]);
	});

	test('a filter Heffl’s records do not show is an error, not every new record', async () => {
		const { harness, poll } = await ignoringFilters({
			filters: {
				conditions: { condition: [{ customFieldKey: 'cf_nowhere', operator: 'is', values: 'x' }] },
			},
		});
		expect(poll.error?.message).toBe(
			"Filters › Conditions › cf_nowhere: Heffl's tasks do not show this field, so the filter cannot be checked",
		);
		expect(harness.emitted).toEqual([]);
	});

	test('two stages under Is (or Is Not) fail the first poll naming Is Any Of (Is None Of), nothing read', async () => {
		const [first, second] = (context.sandbox.records('pipelines')[0].stages as IDataObject[]).map(
			(stage) => String(stage.id),
		);
		for (const [operator, named] of [
			['is', "2 values under 'Is': choose 'Is Any Of' for several"],
			['is_not', "2 values under 'Is Not': choose 'Is None Of' for several"],
		]) {
			const harness = await activated('deal', {
				filters: {
					conditions: { condition: [{ field: 'stageId', operator, values: [first, second] }] },
				},
			});
			context.sandbox.clearRequests();
			const poll = await harness.poll();
			expect(poll.error?.message).toBe(`Filters › Conditions › condition 1: ${named}`);
			expect(listRequests()).toEqual([]);
		}
	});
});
