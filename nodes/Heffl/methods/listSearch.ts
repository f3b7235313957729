import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { hefflListPage, MAX_PAGE_SIZE } from '../../shared/transport';
import { searchMethodName } from '../descriptions';
import type { ResourceSpec } from '../resources';
import { RESOURCES_V2 } from '../resources';

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
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		const term = filter?.trim();
		const page = await hefflListPage.call(
			this,
			{
				api: resource.api,
				path: resource.path,
				qs: resource.searchable && term ? { search: term } : {},
				recordLabel: resource.label,
			},
			MAX_PAGE_SIZE,
			paginationToken,
		);
		const title = resource.title ?? ((record: IDataObject) => String(record.id));
		const wanted = term?.toLowerCase();
		const results = page.records
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

/** `searchLeads`, `searchDocumentTemplates`, ...: one per resource that reads records by ID. */
export const listSearch: Record<string, ListSearch> = Object.fromEntries(
	RESOURCES_V2.filter((resource) =>
		resource.operations.some((operation) => ['get', 'update', 'delete'].includes(operation)),
	).map((resource) => [searchMethodName(resource.value, RESOURCES_V2), searchMethod(resource)]),
);
