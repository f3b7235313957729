/**
 * The Heffl Trigger's Filters as the user sets them: every dropdown loads its options from
 * Heffl, a stage picked from the list or saved as an ID filters alike, and bad filters fail
 * activation naming the field and the fix, with nothing subscribed. How deliveries are
 * judged: filters.test.ts.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';
import { useSandbox } from '../../drivers/harness/context';
import { loadOptionsContext } from '../../drivers/harness/n8n';
import { deliver, stageFilter, stagesOf, useFilterTriggers } from './filterTriggers';

const ctx = useSandbox({
	webhooks: { retryScheduleMs: [0, 50, 100, 150, 200, 250, 300, 350, 400, 450], timeoutMs: 4000 },
});
const { trigger, listening, pipelines, subscriptionsTo } = useFilterTriggers(ctx);

describe('the Filters in the editor', () => {
	test('every dropdown of the Filters loads its options from Heffl (lead stages and sources, the ID conditions: a deal stage as Pipeline › Stage)', async () => {
		const trigger = new HefflTrigger();
		const methods: string[] = [];
		const walk = (properties: INodeProperties[]) => {
			for (const property of properties) {
				const method = property.typeOptions?.loadOptionsMethod;
				if (typeof method === 'string') methods.push(method);
				for (const option of (property.options ?? []) as Array<{
					type?: string;
					values?: unknown;
				}>) {
					if ('type' in option) walk([option as INodeProperties]);
					if (Array.isArray(option.values)) walk(option.values as INodeProperties[]);
				}
			}
		};
		walk(trigger.description.properties);
		expect([...new Set(methods)].sort()).toEqual([
			'getClientStages',
			'getCrmSources',
			'getDealPipelines',
			'getDealStages',
			'getLeadSources',
			'getLeadStages',
			'getQuotationTemplates',
			'getUsers',
		]);
		const loaders = trigger.methods.loadOptions as Record<
			string,
			(this: unknown) => Promise<Array<{ name: string }>>
		>;
		const stages = await loaders.getLeadStages.call(loadOptionsContext({}, ctx.credentials));
		const sources = await loaders.getLeadSources.call(loadOptionsContext({}, ctx.credentials));
		expect(stages.map((option) => option.name)).toEqual([
			'New',
			'Contacted',
			'Qualified',
			'Proposal',
			'Won',
			'Lost',
		]);
		expect(sources.map((option) => option.name)).toContain('Website');
		const dealStages = await loaders.getDealStages.call(loadOptionsContext({}, ctx.credentials));
		const [sales] = pipelines();
		const named = (stage: IDataObject) => `${String(sales.name)} › ${String(stage.name)}`;
		const salesStages = stagesOf(sales).map((stage) => ({ name: named(stage), value: stage.id }));
		expect(dealStages.filter(({ name }) => name.startsWith(`${String(sales.name)} ›`))).toEqual(
			salesStages,
		);
	});

	test('a stage picked from the list (IDs), or saved as an ID, filters alike', async () => {
		const [wanted, other] = [stagesOf(pipelines()[0])[4], stagesOf(pipelines()[0])[0]];
		for (const values of [[wanted.id], ` ${String(wanted.id)} `]) {
			const harness = await trigger(stageFilter(values));
			await deliver(harness, 'deal.stageChanged', { id: 'dl_p', stageId: wanted.id });
			await deliver(harness, 'deal.stageChanged', { id: 'dl_q', stageId: other.id });
			expect(harness.executions.map((run) => (run[0].record as IDataObject).id)).toEqual(['dl_p']);
		}
	});
});

describe('bad filters fail activation, naming the field and the fix; nothing is subscribed', () => {
	const refusal = async (parameters: IDataObject) => {
		const harness = await listening({ subscription: 'automatic', ...parameters });
		const error = await harness.activate().then(
			() => undefined,
			(caught: Error & { description?: string }) => `${caught.message} | ${caught.description}`,
		);
		expect(subscriptionsTo(harness.webhookUrl)).toHaveLength(0);
		return error;
	};

	test('a field deals do not have, an empty value, a stage of another pipeline, a stage Heffl does not have', async () => {
		const [sales, partners] = pipelines();
		expect(
			await refusal(stageFilter('x', [{ field: 'color', operator: 'is', values: 'red' }])),
		).toMatch(
			/Deal Filters › Conditions › condition 2: deals have no field 'color' \| Choose a Field/,
		);
		expect(await refusal(stageFilter(''))).toMatch(
			/Deal Filters › Conditions › condition 1.*has no values/,
		);
		expect(await refusal({ events: ['lead.created'], leadFilters: { stage: '  ' } })).toMatch(
			/Lead Filters › stage is empty \| Set a value or remove the filter/,
		);
		expect(
			await refusal(
				stageFilter(stagesOf(partners)[1].id, [
					{ field: 'pipelineId', operator: 'is', values: sales.id },
				]),
			),
		).toMatch(
			new RegExp(
				`Stage '${String(stagesOf(partners)[1].id)}' is a stage of the pipeline 'Partnerships'.*\\| Choose a stage of the filtered pipeline`,
			),
		);
		expect(await refusal(stageFilter('dps_nowhere'))).toMatch(
			/'dps_nowhere' is not a stage of any pipeline in Heffl/,
		);
	});

	test('two stages picked under Is (or Is Not): the message names Is Any Of (Is None Of)', async () => {
		const [first, second] = stagesOf(pipelines()[0]).map((stage) => stage.id);
		expect(await refusal(stageFilter([first, second]))).toMatch(
			/^Deal Filters › Conditions › condition 1: 2 values under 'Is': choose 'Is Any Of' for several \| Set Operator to Is Any Of/,
		);
		const notBoth = {
			...stageFilter([]),
			dealFilters: {
				conditions: {
					condition: [{ field: 'stageId', operator: 'is_not', values: [first, second] }],
				},
			},
		};
		expect(await refusal(notBoth)).toMatch(
			/^Deal Filters › Conditions › condition 1: 2 values under 'Is Not': choose 'Is None Of' for several/,
		);
	});

	test('filters of a kind whose events are not chosen are not read', async () => {
		const harness = await trigger({
			events: ['lead.created'],
			dealFilters: { conditions: { condition: [{ field: 'color', values: '' }] } },
		});
		expect(subscriptionsTo(harness.webhookUrl)).toHaveLength(1);
	});
});
