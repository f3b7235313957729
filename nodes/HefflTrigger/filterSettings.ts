/**
 * The Heffl Trigger's Filters, one collection per kind of record its events carry (Deal
 * Filters, Lead Filters...): Get Many's filters of that record, minus what only a list
 * has (sort, full-text search, raw filters JSON), read and checked at activation so a
 * filter that could never be judged fails there, naming the field, and nothing is subscribed.
 */
import type { IDataObject, IHookFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { filterProperties } from '../shared/editor/listProperties';
import type { FilterCheck } from '../shared/records/listQuery';
import { listQuery } from '../shared/records/listQuery';
import { eventsOfRecord, FILTERABLE_RECORDS } from '../shared/table/eventRecords';
import type { ResourceSpec } from '../shared/table/schema';
import { plural } from '../shared/table/schema';
import { hefflPaginate } from '../shared/transport';
import type { TriggerContext } from './settings';
import { ALL_EVENTS } from './settings';

/** Get Many's filters a delivered record cannot answer: a list's order, its full-text search, raw JSON. */
const LIST_ONLY = new Set(['orderBy', 'orderDir', 'search', 'filtersJson']);

/**
 * The Filters hint, per kind: a filter on the Updated event runs at every edit of a record
 * that matches (a won deal edited ten times runs ten times); "changed to" needs the stage or
 * status change event, whose record is the one after the move. At most 120 characters
 * (n8n's hint-max-length).
 */
const FILTERS_HINT: Readonly<Record<string, string>> = {
	client:
		'Client Updated runs at every edit of a matching client: a client edited ten times runs ten times',
	contact:
		'Contact Updated runs at every edit of a matching contact; for "changed to" a stage, use Contact Stage Changed',
	deal: 'Deal Updated runs at every edit of a matching deal; for "changed to" a stage, use Deal Stage Changed',
	lead: 'Lead Updated runs at every edit of a matching lead; for "changed to" a stage, use Lead Stage Changed',
	quotation:
		'Quotation Updated runs at every edit of a matching quotation; for "changed to", use Quotation Status Changed',
};

/** The parameter of a kind's filters: `dealFilters`. */
export const filtersParameter = (resource: ResourceSpec) => `${resource.value}Filters`;

function offered(resource: ResourceSpec): INodeProperties[] {
	return filterProperties(resource).filter((property) => !LIST_ONLY.has(property.name));
}

/** The Filters collections of the editor, each shown when one of its kind's events is chosen. */
export function filterCollections(): INodeProperties[] {
	return FILTERABLE_RECORDS.filter((resource) => offered(resource).length > 0).map((resource) => ({
		displayName: `${resource.displayName} Filters`,
		name: filtersParameter(resource),
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description: `Only ${resource.label} events whose ${resource.label} matches, with the filters of ${resource.displayName} → Get Many. Checked before an execution starts: a delivery that does not match starts none.`,
		...(FILTERS_HINT[resource.value] && { hint: FILTERS_HINT[resource.value] }),
		displayOptions: { show: { events: [ALL_EVENTS, ...eventsOfRecord(resource)] } },
		options: offered(resource),
	}));
}

/** A kind's filters as the user set them ({} when none). */
export function filtersOf(context: TriggerContext, resource: ResourceSpec): IDataObject {
	const filters = context.getNodeParameter(filtersParameter(resource), {}) as unknown;
	return filters && typeof filters === 'object' && !Array.isArray(filters)
		? (filters as IDataObject)
		: {};
}

/** The checks of a kind's filters, as Get Many builds them; errors name the trigger's field. */
export async function filterChecks(
	context: TriggerContext,
	resource: ResourceSpec,
	filters: IDataObject,
): Promise<FilterCheck[]> {
	try {
		const query = await listQuery(context, resource, filters, 0);
		return query.checks;
	} catch (error) {
		if (!(error instanceof NodeOperationError))
			throw new NodeApiError(context.getNode(), error as JsonObject);
		const message = error.message.replace(/^Filters\b/, `${resource.displayName} Filters`);
		throw new NodeOperationError(context.getNode(), message, {
			description: error.description ?? undefined,
		});
	}
}

function refuse(context: IHookFunctions, where: string, problem: string, fix: string): never {
	throw new NodeOperationError(context.getNode(), `${where} ${problem}`, { description: fix });
}

const isEmpty = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Names and values a kind's filters hold that could never be judged: unknown, empty, foreign fields. */
function checkFields(context: IHookFunctions, resource: ResourceSpec, filters: IDataObject) {
	const label = `${resource.displayName} Filters`;
	const names = new Set(offered(resource).map((property) => property.name));
	for (const [name, value] of Object.entries(filters)) {
		if (!names.has(name))
			refuse(
				context,
				`${label} › ${name}`,
				`is not a filter of ${plural(resource.label)} in this trigger`,
				`Remove it; the filters offered are ${[...names].join(', ')}.`,
			);
		if (name !== 'conditions' && isEmpty(value))
			refuse(context, `${label} › ${name}`, 'is empty', 'Set a value or remove the filter.');
	}
	const conditions = (filters.conditions as IDataObject | undefined)?.condition;
	const known = new Set(resource.listing?.conditions.map((condition) => condition.key));
	(Array.isArray(conditions) ? (conditions as IDataObject[]) : []).forEach((entry, index) => {
		const key = String(entry?.customFieldKey ?? '').trim() || String(entry?.field ?? '').trim();
		if (key && !known.has(key) && !key.startsWith('cf_'))
			refuse(
				context,
				`${label} › Conditions › condition ${index + 1}:`,
				`${plural(resource.label)} have no field '${key}'`,
				`Choose a Field from the list, or give a custom field's cf_ key under Custom Field Key.`,
			);
	});
}

/** The positive values of a condition on `key` (is, is any of), or undefined. */
function positive(checks: FilterCheck[], filters: IDataObject, key: string): string[] | undefined {
	const conditions = (filters.conditions as IDataObject | undefined)?.condition;
	const entry = (Array.isArray(conditions) ? (conditions as IDataObject[]) : []).find(
		(condition) => condition?.field === key && !condition.customFieldKey,
	);
	if (!entry || !['is', 'is_any_of', undefined].includes(entry.operator as string))
		return undefined;
	return checks.find((check) => check.recordKey === key)?.value as string[] | undefined;
}

/**
 * A deal's stage condition names stages Heffl has, in the pipelines the filter names: a
 * stage of another pipeline could never match, so the trigger would stay silent.
 */
async function checkDealStages(
	context: IHookFunctions,
	checks: FilterCheck[],
	filters: IDataObject,
) {
	const stages = positive(checks, filters, 'stageId');
	if (!stages) return;
	const pipelines = await hefflPaginate.call(context, { api: 'v2', path: '/pipelines' });
	if (!pipelines.some((pipeline) => Array.isArray(pipeline.stages))) return; // cannot tell
	const pipelineOf = new Map<string, IDataObject>();
	for (const pipeline of pipelines)
		for (const stage of (pipeline.stages as IDataObject[] | undefined) ?? [])
			for (const id of [stage.id, stage.numericId].filter((v) => v !== undefined))
				pipelineOf.set(String(id).toLowerCase(), pipeline);
	const wantedPipelines = positive(checks, filters, 'pipelineId')?.map((id) => id.toLowerCase());
	for (const stage of stages) {
		const pipeline = pipelineOf.get(stage.toLowerCase());
		const where = 'Deal Filters › Conditions › Stage';
		if (!pipeline)
			refuse(
				context,
				where,
				`'${stage}' is not a stage of any pipeline in Heffl`,
				'Choose the stage from the list (Pipeline › Stage), or remove the condition.',
			);
		if (wantedPipelines && !wantedPipelines.includes(String(pipeline.id).toLowerCase()))
			refuse(
				context,
				where,
				`'${stage}' is a stage of the pipeline '${String(pipeline.name ?? pipeline.id)}' (${String(pipeline.id)}), which the Pipeline condition leaves out`,
				'Choose a stage of the filtered pipeline, or add its pipeline to the Pipeline condition.',
			);
	}
}

/**
 * At activation: every kind's filters whose events are chosen are read as a delivery will
 * read them, and refused here (naming the field and the fix) when they could never be judged.
 */
export async function checkFiltersAtActivation(
	context: IHookFunctions,
	events: string[],
): Promise<void> {
	for (const resource of FILTERABLE_RECORDS) {
		if (!eventsOfRecord(resource).some((event) => events.includes(event))) continue;
		const filters = filtersOf(context, resource);
		if (Object.keys(filters).length === 0) continue;
		checkFields(context, resource, filters);
		const checks = await filterChecks(context, resource, filters);
		if (resource.value === 'deal') await checkDealStages(context, checks, filters);
	}
}
