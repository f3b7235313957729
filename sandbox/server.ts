/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * The sandbox's HTTP server: the request path (the request log, fault injection, auth,
 * the per-key rate limit, then the v1, v2 or control routes, and error bodies) in front of
 * the store, and the Sandbox's API for tests.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';

import { control } from './control';
import { ApiError, errorBody } from './errors';
import { Faults } from './faults';
import { RateLimit } from './rateLimit';
import { seedWorkspace } from './seed';
import { Store } from './store';
import { Scheduler } from './timers';
import type {
	ApiCall,
	ApiVersion,
	JsonObject,
	RateLimitOptions,
	RecordKind,
	RequestLogEntry,
	SandboxOptions,
	WorkspaceId,
} from './types';
import { routeV1 } from './v1/routes';
import { routeV2 } from './v2/routes';
import { seedV2 } from './v2/seed';
import { WebhookEngine } from './webhooks';
import { asApiError, flatError, parseJson, readBody } from './wire';

export { TAG_TYPES } from './v1/routes';
export { EVENT_CATALOGUE } from './v1/webhooks';
export { TEMPLATE_TYPES } from './v2/templates';

interface Answer {
	status: number;
	body: JsonObject;
}

export class Sandbox {
	readonly store = new Store();

	readonly scheduler = new Scheduler();

	readonly faults = new Faults();

	readonly requests: RequestLogEntry[] = [];

	/**
	 * Test control, not API behaviour: awaited before an API call is routed, so a test can
	 * act between the pages a client reads (create records while a list is being paged).
	 */
	readonly beforeRoute: Array<
		(call: { method: string; path: string; query: URLSearchParams }) => Promise<void> | void
	> = [];

	readonly webhooks: WebhookEngine;

	readonly apiKey: string;

	readonly otherWorkspaceKey: string;

	urls = { origin: '', v1: '', v2: '' };

	/** Apply the v1 list filters earlier versions guessed (no v1 filter is documented). */
	honourUndocumentedFilters: boolean;

	private readonly rateLimit: RateLimit;

	private server!: Server;

	constructor(options: SandboxOptions = {}) {
		this.rateLimit = new RateLimit(options.rateLimit);
		this.honourUndocumentedFilters = options.honourUndocumentedFilters ?? false;
		this.webhooks = new WebhookEngine(this.store, this.scheduler, options.webhooks);
		this.store.setBehaviours(options.behaviours ?? {});
		this.apiKey = this.store.addKey('A', options.apiKey);
		this.otherWorkspaceKey = this.store.addKey('B');
		seedWorkspace(this.store, 'A', options.seed ?? {});
		seedWorkspace(this.store, 'B', options.seed === false ? false : {});
		seedV2(this.store, 'A', options.seed === false ? 0 : (options.seed?.quotations ?? 8));
		seedV2(this.store, 'B', options.seed === false ? 0 : 2);
	}

	async listen(host = '127.0.0.1', port = 0): Promise<this> {
		this.server = createServer((request, response) => void this.handle(request, response));
		this.server.keepAliveTimeout = 1000;
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(port, host, resolve);
		});
		const address = this.server.address() as { port: number };
		const origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
		this.urls = { origin, v1: `${origin}/api/v1`, v2: `${origin}/api/v2` };
		return this;
	}

	async close(): Promise<void> {
		this.scheduler.close();
		this.webhooks.close();
		this.server.closeAllConnections?.();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	setRateLimit(options: RateLimitOptions | false): void {
		this.rateLimit.set(options);
	}

	records(kind: RecordKind, workspace: WorkspaceId = 'A'): JsonObject[] {
		return this.store.workspace(workspace).all(kind);
	}

	// --- the request path ---

	private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const started = Date.now();
		const url = new URL(request.url ?? '/', 'http://sandbox');
		const version: ApiVersion = url.pathname.startsWith('/__sandbox/')
			? 'control'
			: url.pathname.startsWith('/api/v2/')
				? 'v2'
				: 'v1';
		const entry: RequestLogEntry = {
			method: request.method ?? 'GET',
			path: this.redact(url.pathname + url.search),
			apiVersion: version,
			status: 0,
			at: started,
			durationMs: 0,
		};
		this.requests.push(entry);
		const send = (
			status: number,
			body: JsonObject | JsonObject[] | null,
			headers: Record<string, string> = {},
		) => {
			entry.status = status;
			entry.durationMs = Date.now() - started;
			// behaviours.ts: v2 errors flat like v1's.
			if (version === 'v2' && status >= 400 && this.store.behaviours.flatV2Errors)
				body = flatError(body);
			response.writeHead(status, { 'content-type': 'application/json', ...headers });
			response.end(body === null ? '' : JSON.stringify(body));
		};
		const raw = await readBody(request);
		try {
			if (version === 'control') {
				send(200, control(this, { method: entry.method, url, body: raw }));
				return;
			}
			await this.api(request, response, url, raw, entry, send, version);
		} catch (error) {
			const apiError = asApiError(error);
			send(apiError.status, errorBody(version === 'v2' ? 'v2' : 'v1', apiError));
		}
	}

	private async api(
		request: IncomingMessage,
		response: ServerResponse,
		url: URL,
		raw: string,
		entry: RequestLogEntry,
		send: (status: number, body: JsonObject | null, headers?: Record<string, string>) => void,
		version: 'v1' | 'v2',
	): Promise<void> {
		const match = /^\/api\/(v1|v2)(\/.*)?$/.exec(url.pathname);
		if (!match) throw ApiError.notFound(`No route ${url.pathname}`);
		if (this.faults.latencyMs) await this.scheduler.sleep(this.faults.latencyMs);
		const fault = this.faults.draw(entry.method, url.pathname);
		if (fault) entry.fault = fault;
		if (fault === 'drop-before') {
			entry.durationMs = Date.now() - entry.at;
			request.socket.destroy();
			return;
		}

		const key = request.headers['x-api-key'];
		const workspace =
			typeof key === 'string' && !/\s/.test(key) ? this.store.keyWorkspace(key) : undefined;
		if (!workspace) {
			throw new ApiError(
				'UNAUTHORIZED',
				'Missing, malformed or revoked API key: send a valid key in the x-api-key header',
			);
		}
		const budget = this.rateLimit.take(String(key), {
			forced: fault === '429',
			retryAfterSec: this.faults.retryAfterSec,
			resetAsUnixTime: this.store.behaviours.rateLimitResetUnixTime,
		});
		if (budget.refused) {
			const error = new ApiError(
				'TOO_MANY_REQUESTS',
				'Rate limit exceeded: retry after the window resets',
			);
			send(429, errorBody(version, error), {
				...budget.headers,
				'retry-after': budget.headers['retry-after'] ?? '1',
			});
			return;
		}
		if (fault === '500' || fault === '503') {
			const error = new ApiError(
				'INTERNAL_SERVER_ERROR',
				'Injected server error',
				undefined,
				Number(fault),
			);
			send(error.status, errorBody(version, error), budget.headers);
			return;
		}
		if (fault === '403') {
			const error = new ApiError('FORBIDDEN', 'This API key has no access to this resource');
			send(error.status, errorBody(version, error), budget.headers);
			return;
		}
		for (const hook of [...this.beforeRoute])
			await hook({ method: entry.method, path: url.pathname, query: url.searchParams });
		let answer: Answer;
		try {
			answer = {
				status: 200,
				body: this.route(version, {
					method: entry.method,
					segments: (match[2] ?? '').split('/').filter(Boolean).map(decodeURIComponent),
					query: url.searchParams,
					body: parseJson(raw, entry.method),
					workspace,
				}),
			};
		} catch (error) {
			const apiError = asApiError(error);
			answer = { status: apiError.status, body: errorBody(version, apiError) };
		}
		if (fault === 'drop-after') {
			entry.durationMs = Date.now() - entry.at;
			response.socket?.destroy();
			return;
		}
		// behaviours.ts: other success statuses than the pages show.
		const { emptyDeleteAnswers, createdStatus201 } = this.store.behaviours;
		if (answer.status === 200 && entry.method === 'DELETE' && emptyDeleteAnswers)
			send(204, null, budget.headers);
		else if (answer.status === 200 && entry.method === 'POST' && createdStatus201)
			send(201, answer.body, budget.headers);
		else send(answer.status, answer.body, budget.headers);
	}

	private redact(path: string): string {
		return this.store.knownKeys().reduce((text, key) => text.split(key).join('[key]'), path);
	}

	// --- routes ---

	private route(version: 'v1' | 'v2', call: ApiCall): JsonObject {
		if (version === 'v1') return routeV1(this, call);
		const answer = routeV2(
			{ store: this.store, emit: (...args) => this.webhooks.emit(...args) },
			call,
		);
		if (answer) return answer;
		if (call.method !== 'GET') throw ApiError.notFound('No such v2 route');
		throw ApiError.notFound(`No route /api/v2/${call.segments.join('/')}`);
	}
}
