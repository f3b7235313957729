/**
 * Pickers where IDs are asked: a condition on an ID of reference data (a deal's stage and
 * pipeline, a contact's client and lead stage, an owner, a source, a quotation's sales person
 * and template) picks its Values from Heffl's list, in the Heffl Trigger's Filters as in Get
 * Many's (one description: nodes/shared/editor/listProperties.ts), loaded from the sandbox
 * over loopback. An ID still works: picked, typed by expression, or saved as text before the
 * picker, through n8n's own reading of the parameters (the harness's Workflow); a wrong one
 * is refused at activation naming the field.
 */
import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { afterEach, describe, expect, test } from 'vitest';

import { Heffl } from '../../nodes/Heffl/Heffl.node';
import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';
import { useSandbox } from '../harness/context';
import { loadOptionsContext } from '../harness/n8n';
import { TriggerHarness } from '../harness/trigger';

const ctx = useSandbox();
const open: TriggerHarness[] = [];
afterEach(async () => {
	for (const harness of open.splice(0)) await harness.close();
});

const trigger = new HefflTrigger();
const property = (properties: INodeProperties[], name: string) =>
	properties.find((candidate) => candidate.name === name)!;
/** The Conditions of a kind's Filters in the trigger, and of its Get Many in the Heffl node. */
const triggerConditions = (kind: string) =>
	property(
		property(trigger.description.properties, `${kind}Filters`).options as never,
		'conditions',
	);
const getManyConditions = (kind: string) =>
	property(
		new Heffl().description.properties.filter((candidate) =>
			candidate.displayOptions?.show?.resource?.includes(kind),
		),
		'filters',
	).options!.find((option) => option.name === 'conditions') as INodeProperties;
/** A condition's Values: field → the list it picks from ('' for the text field). */
function valuesByField(conditions: INodeProperties) {
	const [{ values }] = conditions.options as Array<{ values: INodeProperties[] }>;
	const fields = (values.find((member) => member.name === 'field')!.options ?? []) as Array<{
		value: string;
	}>;
	const shown = (member: INodeProperties, field: string) =>
		(member.displayOptions?.show?.field ?? [field]).includes(field) &&
		!(member.displayOptions?.hide?.field ?? []).includes(field);
	return Object.fromEntries(
		fields.map(({ value: field }) => {
			const members = values.filter((member) => member.name === 'values' && shown(member, field));
			expect(members, field).toHaveLength(1);
			return [field, String(members[0].typeOptions?.loadOptionsMethod ?? '')];
		}),
	);
}

describe('the ID conditions pick their Values from Heffl, in the trigger as in Get Many', () => {
	test("the trigger's deal, contact and quotation Conditions are Get Many's; each ID of reference data has its list, the rest stay text", () => {
		for (const kind of ['deal', 'contact', 'quotation'])
			expect(triggerConditions(kind), kind).toEqual(getManyConditions(kind));
		const picked = (kind: string) =>
			Object.fromEntries(
				Object.entries(valuesByField(triggerConditions(kind))).filter(([, list]) => list),
			);
		expect(picked('deal')).toEqual({
			pipelineId: 'getPipelines',
			stageId: 'getPipelineStages',
			ownerUserId: 'getUsers',
			sourceId: 'getCrmSources',
		});
		expect(picked('contact')).toEqual({
			stageId: 'getClientStages',
			leadStageId: 'getLeadStages',
			ownerUserId: 'getUsers',
			sourceId: 'getCrmSources',
		});
		expect(picked('quotation')).toEqual({
			salesPersonId: 'getUsers',
			templateId: 'getQuotationTemplates',
		});
		// A record's ID (a client, a lead) is no reference data: typed, as before.
		expect(valuesByField(triggerConditions('deal')).clientId).toBe('');
	});

	test("each list loads from the sandbox in the trigger and in the Heffl node: deal stages as 'Pipeline › Stage', every ID Heffl's", async () => {
		const load = async (node: HefflTrigger | Heffl, method: string) =>
			await (
				node.methods.loadOptions as Record<
					string,
					(this: unknown) => Promise<INodePropertyOptions[]>
				>
			)[method].call(loadOptionsContext({}, ctx.credentials));
		const ids = (kind: Parameters<typeof ctx.sandbox.records>[0]) =>
			(ctx.sandbox.records(kind) as IDataObject[]).map((record) => String(record.id)).sort();
		const pipelines = ctx.sandbox.records('pipelines') as IDataObject[];
		const stages = pipelines.flatMap((pipeline) =>
			[...(pipeline.stages as IDataObject[])]
				.sort((a, b) => Number(a.position) - Number(b.position))
				.map((stage) => ({
					name: `${String(pipeline.name)} › ${String(stage.name)}`,
					value: stage.id,
				})),
		);
		for (const node of [trigger, new Heffl()]) {
			expect(await load(node, 'getPipelineStages')).toEqual(stages);
			const values = async (method: string) =>
				(await load(node, method)).map((option) => String(option.value)).sort();
			expect(await values('getPipelines')).toEqual(ids('pipelines'));
			expect(await values('getUsers')).toEqual(ids('users'));
			expect(await values('getClientStages')).toEqual(ids('clientStages'));
			expect(await values('getLeadStages')).toEqual(ids('leadStages'));
			expect((await load(node, 'getCrmSources')).length).toBeGreaterThan(0);
			expect((await load(node, 'getQuotationTemplates')).length).toBeGreaterThan(0);
		}
	});
});

describe('a deal Stage ID condition in a saved trigger: picked, by expression, or text saved before the picker', () => {
	const stageFilter = (values: unknown) => ({
		subscription: 'automatic',
		events: ['deal.stageChanged'],
		dealFilters: { conditions: { condition: [{ field: 'stageId', operator: 'is', values }] } },
	});
	const activated = async (values: unknown) => {
		const harness = await new TriggerHarness(ctx.credentials, stageFilter(values)).listen();
		open.push(harness);
		await harness.activate();
		return harness;
	};

	test('each activates, keeps its value as saved, and runs only for a deal moved into that stage', async () => {
		const [sales] = ctx.sandbox.records('pipelines') as IDataObject[];
		const [other, wanted] = sales.stages as IDataObject[];
		for (const values of [[wanted.id], `={{ '${String(wanted.id)}' }}`, String(wanted.id)]) {
			const harness = await activated(values);
			// n8n's reading of the parameters (the Workflow) keeps a text saved under the picker.
			const [node] = Object.values(harness.workflow.nodes);
			expect(
				((node.parameters.dealFilters as IDataObject).conditions as IDataObject).condition,
			).toEqual([expect.objectContaining({ values })]);
			for (const [id, stageId] of [
				['dl_in', wanted.id],
				['dl_out', other.id],
			]) {
				const message = {
					event: 'deal.stageChanged',
					timestamp: new Date().toISOString(),
					payload: { id, pipelineId: sales.id, stageId },
				};
				const answer = await harness.deliverSigned(String(harness.staticData.secret), message);
				expect(answer.status).toBe(200);
			}
			expect(harness.executions.map((items) => (items[0].record as IDataObject).id)).toEqual([
				'dl_in',
			]);
		}
	});

	test('a stage Heffl does not have is still refused at activation, naming the field and pointing to the list', async () => {
		const harness = await new TriggerHarness(
			ctx.credentials,
			stageFilter(['dps_nowhere']),
		).listen();
		open.push(harness);
		await expect(harness.activate()).rejects.toMatchObject({
			message:
				"Deal Filters › Conditions › Stage ID 'dps_nowhere' is not a stage of any pipeline in Heffl",
			description: expect.stringMatching(/Pick the stage from the list/),
		});
	});
});
