import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { hefflListPage, MAX_PAGE_SIZE } from '../../shared/transport';
import type { ResourceSpec } from '../resources';
import { RESOURCES } from '../resources';

type ListSearch = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

/** One page of records for a resource locator, searched by Heffl where the list endpoint can. */
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
		const results = page.records
			.map((record) => ({ name: title(record), value: String(record.id) }))
			.filter(
				(result) =>
					resource.searchable || !term || result.name.toLowerCase().includes(term.toLowerCase()),
			);
		return { results, paginationToken: page.nextCursor };
	};
}

/** `searchLeads`, `searchDocumentTemplates`, ...: one per resource that has a locator. */
export const listSearch: Record<string, ListSearch> = Object.fromEntries(
	RESOURCES.filter((resource) => resource.idPrefix).map((resource) => [
		`search${resource.displayName.replace(/ /g, '')}s`,
		searchMethod(resource),
	]),
);
