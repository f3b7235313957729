/**
 * Every error the transport raises: Heffl's refusals as NodeApiError keeping its code,
 * message and details (v1 flat, v2 under `error`, §4), and the transport's own
 * (network, deadline, cancel, waits, redirects, unexpected answers, bad pages), each
 * saying whether a create may have stored the record.
 */
import type { IDataObject, IHttpRequestMethods, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { API_VERSIONS } from './apiVersions';
import { retriesOf, transportLimits } from './limits';
import type { Answer, HefflListRequest, HefflRequest } from './types';
import { isObject } from './types';

/** Network failures where the request provably never reached Heffl. */
export const NOT_SENT_CODES = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);

/** The error, or one it wraps, that n8n or the credential raised; `find` picks it. */
export function findInChain<T>(
	error: unknown,
	find: (link: unknown) => T | undefined,
): T | undefined {
	let current = error as { cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		const found = find(current);
		if (found !== undefined) return found;
		current = current.cause as typeof current;
	}
	return undefined;
}

export function networkCode(error: unknown): string {
	return (
		findInChain(error, (link) => {
			const { code, message } = link as { code?: unknown; message?: unknown };
			if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
			if (typeof message === 'string' && /socket hang up/i.test(message)) return 'ECONNRESET';
			return undefined;
		}) ?? 'EUNKNOWN'
	);
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

export function isCreate(method: IHttpRequestMethods) {
	return method === 'POST';
}

export function labelOf(request: Pick<HefflRequest, 'recordLabel'>) {
	return request.recordLabel ?? 'record';
}

/** "the lead may or may not have been created", for a create whose outcome is unknown. */
function mayExist(request: HefflRequest) {
	return `the ${labelOf(request)} may or may not have been created`;
}

function checkBeforeRetrying(request: HefflRequest) {
	return `Heffl may have stored the ${labelOf(request)}. Check whether it exists (with Get Many, or in Heffl) before running this item again, so it is not created twice.`;
}

/** Turns an error answer of either API into a NodeApiError that keeps Heffl's code, message and details. */
export function apiError(node: INode, request: HefflRequest, answer: Answer): NodeApiError {
	const { code, message, details } = errorParts(answer.body);
	const status = answer.statusCode;
	const label = labelOf(request);
	const createFailed = status >= 500 && isCreate(request.method);
	const issues = fieldIssues(details);
	const headline =
		status === 401
			? 'Heffl rejected the API key'
			: status === 403
				? `Access to this ${label} is forbidden for this API key`
				: status === 404
					? `The ${label} was not found`
					: status === 429
						? `Heffl's rate limit was still exceeded after ${retriesOf(request.maxRetries)} retries`
						: status >= 500
							? `Heffl failed to answer (HTTP ${status})${createFailed ? `: ${mayExist(request)}` : ''}`
							: withIssues(message ?? `Heffl answered HTTP ${status}`, issues);
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
	request: Pick<HefflRequest, 'itemIndex'>,
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

export function networkError(
	node: INode,
	request: HefflRequest,
	code: string,
	mayHaveActed: boolean,
) {
	const message = mayHaveActed
		? `The connection to Heffl broke before it answered (${code}): ${mayExist(request)}`
		: `Could not reach Heffl (${code})`;
	const description = mayHaveActed
		? checkBeforeRetrying(request)
		: 'Check the base URLs in the Heffl API credential and that this n8n instance can reach Heffl.';
	return hefflError(node, request, { message, description, code });
}

export function deadlineError(node: INode, request: HefflRequest) {
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

export function cancelledError(node: INode, request: HefflRequest) {
	return hefflError(node, request, {
		message: `The execution was cancelled while waiting for Heffl${isCreate(request.method) ? `: ${mayExist(request)}` : ''}`,
		description: isCreate(request.method)
			? checkBeforeRetrying(request)
			: 'Nothing more was sent to Heffl.',
		code: 'CANCELLED',
	});
}

export function waitTooLongError(
	node: INode,
	request: HefflRequest,
	waitMs: number,
	source: string,
	limitMs = transportLimits.maxWaitMs,
) {
	return hefflError(node, request, {
		message: `Heffl asked to wait ${Math.ceil(waitMs / 1000)} s (${source}), longer than the ${Math.round(limitMs / 1000)} s this node waits`,
		description: `The ${labelOf(request)} was not sent. Heffl allows 60 requests per minute per API key; run the item again later. If Heffl keeps asking for waits this long, check the base URLs in the Heffl API credential.`,
		code: 'WAIT_TOO_LONG',
	});
}

function header(headers: IDataObject, name: string): string | undefined {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	return typeof value === 'string' ? value : undefined;
}

/** A 3xx is never followed: the key would go with it, possibly to another host or over plain http. */
export function redirectError(node: INode, request: HefflRequest, answer: Answer, baseURL: string) {
	const location = header(answer.headers, 'location');
	let target: URL | undefined;
	try {
		target = location ? new URL(location, baseURL) : undefined;
	} catch {
		target = undefined;
	}
	const downgrade = target?.protocol === 'http:' && baseURL.startsWith('https:');
	const where = target ? target.origin : 'an address it did not give';
	const { baseUrlLabel, defaultBaseUrl } = API_VERSIONS[request.api];
	return hefflError(node, request, {
		message: `The ${baseUrlLabel} answered with a redirect (HTTP ${answer.statusCode}) to ${where}; it was not followed`,
		description: `The API key is sent only to the base URL itself${downgrade ? ', and never over plain http' : ''}, so redirects are refused. Fix the ${baseUrlLabel} in the Heffl API credential: it should be Heffl's API address, like ${defaultBaseUrl}.`,
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

export function unexpectedAnswerError(
	node: INode,
	request: HefflRequest,
	what: string,
	baseURL: string,
	status?: number,
) {
	const { baseUrlLabel, defaultBaseUrl } = API_VERSIONS[request.api];
	return hefflError(node, request, {
		message: `Heffl answered ${status ? `HTTP ${status} ` : ''}with ${what}${isCreate(request.method) ? `: ${mayExist(request)}` : ''}`,
		description: `Heffl's API answers in JSON. Check the ${baseUrlLabel} in the Heffl API credential (${baseURL}): it should be Heffl's API address, like ${defaultBaseUrl}, not a web page or a proxy.${isCreate(request.method) ? ' ' + checkBeforeRetrying(request) : ''}`,
		httpCode: status,
		code: 'UNEXPECTED_ANSWER',
	});
}

/** A page of a list that cannot be read on from: reading stops rather than loop or return part as all. */
export function pageError(
	node: INode,
	request: HefflListRequest,
	message: string,
	description: string,
) {
	return hefflError(node, { ...request, method: 'GET' } as HefflRequest, {
		message,
		description,
		code: 'BAD_PAGE',
	});
}
