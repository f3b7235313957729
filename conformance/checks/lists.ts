/**
 * Lists: envelopes and paging (§6.1, §6.2), page size on the lists whose parameters the
 * reference does not list, the order the polling trigger relies on (§7), the order and
 * filter fields the node offers. Whether a cursor is a position or a key: cursorKind.ts.
 */
import type { ApiVersion } from '../../nodes/shared/transport';
import {
	isObject,
	listing,
	newestFirst,
	pageOf,
	plural,
	POLLED_LISTS,
	REFERENCE_LISTS,
	refusal,
	resource,
	resourceFile,
	timeOf,
} from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';

const PAGES = 'nodes/shared/transport/pages.ts';
const VERSIONS = 'nodes/shared/transport/apiVersions.ts';
const POLL = 'nodes/HefflPollingTrigger/watchedList.ts';

/** Reads page 1 and, when it says more follows, page 2; names what does not fit the envelope. */
async function twoPages(
	kit: Kit,
	api: ApiVersion,
	path: string,
	size: number,
): Promise<{ problems: string[]; seen: string; numbered?: boolean }> {
	const sizeName = api === 'v1' ? 'limit' : 'pageSize';
	const first = await kit.probe.get(api, path, { [sizeName]: size });
	if (!first.ok) return { problems: [`${path}: ${refusal(first)}`], seen: '' };
	const page = pageOf(api, first.body);
	const problems = envelopeProblems(api, path, first.body);
	const meta = isObject(page.envelope.meta) ? page.envelope.meta : {};
	const numbered = api === 'v1' && page.hasMore === undefined && 'pageNo' in meta;
	if (numbered || problems.length) return { problems, seen: '', numbered };
	const records = page.records ?? [];
	if (records.length > size)
		problems.push(`${path}: ${sizeName}=${size} answered ${records.length} records`);
	if (page.hasMore !== true)
		return { problems, seen: `${path}: one page (${plural(records.length, 'record')})` };
	const second = await kit.probe.get(api, path, { [sizeName]: size, cursor: page.nextCursor });
	if (!second.ok)
		return { problems: [...problems, `${path} page 2: ${refusal(second)}`], seen: '' };
	const again = (pageOf(api, second.body).records ?? []).filter((record) =>
		records.some((earlier) => earlier.id === record.id),
	);
	if (again.length) problems.push(`${path}: page 2 repeats ${again.map((r) => r.id).join(', ')}`);
	return { problems, seen: `${path}: ${sizeName}=${size} and nextCursor led to a second page` };
}

/** What of a list answer does not match the envelope the transport reads (apiVersions.ts). */
function envelopeProblems(api: ApiVersion, path: string, body: unknown): string[] {
	const page = pageOf(api, body);
	const problems: string[] = [];
	const listKey = api === 'v1' ? 'items' : 'data';
	if (!page.records) problems.push(`${path}: no '${listKey}' list`);
	const where = api === 'v1' ? '' : 'meta.';
	if (typeof page.hasMore !== 'boolean') problems.push(`${path}: no boolean ${where}hasMore`);
	else if (page.hasMore && (typeof page.nextCursor !== 'string' || !page.nextCursor))
		problems.push(`${path}: ${where}hasMore true without a ${where}nextCursor`);
	else if (page.hasMore && page.records?.length === 0)
		problems.push(`${path}: an empty page with ${where}hasMore true`);
	return problems;
}

const v1Lists: Check = {
	id: 'v1.lists',
	title: 'v1 lists: {items, nextCursor, hasMore}, paged with limit and cursor (§6.1 version A)',
	depends: [VERSIONS, PAGES],
	sandbox: 'sandbox/store.ts',
	async run(kit) {
		const { problems, seen, numbered } = await twoPages(kit, 'v1', '/leads', 2);
		if (numbered)
			return differs(
				'/leads answered {items, meta: {count, total, pageNo, pageSize}} (§6.1 versions B/C): numbered pages',
				'the transport reads numbered pages too and follows them with pageNo (pages.ts)',
			);
		return problems.length ? differs(problems.join('; ')) : holds(seen);
	},
};

const v2Lists: Check = {
	id: 'v2.lists',
	title: 'v2 lists: {data, meta: {nextCursor, hasMore}}, paged with pageSize and cursor (§6.2)',
	depends: [VERSIONS, PAGES],
	sandbox: 'sandbox/v2/list.ts',
	async run(kit) {
		const { problems, seen } = await twoPages(kit, 'v2', '/contacts', 2);
		for (const list of POLLED_LISTS) {
			const reply = await newestFirst(kit, list);
			if (reply.ok) problems.push(...envelopeProblems(list.api, list.path, reply.body));
		}
		return problems.length
			? differs(problems.join('; '))
			: holds(`${seen}; the six polled lists answer the same envelope`);
	},
};

const pageSize: Check = {
	id: 'lists.page-size',
	title: 'pageSize is honoured on the v2 lists whose parameters the reference does not list',
	depends: [PAGES, ...REFERENCE_LISTS.map((list) => resourceFile(list.value))],
	sandbox: 'sandbox/v2/refdata.ts',
	async run(kit) {
		const honoured: string[] = [];
		const ignored: string[] = [];
		const refused: string[] = [];
		const untold: string[] = [];
		for (const list of REFERENCE_LISTS) {
			const reply = await kit.probe.get('v2', list.path, { pageSize: 1 });
			const page = pageOf('v2', reply.body);
			if (!reply.ok) refused.push(`${list.path} (${refusal(reply)})`);
			else if ((page.records?.length ?? 0) > 1)
				ignored.push(`${list.path} (${page.records?.length} records)`);
			else if (page.hasMore === true) honoured.push(list.path);
			else untold.push(list.path);
		}
		const told = untold.length
			? `; ${listing(untold)} hold one record or none, so they cannot tell`
			: '';
		if (refused.length) return differs(`refused on ${listing(refused)}${told}`);
		if (ignored.length)
			return differs(
				`ignored on ${listing(ignored)}${told}`,
				'the package keeps only the records asked for and follows hasMore/nextCursor (pages.ts)',
			);
		if (!honoured.length) return notChecked(`every reference list holds one record or none${told}`);
		return holds(`pageSize=1 answered one record and a next page on ${listing(honoured)}${told}`);
	},
};

const order: Check = {
	id: 'lists.order',
	title: 'orderBy=createdAt&orderDir=desc answers newest first on the six polled lists (§7)',
	depends: [POLL, 'nodes/HefflPollingTrigger/kinds.ts'],
	sandbox: 'sandbox/v2/list.ts',
	async run(kit) {
		const newest: string[] = [];
		const wrong: string[] = [];
		const untold: string[] = [];
		for (const list of POLLED_LISTS) {
			const reply = await newestFirst(kit, list);
			if (!reply.ok) {
				wrong.push(`${list.path} refused it (${refusal(reply)})`);
				continue;
			}
			const times = (pageOf(list.api, reply.body).records ?? [])
				.map((record) => timeOf(record.createdAt))
				.filter((time): time is number => time !== undefined);
			const distinct = new Set(times).size;
			const rising = times.findIndex((time, index) => index > 0 && time > times[index - 1]);
			if (rising > 0)
				wrong.push(
					`${list.path} put ${new Date(times[rising]).toISOString()} after ${new Date(times[rising - 1]).toISOString()}`,
				);
			else if (distinct < 2) untold.push(list.path);
			else newest.push(list.path);
		}
		const told = untold.length ? `; ${listing(untold)} show fewer than two createdAt values` : '';
		if (wrong.length) return differs(`not newest first: ${wrong.join('; ')}${told}`);
		if (!newest.length) return notChecked(`no polled list has two records with createdAt${told}`);
		return holds(`newest first on ${listing(newest)}${told}`);
	},
};

const orderByValues: Check = {
	id: 'lists.order-by-values',
	title: 'contacts and companies take orderBy=name (the node offers createdAt and name)',
	depends: [resourceFile('contact'), resourceFile('company')],
	sandbox: 'sandbox/v2/crm/',
	async run(kit) {
		const refused: string[] = [];
		for (const value of ['contact', 'company']) {
			const { path } = resource(value);
			const reply = await kit.probe.get('v2', path, {
				orderBy: 'name',
				orderDir: 'asc',
				pageSize: 5,
			});
			if (!reply.ok) refused.push(`${path}: ${refusal(reply)}`);
		}
		return refused.length
			? differs(`orderBy=name refused: ${refused.join('; ')}`)
			: holds('orderBy=name&orderDir=asc accepted on /contacts and /companies');
	},
};

const filterFields: Check = {
	id: 'lists.filter-fields',
	title: "the filter builder's fields are filters Heffl takes, or its refusal names them (§7)",
	depends: ['nodes/shared/records/listQuery.ts', 'nodes/shared/records/lists.ts'],
	sandbox: 'sandbox/v2/crm/',
	async run(kit) {
		const taken: string[] = [];
		const problems: string[] = [];
		for (const value of ['contact', 'company', 'deal', 'quotation', 'task']) {
			const { path, listing: spec } = resource(value);
			const fields = (spec?.conditions ?? []).map((condition) => condition.key);
			if (!fields.length) continue;
			const filters = Object.fromEntries(
				fields.map((field) => [
					field,
					{ operator: 'is_any_of', values: ['heffl-conformance-none'] },
				]),
			);
			const reply = await kit.probe.get('v2', path, {
				filters: JSON.stringify(filters),
				pageSize: 1,
			});
			const records = pageOf('v2', reply.body).records ?? [];
			if (!reply.ok) problems.push(`${path} refused them: ${refusal(reply)}`);
			else if (records.length) problems.push(`${path} ignored them (records came back)`);
			else taken.push(`${path} (${fields.join(', ')})`);
		}
		return problems.length
			? differs(
					problems.join('; '),
					'conditions are checked on the returned records, so an ignored one never means all records, and a refused one is its validation error (records/listQuery.ts, records/lists.ts)',
				)
			: holds(`every condition taken, none matching a made-up value: ${taken.join('; ')}`);
	},
};

export const LIST_CHECKS: Check[] = [
	v1Lists,
	v2Lists,
	pageSize,
	order,
	orderByValues,
	filterFields,
];
