/**
 * The dropdowns the Filters of every node offer, read from Heffl through the transport:
 * the lead filters (Stage, Source) and the values of §7's ID conditions (a deal's pipeline
 * and stage, an owner, a source, a client stage, a quotation template), so Get Many and
 * both triggers pick by name where they would otherwise ask for an ID.
 */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { ApiVersion } from '../transport';
import { hefflPaginate, hefflRequest } from '../transport';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);
const byPosition = (a: IDataObject, b: IDataObject) =>
	Number(a.position ?? 0) - Number(b.position ?? 0) ||
	String(a.name ?? '').localeCompare(String(b.name ?? ''));
const nameOf = (record: IDataObject) => String(record.name ?? record.label ?? record.id);

/** A v1 list of reference data as options, ordered by position where it has one, else by name. */
const positioned = (path: string) =>
	async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const records = await hefflPaginate.call(this, { api: 'v1', path });
		return records
			.sort(byPosition)
			.map((record) => ({ name: nameOf(record), value: String(record.id) }));
	};

/** Reference data (§11.9–§11.11, §13, and the contract's v1 lists), named and sorted by name. */
export const referenceOptions = (
	api: ApiVersion,
	path: string,
	describe?: (record: IDataObject) => string,
) =>
	async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return (await hefflPaginate.call(this, { api, path }))
			.map((record) => ({
				name: nameOf(record),
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

/** §11.7: every stage of every deal pipeline, "Pipeline › Stage", in each pipeline's order. */
async function getDealStages(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const pipelines = await hefflPaginate.call(this, { api: 'v2', path: '/pipelines' });
	return pipelines.sort(byPosition).flatMap((pipeline) =>
		(Array.isArray(pipeline.stages) ? (pipeline.stages as IDataObject[]) : [])
			.filter((stage) => stage !== null && typeof stage === 'object')
			.sort(byPosition)
			.map((stage) => ({
				name: `${nameOf(pipeline)} › ${nameOf(stage)}`,
				value: String(stage.id),
			})),
	);
}

/** §10.1's lead stages and sources (`/leads/stages`, `/leads/sources`). */
export const filterOptions = {
	getLeadStages: positioned('/leads/stages'),
	getLeadSources: positioned('/leads/sources'),
};

/** The values of §7's ID conditions (ConditionSpec.loadOptionsMethod), by name. */
export const conditionOptions = {
	getDealPipelines: referenceOptions('v2', '/pipelines'),
	getDealStages,
	getUsers: referenceOptions('v2', '/users', (user) => String(user.email ?? '')),
	getClientStages: referenceOptions('v2', '/client-stages'),
	getCrmSources: referenceOptions('v2', '/sources'),
	getQuotationTemplates: templatesOf('quotations'),
};
