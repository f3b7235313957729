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
 * Reads one page of a list in either envelope: v1 `{items, nextCursor, hasMore}` (or the
 * numbered form, see nextNumberedPage), v2 `{data, meta}`. A page that is not a list of records, that claims more records while
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
	const numbered = request.api === 'v1' ? NUMBERED_PAGE.exec(cursor ?? '') : null;
	const body = await hefflRequest.call(this, {
		...request,
		method: 'GET',
		listKey: api.listKey,
		qs: {
			...request.qs,
			...(numbered
				? { pageNo: Number(numbered[1]), pageSize: Number(numbered[2]) }
				: {
						...(pageSize !== null && { [api.pageSizeParameter]: pageSize }),
						...(cursor && { cursor }),
					}),
		},
	});
	const records = body[api.listKey] as IDataObject[];
	const info = api.pageInfo(body);
	const next =
		info.hasMore === true
			? info.nextCursor
			: request.api === 'v1' && info.hasMore === undefined
				? nextNumberedPage(body, records)
				: undefined;
	if (info.hasMore !== true && next === undefined) return { records };
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
 * §6.1 versions B and C page v1 lists by number, `{items, meta: {count, total, pageNo,
 * pageSize}}`, with no cursor. Such an answer is read on to its last page rather than taken
 * for the whole list: the next page travels as a cursor of ours, `heffl-page:<no>:<size>`,
 * sent back as `pageNo` and `pageSize` (the size the server used, so no record is skipped).
 */
const NUMBERED_PAGE = /^heffl-page:([1-9]\d{0,8}):([1-9]\d{0,3})$/;

function nextNumberedPage(body: IDataObject, records: IDataObject[]): string | undefined {
	const meta = body.meta;
	if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return undefined;
	const { pageNo, pageSize, total } = meta as IDataObject;
	if (!Number.isInteger(pageNo) || !Number.isInteger(pageSize)) return undefined;
	const [page, size] = [pageNo as number, pageSize as number];
	if (page < 1 || size < 1 || size > 1000) return undefined;
	const more = Number.isInteger(total) ? page * size < (total as number) : records.length >= size;
	return more ? `heffl-page:${page + 1}:${size}` : undefined;
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
