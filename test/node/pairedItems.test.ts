/**
 * Paired items over several input items, whatever the resource: each output item points at
 * the input item it came from (n8n's item linking), through the node run by n8n-core
 * against the sandbox.
 */
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox();

describe('paired items and multiple input items', () => {
	test('each output item points at the input item it came from', async () => {
		const result = await runHeffl(
			{ resource: 'task', operation: 'create', title: '={{ $json.title }}' },
			ctx.credentials,
			{ items: [{ title: 'first' }, { title: 'second' }, { title: 'third' }] },
		);
		expect(result.json.map((task) => task.title)).toEqual(['first', 'second', 'third']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	test('Get Many pairs every record with the item that asked for it', async () => {
		const result = await runHeffl(
			{ resource: 'leadSource', operation: 'getAll', limit: 2 },
			ctx.credentials,
			{ items: [{}, {}] },
		);
		expect(result.items).toHaveLength(4);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
	});
});
