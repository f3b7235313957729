/**
 * How long one poll may read. n8n 2.38+ says it (`getPollBudgetMs`: about 36 s under its
 * durable scheduler, which abandons a poll at 45 s; 5 minutes on the legacy poller); older
 * hosts do not, and get the legacy poller's 5 minutes. Every request of the poll carries
 * the clock's signal (the transport waits and sends with it), so nothing the poll starts
 * outlives the budget, and no page is begun that the budget would cut off.
 */
import type { IPollFunctions } from 'n8n-workflow';

/** n8n's own bound for a poll outside its scheduler (PollContext's default in 2.41). */
export const DEFAULT_POLL_BUDGET_MS = 5 * 60_000;
/**
 * No page is begun with less than this left (or a twentieth of the budget, if smaller),
 * nor with less than twice the slowest page so far.
 */
export const MIN_PAGE_ROOM_MS = 1_000;

export interface PollClock {
	/** The budget this poll got, in ms. */
	budgetMs: number;
	/** Whether the host said it (getPollBudgetMs) or this node's default applies. */
	fromHost: boolean;
	startedAt: number;
	endsAt: number;
	/** Aborts when the budget is spent. */
	signal: AbortSignal;
	/** Notes how long a page took; */
	pageTook(ms: number): void;
	/** Whether another page fits in what is left. */
	roomForAPage(): boolean;
	/** Whether the budget is spent. */
	spent(): boolean;
}

/** The host's budget when it has one (feature-detected: n8n before 2.38 has none). */
export function hostBudgetMs(context: IPollFunctions): number | undefined {
	const host = (context as { getPollBudgetMs?: unknown }).getPollBudgetMs;
	if (typeof host !== 'function') return undefined;
	const budget: unknown = host.call(context);
	return typeof budget === 'number' && Number.isFinite(budget) && budget > 0 ? budget : undefined;
}

export function pollClock(context: IPollFunctions, now = Date.now()): PollClock {
	const fromHost = hostBudgetMs(context);
	const budgetMs = fromHost ?? DEFAULT_POLL_BUDGET_MS;
	const endsAt = now + budgetMs;
	const signal = AbortSignal.timeout(budgetMs);
	let slowestPage = 0;
	const minRoom = Math.min(MIN_PAGE_ROOM_MS, budgetMs / 20);
	return {
		budgetMs,
		fromHost: fromHost !== undefined,
		startedAt: now,
		endsAt,
		signal,
		pageTook: (ms) => {
			slowestPage = Math.max(slowestPage, ms);
		},
		roomForAPage: () =>
			!signal.aborted && endsAt - Date.now() >= Math.max(minRoom, 2 * slowestPage),
		spent: () => signal.aborted || Date.now() >= endsAt,
	};
}

/**
 * The poll's context with the clock's signal as its cancel signal: the transport waits
 * for the rate limit and sends every request with it, so the budget ends them all.
 */
export function withinBudget(context: IPollFunctions, clock: PollClock): IPollFunctions {
	const cancel = () => clock.signal;
	return new Proxy(context, {
		get: (target, key, receiver) =>
			key === 'getExecutionCancelSignal' ? cancel : (Reflect.get(target, key, receiver) as unknown),
		has: (target, key) => key === 'getExecutionCancelSignal' || key in target,
	});
}

/** A poll past its budget by this much (or a tenth of the budget, if less) no longer holds its trigger. */
const HOLD_GRACE_MS = 10_000;

/** Until when a poll with this clock holds its trigger (processMemory.ts's takeTrigger). */
export function holdUntil(clock: PollClock): number {
	return clock.endsAt + Math.min(HOLD_GRACE_MS, clock.budgetMs / 10);
}
