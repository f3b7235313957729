/**
 * When a poll that cannot read Heffl stays quiet, and when it must fail so n8n records it.
 *
 * Passing faults (a 429 past the retries, a 5xx, no answer in time, a broken connection,
 * a page that cannot be trusted) lose nothing: the cursor does not pass them, the next
 * poll reads from the same point. They stay quiet (one warning in n8n's log per poll)
 * until they have failed every poll for PERSISTENT_AFTER_MS and at least two polls in a
 * row: from then on each failing poll throws, and n8n records a failed execution (and
 * runs the error workflow). Faults that cannot heal by themselves (a refused key or
 * filter, a list not newest first) throw at once.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { GarbledPage } from './cursor';

/**
 * How long passing faults stay quiet: Heffl's rate-limit window is a minute and a
 * maintenance or an outage of a few minutes heals by itself; past a quarter of an hour
 * the new records are late enough that the user should know, and why.
 */
export const PERSISTENT_AFTER_MS = 15 * 60_000;
/** Polls that must have failed in a row first, so one failed hourly poll is not reported. */
export const PERSISTENT_AFTER_POLLS = 2;

/** Codes of the transport's own errors that say nothing about the request itself. */
const PASSING_CODES = new Set([
	'DEADLINE_EXCEEDED',
	'WAIT_TOO_LONG',
	'UNEXPECTED_ANSWER',
	'BAD_PAGE',
	'CANCELLED',
]);

/**
 * Whether a failed poll may simply be tried again at the next poll: a rate limit, Heffl
 * failing (5xx), no answer in time, a broken connection, or a page that cannot be
 * trusted. Anything else (a refused key, a refused filter) needs the user.
 */
export function isPassing(error: unknown): boolean {
	if (error instanceof GarbledPage) return true;
	if (!(error instanceof NodeApiError)) return false;
	const status = Number(error.httpCode);
	if (status === 429 || status >= 500) return true;
	const code = String((error.context as IDataObject | undefined)?.code ?? '');
	return PASSING_CODES.has(code) || /^E[A-Z_]+$/.test(code);
}

export function isPersistent(run: { since: number; polls: number }, now = Date.now()): boolean {
	return run.polls >= PERSISTENT_AFTER_POLLS && now - run.since >= PERSISTENT_AFTER_MS;
}

const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));

/** The error n8n records once a passing fault has lasted too long. */
export function persistentFault(
	node: INode,
	list: string,
	error: Error,
	run: { since: number; polls: number },
	now = Date.now(),
): NodeOperationError {
	return new NodeOperationError(
		node,
		`Heffl's ${list} could not be read for ${minutes(now - run.since)} minutes (${run.polls} polls in a row): ${error.message}`,
		{
			description: `Nothing was skipped: the first poll that gets an answer reads from where the last one stopped. The polls have failed since ${new Date(run.since).toISOString()}. A 429 means other workflows spend this API key's 60 requests a minute (give the trigger its own key, or poll less often); a 5xx or no answer means Heffl is failing (check Heffl's status); a page that cannot be trusted is Heffl's to fix.`,
		},
	);
}

/** Any error as n8n records it from a poll: ours as they are, the rest wrapped. */
export function asNodeError(node: INode, error: unknown): Error {
	return error instanceof NodeApiError || error instanceof NodeOperationError
		? error
		: new NodeOperationError(node, error as Error);
}
