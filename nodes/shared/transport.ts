import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import {
	backoffMs,
	budgetId,
	markExhausted,
	readRateLimitHeaders,
	recordBudget,
	takeFromBudget,
} from './rateLimit';

/** Every context the nodes call Heffl from: executions, dropdowns and searches, webhook hooks. */
export type HefflContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions;

export type ApiVersion = 'v1' | 'v2';

export const CREDENTIAL_NAME = 'hefflApi';

export const DEFAULT_MAX_RETRIES = 5;

/** A request still unanswered after this long counts as broken (and a create as unknown). */
const REQUEST_TIMEOUT_MS = 60_000;

export interface HefflRequest {
	api: ApiVersion;
	method: IHttpRequestMethods;
	/** Path below the version's base URL; IDs in it must come from `recordPath`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	/** How often a refused (429), failed (5xx) or broken request is sent again. */
	maxRetries?: number;
	/** Names the record in messages: "lead", "webhook subscription". */
	recordLabel?: string;
}

interface HefflCredentials {
	apiKey: string;
	v1BaseUrl: string;
	v2BaseUrl: string;
}

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackHost(hostname: string): boolean {
	return LOOPBACK_HOSTS.test(hostname);
}

/**
 * Why `url` may not be used as an https endpoint, or undefined when it may.
 * Plain http is accepted for loopback hosts only (the local sandbox).
 */
export function httpsProblem(url: string): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return `'${url}' is not a valid URL`;
	}
	if (parsed.protocol === 'https:') return undefined;
	if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return undefined;
	return `'${url}' must use https:// (plain http is accepted only for localhost, 127.x.x.x and [::1])`;
}

/** Trims the pasted parts of a credential and refuses base URLs Heffl would not serve. */
export function readCredentials(node: INode, raw: IDataObject): HefflCredentials {
	const apiKey = String(raw.apiKey ?? '').trim();
	if (!apiKey) {
		throw new NodeOperationError(node, 'The Heffl API credential has no API key', {
			description:
				'Open the credential and paste the key from Heffl → Settings → Developer settings.',
		});
	}
	if (/\s/.test(apiKey)) {
		throw new NodeOperationError(
			node,
			'Heffl API credential, API Key: contains spaces or line breaks',
			{
				description:
					'A Heffl key is one word. Paste it again from Heffl → Settings → Developer settings.',
			},
		);
	}
	const bases = { v1BaseUrl: 'v1 Base URL', v2BaseUrl: 'v2 Base URL' } as const;
	const result = { apiKey } as HefflCredentials;
	for (const [field, label] of Object.entries(bases) as Array<[keyof typeof bases, string]>) {
		const value = String(raw[field] ?? '')
			.trim()
			.replace(/\/+$/, '');
		const problem = httpsProblem(value);
		if (problem) {
			throw new NodeOperationError(node, `Heffl API credential, ${label}: ${problem}`, {
				description: `Fix the ${label} in the credential. The default is https://api.heffl.com/api/${field.slice(0, 2)}.`,
			});
		}
		result[field] = value;
	}
	return result;
}

/**
 * Builds `/collection/{id}` with the ID encoded, refusing IDs that would change the
 * path or the query (`/`, `?`, `#`, whitespace) before anything is sent.
 */
export function recordPath(
	node: INode,
	collection: string,
	id: unknown,
	field: string,
	itemIndex?: number,
	prefix?: string,
): string {
	const value = typeof id === 'number' ? String(id) : typeof id === 'string' ? id.trim() : '';
	const fail = (problem: string) =>
		new NodeOperationError(node, `${field}: ${problem}`, {
			itemIndex,
			description: prefix
				? `Pick the record from the list, or paste an ID like ${prefix}2KWPBgLlAfxdpx2AI54pPJ85f1W.`
				: 'Pick the record from the list, or paste its ID.',
		});
	if (!value) throw fail('the ID is empty');
	if (/[/?#\s]/.test(value)) throw fail(`'${value}' is not an ID: it contains /, ?, # or a space`);
	if (prefix && !value.startsWith(prefix)) {
		throw fail(`'${value}' is not a ${field} ID: Heffl's IDs of this kind start with '${prefix}'`);
	}
	return `${collection}/${encodeURIComponent(value)}`;
}

interface Answer {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}

/** Network failures where the request provably never reached Heffl. */
const NOT_SENT_CODES = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);

function networkCode(error: unknown): string {
	let current = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		if (typeof current.code === 'string' && /^E[A-Z_]+$/.test(current.code)) return current.code;
		if (typeof current.message === 'string' && /socket hang up/i.test(current.message)) {
			return 'ECONNRESET';
		}
		current = current.cause as typeof current;
	}
	return 'EUNKNOWN';
}

function errorParts(body: unknown): { code?: string; message?: string; details?: IDataObject } {
	if (!body || typeof body !== 'object') return {};
	const object = body as IDataObject;
	// v2 nests the error under `error`; v1 sends it flat.
	const source = (
		object.error && typeof object.error === 'object' ? object.error : object
	) as IDataObject;
	return {
		code: typeof source.code === 'string' ? source.code : undefined,
		message: typeof source.message === 'string' ? source.message : undefined,
		details:
			source.details && typeof source.details === 'object'
				? (source.details as IDataObject)
				: undefined,
	};
}

function fieldIssues(details: IDataObject | undefined): string {
	const issues = Array.isArray(details?.issues) ? (details.issues as IDataObject[]) : [];
	return issues.map((issue) => `${String(issue.field)}: ${String(issue.message)}`).join('; ');
}

const ADVICE: Record<number, string> = {
	401: 'Heffl refused the API key: it is mistyped, revoked or incomplete. A revoked key stops working at once; create a new key in Heffl → Settings → Developer settings and update the Heffl API credential.',
	403: 'The API key is valid but has no access to this record: it was created in another Heffl workspace. Use a key of the workspace that owns the record.',
	404: 'Check the ID, and that the record was not deleted in Heffl.',
	429: "Heffl's limit is 60 requests per minute per API key. Raise Max Retries in the node's options, or spread the work over more time.",
};

/** Turns an error answer of either API version into a NodeApiError that keeps Heffl's code, message and details. */
function apiError(node: INode, request: HefflRequest, answer: Answer): NodeApiError {
	const { code, message, details } = errorParts(answer.body);
	const status = answer.statusCode;
	const label = request.recordLabel ?? 'record';
	const headline =
		status === 401
			? 'Heffl rejected the API key'
			: status === 403
				? `Access to this ${label} is forbidden for this API key`
				: status === 404
					? `The ${label} was not found`
					: status === 429
						? `Heffl's rate limit was still exceeded after ${request.maxRetries ?? DEFAULT_MAX_RETRIES} retries`
						: status >= 500
							? `Heffl failed to answer (HTTP ${status})`
							: (message ?? `Heffl answered HTTP ${status}`);
	const issues = fieldIssues(details);
	const description = [
		`${code ?? 'HTTP_' + status}: ${(message ?? 'no message').replace(/\.?$/, '')}${issues ? ` (${issues})` : ''}.`,
		ADVICE[status],
	]
		.filter(Boolean)
		.join(' ');
	return hefflError(node, request, {
		message: headline,
		description,
		httpCode: status,
		code,
		apiMessage: message,
		details,
	});
}

/**
 * NodeApiError with exactly our message and description (n8n would otherwise swap in
 * its generic text for known codes) and Heffl's code, status and details in `context`.
 */
function hefflError(
	node: INode,
	request: HefflRequest,
	parts: {
		message: string;
		description: string;
		code?: string;
		httpCode?: number;
		apiMessage?: string;
		details?: IDataObject;
	},
): NodeApiError {
	const { message, description, ...context } = parts;
	const error = new NodeApiError(node, { message, description } as JsonObject, {
		message,
		description,
		httpCode: context.httpCode === undefined ? undefined : String(context.httpCode),
		itemIndex: request.itemIndex,
	});
	error.message = message;
	error.description = description;
	error.context = { ...error.context, ...context };
	return error;
}

function networkError(node: INode, request: HefflRequest, code: string, mayHaveActed: boolean) {
	const label = request.recordLabel ?? 'record';
	const message = mayHaveActed
		? `The connection to Heffl broke before it answered (${code}): the ${label} may or may not have been created`
		: `Could not reach Heffl (${code})`;
	const description = mayHaveActed
		? `Heffl may have received the request. Check whether the ${label} exists before running this item again, so it is not created twice.`
		: 'Check the base URLs in the Heffl API credential and that this n8n instance can reach Heffl.';
	return hefflError(node, request, { message, description, code });
}

function isCreate(method: IHttpRequestMethods) {
	return method === 'POST';
}

/**
 * The one way this package talks to Heffl: credential and base URL, `x-api-key`
 * through the credential's `authenticate`, pacing against the key's rate-limit
 * budget, retries where they are safe, and Heffl's errors turned into NodeApiError.
 */
export async function hefflRequest(
	this: HefflContext,
	request: HefflRequest,
): Promise<IDataObject> {
	const node = this.getNode();
	const credentials = readCredentials(
		node,
		await this.getCredentials<IDataObject>(CREDENTIAL_NAME, request.itemIndex),
	);
	const baseURL = request.api === 'v1' ? credentials.v1BaseUrl : credentials.v2BaseUrl;
	const budget = budgetId(credentials.apiKey, baseURL);
	const maxRetries = request.maxRetries ?? DEFAULT_MAX_RETRIES;
	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL,
		url: request.path,
		qs: request.qs,
		body: request.body,
		json: true,
		timeout: REQUEST_TIMEOUT_MS,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	// A retried DELETE whose first attempt may have succeeded can find the record gone.
	let outcomeUnknown = false;

	for (let attempt = 0; ; attempt++) {
		await takeFromBudget(budget);
		let answer: Answer;
		try {
			answer = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_NAME, {
				...options,
				headers: { accept: 'application/json' },
			})) as Answer;
		} catch (error) {
			const code = networkCode(error);
			const notSent = NOT_SENT_CODES.has(code);
			if (attempt < maxRetries && (notSent || !isCreate(request.method))) {
				outcomeUnknown ||= !notSent;
				await sleep(backoffMs(attempt, 250, 5000));
				continue;
			}
			throw networkError(node, request, code, !notSent && isCreate(request.method));
		}

		const reading = readRateLimitHeaders(answer.headers);
		recordBudget(budget, reading);
		const status = answer.statusCode;
		if (status >= 200 && status < 300) {
			return (answer.body ?? {}) as IDataObject;
		}
		if (status === 404 && request.method === 'DELETE' && outcomeUnknown) {
			return { deleted: true };
		}
		if (status === 429 && attempt < maxRetries) {
			const waitMs = reading.retryAfterMs ?? reading.resetInMs ?? backoffMs(attempt);
			markExhausted(budget, waitMs);
			continue;
		}
		if (status >= 500 && attempt < maxRetries && !isCreate(request.method)) {
			outcomeUnknown = true;
			await sleep(reading.retryAfterMs ?? backoffMs(attempt, 250, 5000));
			continue;
		}
		throw apiError(node, request, answer);
	}
}

export const MAX_PAGE_SIZE = 100;

export interface Page {
	records: IDataObject[];
	/** Cursor of the next page; undefined on the last one. */
	nextCursor?: string;
}

/** Reads one page of a list in either envelope: v1 `{items, nextCursor, hasMore}`, v2 `{data, meta}`. */
export async function hefflListPage(
	this: HefflContext,
	request: Omit<HefflRequest, 'method'>,
	pageSize: number,
	cursor?: string,
): Promise<Page> {
	const sizeParameter = request.api === 'v1' ? 'limit' : 'pageSize';
	const body = await hefflRequest.call(this, {
		...request,
		method: 'GET',
		qs: { ...request.qs, [sizeParameter]: pageSize, ...(cursor ? { cursor } : {}) },
	});
	const envelope = (request.api === 'v1' ? body : (body.meta ?? {})) as IDataObject;
	const records = ((request.api === 'v1' ? body.items : body.data) ?? []) as IDataObject[];
	const next = envelope.hasMore === true ? envelope.nextCursor : undefined;
	return { records, nextCursor: typeof next === 'string' && next ? next : undefined };
}

/**
 * Reads a list page by page until `limit` records (or all of them) are in. Each page
 * asks for exactly what is still needed, at most 100, so n records cost ceil(n/100)
 * requests.
 */
export async function hefflPaginate(
	this: HefflContext,
	request: Omit<HefflRequest, 'method'>,
	limit?: number,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	let cursor: string | undefined;
	do {
		const wanted = Math.min(MAX_PAGE_SIZE, (limit ?? Infinity) - records.length);
		if (wanted <= 0) break;
		const page = await hefflListPage.call(this, request, wanted, cursor);
		records.push(...page.records);
		cursor = page.nextCursor;
	} while (cursor);
	return limit === undefined ? records : records.slice(0, limit);
}
