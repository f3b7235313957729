/**
 * v2 lists (heffl-reference.md §6.2, §7): `pageSize` (default 30, 1–100) and `cursor`,
 * `search`, `orderBy`/`orderDir` (default `createdAt` `desc`) and the JSON `filters`
 * parameter with the operators `is`, `is_not`, `is_any_of`, `is_none_of`. Answered
 * `{data, meta: {nextCursor, hasMore}}`.
 */
import { searchIgnores } from '../behaviours';
import { ApiError } from '../errors';
import { wholeNumber } from '../query';
import type { Workspace } from '../store';
import type { Json, JsonObject, RecordKind } from '../types';

export const FILTER_OPERATORS = ['is', 'is_not', 'is_any_of', 'is_none_of'] as const;

type Getter = (record: JsonObject) => Json | undefined;

export interface ListSpec {
	kind: RecordKind;
	/** The records of `kind` this list holds (companies are the clients of type company). */
	where?: (record: JsonObject) => boolean;
	/** §7 lists only: the texts `search` looks in (case-insensitive substring). */
	search?: (record: JsonObject) => Array<Json | undefined>;
	/** §7 lists only: allowed `orderBy` values and the value each sorts on. */
	orderBy?: Record<string, Getter>;
	/** §7 lists only: filter fields and the value each tests; `cf_*` keys are always allowed. */
	filters?: Record<string, Getter>;
	render: (record: JsonObject) => JsonObject;
}

/** Answers one page of a v2 list. */
export function v2List(space: Workspace, spec: ListSpec, query: URLSearchParams): JsonObject {
	const { behaviours } = space;
	// behaviours.ts: a server may answer the reference lists whole, whatever pageSize says.
	const size =
		behaviours.referenceListsIgnorePageSize && REFERENCE_KINDS.includes(spec.kind)
			? Infinity
			: pageSize(query);
	let records = space.all(spec.kind).filter(spec.where ?? (() => true));
	if (spec.search) {
		const term = query.get('search')?.trim().toLowerCase();
		// behaviours.ts: a search that does not look at some field (leads, contacts, companies).
		const blind = searchIgnores(spec.kind, behaviours);
		const texts = blind.length
			? (record: JsonObject) =>
					spec.search?.({ ...record, ...Object.fromEntries(blind.map((key) => [key, null])) }) ?? []
			: spec.search;
		if (term)
			records = records.filter((record) =>
				texts(record).some((text) => text != null && String(text).toLowerCase().includes(term)),
			);
	}
	if (spec.filters) records = records.filter(parseFilters(query.get('filters'), spec.filters));
	// behaviours.ts: a server that ignores the order asked for answers in creation order.
	if (spec.orderBy && !space.behaviours.ignoreOrderDir)
		records = sort(records, spec.orderBy, query);
	const offset = decodeCursor(spec.kind, query.get('cursor'), records);
	const items = records.slice(offset, offset + size);
	const hasMore = offset + size < records.length;
	// behaviours.ts: a key cursor names the last record of the page instead of a position.
	const next = behaviours.keyCursors
		? `${spec.kind}@${String(items[items.length - 1]?.id)}`
		: `${spec.kind}~${offset + size}`;
	return {
		data: items.map(spec.render),
		meta: { nextCursor: hasMore ? Buffer.from(next).toString('base64url') : null, hasMore },
	};
}

/** The lists of reference data whose parameters the reference does not list (§11.9, §11.11, §13). */
const REFERENCE_KINDS: RecordKind[] = [
	'users',
	'tags',
	'products',
	'pipelines',
	'clientStages',
	'leadSources',
];

/** §6.2: `pageSize`, 30 unless asked, at most 100. */
export function pageSize(query: URLSearchParams): number {
	return wholeNumber(query, 'pageSize', 30, 100);
}

const collator = new Intl.Collator('en', { numeric: true });

function sort(
	records: JsonObject[],
	orderBy: Record<string, Getter>,
	query: URLSearchParams,
): JsonObject[] {
	const by = query.get('orderBy') ?? 'createdAt';
	const dir = query.get('orderDir') ?? 'desc';
	const issues = [];
	if (!orderBy[by])
		issues.push({ field: 'orderBy', message: `must be one of ${Object.keys(orderBy).join(', ')}` });
	if (dir !== 'asc' && dir !== 'desc')
		issues.push({ field: 'orderDir', message: 'must be asc or desc' });
	if (issues.length) throw ApiError.invalid(issues);
	const value = orderBy[by];
	const sign = dir === 'asc' ? 1 : -1;
	// Records without a value sort last either way; ties keep creation order.
	return records
		.map((record, index) => ({ record, index, key: value(record) }))
		.sort((a, b) => {
			const aMissing = a.key === null || a.key === undefined;
			const bMissing = b.key === null || b.key === undefined;
			if (aMissing || bMissing)
				return aMissing === bMissing ? a.index - b.index : aMissing ? 1 : -1;
			const order =
				typeof a.key === 'number' && typeof b.key === 'number'
					? a.key - b.key
					: collator.compare(String(a.key), String(b.key));
			return order === 0 ? a.index - b.index : sign * order;
		})
		.map((entry) => entry.record);
}

/** §7: `filters={"stageId":{"operator":"is","values":["cs_abc123"]}}`, one JSON-encoded parameter. */
export function parseFilters(
	raw: string | null,
	fields: Record<string, Getter>,
): (record: JsonObject) => boolean {
	if (raw === null || raw.trim() === '') return () => true;
	let parsed: unknown;
	try {
		parsed = JSON.parse(raw);
	} catch {
		throw ApiError.field(
			'filters',
			'must be a JSON-encoded object, like {"status":{"operator":"is","values":["ACTIVE"]}}',
		);
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
		throw ApiError.field(
			'filters',
			'must be a JSON-encoded object, like {"status":{"operator":"is","values":["ACTIVE"]}}',
		);
	const issues: Array<{ field: string; message: string }> = [];
	const tests: Array<(record: JsonObject) => boolean> = [];
	for (const [name, condition] of Object.entries(parsed as Record<string, unknown>)) {
		const field = `filters.${name}`;
		const getter: Getter | undefined =
			fields[name] ?? (/^cf_[a-z0-9_]+$/.test(name) ? (record) => record[name] : undefined);
		if (!getter) {
			issues.push({
				field,
				message: `is not a filter of this list (filters: ${Object.keys(fields).join(', ')}, cf_*)`,
			});
			continue;
		}
		const { operator, values } = (condition ?? {}) as { operator?: unknown; values?: unknown };
		if (!FILTER_OPERATORS.includes(operator as (typeof FILTER_OPERATORS)[number])) {
			issues.push({ field, message: `operator must be one of ${FILTER_OPERATORS.join(', ')}` });
			continue;
		}
		const single = operator === 'is' || operator === 'is_not';
		if (
			!Array.isArray(values) ||
			values.length === 0 ||
			(single && values.length !== 1) ||
			!values.every((value) => ['string', 'number', 'boolean'].includes(typeof value))
		) {
			issues.push({
				field,
				message: single
					? `values must be an array of exactly one value for '${String(operator)}'`
					: `values must be a non-empty array of strings, numbers or booleans for '${String(operator)}'`,
			});
			continue;
		}
		const wanted = new Set(values.map(String));
		const negate = operator === 'is_not' || operator === 'is_none_of';
		tests.push((record) => {
			const actual = getter(record);
			// An array field (tags, assignees) matches when it holds any of the values.
			const held = (Array.isArray(actual) ? actual : [actual])
				.filter((value) => value !== null && value !== undefined)
				.map(String);
			const hit = held.some((value) => wanted.has(value));
			return negate ? !hit : hit;
		});
	}
	if (issues.length) throw ApiError.invalid(issues);
	return (record) => tests.every((test) => test(record));
}

// Cursors are opaque: base64url of `<list>~<offset>` (sorted lists page by position), or
// `<list>@<id of the last record>` (keyCursors: the page after that record).
function decodeCursor(kind: RecordKind, cursor: string | null, records: JsonObject[]): number {
	if (cursor === null) return 0;
	const decoded = /^[A-Za-z0-9_-]+$/.test(cursor)
		? Buffer.from(cursor, 'base64url').toString()
		: '';
	const match = /^([A-Za-z]+)(?:~(\d{1,9})|@([A-Za-z0-9_-]{1,64}))$/.exec(decoded);
	if (!match)
		throw ApiError.field(
			'cursor',
			'is not a valid cursor; pass meta.nextCursor of the previous page unchanged',
		);
	if (match[1] !== kind) throw ApiError.field('cursor', 'belongs to another list');
	if (match[2] !== undefined) return Number(match[2]);
	const index = records.findIndex((record) => String(record.id) === match[3]);
	if (index < 0) throw ApiError.field('cursor', 'points at a record this list no longer holds');
	return index + 1;
}
