import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { ApiVersion } from '../../shared/transport';
import { hefflPaginate, hefflRequest, recordPath } from '../../shared/transport';
import { PICKABLE_RESOURCES } from '../versions';
import { getOutputFields } from './outputFields';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

async function listAll(context: ILoadOptionsFunctions, path: string, api: ApiVersion = 'v1') {
	return await hefflPaginate.call(context, { api, path });
}

/** Reference data (§11.9–§11.11, §13, and the contract's v1 lists), named and sorted. */
const options = (api: ApiVersion, path: string, describe?: (record: IDataObject) => string) =>
	async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return (await listAll(this, path, api))
			.map((record) => ({
				name: String(record.name ?? record.label ?? record.id),
				value: String(record.id),
				...(describe && { description: describe(record) }),
			}))
			.sort(byName);
	};

/** §11.13: the active templates of one document type (its list takes no page size). */
const templatesOf = (type: string) =>
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

/** The pipeline chosen elsewhere in the node, in whichever parameter the operation uses. */
function chosenPipeline(context: ILoadOptionsFunctions): string | undefined {
	for (const parameter of ['pipeline', 'updateFields.pipeline', 'filters.pipeline']) {
		const value = context.getCurrentNodeParameter(parameter);
		if (typeof value === 'string' && value.trim()) return value.trim();
	}
	return undefined;
}

export const loadOptions = {
	getPipelines: options('v1', '/pipelines'),

	async getPipelineStages(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const pipelineId = chosenPipeline(this);
		const pipelines = pipelineId
			? [
					await hefflRequest.call(this, {
						api: 'v1',
						method: 'GET',
						path: recordPath(this.getNode(), '/pipelines', pipelineId, 'Pipeline'),
					}),
				]
			: await listAll(this, '/pipelines');
		// A pipeline whose `stages` is not a list contributes no stages instead of a TypeError.
		return pipelines.flatMap((pipeline) =>
			(Array.isArray(pipeline.stages) ? (pipeline.stages as IDataObject[]) : [])
				.filter((stage) => stage !== null && typeof stage === 'object')
				.sort((a, b) => Number(a.position) - Number(b.position))
				.map((stage) => ({
					name: pipelineId
						? String(stage.name)
						: `${String(pipeline.name)} › ${String(stage.name)}`,
					value: String(stage.id),
				})),
		);
	},

	async getLeadStages(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const stages = await listAll(this, '/leads/stages');
		return stages
			.sort((a, b) => Number(a.position) - Number(b.position))
			.map((stage) => ({ name: String(stage.name ?? stage.label), value: String(stage.id) }));
	},

	getLeadSources: options('v1', '/leads/sources'),
	getUsers: options('v2', '/users', (user) => String(user.email ?? '')),
	getClientStages: options('v2', '/client-stages'),
	getCrmSources: options('v2', '/sources'),
	getProducts: options('v2', '/products', (product) => String(product.sku ?? product.type ?? '')),

	/** Tags (`tag_` IDs, §11.9) of the resource's tag type; all tags when it has none. */
	async getTags(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const resource = String(this.getCurrentNodeParameter('resource') ?? '');
		const type = PICKABLE_RESOURCES.find((candidate) => candidate.value === resource)?.tagType;
		const tags = await listAll(this, '/tags', 'v2');
		// §11.9 documents no query for the list: the type is picked here.
		const ofType = tags.filter((tag) => !type || tag.type === type);
		return (ofType.length ? ofType : tags)
			.map((tag) => ({
				name: String(tag.name),
				value: String(tag.id),
				description: String(tag.type),
			}))
			.sort(byName);
	},

	getOutputFields,
	getQuotationTemplates: templatesOf('quotations'),
	getInvoiceTemplates: templatesOf('invoices'),
};
