/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: a loopback relay that records request bodies */
/**
 * A loopback relay between the Heffl node and the sandbox that records every request
 * with its body, so a test checks the request as it was sent (method, path, query, JSON
 * body) as well as the node's output; the sandbox's own log confirms what it received.
 * `useCrm` gives a test file a seeded sandbox behind a relay and the helpers the CRM
 * tests share.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { afterAll, beforeAll, expect } from 'vitest';

import type { TestContext } from '../../drivers/harness/context';
import { useSandbox } from '../../drivers/harness/context';
import type { HefflCredentials } from '../../drivers/harness/n8n';
import { runHeffl } from '../../drivers/harness/n8n';

/** One request as the node sent it, and Heffl's (the sandbox's) answer. */
export interface Sent {
	method: string;
	api: 'v1' | 'v2' | undefined;
	/** Relative to the API's base: `/contacts/clt_1`. */
	path: string;
	query: Record<string, string>;
	body: unknown;
	status: number;
	answer: unknown;
}

/** What the relay answers instead of the sandbox's answer (a Heffl answer the sandbox does not give). */
export type Rewrite = (sent: Sent) => { status: number; body: unknown } | undefined;

/** A loopback relay to the sandbox that records every request with its body. */
export function useRecorder(context: TestContext) {
	const recorder = {
		sent: [] as Sent[],
		credentials: {} as HefflCredentials,
		rewrite: undefined as Rewrite | undefined,
		/** Changes a request's URL before it reaches the sandbox (a server that ignores a parameter). */
		rewriteUrl: undefined as ((url: URL) => void) | undefined,
	};
	let server: Server | undefined;
	const relay = async (request: IncomingMessage, response: ServerResponse) => {
		const chunks: Buffer[] = [];
		for await (const chunk of request) chunks.push(chunk as Buffer);
		const raw = Buffer.concat(chunks).toString('utf8');
		const url = new URL(request.url ?? '/', 'http://relay');
		const headers: Record<string, string> = {};
		for (const name of ['x-api-key', 'content-type', 'accept'])
			if (request.headers[name] !== undefined) headers[name] = String(request.headers[name]);
		const forwarded = new URL(request.url ?? '/', 'http://relay');
		recorder.rewriteUrl?.(forwarded);
		const answer = await fetch(
			`${context.sandbox.urls.origin}${forwarded.pathname}${forwarded.search}`,
			{
				method: request.method,
				headers,
				body: raw === '' ? undefined : raw,
			},
		);
		const text = await answer.text();
		const match = /^\/api\/(v1|v2)(\/.*)?$/.exec(url.pathname);
		const sent: Sent = {
			method: request.method ?? 'GET',
			api: match?.[1] as Sent['api'],
			path: match?.[2] ?? url.pathname,
			query: Object.fromEntries(url.searchParams),
			body: raw === '' ? undefined : (JSON.parse(raw) as unknown),
			status: answer.status,
			answer: text === '' ? null : (JSON.parse(text) as unknown),
		};
		recorder.sent.push(sent);
		const replaced = recorder.rewrite?.(sent);
		const out = replaced ?? { status: answer.status, body: sent.answer };
		const passed: Record<string, string> = {};
		answer.headers.forEach((value, name) => {
			if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name))
				passed[name] = value;
		});
		response.writeHead(out.status, passed);
		response.end(out.body === null ? '' : JSON.stringify(out.body));
	};
	beforeAll(async () => {
		server = createServer((request, response) => {
			relay(request, response).catch((error: Error) => {
				response.writeHead(502);
				response.end(error.message);
			});
		});
		await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
		const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		recorder.credentials = {
			apiKey: context.sandbox.apiKey,
			v1BaseUrl: `${origin}/api/v1`,
			v2BaseUrl: `${origin}/api/v2`,
		};
	});
	afterAll(async () => {
		await new Promise((resolve) => server?.close(resolve));
	});
	return recorder;
}

/** A quotation template without custom fields (these tests leave custom fields to their own). */
export const PLAIN_TEMPLATE = 'tpl_plainQuotationForV2Tests';

export type Run = Awaited<ReturnType<typeof runHeffl>> & { sent: Sent[] };

/** A value picked from a list (a resource locator in "From List" mode). */
export const fromList = (value: string) => ({ __rl: true, mode: 'list', value });
/** An ID from an expression, as upstream data gives it: n8n's own parameter checks do not see it. */
export const byExpression = (value: string) => ({
	__rl: true,
	mode: 'id',
	value: `={{ ${JSON.stringify(value)} }}`,
});
/** A deal's Lead Score custom field (§11.12), as the resource mapper gives it. */
export const leadScore = (value: number) => ({
	mappingMode: 'defineBelow',
	value: { cf_lead_score: value },
});

/**
 * A seeded sandbox behind a recording relay, for the tests of the node's CRM resources.
 * Custom fields are made optional and a template without custom fields is added, so
 * writes need no cf_ key (custom fields have their own tests).
 */
export function useCrm(
	seed: Parameters<typeof useSandbox>[0] = { seed: { contacts: 230, quotations: 12 } },
) {
	const ctx = useSandbox(seed);
	const relay = useRecorder(ctx);
	beforeAll(() => prepareWorkspace(ctx));
	const requests = requestChecks(ctx, relay);
	const data = recordLookups(ctx);
	return { ctx, relay, ...requests, ...data, ...creators(requests.heffl) };
}

/**
 * Fixture: the seeded workspace requires some custom fields (a company's Industry, a
 * pipeline's Lead Score). They are made optional here so that writes need no cf_ key.
 */
function prepareWorkspace(ctx: TestContext) {
	for (const definition of ctx.sandbox.records('customFields'))
		if (definition.required === true)
			ctx.sandbox.insert('customFields', { ...definition, required: false });
	ctx.sandbox.insert('templates', {
		id: PLAIN_TEMPLATE,
		name: 'Plain Quotation',
		type: 'quotations',
		isActive: true,
		isSignatureRequired: false,
		valueType: 'STATIC',
		contentMode: 'STATIC',
		customFields: [],
		createdAt: '2026-01-01T00:00:00.000Z',
	});
}

/** Runs the node through the relay, and finds the requests it sent and the sandbox received. */
function requestChecks(ctx: TestContext, relay: ReturnType<typeof useRecorder>) {
	/** Runs the node; `sent` holds the requests of this run only. */
	async function heffl(
		parameters: INodeParameters,
		options: { items?: IDataObject[]; continueOnFail?: boolean } = {},
	): Promise<Run> {
		const mark = relay.sent.length;
		const run = await runHeffl(parameters, relay.credentials, options);
		return { ...run, sent: relay.sent.slice(mark) };
	}

	/** The requests of a run with this method and path. */
	const all = (run: Run, method: string, path: string | RegExp, api: 'v1' | 'v2' = 'v2') =>
		run.sent.filter(
			(sent) =>
				sent.method === method &&
				sent.api === api &&
				(typeof path === 'string' ? sent.path === path : path.test(sent.path)),
		);

	const describeSent = (sent: Sent[]) =>
		sent.map((entry) => `${entry.method} /${String(entry.api)}${entry.path}`).join(', ') || 'none';

	/** The one request of a run with this method and path. */
	function one(run: Run, method: string, path: string | RegExp, api: 'v1' | 'v2' = 'v2'): Sent {
		const found = all(run, method, path, api);
		expect(found, `${method} /${api}${String(path)} among ${describeSent(run.sent)}`).toHaveLength(
			1,
		);
		return found[0];
	}

	/** The sandbox's own log has this request, answered with `status`. */
	function received(method: string, pathAndQuery: string | RegExp, status = 200) {
		const log = ctx.apiRequests();
		expect(
			log.some(
				(entry) =>
					entry.method === method &&
					entry.status === status &&
					(typeof pathAndQuery === 'string'
						? entry.path === pathAndQuery
						: pathAndQuery.test(entry.path)),
			),
			`${method} ${String(pathAndQuery)} → ${status}`,
		).toBe(true);
	}

	/** The last request the sandbox received. */
	const lastRequest = () => ctx.apiRequests().at(-1);

	return { heffl, one, all, received, lastRequest };
}

/** The sandbox's records, as the tests look them up. */
function recordLookups(ctx: TestContext) {
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	const records = (kind: string) => ctx.sandbox.records(kind as never) as IDataObject[];
	const stored = (kind: string, id: unknown) => records(kind).find((record) => record.id === id);
	const companies = () => records('clients').filter((client) => client.type === 'company');
	const firstId = (kind: string) => String(records(kind)[0].id);
	/** §11.9's tag IDs: the sandbox shows its one tag store to API v2 as tag_<n>. */
	const tagIds = (type: string) =>
		records('tags')
			.filter((tag) => tag.type === type)
			.map((tag) => (typeof tag.id === 'number' ? `tag_${tag.id}` : String(tag.id)));
	const pipeline = (index = 0) => records('pipelines')[index];
	const stages = (index = 0) => pipeline(index).stages as IDataObject[];
	const stageOfType = (type: string, index = 0) =>
		stages(index).find((stage) => stage.type === type) as IDataObject;
	const firstActive = (index = 0) =>
		[...stages(index)]
			.filter((stage) => stage.type === 'ACTIVE')
			.sort((a, b) => Number(a.position) - Number(b.position))[0];
	const ids = (list: IDataObject[]) => list.map((record) => record.id);
	const filtersOf = (sent: Sent) => JSON.parse(sent.query.filters) as IDataObject;
	return {
		byId,
		records,
		stored,
		companies,
		firstId,
		tagIds,
		pipeline,
		stages,
		stageOfType,
		firstActive,
		ids,
		filtersOf,
	};
}

/** New records, straight through the node. */
function creators(heffl: (parameters: INodeParameters) => Promise<Run>) {
	/** A new company; its ID. */
	async function newCompany(name: string): Promise<string> {
		const created = await heffl({ resource: 'company', operation: 'create', name });
		expect(created.error?.message).toBeUndefined();
		return String(created.json[0].id);
	}

	/** A new contact; its ID. */
	async function newContact(firstName: string, email?: string): Promise<string> {
		const created = await heffl({
			resource: 'contact',
			operation: 'create',
			firstName,
			additionalFields: email ? { email } : {},
		});
		expect(created.error?.message).toBeUndefined();
		return String(created.json[0].id);
	}

	return { newCompany, newContact };
}
