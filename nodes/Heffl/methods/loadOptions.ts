import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { ApiVersion } from '../../shared/transport';
import { filterOptions, namedOptions, templatesOf } from '../../shared/records/filterOptions';
import { hefflPaginate } from '../../shared/transport';
import { PICKABLE_RESOURCES } from '../versions';
import { getOutputFields } from './outputFields';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

async function listAll(context: ILoadOptionsFunctions, path: string, api: ApiVersion = 'v1') {
	return await hefflPaginate.call(context, { api, path });
}

const { getPipelines, getPipelineStages, getUsers, getClientStages, getCrmSources } = filterOptions;

export const loadOptions = {
	getPipelines,
	getPipelineStages,

	async getLeadStages(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const stages = await listAll(this, '/leads/stages');
		return stages
			.sort((a, b) => Number(a.position) - Number(b.position))
			.map((stage) => ({ name: String(stage.name ?? stage.label), value: String(stage.id) }));
	},

	getLeadSources: namedOptions('v1', '/leads/sources'),
	getUsers,
	getClientStages,
	getCrmSources,
	getProducts: namedOptions('v2', '/products', (product) =>
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
	getQuotationTemplates: filterOptions.getQuotationTemplates,
	getInvoiceTemplates: templatesOf('invoices'),
};
