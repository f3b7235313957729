/* eslint-disable no-console -- the suite prints its counts */
/**
 * Issue 29: nothing garbled reaches Heffl, nothing vanishes without a word. Every
 * parameter of every operation of the Heffl node (found from the resource table through
 * the node's own parameters: fuzz/leaves.ts) is given, one at a time with the rest valid,
 * an object, `{}`, an object with an id, a list of such objects, NaN, Infinity and JSON
 * nested 5,000 deep, through an expression. Each case is judged by what reached the
 * sandbox over loopback (fuzz/cases.ts): refused with nothing sent and a message naming
 * the parameter, or taken as exactly the value it stands for.
 */
import type { INodeParameters } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { useCrm } from '../../harness/crm';
import { RESOURCES } from '../../../nodes/shared/table/resources';
import type { Made } from './baselines';
import { baselines, firstEntries, makeRecords } from './baselines';
import type { Case, Judged, Outcome } from './cases';
import { judge, SHAPES, shapesOf } from './cases';
import { leavesOfOperation } from './leaves';

const crm = useCrm();
let made: Made;
let base: Record<string, INodeParameters>;

beforeAll(async () => {
	made = await makeRecords(crm);
	base = baselines(crm, made);
}, 60_000);

const FINDINGS: Outcome[] = ['garbled', 'vanished', 'unclear', 'sentFirst', 'wronglyRefused'];
const tally = new Map<Outcome, number>();
const byShape = new Map<string, number>();
const examples = new Map<Outcome, string[]>();
let cases = 0;

afterAll(() => {
	const line = (outcome: Outcome) =>
		`| ${outcome} | ${tally.get(outcome) ?? 0} | ${SHAPES.map((shape) => byShape.get(`${outcome}:${shape}`) ?? 0).join(' | ')} |`;
	console.log(
		[
			'',
			`Fuzzed ${cases} cases (parameter × shape) of ${RESOURCES.length} resources:`,
			`| outcome | cases | ${SHAPES.join(' | ')} |`,
			`|---|---|${SHAPES.map(() => '---|').join('')}`,
			...(['taken', 'refused', ...FINDINGS] as Outcome[]).map(line),
			...FINDINGS.flatMap((outcome) =>
				(examples.get(outcome) ?? []).map((example) => `  ${outcome}: ${example}`),
			),
		].join('\n'),
	);
});

function count(c: Case, judged: Judged) {
	cases++;
	tally.set(judged.outcome, (tally.get(judged.outcome) ?? 0) + 1);
	const key = `${judged.outcome}:${c.shape}`;
	byShape.set(key, (byShape.get(key) ?? 0) + 1);
	if (!FINDINGS.includes(judged.outcome)) return;
	const list = examples.get(judged.outcome) ?? [];
	if (list.length < 40)
		list.push(
			`${c.resource.value}:${c.operation} ${c.leaf.path.join('.')} ← ${c.shape} → ${judged.message ?? 'no error'} | ${judged.sent.join(' ; ')}`,
		);
	examples.set(judged.outcome, list);
}

describe('every parameter of every operation, given hostile shapes through expressions', () => {
	test('every operation of the table has a baseline, and each baseline runs clean', async () => {
		for (const resource of RESOURCES)
			for (const operation of resource.operations) {
				const parameters = base[`${resource.value}:${operation}`];
				expect(parameters, `baseline for ${resource.value}:${operation}`).toBeDefined();
			}
	});

	for (const resource of RESOURCES) {
		test(`${resource.displayName}: refused naming the parameter, or sent as meant`, async () => {
			const findings: string[] = [];
			for (const operation of resource.operations) {
				const parameters = {
					resource: resource.value,
					operation,
					...base[`${resource.value}:${operation}`],
				};
				const clean = await crm.heffl(parameters);
				expect(clean.error?.message, `baseline ${resource.value}:${operation}`).toBeUndefined();
				const entries = firstEntries(crm, resource.value);
				for (const leaf of leavesOfOperation(resource, operation, parameters))
					for (const shape of shapesOf(leaf)) {
						const c: Case = { resource, operation, leaf, shape };
						const judged = await judge(crm, c, parameters, entries);
						count(c, judged);
						if (FINDINGS.includes(judged.outcome))
							findings.push(`${operation} ${leaf.label} ← ${shape}: ${judged.outcome}`);
					}
			}
			expect(findings).toEqual([]);
		}, 180_000);
	}
});
