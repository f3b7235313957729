/* eslint-disable @n8n/community-nodes/require-node-api-error -- maintainer's tooling, not shipped: its errors are its own */
/**
 * The kit's one way to Heffl: the package's own transport (hefflRequest: the credential's
 * x-api-key, pacing on the key's rate-limit budget, retries, the 60 s deadline, redaction)
 * run inside n8n-core as the nodes run, with every raw answer observed on the way (status,
 * headers, body, time: observedContext.ts) and counted. It remembers the records it creates and refuses to
 * change or delete any other.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { ApiVersion, HefflContext } from '../nodes/shared/transport';
import { hefflRequest, recordPath } from '../nodes/shared/transport';
import { readRateLimitHeaders } from '../nodes/shared/transport/rateLimit';
import type { HefflCredentials } from '../drivers/harness/n8n';
import type { Observed } from './observedContext';
import { asObject, observedContext } from './observedContext';

/** What one request of the kit got: the answer, or the error the transport raised. */
export interface Reply {
	ok: boolean;
	/** HTTP status; 0 when no answer came (network, deadline, cancel, a wait refused). */
	status: number;
	body: unknown;
	headers: Record<string, string>;
	/** The transport's error (a NodeApiError with Heffl's code and message kept), if any. */
	error?: Error & { context?: IDataObject; description?: string | null };
}

/** A record the kit created: it may change and delete only these. */
export interface Created {
	api: ApiVersion;
	/** The collection path, like `/leads`. */
	path: string;
	id: string;
	label: string;
	deleted: boolean;
	/** Why deleting it failed, when it did. */
	problem?: string;
}

export class BudgetSpent extends Error {}

export class Probe {
	/** Every answer, in order (rate-limit headers, answer times). */
	readonly observed: Observed[] = [];

	/** Records created by this run, in creation order. */
	readonly created: Created[] = [];

	/** The status of every create that succeeded, and whether its answer held the record's ID. */
	readonly creates: Array<{ path: string; status: number; id?: string }> = [];

	/** Requests sent (retries included), and how many of them wrote. */
	requests = 0;

	writes = 0;

	/** Answers the transport cut off at its deadline. */
	deadlinesHit = 0;

	private cancel = new AbortController();

	private readonly cache = new Map<string, Promise<Reply>>();

	/** When the key's budget is spent for longer than the transport waits: no more requests until then. */
	private spentUntil = 0;

	private readonly context: HefflContext;

	constructor(credentials: HefflCredentials) {
		this.context = observedContext(credentials, {
			sent: (method) => {
				this.requests++;
				if (method !== 'GET') this.writes++;
				return this.currentApi;
			},
			answered: (observed) => this.record(observed),
			cancelSignal: () => this.cancel.signal,
		});
	}

	private currentApi: ApiVersion = 'v1';

	private lastAnswer?: Observed;

	private record(observed: Observed) {
		this.observed.push(observed);
		this.lastAnswer = observed;
		const { remaining, resetInMs } = readRateLimitHeaders(observed.headers, observed.at);
		if (remaining === 0 && resetInMs !== undefined && resetInMs > 120_000)
			this.spentUntil = observed.at + resetInMs;
	}

	/** What the last answer said of the key's budget: requests left, and milliseconds until they reset. */
	budget(): { remaining?: number; resetInMs?: number } {
		const last = this.observed[this.observed.length - 1];
		if (!last) return {};
		const { remaining, resetInMs } = readRateLimitHeaders(last.headers, Date.now());
		return { remaining, resetInMs };
	}

	/** Ends the request under way and every later one of this phase (Ctrl-C, SIGTERM). */
	abort(): void {
		this.cancel.abort();
	}

	/** A fresh cancel signal: the clean-up after an interruption still gets to send. */
	resume(): void {
		this.cancel = new AbortController();
	}

	get interrupted(): boolean {
		return this.cancel.signal.aborted;
	}

	/** Sends one request through the package's transport. Never throws for an answer. */
	async send(
		api: ApiVersion,
		method: IHttpRequestMethods,
		path: string,
		{ qs, body, label }: { qs?: IDataObject; body?: IDataObject; label?: string } = {},
	): Promise<Reply> {
		if (this.interrupted) throw new Error('interrupted');
		if (Date.now() < this.spentUntil)
			throw new BudgetSpent(
				`the key's rate-limit budget is spent until ${new Date(this.spentUntil).toISOString()}`,
			);
		this.currentApi = api;
		this.lastAnswer = undefined;
		try {
			const result = await hefflRequest.call(this.context, {
				api,
				method,
				path,
				qs,
				body,
				recordLabel: label,
				maxRetries: 2,
			});
			const answer = this.lastAnswer as Observed | undefined;
			return {
				ok: true,
				status: answer?.status ?? 200,
				body: result,
				headers: answer?.headers ?? {},
			};
		} catch (error) {
			const answer = this.lastAnswer as Observed | undefined;
			const failed = error as Reply['error'] & Error;
			if (failed.context?.code === 'DEADLINE_EXCEEDED') this.deadlinesHit++;
			if (/WAIT_TOO_LONG/.test(String(failed.context?.code))) throw new BudgetSpent(failed.message);
			return {
				ok: false,
				status: answer?.status ?? 0,
				body: answer?.body,
				headers: answer?.headers ?? {},
				error: failed,
			};
		}
	}

	/** A GET, asked once per run: checks that read the same list share one request. */
	async get(api: ApiVersion, path: string, qs?: IDataObject): Promise<Reply> {
		const key = `${api} ${path} ${JSON.stringify(qs ?? {})}`;
		let reply = this.cache.get(key);
		if (!reply) {
			reply = this.send(api, 'GET', path, { qs });
			this.cache.set(key, reply);
			reply.catch(() => this.cache.delete(key));
		}
		return await reply;
	}

	/** Creates a record and remembers it for the clean-up (when Heffl gives it an ID). */
	async create(api: ApiVersion, path: string, body: IDataObject, label: string): Promise<Reply> {
		const reply = await this.send(api, 'POST', path, { body, label });
		const id = reply.ok ? idOf(reply.body) : undefined;
		if (reply.ok) this.creates.push({ path: `${api} ${path}`, status: reply.status, id });
		if (id !== undefined) this.created.push({ api, path, id, label, deleted: false });
		return reply;
	}

	/** The record this run created with this ID; anything else is refused before sending. */
	private own(api: ApiVersion, path: string, id: string): Created {
		const record = this.created.find(
			(candidate) => candidate.api === api && candidate.path === path && candidate.id === id,
		);
		if (!record)
			throw new Error(
				`refused: ${api} ${path}/${id} was not created by this run, so it is not touched`,
			);
		return record;
	}

	/** Changes a record this run created (PATCH or PUT). */
	async change(
		api: ApiVersion,
		path: string,
		id: string,
		method: 'PATCH' | 'PUT',
		body: IDataObject,
	): Promise<Reply> {
		const record = this.own(api, path, id);
		return await this.send(api, method, recordPath(this.context.getNode(), path, id, 'ID'), {
			body,
			label: record.label,
		});
	}

	/** Deletes a record this run created; remembers whether it is gone. */
	async remove(api: ApiVersion, path: string, id: string): Promise<Reply> {
		const record = this.own(api, path, id);
		const reply = await this.send(
			api,
			'DELETE',
			recordPath(this.context.getNode(), path, id, 'ID'),
			{
				label: record.label,
			},
		);
		// Gone already (404) is as good as deleted: the record no longer exists.
		if (reply.ok || reply.status === 404) {
			record.deleted = true;
			record.problem = undefined;
		} else {
			record.problem = reply.error?.message ?? `HTTP ${reply.status}`;
		}
		return reply;
	}

	/** A record's path below its collection, built as the nodes build it. */
	pathOf(collection: string, id: string): string {
		return recordPath(this.context.getNode(), collection, id, 'ID');
	}
}

/** The ID of a record in an answer (bare, or wrapped in `data` as some v2 pages show). */
export function idOf(body: unknown): string | undefined {
	const record = asObject(body);
	const id = record.id ?? asObject(record.data).id;
	return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
