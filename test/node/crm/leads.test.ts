/**
 * Lead → Get Many's Stage and Source filters (§10.1: a lead shows its stage by label and
 * its source by name). The pickers give IDs, so a value is matched as given and, where
 * it is the ID of a lead stage or source, by that record's name.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../../drivers/harness/context';
import { loadOptions, runHeffl } from '../../../drivers/harness/n8n';

const ctx = useSandbox({ seed: { leads: 120 } });

const leads = () => ctx.sandbox.records('leads') as IDataObject[];
const getMany = (filters: INodeParameters) =>
	runHeffl(
		{ resource: 'lead', operation: 'getAll', returnAll: true, simplify: false, filters },
		ctx.credentials,
	);

describe('§10.1 Lead → Get Many by stage and source', () => {
	test.each([
		['stage', 'leadStages', 'getLeadStages'],
		['source', 'leadSources', 'getLeadSources'],
	] as const)(
		'%s: the picker’s ID, the name, or the name in another case select the same leads',
		async (filter, kind, method) => {
			const options = await loadOptions(method, { resource: 'lead' }, ctx.credentials);
			// Lead stages and sources have a string id and name (sandbox/seed.ts).
			const chosen = (ctx.sandbox.records(kind) as IDataObject[]).find((record) =>
				leads().some((lead) => lead[filter] === record.name),
			) as IDataObject & { id: string; name: string };
			expect(options.map((option) => option.value)).toContain(chosen.id);
			const expected = leads()
				.filter((lead) => lead[filter] === chosen.name)
				.map((lead) => lead.id)
				.sort();
			expect(expected.length).toBeGreaterThan(0);
			expect(expected.length).toBeLessThan(leads().length);
			for (const value of [chosen.id, chosen.name, String(chosen.name).toUpperCase()]) {
				const result = await getMany({ [filter]: value });
				expect(result.error, String(value)).toBeUndefined();
				expect(result.json.map((lead) => lead.id).sort(), String(value)).toEqual(expected);
			}
		},
	);

	test('a value that is neither a name nor an ID matches nothing, and reads the list once', async () => {
		ctx.sandbox.clearRequests();
		const result = await getMany({ stage: 'lstg_doesNotExist' });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([]);
		const stageReads = ctx
			.apiRequests()
			.filter((request) => request.path.includes('/leads/stages'));
		expect(stageReads).toHaveLength(1);
	});
});
