/**
 * Reading lists: one walk over Heffl's cursors for every list the package reads, so no
 * reader can loop on a cursor that never ends, circles, or sends empty pages.
 */
import type { IDataObject } from 'n8n-workflow';

import { API_VERSIONS } from './apiVersions';
import { labelOf, pageError } from './errors';
import { MAX_PAGE_SIZE, transportLimits } from './limits';
import { hefflRequest } from './request';
import type { HefflContext, HefflListRequest } from './types';

export interface Page {
	records: IDataObject[];
	/** Cursor of the next page; undefined on the last one. */
	nextCursor?: string;
}

/**
 * How many records each page asks for: a number each time (`limit` or `pageSize`), or
 * `null` for a list whose documented parameters have no page size (§11.12, §11.13): none
 * is sent, and a cursor is followed only when an answer has one.
 */
export type PageSize = (() => number) | null;

/**
 * Reads one page of a list in either envelope: v1 `{items, nextCursor, hasMore}`, v2
 * `{data, meta}`. A page that is not a list of records, that claims more records while
 * empty, or that points back at itself is an error, so no reader can loop on it.
 */
export async function hefflListPage(
	this: HefflContext,
	request: HefflListRequest,
	pageSize: number | null,
	cursor?: string,
): Promise<Page> {
	const node = this.getNode();
	const api = API_VERSIONS[request.api];
	const body = await hefflRequest.call(this, {
		...request,
		method: 'GET',
		listKey: api.listKey,
		qs: {
			...request.qs,
			...(pageSize !== null && { [api.pageSizeParameter]: pageSize }),
			...(cursor && { cursor }),
		},
	});
	const records = body[api.listKey] as IDataObject[];
	const info = api.pageInfo(body);
	if (info.hasMore !== true) return { records };
	const next = info.nextCursor;
	const label = `${labelOf(request)} list`;
	if (typeof next !== 'string' || !next) {
		throw pageError(
			node,
			request,
			`Heffl said more of the ${label} follows (hasMore: true) but sent no cursor for it`,
			'Reading stopped here rather than returning part of the list as if it were all of it.',
		);
	}
	if (records.length === 0) {
		throw pageError(
			node,
			request,
			`Heffl sent an empty page of the ${label} that claims more follows (hasMore: true)`,
			'Reading stopped so the list is not requested forever. Run the item again later; if it keeps happening, report it to Heffl.',
		);
	}
	if (next === cursor) {
		throw pageError(
			node,
			request,
			`Heffl sent the same page cursor of the ${label} again`,
			'Reading stopped so the same page is not requested forever. Run the item again later; if it keeps happening, report it to Heffl.',
		);
	}
	return { records, nextCursor: next };
}

/**
 * The pages of a list, one after another. A cursor seen before, or more pages than
 * `transportLimits.maxPages`, ends the walk with an error, so no reader can loop forever.
 */
export async function* hefflPages(
	this: HefflContext,
	request: HefflListRequest,
	pageSize: PageSize = () => MAX_PAGE_SIZE,
): AsyncGenerator<IDataObject[]> {
	const cursorsSeen = new Set<string>();
	let cursor: string | undefined;
	for (let pages = 0; ; pages++) {
		if (pages >= transportLimits.maxPages) {
			throw pageError(
				this.getNode(),
				request,
				`The ${labelOf(request)} list is longer than ${transportLimits.maxPages.toLocaleString('en-US')} pages; reading stopped`,
				'No Heffl list should be that long. Use Limit or Filters to read fewer records.',
			);
		}
		const page = await hefflListPage.call(this, request, pageSize && pageSize(), cursor);
		yield page.records;
		cursor = page.nextCursor;
		if (!cursor) return;
		if (cursorsSeen.has(cursor)) {
			throw pageError(
				this.getNode(),
				request,
				`Heffl sent a page cursor of the ${labelOf(request)} list it had sent before, after ${pages + 1} pages`,
				'Reading stopped so the same pages are not requested forever. Run the item again later; if it keeps happening, report it to Heffl.',
			);
		}
		cursorsSeen.add(cursor);
	}
}

/**
 * Reads a list until `limit` records (or all of them) are in. Each page asks for
 * exactly what is still needed, at most 100, so n records cost ceil(n/100) requests.
 */
export async function hefflPaginate(
	this: HefflContext,
	request: HefflListRequest,
	limit?: number,
	{ sendPageSize = true }: { sendPageSize?: boolean } = {},
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	if (limit !== undefined && limit <= 0) return records;
	const stillWanted = () => Math.min(MAX_PAGE_SIZE, (limit ?? Infinity) - records.length);
	for await (const page of hefflPages.call(this, request, sendPageSize ? stillWanted : null)) {
		records.push(...page);
		if (limit !== undefined && records.length >= limit) break;
	}
	return limit === undefined ? records : records.slice(0, limit);
}

/** v2 answers a single record bare (contract) or wrapped in `data` (some of Heffl's pages). */
export function unwrapRecord(body: IDataObject): IDataObject {
	const data = body.data;
	return body.id === undefined && data && typeof data === 'object' && !Array.isArray(data)
		? (data as IDataObject)
		: body;
}
