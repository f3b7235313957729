/**
 * What this n8n process remembers about deliveries, outside the workflow's static
 * data: n8n 2.41 loads static data afresh for every webhook call and does not save it
 * when the call starts an execution, so only memory shared by every call in the
 * process can tell a replay from a first delivery.
 */

/** Heffl retries a message for about 76 hours: remember ids longer than that. */
export const REMEMBER_IDS_MS = 4 * 24 * 60 * 60 * 1000;
/**
 * Per trigger, the newest ids. Whichever limit comes first applies: at a sustained 30
 * deliveries a minute 10,000 ids cover the last 5.5 hours, not Heffl's whole retry window;
 * a quieter trigger keeps its ids for the full 4 days.
 */
export const REMEMBER_IDS_MAX = 10_000;
/** Active Heffl Triggers one process keeps ids for; the least recently used is dropped. */
const SCOPES_MAX = 1_000;

/** Trigger (workflow id + node id) → webhook-id → when it was accepted (ms), oldest first. */
const accepted = new Map<string, Map<string, number>>();

function idsOf(scope: string): Map<string, number> {
	let ids = accepted.get(scope);
	if (ids) {
		accepted.delete(scope); // re-inserted below: the map's order is least recently used first
	} else {
		ids = new Map();
		for (const [oldest] of accepted) {
			if (accepted.size < SCOPES_MAX) break;
			accepted.delete(oldest);
		}
	}
	accepted.set(scope, ids);
	return ids;
}

function prune(ids: Map<string, number>, now: number): void {
	for (const [id, at] of ids) {
		if (ids.size < REMEMBER_IDS_MAX && now - at < REMEMBER_IDS_MS) break;
		ids.delete(id);
	}
}

/**
 * Records `id` as accepted for `scope` unless it was accepted before; true the first
 * time. Synchronous on purpose: with no await between the check and the record, two
 * calls for the same id in one process can never both see it as new.
 */
export function acceptOnce(scope: string, id: string, now: number): boolean {
	const ids = idsOf(scope);
	prune(ids, now);
	if (ids.has(id)) return false;
	ids.set(id, now);
	return true;
}

/**
 * Drops `id` from `scope`'s accepted ids: a delivery that could not be handled in time
 * (its filters unanswered) is answered 5xx, and Heffl's next attempt must run.
 */
export function forgetDelivery(scope: string, id: string): void {
	accepted.get(scope)?.delete(id);
}

const LOG_EVERY_MS = 60_000;
const lastLogged = new Map<string, { at: number; suppressed: number }>();

/**
 * Whether a rejection of this kind for this trigger may be logged now: at most once a
 * minute per trigger and kind, so a flood of forged calls cannot flood n8n's log.
 * Returns how many were left out since the last line, or undefined to stay silent.
 */
export function mayLog(key: string, now: number): number | undefined {
	const last = lastLogged.get(key);
	if (last && now - last.at < LOG_EVERY_MS) {
		last.suppressed++;
		return undefined;
	}
	if (!last && lastLogged.size >= SCOPES_MAX) {
		const [oldest] = lastLogged.keys();
		lastLogged.delete(oldest);
	}
	lastLogged.set(key, { at: now, suppressed: 0 });
	return last?.suppressed ?? 0;
}
