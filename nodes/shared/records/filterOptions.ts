/**
 * The dropdowns of the filters every node offers (the lead filters' Stage and Source, and the
 * lists of the conditions on an ID of reference data: pipeline, stage, owner...): the lists
 * they pick from, as the Heffl node's fields offer them, read through the transport. The
 * Heffl node's loadOptions and both triggers' share them.
 */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { ApiVersion } from '../transport';
import { hefflPaginate, hefflRequest, recordPath } from '../transport';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

/** A v1 list of reference data as options, ordered by position where it has one, else by name. */
const optionsOf = (path: string) =>
	async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const records = await hefflPaginate.call(this, { api: 'v1', path });
		return records
			.sort(
				(a, b) =>
					Number(a.position ?? 0) - Number(b.position ?? 0) ||
					String(a.name ?? '').localeCompare(String(b.name ?? '')),
			)
			.map((record) => ({
				name: String(record.name ?? record.label ?? record.id),
				value: String(record.id),
			}));
	};

/** Reference data (§11.9–§11.11, §13, and the contract's v1 lists), named and sorted. */
export const namedOptions = (
	api: ApiVersion,
	path: string,
	describe?: (record: IDataObject) => string,
) =>
	async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return (await hefflPaginate.call(this, { api, path }))
			.map((record) => ({
				name: String(record.name ?? record.label ?? record.id),
				value: String(record.id),
				...(describe && { description: describe(record) }),
			}))
			.sort(byName);
	};

/** §11.13: the active templates of one document type (its list takes no page size). */
export const templatesOf = (type: string) =>
	async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const body = await hefflRequest.call(this, {
			api: 'v2',
			method: 'GET',
			path: '/document-templates',
			qs: { type },
		});
		return ((body.data ?? []) as IDataObject[])
			.filter((template) => template.type === undefined || template.type === type)
			.map((template) => ({ name: String(template.name), value: String(template.id) }))
			.sort(byName);
	};

/** The pipeline chosen elsewhere in the Heffl node, in whichever parameter the operation uses. */
function chosenPipeline(context: ILoadOptionsFunctions): string | undefined {
	for (const parameter of ['pipeline', 'updateFields.pipeline', 'filters.pipeline']) {
		const value = context.getCurrentNodeParameter(parameter);
		if (typeof value === 'string' && value.trim()) return value.trim();
	}
	return undefined;
}

/** A deal pipeline's stages by name; without a chosen pipeline, every pipeline's, as "Pipeline › Stage". */
async function getPipelineStages(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const pipelineId = chosenPipeline(this);
	const pipelines = pipelineId
		? [
				await hefflRequest.call(this, {
					api: 'v1',
					method: 'GET',
					path: recordPath(this.getNode(), '/pipelines', pipelineId, 'Pipeline'),
				}),
			]
		: await hefflPaginate.call(this, { api: 'v1', path: '/pipelines' });
	// A pipeline whose `stages` is not a list contributes no stages instead of a TypeError.
	return pipelines.flatMap((pipeline) =>
		(Array.isArray(pipeline.stages) ? (pipeline.stages as IDataObject[]) : [])
			.filter((stage) => stage !== null && typeof stage === 'object')
			.sort((a, b) => Number(a.position) - Number(b.position))
			.map((stage) => ({
				name: pipelineId ? String(stage.name) : `${String(pipeline.name)} › ${String(stage.name)}`,
				value: String(stage.id),
			})),
	);
}

/** §10.1's lead stages and sources, and the lists of the ID conditions (ConditionSpec.list). */
export const filterOptions = {
	getLeadStages: optionsOf('/leads/stages'),
	getLeadSources: optionsOf('/leads/sources'),
	getPipelines: namedOptions('v1', '/pipelines'),
	getPipelineStages,
	getUsers: namedOptions('v2', '/users', (user) => String(user.email ?? '')),
	getClientStages: namedOptions('v2', '/client-stages'),
	getCrmSources: namedOptions('v2', '/sources'),
	getQuotationTemplates: templatesOf('quotations'),
};
