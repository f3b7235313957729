/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test tooling, not shipped */
/**
 * The sandbox's HTTP server: control routes, fault injection, auth, the per-key
 * rate limit, and the v1/v2 routes, all in front of the store.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';

import type { Behaviours } from './behaviours';
import { BEHAVIOURS, parseBehaviours } from './behaviours';
import { ApiError, errorBody } from './errors';
import { checkCustomValue, checkField, CUSTOM_FIELD_KEY } from './fields';
import type { Rand } from './random';
import { newId, prng } from './random';
import type { CrudResource } from './resources';
import { CRUD_RESOURCES, renderV1 } from './resources';
import { seedWorkspace } from './seed';
import { Store } from './store';
import { Scheduler } from './timers';
import type {
	ApiVersion,
	FaultKind,
	FaultSettings,
	JsonObject,
	QueuedFault,
	RateLimitOptions,
	RecordKind,
	RequestLogEntry,
	SandboxOptions,
	WorkspaceId,
} from './types';
import { WebhookEngine } from './webhooks';
import { createInvoice } from './invoices';
import { TAG_TYPES_V2 } from './v2/constants';
import { routeV2 } from './v2/routes';
import { BULK_RESOURCES, bulkCreate, seedV2 } from './v2/seed';
import type { BulkResource } from './v2/seed';

/** The event catalogue of heffl-facts.md: subscriptions may ask only for these. */
export const EVENT_CATALOGUE = [
	'lead.created',
	'lead.updated',
	'lead.deleted',
	'lead.stageChanged',
	'deal.created',
	'deal.updated',
	'deal.deleted',
	'deal.stageChanged',
	'client.created',
	'client.updated',
	'client.deleted',
	'contact.created',
	'contact.updated',
	'contact.deleted',
	'contact.stageChanged',
	'invoice.created',
	'invoice.updated',
	'invoice.paid',
	'invoice.deleted',
	'invoice.statusChanged',
	'quotation.created',
	'quotation.updated',
	'quotation.deleted',
	'quotation.statusChanged',
	'form.response.created',
];

/** The tag types of `GET /tags?type=` (the contract; §11.9 for v2). */
export const TAG_TYPES = TAG_TYPES_V2;

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

interface Answer {
	status: number;
	body: JsonObject;
}

interface Call {
	method: string;
	segments: string[];
	query: URLSearchParams;
	body: JsonObject;
	workspace: WorkspaceId;
	version: 'v1' | 'v2';
}

class Faults {
	private settings: FaultSettings = {};

	private rand: Rand = prng(1);

	private readonly queued: QueuedFault[] = [];

	set(settings: FaultSettings): void {
		this.settings = { ...settings };
		this.rand = prng(settings.seed ?? 1);
	}

	queue(kind: FaultKind, count: number, methods?: string[]): void {
		this.queued.push({ kind, count, methods: methods?.map((method) => method.toUpperCase()) });
	}

	clear(): void {
		this.settings = {};
		this.queued.length = 0;
	}

	get latencyMs(): number {
		return this.settings.latencyMs ?? 0;
	}

	get retryAfterSec(): number | undefined {
		return this.settings.retryAfterSec;
	}

	/** The fault this request gets, if any: queued ones first, then the rates. */
	draw(method: string): FaultKind | undefined {
		const queued = this.queued.find(
			(fault) => fault.count > 0 && (!fault.methods || fault.methods.includes(method)),
		);
		if (queued) {
			queued.count -= 1;
			if (queued.count === 0) this.queued.splice(this.queued.indexOf(queued), 1);
			return queued.kind;
		}
		const {
			error5xxRate = 0,
			dropBeforeRate = 0,
			dropAfterRate = 0,
			burst429Rate = 0,
		} = this.settings;
		const roll = this.rand();
		let edge = burst429Rate;
		if (roll < edge) return '429';
		if (roll < (edge += error5xxRate)) return this.rand() < 0.5 ? '500' : '503';
		if (roll < (edge += dropBeforeRate)) return 'drop-before';
		if (roll < (edge += dropAfterRate)) return 'drop-after';
		return undefined;
	}
}

interface Window {
	start: number;
	used: number;
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

	private rateLimit: RateLimitOptions | false;

	/** Apply the v1 list filters earlier versions guessed (no v1 filter is documented). */
	honourUndocumentedFilters: boolean;

	private readonly windows = new Map<string, Window>();

	private server!: Server;

	constructor(options: SandboxOptions = {}) {
		this.rateLimit =
			options.rateLimit === undefined ? { limit: 60, windowMs: 60_000 } : options.rateLimit;
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
		this.rateLimit = options;
		this.windows.clear();
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
				const answer = await this.control(entry.method, url, raw);
				send(answer.status, answer.body);
				return;
			}
			await this.api(request, response, url, raw, entry, send, version);
		} catch (error) {
			const apiError =
				error instanceof ApiError
					? error
					: new ApiError('INTERNAL_SERVER_ERROR', (error as Error).message);
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
		const fault = this.faults.draw(entry.method);
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
		const limitHeaders = this.takeBudget(String(key), fault === '429');
		if (limitHeaders.refused) {
			const error = new ApiError(
				'TOO_MANY_REQUESTS',
				'Rate limit exceeded: retry after the window resets',
			);
			send(429, errorBody(version, error), {
				...limitHeaders.headers,
				'retry-after': limitHeaders.headers['retry-after'] ?? '1',
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
			send(error.status, errorBody(version, error), limitHeaders.headers);
			return;
		}
		if (fault === '403') {
			const error = new ApiError('FORBIDDEN', 'This API key has no access to this resource');
			send(error.status, errorBody(version, error), limitHeaders.headers);
			return;
		}
		for (const hook of [...this.beforeRoute])
			await hook({ method: entry.method, path: url.pathname, query: url.searchParams });
		let answer: Answer;
		try {
			answer = this.route({
				method: entry.method,
				segments: (match[2] ?? '').split('/').filter(Boolean).map(decodeURIComponent),
				query: url.searchParams,
				body: parseJson(raw, entry.method),
				workspace,
				version,
			});
		} catch (error) {
			const apiError =
				error instanceof ApiError
					? error
					: new ApiError('INTERNAL_SERVER_ERROR', (error as Error).message);
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
			send(204, null, limitHeaders.headers);
		else if (answer.status === 200 && entry.method === 'POST' && createdStatus201)
			send(201, answer.body, limitHeaders.headers);
		else send(answer.status, answer.body, limitHeaders.headers);
	}

	/** Takes one request from the key's window; `forced` answers as if it were spent. */
	private takeBudget(
		key: string,
		forced: boolean,
	): { refused: boolean; headers: Record<string, string> } {
		if (!this.rateLimit) {
			return forced
				? { refused: true, headers: { 'retry-after': String(this.faults.retryAfterSec ?? 1) } }
				: { refused: false, headers: {} };
		}
		const { limit, windowMs, headerStyle = 'separate' } = this.rateLimit;
		const now = Date.now();
		let window = this.windows.get(key);
		if (!window || now - window.start >= windowMs) {
			window = { start: now, used: 0 };
			this.windows.set(key, window);
		}
		const refused = forced || window.used >= limit;
		if (!refused) window.used += 1;
		const reset = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
		const remaining = forced ? 0 : Math.max(0, limit - window.used);
		const resetSec =
			forced && this.faults.retryAfterSec !== undefined ? this.faults.retryAfterSec : reset;
		const headers: Record<string, string> =
			headerStyle === 'combined'
				? {
						'ratelimit-policy': `"default";q=${limit};w=${Math.ceil(windowMs / 1000)}`,
						ratelimit: `"default";r=${remaining};t=${resetSec}`,
					}
				: {
						'ratelimit-limit': String(limit),
						'ratelimit-remaining': String(remaining),
						// behaviours.ts: the reset as the Unix time it happens.
						'ratelimit-reset': String(
							this.store.behaviours.rateLimitResetUnixTime
								? Math.ceil(now / 1000) + resetSec
								: resetSec,
						),
					};
		if (refused) headers['retry-after'] = String(resetSec);
		return { refused, headers };
	}

	private redact(path: string): string {
		return this.store.knownKeys().reduce((text, key) => text.split(key).join('[key]'), path);
	}

	// --- routes ---

	private route(call: Call): Answer {
		const [first, second, third] = call.segments;
		if (call.version === 'v2') {
			const added = routeV2(
				{ store: this.store, emit: (...args) => this.webhooks.emit(...args) },
				call,
			);
			if (added) return ok(added);
			if (call.method !== 'GET') throw ApiError.notFound('No such v2 route');
			if (first === 'document-templates' && second && !third)
				return ok(this.template(call, second));
			if (first === 'document-templates' && !second)
				return ok(this.v2List(call, 'templates', templateMatch(call.query)));
			throw ApiError.notFound(`No route /api/v2/${call.segments.join('/')}`);
		}
		if (first === 'tags' && !second && call.method === 'GET') return ok({ items: this.tags(call) });
		if (
			first === 'leads' &&
			(second === 'stages' || second === 'sources') &&
			!third &&
			call.method === 'GET'
		) {
			return ok(this.v1List(call, second === 'stages' ? 'leadStages' : 'leadSources', () => true));
		}
		if ((first === 'pipelines' || first === 'products') && call.method === 'GET' && !third) {
			const kind: RecordKind = first;
			const label = first === 'pipelines' ? 'pipeline' : 'product';
			if (second) return ok(this.store.require(call.workspace, kind, second, label));
			const search = call.query.get('search');
			return ok(
				this.v1List(
					call,
					kind,
					(record) => !search || String(record.name).toLowerCase().includes(search.toLowerCase()),
				),
			);
		}
		if (first === 'webhooks' && !third) return this.webhookRoute(call, second);
		if (first === 'invoices' && !second && call.method === 'POST') {
			const space = this.store.workspace(call.workspace);
			const invoice = createInvoice(call.body, space, space.all('invoices').length);
			this.store.insert(call.workspace, 'invoices', invoice);
			this.webhooks.emit(call.workspace, 'invoice.created', invoice);
			return ok(invoice);
		}
		const resource = CRUD_RESOURCES.find((candidate) => candidate.path === first);
		if (resource && !third) return this.crud(resource, call, second);
		throw ApiError.notFound(`No route /api/v1/${call.segments.join('/')}`);
	}

	private pageSize(call: Call): number {
		const name = call.version === 'v1' ? 'limit' : 'pageSize';
		const raw = call.query.get(name);
		if (raw === null) return call.version === 'v1' ? 20 : 30;
		if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 100)
			throw ApiError.field(name, 'must be an integer from 1 to 100');
		return Number(raw);
	}

	private v1List(call: Call, kind: RecordKind, match: (record: JsonObject) => boolean): JsonObject {
		if (
			call.query.has('pageNo') ||
			call.query.has('pageSize') ||
			this.store.behaviours.v1NumberedPages
		)
			return this.v1NumberedPage(call, kind, match);
		const page = this.store.page(
			call.workspace,
			kind,
			match,
			this.pageSize(call),
			call.query.get('cursor') ?? undefined,
		);
		return { items: page.items, nextCursor: page.nextCursor, hasMore: page.hasMore };
	}

	/**
	 * §6.1 versions B/C: `pageNo` (1-based) and `pageSize` (default 20, max 100), answered
	 * `{items, meta: {count, total, pageNo, pageSize}}`. Version A's cursor form is the default.
	 */
	private v1NumberedPage(
		call: Call,
		kind: RecordKind,
		match: (record: JsonObject) => boolean,
	): JsonObject {
		const integer = (name: string, fallback: number, max: number) => {
			const raw = call.query.get(name);
			if (raw === null) return fallback;
			if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
				throw ApiError.field(name, `must be an integer from 1 to ${max}`);
			return Number(raw);
		};
		const pageNo = integer('pageNo', 1, Number.MAX_SAFE_INTEGER);
		const pageSize = integer('pageSize', 20, 100);
		const all = this.store.workspace(call.workspace).all(kind).filter(match);
		const items = all.slice((pageNo - 1) * pageSize, pageNo * pageSize);
		return { items, meta: { count: items.length, total: all.length, pageNo, pageSize } };
	}

	private v2List(call: Call, kind: RecordKind, match: (record: JsonObject) => boolean): JsonObject {
		const size = this.pageSize(call);
		const filters = parseFilters(call.query.get('filters'));
		const page = this.store.page(
			call.workspace,
			kind,
			(record) => match(record) && filters(record),
			size,
			call.query.get('cursor') ?? undefined,
		);
		return { data: page.items, meta: { nextCursor: page.nextCursor, hasMore: page.hasMore } };
	}

	private template(call: Call, id: string): JsonObject {
		return this.store.require(call.workspace, 'templates', id, 'document template');
	}

	private tags(call: Call): JsonObject[] {
		const type = call.query.get('type');
		if (type !== null && !TAG_TYPES.includes(type))
			throw ApiError.field('type', `must be one of ${TAG_TYPES.join(', ')}`);
		return this.records('tags', call.workspace).filter((tag) => type === null || tag.type === type);
	}

	private webhookRoute(call: Call, id: string | undefined): Answer {
		const hide = ({ ...record }: JsonObject) => record;
		if (!id && call.method === 'GET') return ok(this.v1List(call, 'webhooks', () => true));
		if (!id && call.method === 'POST') {
			// §12.1: name, url and events are required; additional properties are allowed.
			const { name, url, events } = call.body;
			if (typeof name !== 'string' || name.length < 1)
				throw ApiError.field('name', 'is required (a non-empty string)');
			let parsed: URL | undefined;
			try {
				parsed = typeof url === 'string' ? new URL(url) : undefined;
			} catch {
				parsed = undefined;
			}
			if (!parsed || !['http:', 'https:'].includes(parsed.protocol))
				throw ApiError.field('url', 'is required (an absolute http(s) URL)');
			if (!Array.isArray(events) || events.length === 0)
				throw ApiError.field('events', 'is required (a non-empty array of event names)');
			const wrong = events.filter(
				(event) => typeof event !== 'string' || !EVENT_CATALOGUE.includes(event),
			);
			if (wrong.length)
				throw ApiError.field('events', `unknown event ${wrong.map(String).join(', ')}`);
			const created = this.webhooks.subscribe(call.workspace, {
				name,
				url: String(url),
				events: [...new Set(events as string[])],
			});
			if (parsed.protocol === 'http:')
				created.warnings = ['Endpoint URL is not HTTPS: deliveries in production require HTTPS'];
			return ok(created);
		}
		if (id && call.method === 'GET')
			return ok(hide(this.store.require(call.workspace, 'webhooks', id, 'webhook subscription')));
		if (id && call.method === 'DELETE') {
			this.store.require(call.workspace, 'webhooks', id, 'webhook subscription');
			this.store.remove(call.workspace, 'webhooks', id);
			this.webhooks.unsubscribe(id);
			return ok({ id, deleted: true });
		}
		throw ApiError.notFound('No such webhooks route');
	}

	private crud(resource: CrudResource, call: Call, id: string | undefined): Answer {
		const { workspace } = call;
		if (!id && call.method === 'GET') {
			const filters = this.honourUndocumentedFilters
				? Object.entries(resource.guessedFilters).filter(([name]) => call.query.get(name))
				: [];
			const list = this.v1List(call, resource.kind, (record) =>
				filters.every(([name, test]) => test(record, call.query.get(name) as string)),
			);
			return ok({ ...list, items: (list.items as JsonObject[]).map(renderV1) });
		}
		if (!id && call.method === 'POST') {
			const values = this.checkBody(resource, call, 'create');
			const now = this.store.now();
			const space = this.store.workspace(workspace);
			const record: JsonObject = {
				id: newId(resource.prefix),
				number: `${resource.numberPrefix}${String(space.all(resource.kind).length + 1).padStart(4, '0')}`,
			};
			for (const field of Object.keys(resource.create)) record[field] = null;
			Object.assign(record, resource.defaults, values, { createdAt: now, updatedAt: now });
			if (resource.kind === 'clients' && record.type === 'contact' && !record.name)
				record.name = [record.firstName, record.lastName].filter(Boolean).join(' ');
			this.checkRecord(resource, call, record);
			this.store.insert(workspace, resource.kind, record);
			this.emit(workspace, resource, 'created', record);
			// §10: creates answer 200 (no 201 is shown on any page).
			return ok(renderV1(record));
		}
		if (!id) throw ApiError.notFound('No such route');
		const current = this.store.require(workspace, resource.kind, id, resource.label);
		if (call.method === 'GET') return ok(renderV1(current));
		if (resource.updateMethods.includes(call.method)) {
			const values = this.checkBody(resource, call, 'update');
			const next: JsonObject = { ...current, ...values, updatedAt: this.store.now() };
			this.checkRecord(resource, call, next);
			this.store.replace(workspace, resource.kind, next);
			this.emit(workspace, resource, 'updated', next);
			const stageKey = resource.stageKey;
			if (resource.stageEvent && stageKey && next[stageKey] !== current[stageKey])
				this.emit(workspace, resource, 'stageChanged', next);
			return ok(renderV1(next));
		}
		if (call.method === 'DELETE') {
			this.store.remove(workspace, resource.kind, id);
			this.emit(workspace, resource, 'deleted', current);
			return ok({ id, deleted: true });
		}
		throw ApiError.notFound(`No route ${call.method} /api/v1/${resource.path}/{id}`);
	}

	/** The cross-field rules of the resource, on the record about to be stored. */
	private checkRecord(resource: CrudResource, call: Call, record: JsonObject): void {
		const issues = resource.check?.(record, this.store.workspace(call.workspace)) ?? [];
		if (issues.length) throw ApiError.invalid(issues);
	}

	private checkBody(resource: CrudResource, call: Call, mode: 'create' | 'update'): JsonObject {
		const values: JsonObject = {};
		const issues: Array<{ field: string; message: string; standalone?: boolean }> = [];
		const space = this.store.workspace(call.workspace);
		const fields = mode === 'create' ? resource.create : resource.update;
		const known = { ...resource.create, ...resource.update };
		for (const [field, value] of Object.entries(call.body)) {
			const type = fields[field];
			if (!type) {
				if (resource.customFields && CUSTOM_FIELD_KEY.test(field)) {
					const checked = checkCustomValue(value);
					if ('problem' in checked) issues.push({ field, message: checked.problem });
					else values[field] = checked.value;
				} else if (resource.additionalProperties && !(field in known) && !READ_ONLY.has(field)) {
					values[field] = value;
				} else {
					const message =
						field in known
							? `${field} cannot be set on ${mode === 'create' ? 'create' : 'update'}`
							: `Unknown field '${field}'`;
					issues.push({ field, message, standalone: true });
				}
				continue;
			}
			if (value === null) {
				if (resource.required.includes(field))
					issues.push({ field, message: 'is required and cannot be cleared' });
				else values[field] = null;
				continue;
			}
			const checked = checkField(type, value, space);
			if ('problem' in checked) issues.push({ field, message: checked.problem });
			else values[field] = checked.value;
		}
		if (mode === 'create') {
			for (const field of resource.required)
				if (call.body[field] === undefined) issues.push({ field, message: 'is required' });
		}
		if (issues.length) throw ApiError.invalid(issues);
		return values;
	}

	private emit(
		workspace: WorkspaceId,
		resource: CrudResource,
		what: string,
		record: JsonObject,
	): void {
		if (resource.event)
			this.webhooks.emit(workspace, `${resource.event}.${what}`, renderV1(record));
	}

	// --- control routes (no key, no limit, no faults) ---

	private async control(method: string, url: URL, raw: string): Promise<Answer> {
		const [, , what, arg] = url.pathname.split('/');
		const body = raw ? (JSON.parse(raw) as JsonObject) : {};
		if (what === 'requests' && method === 'GET')
			return ok({ items: this.requests as unknown as JsonObject[] });
		if (what === 'requests' && method === 'DELETE') {
			this.requests.length = 0;
			return ok({ cleared: true });
		}
		if (what === 'faults' && method === 'POST') {
			const { queue = [], ...settings } = body as { queue?: QueuedFault[] } & FaultSettings;
			this.faults.set(settings);
			for (const fault of queue) this.faults.queue(fault.kind, fault.count, fault.methods);
			return ok({ ok: true });
		}
		if (what === 'faults' && method === 'DELETE') {
			this.faults.clear();
			return ok({ ok: true });
		}
		if (what === 'deliveries' && method === 'GET')
			return ok({ items: this.webhooks.deliveries as unknown as JsonObject[] });
		if (what === 'emit' && method === 'POST') {
			this.webhooks.emit(
				(body.workspace as WorkspaceId) ?? 'A',
				String(body.event),
				(body.payload as JsonObject) ?? {},
			);
			return ok({ ok: true });
		}
		if (what === 'records' && method === 'GET' && arg) {
			return ok({
				items: this.records(
					arg as RecordKind,
					(url.searchParams.get('workspace') as WorkspaceId) ?? 'A',
				),
			});
		}
		if (what === 'rotate' && method === 'POST' && arg)
			return ok({ rotated: true, subscriptionId: arg, secret: this.webhooks.rotate(arg) });
		if (what === 'bulk' && method === 'POST' && BULK_RESOURCES.includes(arg as BulkResource)) {
			const count = Number(body.count);
			if (!Number.isInteger(count) || count < 1 || count > 100_000)
				throw ApiError.field('count', 'must be a whole number from 1 to 100000');
			const workspace = (body.workspace as WorkspaceId) ?? 'A';
			return ok({ ids: bulkCreate(this.store, workspace, arg as BulkResource, count) });
		}
		if (what === 'behaviours' && method === 'GET')
			return ok({ behaviours: { ...this.store.behaviours }, known: { ...BEHAVIOURS } });
		if (what === 'behaviours' && method === 'POST') {
			let behaviours: Behaviours;
			try {
				behaviours = parseBehaviours(body);
			} catch (error) {
				throw ApiError.field('behaviours', (error as Error).message);
			}
			this.store.setBehaviours(behaviours);
			return ok({ behaviours: { ...this.store.behaviours } });
		}
		if (what === 'rate-limit' && method === 'POST') {
			this.setRateLimit(body.limit ? (body as unknown as RateLimitOptions) : false);
			return ok({ ok: true });
		}
		throw ApiError.notFound(`No control route ${url.pathname}`);
	}
}

const ok = (body: JsonObject): Answer => ({ status: 200, body });

/** A v2 error body `{error: {…}}` as v1 would send it: the inner object (behaviours.ts). */
function flatError(body: JsonObject | JsonObject[] | null): JsonObject | JsonObject[] | null {
	const inner = body && !Array.isArray(body) ? body.error : undefined;
	return inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : body;
}

/** Keys the API sets itself: a body cannot set them, even where additional properties are allowed. */
const READ_ONLY = new Set(['id', 'number', 'createdAt', 'updatedAt', 'customFields']);

function readBody(request: IncomingMessage): Promise<string> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		request.on('error', () => resolve(''));
	});
}

function parseJson(raw: string, method: string): JsonObject {
	if (!raw.trim()) {
		if (method === 'POST' || method === 'PATCH')
			throw new ApiError('BAD_REQUEST', 'The body must be a JSON object');
		return {};
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(raw);
	} catch {
		throw new ApiError('BAD_REQUEST', 'The body is not valid JSON');
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
		throw new ApiError('BAD_REQUEST', 'The body must be a JSON object');
	return parsed as JsonObject;
}

function parseFilters(raw: string | null): (record: JsonObject) => boolean {
	if (raw === null) return () => true;
	let filters: unknown;
	try {
		filters = JSON.parse(raw);
	} catch {
		throw ApiError.field('filters', 'must be a JSON-encoded object');
	}
	if (!filters || typeof filters !== 'object' || Array.isArray(filters))
		throw ApiError.field('filters', 'must be a JSON-encoded object');
	const entries = Object.entries(filters as JsonObject);
	return (record) => entries.every(([key, value]) => record[key] === value);
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
