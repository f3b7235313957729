/** What the polling tests assert of every poll: each record once, none missed, a quiet poll. */
import type { IDataObject } from 'n8n-workflow';
import { expect } from 'vitest';

import type { PollHarness, PollOutcome } from '../../drivers/harness/poll';

/** The ids of the records in items a poll emitted (the trigger's shape, or Record Only's). */
export const idsOf = (items: IDataObject[] | null) =>
	(items ?? []).map((item) => String(((item.record ?? item) as IDataObject).id));

/** Every id exactly once, and nothing else. */
export function expectOnce(harness: PollHarness, ids: string[]) {
	const emitted = idsOf(harness.emitted);
	expect(new Set(emitted).size).toBe(emitted.length);
	expect([...emitted].sort()).toEqual([...ids].sort());
}

/** A poll that emitted nothing and did not fail. */
export function expectQuiet(outcome: PollOutcome) {
	expect(outcome.items).toBeNull();
	expect(outcome.error).toBeUndefined();
}
