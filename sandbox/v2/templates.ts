/**
 * Document templates (heffl-reference.md §11.13): read only, listed by type, name prefix
 * and whether inactive ones are wanted, in the store's order.
 */
import { ApiError } from '../errors';
import type { Store } from '../store';
import type { ApiCall, JsonObject } from '../types';
import { pageSize } from './list';

/** §11.13's document types ("and others"), and credit_notes, which version 1 offers. */
export const TEMPLATE_TYPES = [
	'quotations',
	'invoices',
	'proforma_invoices',
	'purchase_orders',
	'bills',
	'sales_orders',
	'documents',
	'credit_notes',
];

/** `GET /document-templates` and `GET /document-templates/{id}`; `undefined` for any other call. */
export function templateRoute(store: Store, call: ApiCall): JsonObject | undefined {
	const [first, second, third] = call.segments;
	if (first !== 'document-templates' || call.method !== 'GET' || third) return undefined;
	if (second) return store.require(call.workspace, 'templates', second, 'document template');
	const page = store.page(
		call.workspace,
		'templates',
		templateMatch(call.query),
		pageSize(call.query),
		call.query.get('cursor') ?? undefined,
	);
	return { data: page.items, meta: { nextCursor: page.nextCursor, hasMore: page.hasMore } };
}

function templateMatch(query: URLSearchParams): (record: JsonObject) => boolean {
	ApiError.onlyParameters(query, ['type', 'search', 'includeInactive'], '§11.13');
	const type = query.get('type');
	if (type !== null && !TEMPLATE_TYPES.includes(type))
		throw ApiError.field('type', `must be one of ${TEMPLATE_TYPES.join(', ')}`);
	const search = query.get('search')?.toLowerCase();
	const inactive = query.get('includeInactive') === 'true';
	return (record) =>
		(type === null || record.type === type) &&
		(inactive || record.isActive === true) &&
		// §11.13: `search` is a case-insensitive prefix match on the name.
		(!search || String(record.name).toLowerCase().startsWith(search));
}
