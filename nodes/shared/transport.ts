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
import { NodeApiError, NodeOperationError, sleep, UserError } from 'n8n-workflow';

import { httpsProblem, normalizeBaseUrl } from './origin';
import {
	backoffMs,
	budgetId,
	budgetWaitMs,
	forgetBudget,
	markExhausted,
	readRateLimitHeaders,
	recordBudget,
} from './rateLimit';

/** Every context the nodes call Heffl from: executions, dropdowns and searches, webhook hooks. */
export type HefflContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions;

export type ApiVersion = 'v1' | 'v2';

export const CREDENTIAL_NAME = 'hefflApi';

export const DEFAULT_MAX_RETRIES = 5;

/** The most retries a request gets, whatever a parameter or an expression says. */
export const MAX_RETRIES_LIMIT = 10;

/**
 * The bounds of every call to Heffl. Only tests change them (to run a slow
 * server's scenario in seconds); the package itself never does.
 */
export const transportLimits = {
	/**
	 * The whole answer, first byte to last, must arrive within this; a server that
	 * trickles its body is cut off too. After it a create's outcome is unknown.
	 */
	deadlineMs: 60_000,
	/**
	 * The longest wait Heffl may ask for (Retry-After, RateLimit-Reset, a spent
	 * budget): two 60-second rate-limit windows. A longer one fails the item instead.
	 */
	maxWaitMs: 120_000,
	/** Pages of one list: 10,000 pages of 100 are a million records, more than any account holds. */
	maxPages: 10_000,
};

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
	/** Where the records of a list answer are (`items` in v1, `data` in v2); they are checked to be records. */
	listKey?: 'items' | 'data';
}

interface HefflCredentials {
	apiKey: string;
	v1BaseUrl: string;
	v2BaseUrl: string;
}

export { httpsProblem, isLoopbackHost } from './origin';

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
		const value = normalizeBaseUrl(raw[field]);
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

/** The error, or one it wraps, that n8n or the credential raised; `find` picks it. */
function findInChain<T>(error: unknown, find: (link: unknown) => T | undefined): T | undefined {
	let current = error as { cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		const found = find(current);
		if (found !== undefined) return found;
		current = current.cause as typeof current;
	}
	return undefined;
}

function networkCode(error: unknown): string {
	return (
		findInChain(error, (link) => {
			const { code, message } = link as { code?: unknown; message?: unknown };
			if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
			if (typeof message === 'string' && /socket hang up/i.test(message)) return 'ECONNRESET';
			return undefined;
		}) ?? 'EUNKNOWN'
	);
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorParts(body: unknown): { code?: string; message?: string; details?: IDataObject } {
	if (!isObject(body)) return {};
	// v2 nests the error under `error`; v1 sends it flat.
	const source = isObject(body.error) ? body.error : body;
	return {
		code: typeof source.code === 'string' ? source.code : undefined,
		message: typeof source.message === 'string' ? source.message : undefined,
		details: isObject(source.details) ? source.details : undefined,
	};
}

/** `email: Please enter a valid email address; Unknown field: foo` (an issue may have no field, §4.2). */
function fieldIssues(details: IDataObject | undefined): string {
	const issues = Array.isArray(details?.issues) ? (details.issues as unknown[]) : [];
	return issues
		.filter(isObject)
		.map((issue) =>
			typeof issue.field === 'string' && issue.field
				? `${issue.field}: ${String(issue.message)}`
				: String(issue.message),
		)
		.join('; ');
}

/**
 * The headline of a refused request names the fields at fault: Heffl's own message when it
 * already does, else its message with the issues ("Some fields are invalid: email: …").
 */
function withIssues(message: string, issues: string): string {
	if (!issues || message.includes(issues)) return message;
	return `${message.replace(/[.\s]+$/, '')}: ${issues}`;
}

const ADVICE: Record<number, string> = {
	401: 'Heffl refused the API key: it is mistyped, revoked or incomplete. A revoked key stops working at once; create a new key in Heffl → Settings → Developer settings and update the Heffl API credential.',
	403: 'The API key is valid but has no access to this record: it was created in another Heffl workspace. Use a key of the workspace that owns the record.',
	404: 'Check the ID, and that the record was not deleted in Heffl.',
	429: "Heffl's limit is 60 requests per minute per API key. Raise Max Retries in the node's options, or spread the work over more time.",
};

function isCreate(method: IHttpRequestMethods) {
	return method === 'POST';
}

function labelOf(request: Pick<HefflRequest, 'recordLabel'>) {
	return request.recordLabel ?? 'record';
}

/** "the lead may or may not have been created", for a create whose outcome is unknown. */
function mayExist(request: HefflRequest) {
	return `the ${labelOf(request)} may or may not have been created`;
}

function checkBeforeRetrying(request: HefflRequest) {
	return `Heffl may have stored the ${labelOf(request)}. Check whether it exists (with Get Many, or in Heffl) before running this item again, so it is not created twice.`;
}

/** Turns an error answer of either API version into a NodeApiError that keeps Heffl's code, message and details. */
function apiError(node: INode, request: HefflRequest, answer: Answer): NodeApiError {
	const { code, message, details } = errorParts(answer.body);
	const status = answer.statusCode;
	const label = labelOf(request);
	const createFailed = status >= 500 && isCreate(request.method);
	const headline =
		status === 401
			? 'Heffl rejected the API key'
			: status === 403
				? `Access to this ${label} is forbidden for this API key`
				: status === 404
					? `The ${label} was not found`
					: status === 429
						? `Heffl's rate limit was still exceeded after ${retriesOf(request)} retries`
						: status >= 500
							? `Heffl failed to answer (HTTP ${status})${createFailed ? `: ${mayExist(request)}` : ''}`
							: withIssues(message ?? `Heffl answered HTTP ${status}`, fieldIssues(details));
	const issues = fieldIssues(details);
	const description = [
		`${code ?? 'HTTP_' + status}: ${(message ?? 'no message').replace(/\.?$/, '')}${issues ? ` (${issues})` : ''}.`,
		createFailed ? checkBeforeRetrying(request) : ADVICE[status],
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
	const message = mayHaveActed
		? `The connection to Heffl broke before it answered (${code}): ${mayExist(request)}`
		: `Could not reach Heffl (${code})`;
	const description = mayHaveActed
		? checkBeforeRetrying(request)
		: 'Check the base URLs in the Heffl API credential and that this n8n instance can reach Heffl.';
	return hefflError(node, request, { message, description, code });
}

function deadlineError(node: INode, request: HefflRequest) {
	const seconds = Math.round(transportLimits.deadlineMs / 1000);
	const unfinished = `Heffl did not finish answering within ${seconds} s`;
	return hefflError(node, request, {
		message: isCreate(request.method) ? `${unfinished}: ${mayExist(request)}` : unfinished,
		description: isCreate(request.method)
			? checkBeforeRetrying(request)
			: 'The answer was cut off at the deadline, so a slow or stuck server cannot hold the execution. Run the item again later; if it keeps happening, check the base URLs in the Heffl API credential.',
		code: 'DEADLINE_EXCEEDED',
	});
}

function cancelledError(node: INode, request: HefflRequest) {
	return hefflError(node, request, {
		message: `The execution was cancelled while waiting for Heffl${isCreate(request.method) ? `: ${mayExist(request)}` : ''}`,
		description: isCreate(request.method)
			? checkBeforeRetrying(request)
			: 'Nothing more was sent to Heffl.',
		code: 'CANCELLED',
	});
}

function waitTooLongError(node: INode, request: HefflRequest, waitMs: number, source: string) {
	return hefflError(node, request, {
		message: `Heffl asked to wait ${Math.ceil(waitMs / 1000)} s (${source}), longer than the ${Math.round(transportLimits.maxWaitMs / 1000)} s this node waits`,
		description: `The ${labelOf(request)} was not sent. Heffl allows 60 requests per minute per API key; run the item again later. If Heffl keeps asking for waits this long, check the base URLs in the Heffl API credential.`,
		code: 'WAIT_TOO_LONG',
	});
}

function header(headers: IDataObject, name: string): string | undefined {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	return typeof value === 'string' ? value : undefined;
}

/** A 3xx is never followed: the key would go with it, possibly to another host or over plain http. */
function redirectError(
	node: INode,
	request: HefflRequest,
	answer: Answer,
	baseURL: string,
	baseLabel: string,
) {
	const location = header(answer.headers, 'location');
	let target: URL | undefined;
	try {
		target = location ? new URL(location, baseURL) : undefined;
	} catch {
		target = undefined;
	}
	const downgrade = target?.protocol === 'http:' && baseURL.startsWith('https:');
	const where = target ? target.origin : 'an address it did not give';
	return hefflError(node, request, {
		message: `The ${baseLabel} answered with a redirect (HTTP ${answer.statusCode}) to ${where}; it was not followed`,
		description: `The API key is sent only to the base URL itself${downgrade ? ', and never over plain http' : ''}, so redirects are refused. Fix the ${baseLabel} in the Heffl API credential: it should be Heffl's API address, like https://api.heffl.com/api/${request.api}.`,
		httpCode: answer.statusCode,
		code: 'REDIRECT_REFUSED',
	});
}

/** A short, quoted sample of an unexpected answer, to say what Heffl sent. */
export function describeBody(body: unknown): string {
	if (body === null) return 'null';
	if (body === undefined || body === '') return 'an empty body';
	if (Array.isArray(body)) return `a JSON array of ${body.length} entries`;
	if (typeof body === 'string') {
		const sample = body.replace(/\s+/g, ' ').trim().slice(0, 80);
		const kind = /^\s*</.test(body) ? 'an HTML page' : 'text';
		return `${kind} ('${sample}${body.length > 80 ? '…' : ''}')`;
	}
	if (typeof body === 'object') return 'a JSON object';
	return `the value ${String(body)}`;
}

function unexpectedAnswerError(
	node: INode,
	request: HefflRequest,
	what: string,
	baseURL: string,
	baseLabel: string,
	status?: number,
) {
	return hefflError(node, request, {
		message: `Heffl answered ${status ? `HTTP ${status} ` : ''}with ${what}${isCreate(request.method) ? `: ${mayExist(request)}` : ''}`,
		description: `Heffl's API answers in JSON. Check the ${baseLabel} in the Heffl API credential (${baseURL}): it should be Heffl's API address, like https://api.heffl.com/api/${request.api}, not a web page or a proxy.${isCreate(request.method) ? ' ' + checkBeforeRetrying(request) : ''}`,
		httpCode: status,
		code: 'UNEXPECTED_ANSWER',
	});
}

/** The body of a 2xx: a JSON object (whose `items`, when present, is a list), or empty for a delete. */
function successBody(
	node: INode,
	request: HefflRequest,
	answer: Answer,
	baseURL: string,
	baseLabel: string,
): IDataObject {
	const { body, statusCode } = answer;
	if (body === undefined || body === '') {
		if (statusCode === 204 || request.method === 'DELETE') return {};
	} else if (isObject(body)) {
		// `items` is a list of records wherever Heffl sends it; `data` too when a list was asked for.
		for (const key of new Set(['items', request.listKey ?? 'items'])) {
			const list = body[key];
			if (list === undefined && key !== request.listKey) continue;
			if (!Array.isArray(list)) {
				return unexpected(`a list whose '${key}' is ${describeBody(list)}`);
			}
			if (!list.every(isObject)) {
				return unexpected(`a list whose '${key}' has entries that are not records`);
			}
		}
		return body;
	}
	return unexpected(`${describeBody(body)} instead of a JSON object`);

	function unexpected(what: string): never {
		throw unexpectedAnswerError(node, request, what, baseURL, baseLabel, statusCode);
	}
}

const WEBHOOK_SECRET = /whsec_[A-Za-z0-9+/=_-]*/g;

function redactText(text: string, apiKey: string | undefined): string {
	const withoutKey = apiKey ? text.split(apiKey).join('[redacted API key]') : text;
	return withoutKey.replace(WEBHOOK_SECRET, 'whsec_[redacted]');
}

/** Replaces the API key and any webhook secret in every string reachable from `value`, in place. */
function redactDeep(value: unknown, apiKey: string | undefined, seen: Set<object>): unknown {
	if (typeof value === 'string') return redactText(value, apiKey);
	if (typeof value !== 'object' || value === null || seen.has(value) || seen.size > 1000) {
		return value;
	}
	seen.add(value);
	const bag = value as Record<string, unknown>;
	for (const key of Object.keys(bag)) {
		if (key === 'node') continue;
		bag[key] = redactDeep(bag[key], apiKey, seen);
	}
	return value;
}

/** The error with secrets removed from its message, description, messages, context and cause. */
function redactError(error: unknown, apiKey: string | undefined): unknown {
	if (typeof error !== 'object' || error === null) return error;
	const parts = error as Record<string, unknown>;
	const seen = new Set<object>();
	for (const key of ['message', 'description', 'messages', 'context', 'cause', 'errorResponse']) {
		if (parts[key] !== undefined) parts[key] = redactDeep(parts[key], apiKey, seen);
	}
	if (typeof parts.stack === 'string') parts.stack = redactText(parts.stack, apiKey);
	return error;
}

function retriesOf(request: HefflRequest): number {
	const asked = request.maxRetries;
	if (typeof asked !== 'number' || !Number.isFinite(asked)) return DEFAULT_MAX_RETRIES;
	return Math.min(MAX_RETRIES_LIMIT, Math.max(0, Math.floor(asked)));
}

function cancelSignalOf(context: HefflContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
}

/**
 * n8n-core replaces a request's `abortSignal` with the execution's cancel signal when
 * the context offers one. Hiding that method from its check lets the request carry our
 * signal, which combines the cancel signal with the deadline.
 */
function keepingOurAbortSignal<T extends object>(context: T): T {
	return new Proxy(context, {
		has: (target, key) => key !== 'getExecutionCancelSignal' && key in target,
	});
}

/** Settles with `promise`, or rejects as soon as `signal` aborts, whatever the request does. */
async function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
	return await new Promise<T>((resolve, reject) => {
		const onAbort = () => reject(signal.reason);
		if (signal.aborted) onAbort();
		signal.addEventListener('abort', onAbort, { once: true });
		promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
	});
}

/**
 * The one way this package talks to Heffl: credential and base URL, `x-api-key`
 * through the credential's `authenticate`, pacing against the key's rate-limit
 * budget, retries where they are safe, a deadline for every answer, no redirects,
 * and Heffl's errors turned into NodeApiError with every secret redacted.
 */
export async function hefflRequest(
	this: HefflContext,
	request: HefflRequest,
): Promise<IDataObject> {
	let apiKey: string | undefined;
	try {
		const credentials = readCredentials(
			this.getNode(),
			await this.getCredentials<IDataObject>(CREDENTIAL_NAME, request.itemIndex),
		);
		apiKey = credentials.apiKey;
		return await send.call(this, request, credentials);
	} catch (error) {
		throw redactError(error, apiKey);
	}
}

async function send(
	this: HefflContext,
	request: HefflRequest,
	credentials: HefflCredentials,
): Promise<IDataObject> {
	const node = this.getNode();
	const baseURL = request.api === 'v1' ? credentials.v1BaseUrl : credentials.v2BaseUrl;
	const baseLabel = `${request.api} Base URL`;
	const budget = budgetId(credentials.apiKey, baseURL);
	const maxRetries = retriesOf(request);
	const cancel = cancelSignalOf(this);
	const context = keepingOurAbortSignal(this);
	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL,
		url: request.path,
		qs: request.qs,
		body: request.body,
		json: true,
		timeout: transportLimits.deadlineMs,
		disableFollowRedirect: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};

	/** Waits as Heffl asked, within the cap, ending early when the execution is cancelled. */
	const wait = async (waitMs: number, source: string) => {
		if (waitMs > transportLimits.maxWaitMs) {
			throw waitTooLongError(node, request, waitMs, source);
		}
		try {
			await sleep(Math.max(0, waitMs), cancel);
		} catch {
			throw cancelledError(node, { ...request, method: 'GET' });
		}
	};

	// A retried DELETE whose first attempt may have succeeded can find the record gone.
	let outcomeUnknown = false;

	for (let attempt = 0; ; attempt++) {
		for (let waitMs = budgetWaitMs(budget); waitMs > 0; waitMs = budgetWaitMs(budget)) {
			if (waitMs > transportLimits.maxWaitMs) forgetBudget(budget);
			await wait(waitMs, 'its rate-limit window resets then');
		}
		const deadline = AbortSignal.timeout(transportLimits.deadlineMs);
		const abortSignal = cancel ? AbortSignal.any([cancel, deadline]) : deadline;
		let answer: Answer;
		try {
			answer = (await untilAborted(
				this.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_NAME, {
					...options,
					abortSignal,
					headers: { accept: 'application/json' },
				}) as Promise<Answer>,
				abortSignal,
			)) as Answer;
		} catch (error) {
			if (cancel?.aborted) throw cancelledError(node, request);
			if (deadline.aborted) throw deadlineError(node, request);
			const refusedByCredential = findInChain(error, (link) =>
				link instanceof UserError ? link : undefined,
			);
			if (refusedByCredential) {
				throw new NodeOperationError(node, refusedByCredential.message, {
					itemIndex: request.itemIndex,
					description: refusedByCredential.description ?? undefined,
				});
			}
			const code = networkCode(error);
			const notSent = NOT_SENT_CODES.has(code);
			if (attempt < maxRetries && (notSent || !isCreate(request.method))) {
				outcomeUnknown ||= !notSent;
				await wait(backoffMs(attempt, 250, 5000), 'backoff');
				continue;
			}
			throw networkError(node, request, code, !notSent && isCreate(request.method));
		}
		if (!isObject(answer) || typeof answer.statusCode !== 'number') {
			throw unexpectedAnswerError(node, request, 'no HTTP answer', baseURL, baseLabel);
		}

		const reading = readRateLimitHeaders(isObject(answer.headers) ? answer.headers : {});
		recordBudget(budget, reading);
		const status = answer.statusCode;
		if (status >= 200 && status < 300) {
			return successBody(node, request, answer, baseURL, baseLabel);
		}
		if (status >= 300 && status < 400) {
			throw redirectError(node, request, answer, baseURL, baseLabel);
		}
		if (status === 404 && request.method === 'DELETE' && outcomeUnknown) {
			return { deleted: true };
		}
		if (status === 429 && attempt < maxRetries) {
			const source =
				reading.retryAfterMs !== undefined
					? 'Retry-After'
					: reading.resetInMs !== undefined
						? 'RateLimit-Reset'
						: undefined;
			const waitMs = reading.retryAfterMs ?? reading.resetInMs ?? backoffMs(attempt);
			if (source && waitMs > transportLimits.maxWaitMs) {
				forgetBudget(budget);
				throw waitTooLongError(node, request, waitMs, source);
			}
			markExhausted(budget, waitMs);
			continue;
		}
		if (status >= 500 && attempt < maxRetries && !isCreate(request.method)) {
			outcomeUnknown = true;
			await wait(reading.retryAfterMs ?? backoffMs(attempt, 250, 5000), 'Retry-After');
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

function pageError(
	node: INode,
	request: Omit<HefflRequest, 'method'>,
	message: string,
	description: string,
) {
	return hefflError(
		node,
		{ ...request, method: 'GET' },
		{ message, description, code: 'BAD_PAGE' },
	);
}

/**
 * Reads one page of a list in either envelope: v1 `{items, nextCursor, hasMore}`, v2
 * `{data, meta}`. A page that is not a list of records, that claims more records while
 * empty, or that points back at itself is an error, so no reader can loop on it.
 */
export async function hefflListPage(
	this: HefflContext,
	request: Omit<HefflRequest, 'method'>,
	pageSize: number,
	cursor?: string,
): Promise<Page> {
	const node = this.getNode();
	const sizeParameter = request.api === 'v1' ? 'limit' : 'pageSize';
	const listKey = request.api === 'v1' ? 'items' : 'data';
	const body = await hefflRequest.call(this, {
		...request,
		method: 'GET',
		listKey,
		qs: { ...request.qs, [sizeParameter]: pageSize, ...(cursor ? { cursor } : {}) },
	});
	const records = body[listKey] as IDataObject[];
	const envelope = request.api === 'v1' ? body : isObject(body.meta) ? body.meta : {};
	if (envelope.hasMore !== true) return { records };
	const next = envelope.nextCursor;
	const label = `${labelOf(request)} list`;
	if (typeof next !== 'string' || !next) {
		throw pageError(
			node,
			request,
			`Heffl said more of the ${label} follows (hasMore: true) but sent no cursor for it`,
			'Reading stopped here rather than returning part of the list as if it were all of it.',
		);
	}
	if (records.length === 0) {
		throw pageError(
			node,
			request,
			`Heffl sent an empty page of the ${label} that claims more follows (hasMore: true)`,
			'Reading stopped so the list is not requested forever. Run the item again later; if it keeps happening, report it to Heffl.',
		);
	}
	if (next === cursor) {
		throw pageError(
			node,
			request,
			`Heffl sent the same page cursor of the ${label} again`,
			'Reading stopped so the same page is not requested forever. Run the item again later; if it keeps happening, report it to Heffl.',
		);
	}
	return { records, nextCursor: next };
}

/**
 * The pages of a list, one after another, each asking for `pageSize()` records. The one
 * walk over Heffl's cursors: a cursor seen before, or more pages than
 * `transportLimits.maxPages`, ends it with an error, so no reader can loop forever.
 */
export async function* hefflPages(
	this: HefflContext,
	request: Omit<HefflRequest, 'method'>,
	pageSize: () => number = () => MAX_PAGE_SIZE,
): AsyncGenerator<IDataObject[]> {
	const cursorsSeen = new Set<string>();
	let cursor: string | undefined;
	for (let pages = 0; ; pages++) {
		if (pages >= transportLimits.maxPages) {
			throw pageError(
				this.getNode(),
				request,
				`The ${labelOf(request)} list is longer than ${transportLimits.maxPages.toLocaleString('en-US')} pages; reading stopped`,
				'No Heffl list should be that long. Use Limit or Filters to read fewer records.',
			);
		}
		const page = await hefflListPage.call(this, request, pageSize(), cursor);
		yield page.records;
		cursor = page.nextCursor;
		if (!cursor) return;
		if (cursorsSeen.has(cursor)) {
			throw pageError(
				this.getNode(),
				request,
				`Heffl sent a page cursor of the ${labelOf(request)} list it had sent before, after ${pages + 1} pages`,
				'Reading stopped so the same pages are not requested forever. Run the item again later; if it keeps happening, report it to Heffl.',
			);
		}
		cursorsSeen.add(cursor);
	}
}

/**
 * Reads a list until `limit` records (or all of them) are in. Each page asks for
 * exactly what is still needed, at most 100, so n records cost ceil(n/100) requests.
 */
export async function hefflPaginate(
	this: HefflContext,
	request: Omit<HefflRequest, 'method'>,
	limit?: number,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	if (limit !== undefined && limit <= 0) return records;
	const stillWanted = () => Math.min(MAX_PAGE_SIZE, (limit ?? Infinity) - records.length);
	for await (const page of hefflPages.call(this, request, stillWanted)) {
		records.push(...page);
		if (limit !== undefined && records.length >= limit) break;
	}
	return limit === undefined ? records : records.slice(0, limit);
}

/** v2 answers a single record bare (contract) or wrapped in `data` (some of Heffl's pages). */
export function unwrapRecord(body: IDataObject): IDataObject {
	const data = body.data;
	return body.id === undefined && data && typeof data === 'object' && !Array.isArray(data)
		? (data as IDataObject)
		: body;
}
