import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { hefflPaginate, hefflRequest, recordPath } from '../../shared/transport';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

async function listAll(context: ILoadOptionsFunctions, path: string, api: 'v1' | 'v2' = 'v1') {
	return await hefflPaginate.call(context, { api, path });
}

/** v2 reference data (§11.9–§11.13, §13), named and sorted. */
const v2Options = (path: string, describe?: (record: IDataObject) => string) =>
	async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return (await listAll(this, path, 'v2'))
			.map((record) => ({
				name: String(record.name ?? record.label ?? record.id),
				value: String(record.id),
				...(describe && { description: describe(record) }),
			}))
			.sort(byName);
	};

/** §11.13: the active templates of one document type. */
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

function named(records: IDataObject[]): INodePropertyOptions[] {
	return records
		.map((record) => ({ name: String(record.name), value: String(record.id) }))
		.sort(byName);
}

/** The pipeline chosen elsewhere in the node, in whichever parameter the operation uses. */
function chosenPipeline(context: ILoadOptionsFunctions): string | undefined {
	for (const parameter of [
		'dealPipelineId',
		'updateFields.pipelineId',
		'filters.pipelineId',
		'pipeline',
		'updateFields.pipeline',
		'additionalFields.pipeline',
		'filters.pipeline',
	]) {
		const value = context.getCurrentNodeParameter(parameter);
		if (typeof value === 'string' && value.trim()) return value.trim();
	}
	return undefined;
}

/** Which tag type fits the record the node is writing. */
const TAG_TYPE_OF_RESOURCE: Record<string, string> = {
	lead: 'leads',
	client: 'clients',
	deal: 'deals',
	contact: 'contacts',
	company: 'clients',
	quotation: 'quotations',
	task: 'project_tasks',
};

export const loadOptions = {
	async getPipelines(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return named(await listAll(this, '/pipelines'));
	},

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
			.map((stage) => ({ name: String(stage.name), value: String(stage.id) }));
	},

	async getLeadSources(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return named(await listAll(this, '/leads/sources'));
	},

	async getProducts(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return named(await listAll(this, '/products'));
	},

	async getTags(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const resource = String(this.getCurrentNodeParameter('resource') ?? '');
		const type = TAG_TYPE_OF_RESOURCE[resource];
		const body = await hefflRequest.call(this, {
			api: 'v1',
			method: 'GET',
			path: '/tags',
			qs: type ? { type } : {},
		});
		return ((body.items ?? []) as IDataObject[])
			.map((tag) => ({
				name: String(tag.name),
				value: Number(tag.id),
				description: String(tag.type),
			}))
			.sort(byName);
	},

	getUsers: v2Options('/users', (user) => String(user.email ?? '')),
	getClientStages: v2Options('/client-stages'),
	getCrmSources: v2Options('/sources'),
	getProductsV2: v2Options('/products', (product) => String(product.sku ?? product.type ?? '')),

	/** v2 tags (`tag_` IDs) of the record's tag type; all tags when the resource has none. */
	async getTagsV2(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const type = TAG_TYPE_OF_RESOURCE[String(this.getCurrentNodeParameter('resource') ?? '')];
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

	getQuotationTemplates: templatesOf('quotations'),
	getInvoiceTemplates: templatesOf('invoices'),
};
