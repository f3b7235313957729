/**
 * v1 lists (heffl-reference.md §6.1): the cursor form `{items, nextCursor, hasMore}` (`limit`
 * default 20, max 100), or the numbered form when a call sends `pageNo`/`pageSize` (or the
 * `v1NumberedPages` switch is on).
 */
import { wholeNumber } from '../query';
import type { Store } from '../store';
import type { ApiCall, JsonObject, RecordKind } from '../types';

export function v1List(
	store: Store,
	call: ApiCall,
	kind: RecordKind,
	match: (record: JsonObject) => boolean,
): JsonObject {
	if (call.query.has('pageNo') || call.query.has('pageSize') || store.behaviours.v1NumberedPages)
		return numberedPage(store, call, kind, match);
	const page = store.page(
		call.workspace,
		kind,
		match,
		wholeNumber(call.query, 'limit', 20, 100),
		call.query.get('cursor') ?? undefined,
	);
	return { items: page.items, nextCursor: page.nextCursor, hasMore: page.hasMore };
}

/**
 * §6.1 versions B/C: `pageNo` (1-based) and `pageSize` (default 20, max 100), answered
 * `{items, meta: {count, total, pageNo, pageSize}}`. Version A's cursor form is the default.
 */
function numberedPage(
	store: Store,
	call: ApiCall,
	kind: RecordKind,
	match: (record: JsonObject) => boolean,
): JsonObject {
	const pageNo = wholeNumber(call.query, 'pageNo', 1, Number.MAX_SAFE_INTEGER);
	const pageSize = wholeNumber(call.query, 'pageSize', 20, 100);
	const all = store.workspace(call.workspace).all(kind).filter(match);
	const items = all.slice((pageNo - 1) * pageSize, pageNo * pageSize);
	return { items, meta: { count: items.length, total: all.length, pageNo, pageSize } };
}
