import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { hefflListPage, MAX_PAGE_SIZE } from '../../shared/transport';
import { searchMethodName } from '../../shared/editor/fieldProperties';
import { TASK_LINK_TYPES } from '../../shared/table/resources/task';
import type { ResourceSpec } from '../../shared/table/schema';
import { PICKABLE_RESOURCES } from '../versions';

type ListSearch = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

/**
 * One page of records for a resource locator. The term is sent as `search` only where
 * Heffl documents it, and checked here on every record either way.
 */
function searchMethod(resource: ResourceSpec): ListSearch {
	const source = resource.pickFrom;
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		const term = filter?.trim();
		const page = await hefflListPage.call(
			this,
			{
				api: source?.api ?? resource.api,
				path: source?.path ?? resource.path,
				qs: resource.searchable && term ? { search: term } : {},
				recordLabel: resource.label,
			},
			resource.noPageSize && !source ? null : MAX_PAGE_SIZE,
			paginationToken,
		);
		const records = source ? page.records.flatMap(source.records) : page.records;
		const title = resource.title ?? ((record: IDataObject) => String(record.id));
		const wanted = term?.toLowerCase();
		const results: INodeListSearchItems[] = records
			.filter(
				(record) =>
					!wanted ||
					Object.values(record).some(
						(value) => typeof value === 'string' && value.toLowerCase().includes(wanted),
					),
			)
			.map((record) => ({ name: title(record), value: String(record.id) }));
		return { results, paginationToken: page.nextCursor };
	};
}

/** Resources whose records some field links to (`locator`), or that an operation picks by ID. */
const LINKED = new Set(
	PICKABLE_RESOURCES.flatMap((resource) => resource.fields ?? []).flatMap((field) =>
		field.locator ? [field.locator] : [],
	),
);

const BY_RESOURCE: Record<string, ListSearch> = Object.fromEntries(
	PICKABLE_RESOURCES.filter(
		(resource) =>
			LINKED.has(resource.value) ||
			resource.operations.some((operation) => ['get', 'update', 'delete'].includes(operation)),
	).map((resource) => [searchMethodName(resource.value), searchMethod(resource)]),
);

/** The resource a task's Link To names (§11.5: deals, leads; projects have no list). */
const LINK_TYPE_RESOURCES: Record<string, string | undefined> = Object.fromEntries(
	TASK_LINK_TYPES.map((type) => [
		type,
		PICKABLE_RESOURCES.find((resource) => `${resource.value}s` === type)?.value,
	]),
);

/** A task's linked record: listed from the records of the chosen Link To. */
async function searchTaskLinks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const type = ['additionalFields.linkedTo', 'updateFields.linkedTo']
		.map((parameter) => this.getCurrentNodeParameter(parameter))
		.find((value) => typeof value === 'string' && value !== '') as string | undefined;
	const resource = type === undefined ? undefined : LINK_TYPE_RESOURCES[type];
	if (!resource) return { results: [] };
	return await BY_RESOURCE[searchMethodName(resource)].call(this, filter, paginationToken);
}

export const listSearch: Record<string, ListSearch> = { ...BY_RESOURCE, searchTaskLinks };
