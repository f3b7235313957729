/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test tooling, not shipped */
/**
 * The server's reading and writing of the wire: a request's raw body and its JSON, any thrown
 * error as an API error, and the flat form of a v2 error body (behaviours.ts).
 */
import type { IncomingMessage } from 'node:http';

import { ApiError } from './errors';
import type { JsonObject } from './types';

/** Any other error is the sandbox's own fault: a 500 with its message. */
export function asApiError(error: unknown): ApiError {
	return error instanceof ApiError
		? error
		: new ApiError('INTERNAL_SERVER_ERROR', (error as Error).message);
}

/** A v2 error body `{error: {…}}` as v1 would send it: the inner object (behaviours.ts). */
export function flatError(
	body: JsonObject | JsonObject[] | null,
): JsonObject | JsonObject[] | null {
	const inner = body && !Array.isArray(body) ? body.error : undefined;
	return inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : body;
}

export function readBody(request: IncomingMessage): Promise<string> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		request.on('error', () => resolve(''));
	});
}

export function parseJson(raw: string, method: string): JsonObject {
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
