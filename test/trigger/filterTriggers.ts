/**
 * The Filters tests' triggers (filters.test.ts, filtersInEditor.test.ts): active Heffl
 * Triggers with filters, deliveries signed with their own secret, and the sandbox's deal
 * pipelines with a stage condition to filter on.
 */
import type { IDataObject } from 'n8n-workflow';

import type { TestContext } from '../../drivers/harness/context';
import type { TriggerHarness } from '../../drivers/harness/trigger';
import { useTriggers } from './openTriggers';

/** Deal stage changes (and deletions) into `stageId`, with `extra` conditions; lead.created too. */
export const stageFilter = (stageId: unknown, extra: IDataObject[] = []) => ({
	events: ['deal.stageChanged', 'deal.deleted', 'lead.created'],
	dealFilters: {
		conditions: { condition: [{ field: 'stageId', operator: 'is', values: stageId }, ...extra] },
	},
});

export const stagesOf = (pipeline: IDataObject) => pipeline.stages as IDataObject[];

/** A delivery signed with the trigger's secret by the standardwebhooks library. */
export async function deliver(
	harness: TriggerHarness,
	event: string,
	payload: IDataObject,
	id?: string,
) {
	const message = { event, timestamp: new Date().toISOString(), payload };
	return await harness.deliverSigned(String(harness.staticData.secret), message, id);
}

/** Triggers for one test file (closed after each test), `trigger` activating each. */
export function useFilterTriggers(ctx: TestContext) {
	const triggers = useTriggers(ctx);
	return {
		...triggers,
		/** An active Heffl Trigger (its own subscription) with `parameters`. */
		trigger: async (parameters: IDataObject) => {
			const harness = await triggers.listening({ subscription: 'automatic', ...parameters });
			await harness.activate();
			return harness;
		},
		pipelines: () => ctx.sandbox.records('pipelines') as IDataObject[],
	};
}
