import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { hefflListPage, MAX_PAGE_SIZE } from '../../shared/transport';
import { PICKABLE_RESOURCES } from '../catalog';
import { searchMethodName } from '../descriptions';
import type { ResourceSpec } from '../spec';

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
			MAX_PAGE_SIZE,
			paginationToken,
		);
		const records = source ? page.records.flatMap(source.records) : page.records;
		const title = resource.title ?? ((record: IDataObject) => String(record.id));
		const wanted = term?.toLowerCase();
		const results = records
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

/** `searchLeads`, `searchQuotations`, ...: one per resource whose records can be picked. */
const LINKED = new Set(
	PICKABLE_RESOURCES.flatMap((resource) => resource.fields ?? []).flatMap((field) =>
		field.locator ? [field.locator] : [],
	),
);

export const listSearch: Record<string, ListSearch> = Object.fromEntries(
	PICKABLE_RESOURCES.filter(
		(resource) =>
			LINKED.has(resource.value) ||
			resource.operations.some((operation) => ['get', 'update', 'delete'].includes(operation)),
	).map((resource) => [
		searchMethodName(resource.value, PICKABLE_RESOURCES),
		searchMethod(resource),
	]),
);
