/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: reads the resource table's folder */
/**
 * The resource table and its proof stay in step: every entry of nodes/shared/table/resources/
 * has its test file here (test/resources/<entry>.test.ts), and the sandbox serves every
 * endpoint the entry's operations call (a request of that method and path is not the
 * sandbox's "no such route" 404). Planted entries show both checks bite.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import { beforeAll, describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { RESOURCES } from '../../nodes/shared/table/resources';
import type { OperationName, ResourceSpec } from '../../nodes/shared/table/schema';

const ROOT = join(import.meta.dirname, '..', '..');
const TABLE = join(ROOT, 'nodes', 'shared', 'table', 'resources');

/** The table's entries: its files but the list (index.ts). */
const entries = () =>
	readdirSync(TABLE)
		.filter((file) => file.endsWith('.ts') && file !== 'index.ts')
		.map((file) => file.replace(/\.ts$/, ''));

/** The entries without test/resources/<entry>.test.ts among `testFiles`. */
function missingTests(names: string[], testFiles: string[]): string[] {
	return names.filter((name) => !testFiles.includes(`${name}.test.ts`));
}

interface Endpoint {
	operation: OperationName;
	method: IHttpRequestMethods;
	/** From the origin: `/api/v2/pipelines/probe/stages`. */
	path: string;
}

const DEFAULT_METHOD: Record<Exclude<OperationName, 'upsert'>, IHttpRequestMethods> = {
	create: 'POST',
	get: 'GET',
	getAll: 'GET',
	update: 'PATCH',
	delete: 'DELETE',
};
const ON_A_RECORD = new Set<OperationName>(['get', 'update', 'delete']);

/**
 * The requests an entry's operations send, as the generic engine builds them: `id` in the
 * record's path, a probe ID in each `{name}`; Delete last, so the record is there before.
 */
function endpoints(spec: ResourceSpec, id = 'probe'): Endpoint[] {
	const one = (operation: Exclude<OperationName, 'upsert'>): Endpoint => {
		const api = spec.apis?.[operation] ?? spec.api;
		const template = (spec.paths?.[operation] ?? spec.path).replace(/\{\w+\}/g, 'probe');
		const path = ON_A_RECORD.has(operation) ? `${template}/${id}` : template;
		return {
			operation,
			method: spec.methods?.[operation] ?? DEFAULT_METHOD[operation],
			path: `/api/${api}${path}`,
		};
	};
	// Create or Update searches the list, then creates or updates the record.
	const all = spec.operations.flatMap((operation) =>
		operation === 'upsert'
			? [one('getAll'), one('create'), one('update')].map((endpoint) => ({
					...endpoint,
					operation,
				}))
			: [one(operation)],
	);
	return [...all.filter((e) => e.method !== 'DELETE'), ...all.filter((e) => e.method === 'DELETE')];
}

const ctx = useSandbox();

/** The sandbox's answer when it has no route for a method and path (sandbox/server.ts, sandbox/v1/routes.ts). */
const NO_ROUTE = /^No (such (\w+ )?route|route )/;

/** A request to the sandbox with its API key; the answer's status and error message. */
async function ask(method: string, path: string, sent: IDataObject = {}) {
	const answer = await fetch(`${ctx.sandbox.urls.origin}${path}`, {
		method,
		headers: { 'x-api-key': ctx.sandbox.apiKey, 'content-type': 'application/json' },
		body: ['POST', 'PATCH', 'PUT'].includes(method) ? JSON.stringify(sent) : undefined,
	});
	const body = (await answer.json().catch(() => ({}))) as IDataObject;
	const error = (body.error ?? body) as IDataObject;
	return { status: answer.status, body, message: String(error.message ?? '') };
}

/**
 * A record of the entry, from its Get Many where it has one (v2 `data`, v1 `items`): a route that first looks the
 * record up answers "no such record" for a probe ID, whatever the method.
 */
async function someRecordId(spec: ResourceSpec): Promise<string> {
	const list = endpoints(spec).find((endpoint) => endpoint.operation === 'getAll');
	if (!list) return 'probe';
	const { body } = await ask('GET', list.path);
	const records = (Array.isArray(body) ? body : (body.data ?? body.items)) as
		| IDataObject[]
		| undefined;
	return String(records?.[0]?.id ?? 'probe');
}

/** The endpoints of `spec` the sandbox answers with its "no such route" 404. */
async function unserved(spec: ResourceSpec): Promise<string[]> {
	const missing: string[] = [];
	const id = await someRecordId(spec);
	for (const endpoint of endpoints(spec, id)) {
		const { status, message } = await ask(endpoint.method, endpoint.path);
		const path = endpoint.path.replace(id, '{id}');
		if (status === 404 && NO_ROUTE.test(message))
			missing.push(`${spec.value} ${endpoint.operation}: ${endpoint.method} ${path}`);
	}
	return missing;
}

describe('the resource table and its proof', () => {
	// The sandbox seeds no webhook subscription: one is registered, so its routes are asked with a real ID.
	beforeAll(async () => {
		const subscription = { name: 'probe', url: 'https://example.com/h', events: ['lead.created'] };
		const created = await ask('POST', '/api/v1/webhooks', subscription);
		expect(created.status).toBe(200);
	});

	test('every table entry has its test file, test/resources/<entry>.test.ts', () => {
		const names = entries();
		expect(names.sort()).toEqual(RESOURCES.map((spec) => spec.value).sort());
		expect(missingTests(names, readdirSync(import.meta.dirname))).toEqual([]);
	});

	test('a planted entry without a test file is named', () => {
		expect(missingTests([...entries(), 'plantedThing'], readdirSync(import.meta.dirname))).toEqual([
			'plantedThing',
		]);
	});

	test.each(RESOURCES.map((spec) => [spec.value, spec] as const))(
		'%s: the sandbox serves every endpoint its operations call',
		async (_name, spec) => {
			expect(endpoints(spec).length).toBeGreaterThanOrEqual(spec.operations.length);
			const onARecord = spec.operations.some((operation) => ON_A_RECORD.has(operation));
			if (onARecord && spec.operations.includes('getAll'))
				expect(await someRecordId(spec)).not.toBe('probe');
			expect(await unserved(spec)).toEqual([]);
		},
	);

	test('a planted path, or a method the sandbox does not take there, is named', async () => {
		const tag = RESOURCES.find((spec) => spec.value === 'tag') as ResourceSpec;
		expect(await unserved({ ...tag, value: 'plantedThing', path: '/planted-things' })).toEqual([
			'plantedThing create: POST /api/v2/planted-things',
			'plantedThing getAll: GET /api/v2/planted-things',
		]);
		const lead = RESOURCES.find((spec) => spec.value === 'lead') as ResourceSpec;
		expect(await unserved({ ...lead, methods: {} })).toEqual([
			'lead update: PATCH /api/v1/leads/{id}',
			'lead upsert: PATCH /api/v1/leads/{id}',
		]);
	});
});
