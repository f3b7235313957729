import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { ApiVersion } from '../../shared/transport';
import { hefflPaginate, hefflRequest, recordPath } from '../../shared/transport';
import {
	conditionOptions,
	filterOptions,
	referenceOptions,
	templatesOf,
} from '../../shared/records/filterOptions';
import { PICKABLE_RESOURCES } from '../versions';
import { getOutputFields } from './outputFields';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

async function listAll(context: ILoadOptionsFunctions, path: string, api: ApiVersion = 'v1') {
	return await hefflPaginate.call(context, { api, path });
}

/** The pipeline chosen elsewhere in the node, in whichever parameter the operation uses. */
function chosenPipeline(context: ILoadOptionsFunctions): string | undefined {
	for (const parameter of ['pipeline', 'updateFields.pipeline', 'filters.pipeline']) {
		const value = context.getCurrentNodeParameter(parameter);
		if (typeof value === 'string' && value.trim()) return value.trim();
	}
	return undefined;
}

export const loadOptions = {
	...filterOptions,
	...conditionOptions,
	getPipelines: referenceOptions('v1', '/pipelines'),

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

	getProducts: referenceOptions('v2', '/products', (product) =>
		String(product.sku ?? product.type ?? ''),
	),

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
	getInvoiceTemplates: templatesOf('invoices'),
};
