/**
 * The reads several checks share (one request each per run, through the probe's cache),
 * and small readers of what came back: pages in the package's own reading (apiVersions.ts),
 * IDs, timestamps, error texts.
 */
import type { IDataObject } from 'n8n-workflow';

import { RESOURCES } from '../nodes/shared/table/resources';
import type { ResourceSpec } from '../nodes/shared/table/schema';
import { WATCHED_KINDS } from '../nodes/HefflPollingTrigger/kinds';
import type { ApiVersion } from '../nodes/shared/transport';
import { API_VERSIONS, unwrapRecord } from '../nodes/shared/transport';
import type { Reply } from './probe';
import type { Kit } from './types';

export const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

export const resource = (value: string): ResourceSpec => {
	const found = RESOURCES.find((candidate) => candidate.value === value);
	if (!found) throw new Error(`no resource '${value}' in nodes/shared/table/resources`);
	return found;
};

/** A file of the resource table, for the "where the package depends on it" column. */
export const resourceFile = (value: string) => `nodes/shared/table/resources/${value}.ts`;

/** The six lists the polling trigger reads newest first (nodes/HefflPollingTrigger/kinds.ts). */
export const POLLED_LISTS = WATCHED_KINDS.map((kind) => ({
	value: kind.value,
	path: kind.resource.path,
	api: kind.resource.api,
	idPrefix: kind.resource.idPrefix,
}));

/** The v2 reference lists whose parameters the reference does not list (§11.9, §11.11, §13). */
export const REFERENCE_LISTS = [
	'user',
	'tag',
	'product',
	'pipeline',
	'clientStage',
	'crmSource',
].map((value) => ({ value, path: resource(value).path, idPrefix: resource(value).idPrefix }));

/** A list answer read as the transport reads it: records, and the object holding hasMore/nextCursor. */
export function pageOf(api: ApiVersion, body: unknown) {
	const spec = API_VERSIONS[api];
	const envelope = isObject(body) ? body : {};
	const list = envelope[spec.listKey];
	const info = spec.pageInfo(envelope);
	return {
		records: Array.isArray(list) ? (list.filter(isObject) as IDataObject[]) : undefined,
		hasMore: info.hasMore,
		nextCursor: info.nextCursor,
		envelope,
	};
}

/** One page of a polled list, newest first, as the polling trigger asks for it. */
export async function newestFirst(kit: Kit, list: { api: ApiVersion; path: string }) {
	return await kit.probe.get(list.api, list.path, {
		orderBy: 'createdAt',
		orderDir: 'desc',
		pageSize: 10,
	});
}

/** The first page of a reference list, asked with the smallest page (`lists.page-size`). */
export async function firstOf(kit: Kit, path: string) {
	return await kit.probe.get('v2', path, { pageSize: 1 });
}

/** Records of a reply that is a list, else none. */
export function recordsOf(api: ApiVersion, reply: Reply): IDataObject[] {
	return reply.ok ? (pageOf(api, reply.body).records ?? []) : [];
}

/** What a refusal said, in one line: `400 VALIDATION_ERROR: pageSize: must be …`. */
export function refusal(reply: Reply): string {
	if (reply.status === 0) return reply.error?.message ?? 'no answer';
	const context = reply.error?.context ?? {};
	const code = typeof context.code === 'string' ? `${context.code}: ` : '';
	return `${reply.status} ${code}${String(context.apiMessage ?? reply.error?.message ?? '')}`.trim();
}

/** Whether an answer's body names `field` anywhere (a message or a details issue). */
export const names = (reply: Reply, field: string) =>
	JSON.stringify(reply.body ?? '').includes(field);

/** Milliseconds of an ISO time, or undefined. */
export function timeOf(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** `a, b and c`. */
export function listing(items: string[]): string {
	if (items.length <= 1) return items.join('');
	return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * A record several checks use, created once by the first that needs it (then remembered in
 * `kit.shared[name]`); undefined when Heffl refused it, with the refusal in `problemOf`.
 */
export async function fixture(
	kit: Kit,
	name: string,
	create: { api: ApiVersion; path: string; label: string; body: () => Promise<IDataObject> },
): Promise<IDataObject | undefined> {
	if (!(name in kit.shared)) {
		const reply = await kit.probe.create(
			create.api,
			create.path,
			await create.body(),
			create.label,
		);
		kit.shared[name] = reply.ok ? unwrapRecord(reply.body as IDataObject) : null;
		kit.shared[`${name}Problem`] = reply.ok ? null : refusal(reply);
	}
	return (kit.shared[name] as IDataObject | null) ?? undefined;
}

/** Why a fixture could not be created. */
export const problemOf = (kit: Kit, name: string) => String(kit.shared[`${name}Problem`]);
