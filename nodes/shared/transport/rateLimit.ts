import { createHash } from 'node:crypto';

type Headers = Record<string, unknown>;

/** What one answer says about the key's budget. Absent values stay undefined. */
export interface RateLimitReading {
	limit?: number;
	remaining?: number;
	/** Milliseconds until the window resets. */
	resetInMs?: number;
	/** Milliseconds the answer asks to wait before a retry (`Retry-After`). */
	retryAfterMs?: number;
}

function header(headers: Headers, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}

function toNumber(value: string | undefined): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const number = Number(value.trim());
	return Number.isFinite(number) ? number : undefined;
}

/** Delta seconds, Unix seconds, or an HTTP date, as the reset headers use them. */
function resetToMs(value: string | undefined, now: number): number | undefined {
	const number = toNumber(value);
	if (number === undefined) {
		const date = value ? Date.parse(value) : NaN;
		return Number.isNaN(date) ? undefined : Math.max(0, date - now);
	}
	// Large numbers are absolute Unix timestamps (in milliseconds above 10¹², a date past
	// 2001 either way), small ones are seconds from now.
	if (number > 1_000_000_000_000) return Math.max(0, number - now);
	if (number > 1_000_000_000) return Math.max(0, number * 1000 - now);
	return Math.max(0, number * 1000);
}

/** Parameters of the structured `RateLimit` header: `r=0;t=30` or `remaining=0, reset=30`. */
function structuredField(value: string | undefined, keys: string[]): string | undefined {
	if (!value) return undefined;
	for (const key of keys) {
		const match = new RegExp(`(?:^|[;,\\s])${key}=([0-9.]+)`).exec(value);
		if (match) return match[1];
	}
	return undefined;
}

/**
 * Reads the separate `RateLimit-Limit/Remaining/Reset` headers, the combined
 * `RateLimit` / `RateLimit-Policy` pair of newer IETF drafts, and `Retry-After`.
 */
export function readRateLimitHeaders(headers: Headers, now = Date.now()): RateLimitReading {
	const combined = header(headers, 'ratelimit');
	const policy = header(headers, 'ratelimit-policy');
	const limit =
		toNumber(header(headers, 'ratelimit-limit')) ??
		toNumber(structuredField(combined, ['limit'])) ??
		toNumber(structuredField(policy, ['q']));
	const remaining =
		toNumber(header(headers, 'ratelimit-remaining')) ??
		toNumber(structuredField(combined, ['r', 'remaining']));
	const resetInMs =
		resetToMs(header(headers, 'ratelimit-reset'), now) ??
		resetToMs(structuredField(combined, ['t', 'reset']), now);
	const retryAfterMs = resetToMs(header(headers, 'retry-after'), now);
	return { limit, remaining, resetInMs, retryAfterMs };
}

interface Budget {
	remaining?: number;
	resetAt?: number;
}

/**
 * The budget of each key as last reported by Heffl, shared by every execution in
 * this n8n process so parallel workflows on one key pace together. Keys are
 * hashed: the map never holds a key itself.
 */
const budgets = new Map<string, Budget>();

export function budgetId(apiKey: string, baseUrl: string): string {
	return createHash('sha256').update(`${baseUrl}\n${apiKey}`).digest('hex');
}

/**
 * How long the next request on this key must wait for the window to reset, or 0,
 * in which case one request is taken from the budget. Waiting is the caller's job,
 * so it can cap the wait and observe the execution's cancel signal.
 */
export function budgetWaitMs(id: string, now = Date.now()): number {
	const budget = budgets.get(id);
	if (!budget) return 0;
	if (budget.resetAt !== undefined && now >= budget.resetAt) {
		budgets.delete(id);
		return 0;
	}
	if (budget.remaining !== undefined && budget.remaining <= 0 && budget.resetAt !== undefined) {
		return budget.resetAt - now;
	}
	if (budget.remaining !== undefined) budget.remaining -= 1;
	return 0;
}

/** Drops what Heffl said about the key's budget, so the next request asks Heffl again. */
export function forgetBudget(id: string): void {
	budgets.delete(id);
}

export function recordBudget(id: string, reading: RateLimitReading): void {
	if (reading.remaining === undefined && reading.resetInMs === undefined) return;
	budgets.set(id, {
		remaining: reading.remaining,
		resetAt: reading.resetInMs === undefined ? undefined : Date.now() + reading.resetInMs,
	});
}

/** Marks the budget as spent until `resetInMs` from now (a 429 said so). */
export function markExhausted(id: string, resetInMs: number): void {
	budgets.set(id, { remaining: 0, resetAt: Date.now() + resetInMs });
}

/** Exponential backoff with full jitter, for answers that say nothing about when to retry. */
export function backoffMs(attempt: number, baseMs = 1000, capMs = 30_000): number {
	const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
	return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}
