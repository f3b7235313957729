/**
 * The attack suite of issue 13: one scenario per finding, against misbehaving
 * loopback servers, through n8n-core. The key is seen by no other host, no scenario
 * outlasts its cap, and every failure names its cause (asserted in each scenario).
 */
import { describe, expect, test } from 'vitest';

import { scenarios } from './scenarios';

describe('attacks on the transport', () => {
	test.each(scenarios.map((scenario) => [`${scenario.item}. ${scenario.name}`, scenario] as const))(
		'%s',
		async (_name, scenario) => {
			const started = Date.now();
			const outcome = await scenario.run();
			expect(outcome.keySeenByOtherHost).toBe(0);
			expect(Date.now() - started).toBeLessThan(scenario.capMs);
		},
	);

	test('every finding of issue 13 has at least one scenario', () => {
		expect(new Set(scenarios.map((scenario) => scenario.item))).toEqual(
			new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]),
		);
	});
});
