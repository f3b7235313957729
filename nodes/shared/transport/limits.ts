/**
 * The bounds of every call to Heffl. Only tests change `transportLimits` (to run a slow
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

export const DEFAULT_MAX_RETRIES = 5;

/** The most retries a request gets, whatever a parameter or an expression says. */
export const MAX_RETRIES_LIMIT = 10;

/** Heffl's largest page (§6). */
export const MAX_PAGE_SIZE = 100;

/** The retries a request asked for, within 0 and the limit. */
export function retriesOf(asked: number | undefined): number {
	if (typeof asked !== 'number' || !Number.isFinite(asked)) return DEFAULT_MAX_RETRIES;
	return Math.min(MAX_RETRIES_LIMIT, Math.max(0, Math.floor(asked)));
}
