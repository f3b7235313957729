/**
 * The one way this package talks to Heffl: credential and base URL, `x-api-key`
 * through the credential's `authenticate`, pacing against the key's rate-limit
 * budget, retries where they are safe, a deadline for every answer, no redirects,
 * and Heffl's errors turned into NodeApiError with every secret redacted.
 */
import type { IDataObject, IHttpRequestOptions, INode } from 'n8n-workflow';
import { NodeOperationError, sleep, UserError } from 'n8n-workflow';

import {
	backoffMs,
	budgetId,
	budgetWaitMs,
	forgetBudget,
	markExhausted,
	readRateLimitHeaders,
	recordBudget,
} from './rateLimit';
import { API_VERSIONS } from './apiVersions';
import type { HefflCredentials } from './credentials';
import { CREDENTIAL_NAME, readCredentials } from './credentials';
import {
	apiError,
	cancelledError,
	deadlineError,
	describeBody,
	findInChain,
	isCreate,
	networkCode,
	networkError,
	NOT_SENT_CODES,
	redirectError,
	unexpectedAnswerError,
	waitTooLongError,
} from './errors';
import { retriesOf, transportLimits } from './limits';
import { redactError } from './redaction';
import type { Answer, HefflContext, HefflRequest } from './types';
import { isObject } from './types';

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
): string {
	const value = typeof id === 'number' ? String(id) : typeof id === 'string' ? id.trim() : '';
	const fail = (problem: string) =>
		new NodeOperationError(node, `${field}: ${problem}`, {
			itemIndex,
			description: 'Pick the record from the list, or paste its ID.',
		});
	if (!value) throw fail('the ID is empty');
	if (/[/?#\s]/.test(value)) throw fail(`'${value}' is not an ID: it contains /, ?, # or a space`);
	return `${collection}/${encodeURIComponent(value)}`;
}

/** The body of a 2xx: a JSON object (whose `items`, when present, is a list), or empty for a delete. */
function successBody(
	node: INode,
	request: HefflRequest,
	answer: Answer,
	baseURL: string,
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
		throw unexpectedAnswerError(node, request, what, baseURL, statusCode);
	}
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

/** Sends one request to Heffl (see the module comment) and returns its JSON body. */
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

/**
 * One attempt, under its deadline and the execution's cancel signal: Heffl's answer, or the
 * network code of what broke in transit. A cancel, a deadline or a credential's refusal
 * (a base URL it will not send the key to) is thrown at once: no retry changes those.
 */
async function sendOnce(
	this: HefflContext,
	request: HefflRequest,
	options: IHttpRequestOptions,
	cancel: AbortSignal | undefined,
): Promise<{ answer: Answer } | { transitCode: string }> {
	const node = this.getNode();
	const deadline = AbortSignal.timeout(transportLimits.deadlineMs);
	const abortSignal = cancel ? AbortSignal.any([cancel, deadline]) : deadline;
	try {
		const answer = await untilAborted(
			this.helpers.httpRequestWithAuthentication.call(
				keepingOurAbortSignal(this),
				CREDENTIAL_NAME,
				{
					...options,
					abortSignal,
					headers: { accept: 'application/json' },
				},
			) as Promise<Answer>,
			abortSignal,
		);
		return { answer };
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
		return { transitCode: networkCode(error) };
	}
}

/** Sends until Heffl answers for good: paced by the key's budget, retrying what cannot duplicate. */
async function send(
	this: HefflContext,
	request: HefflRequest,
	credentials: HefflCredentials,
): Promise<IDataObject> {
	const node = this.getNode();
	const baseURL = credentials[API_VERSIONS[request.api].baseUrlField];
	// §5: v1 and v2 share the key's 60 requests a minute, so both APIs of one origin pace together.
	const budget = budgetId(credentials.apiKey, originOf(baseURL));
	const maxRetries = retriesOf(request.maxRetries);
	const cancel = cancelSignalOf(this);
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
	const maxWaitMs = Math.min(transportLimits.maxWaitMs, request.maxWaitMs ?? Infinity);
	const wait = async (waitMs: number, source: string) => {
		if (waitMs > maxWaitMs) {
			throw waitTooLongError(node, request, waitMs, source, maxWaitMs);
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
		const sent = await sendOnce.call(this, request, options, cancel);
		if ('transitCode' in sent) {
			const notSent = NOT_SENT_CODES.has(sent.transitCode);
			if (attempt < maxRetries && (notSent || !isCreate(request.method))) {
				outcomeUnknown ||= !notSent;
				await wait(backoffMs(attempt, 250, 5000), 'backoff');
				continue;
			}
			throw networkError(node, request, sent.transitCode, !notSent && isCreate(request.method));
		}
		const { answer } = sent;
		if (!isObject(answer) || typeof answer.statusCode !== 'number') {
			throw unexpectedAnswerError(node, request, 'no HTTP answer', baseURL);
		}

		const reading = readRateLimitHeaders(isObject(answer.headers) ? answer.headers : {});
		recordBudget(budget, reading);
		const status = answer.statusCode;
		if (status >= 200 && status < 300) {
			return successBody(node, request, answer, baseURL);
		}
		if (status >= 300 && status < 400) {
			throw redirectError(node, request, answer, baseURL);
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

/** The origin of a base URL (v1 and v2 share Heffl's); the URL itself where it does not parse. */
function originOf(baseURL: string): string {
	try {
		return new URL(baseURL).origin;
	} catch {
		return baseURL;
	}
}
