import type { IDataObject } from 'n8n-workflow';

/** Heffl's two APIs (heffl-reference.md §2, §6, §15). */
export type ApiVersion = 'v1' | 'v2';

/** What tells one API from the other, in one place: the rest of the transport reads this table. */
export interface ApiVersionSpec {
	/** The credential field holding its base URL, and how messages name it. */
	baseUrlField: 'v1BaseUrl' | 'v2BaseUrl';
	baseUrlLabel: string;
	defaultBaseUrl: string;
	/** Where a list answer keeps its records: `items` (§6.1) or `data` (§6.2). */
	listKey: 'items' | 'data';
	/** The page-size query parameter: `limit` (§6.1) or `pageSize` (§6.2). */
	pageSizeParameter: 'limit' | 'pageSize';
	/** The object that holds `hasMore` and `nextCursor`: the body itself (v1) or its `meta` (v2). */
	pageInfo: (body: IDataObject) => IDataObject;
}

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

export const API_VERSIONS: Record<ApiVersion, ApiVersionSpec> = {
	v1: {
		baseUrlField: 'v1BaseUrl',
		baseUrlLabel: 'v1 Base URL',
		defaultBaseUrl: 'https://api.heffl.com/api/v1',
		listKey: 'items',
		pageSizeParameter: 'limit',
		pageInfo: (body) => body,
	},
	v2: {
		baseUrlField: 'v2BaseUrl',
		baseUrlLabel: 'v2 Base URL',
		defaultBaseUrl: 'https://api.heffl.com/api/v2',
		listKey: 'data',
		pageSizeParameter: 'pageSize',
		pageInfo: (body) => (isObject(body.meta) ? body.meta : {}),
	},
};
