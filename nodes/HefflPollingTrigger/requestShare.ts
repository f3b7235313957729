/**
 * The share of its API key's budget a Changed trigger reads within. Heffl allows 60 requests
 * a minute per key (heffl-reference §5), shared by every workflow on the key; a pass over a
 * large list would take them all. So the passes of every Changed trigger on one key in this
 * process send at most `perMinute` requests in any window of a minute (Options → Requests per
 * Minute, by default a third), and the rest stays for the other workflows. Process memory,
 * keyed by the key's hash (never the key), bounded; lost at a restart, which only lets one
 * window begin afresh.
 */

/** The trigger's default share: 20 of the key's 60 requests a minute, 40 left to the rest. */
export const DEFAULT_REQUESTS_PER_MINUTE = 20;
/** Heffl's limit per key (§5): a share cannot be more. */
export const KEY_REQUESTS_PER_MINUTE = 60;

/** The window a share is counted in. Only tests change it (to run minutes in seconds). */
export const shareWindow = { ms: 60_000 };

const MAX_KEYS = 1_000;
const sent = new Map<string, number[]>();

function recent(identity: string, now: number): number[] {
	const times = (sent.get(identity) ?? []).filter((at) => now - at < shareWindow.ms);
	if (!sent.has(identity) && sent.size >= MAX_KEYS) sent.delete(sent.keys().next().value as string);
	sent.set(identity, times);
	return times;
}

/** How long the next request on this key must wait to stay within `perMinute`; 0: it may go now. */
export function shareWaitMs(identity: string, perMinute: number, now = Date.now()): number {
	const times = recent(identity, now);
	if (times.length < perMinute) return 0;
	return times[times.length - perMinute] + shareWindow.ms - now;
}

/** Counts one request sent on this key now. */
export function takeShare(identity: string, now = Date.now()): void {
	const times = recent(identity, now);
	times.push(now);
	if (times.length > KEY_REQUESTS_PER_MINUTE)
		times.splice(0, times.length - KEY_REQUESTS_PER_MINUTE);
}

/** What a restart does to this memory (the poll harness's restarts, the bench's runs). */
export function forgetShares(): void {
	sent.clear();
}
