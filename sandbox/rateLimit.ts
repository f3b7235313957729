/**
 * The per-key rate limit (heffl-reference.md §5: 60 requests per minute per key): a fixed
 * window per key, and the RateLimit headers each answer carries.
 */
import type { RateLimitOptions } from './types';

interface Window {
	start: number;
	used: number;
}

/** One request's turn: whether it is refused, and the headers its answer carries. */
export interface Budget {
	refused: boolean;
	headers: Record<string, string>;
}

export interface Turn {
	/** Answer as if the window were spent (an injected 429). */
	forced: boolean;
	/** Retry-After (and reset) seconds of an injected 429; default: the key's real window. */
	retryAfterSec?: number;
	/** behaviours.ts: the reset as the Unix time it happens. */
	resetAsUnixTime?: boolean;
}

export class RateLimit {
	private readonly windows = new Map<string, Window>();

	constructor(private options: RateLimitOptions | false = { limit: 60, windowMs: 60_000 }) {}

	/** Replaces the limit (`false`: none); every key starts a new window. */
	set(options: RateLimitOptions | false): void {
		this.options = options;
		this.windows.clear();
	}

	/** Takes one request from the key's window. */
	take(key: string, { forced, retryAfterSec, resetAsUnixTime }: Turn): Budget {
		if (!this.options) {
			return forced
				? { refused: true, headers: { 'retry-after': String(retryAfterSec ?? 1) } }
				: { refused: false, headers: {} };
		}
		const { limit, windowMs, headerStyle = 'separate' } = this.options;
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
		const resetSec = forced && retryAfterSec !== undefined ? retryAfterSec : reset;
		const headers: Record<string, string> =
			headerStyle === 'combined'
				? {
						'ratelimit-policy': `"default";q=${limit};w=${Math.ceil(windowMs / 1000)}`,
						ratelimit: `"default";r=${remaining};t=${resetSec}`,
					}
				: {
						'ratelimit-limit': String(limit),
						'ratelimit-remaining': String(remaining),
						'ratelimit-reset': String(
							resetAsUnixTime ? Math.ceil(now / 1000) + resetSec : resetSec,
						),
					};
		if (refused) headers['retry-after'] = String(resetSec);
		return { refused, headers };
	}
}
