/**
 * What this n8n process remembers of each active trigger between its polls, beside the
 * static data n8n saves: which poll holds the trigger now, progress n8n did not save,
 * and how long a passing fault has lasted. Lost at a restart, by design: a restart
 * starts again from what n8n saved.
 */
import { forgetShares } from './requestShare';

interface TriggerMemory {
	/** The poll that holds the trigger, and until when its budget lets it run. */
	holder?: { token: number; until: number };
	/**
	 * A poll that emitted nothing moved the cursor where n8n may not save it (its
	 * scheduler without durable cursors rebuilds static data from the database at every
	 * poll): the saved cursor (or a Changed kind's memory) it started from, and where it got.
	 */
	unsaved?: { base: string; cursor: object };
	/** Polls failing in a row on passing faults: since when, how many. */
	failing?: { since: number; polls: number };
	touched: number;
}

const memories = new Map<string, TriggerMemory>();
/** Triggers remembered before the untouched ones are forgotten (deleted workflows). */
const MAX_TRIGGERS = 10_000;
const FORGET_AFTER_MS = 24 * 60 * 60_000;
let tokens = 0;

function memoryOf(key: string, now = Date.now()): TriggerMemory {
	let memory = memories.get(key);
	if (!memory) {
		if (memories.size >= MAX_TRIGGERS) {
			for (const [other, entry] of memories)
				if (now - entry.touched > FORGET_AFTER_MS) memories.delete(other);
		}
		memory = { touched: now };
		memories.set(key, memory);
	}
	memory.touched = now;
	return memory;
}

/**
 * Takes the trigger for one poll, unless another poll holds it and its budget has not run
 * out. A poll past its budget (one n8n abandoned) blocks nothing: the next takes over,
 * and the old one, should it ever go on, finds it no longer holds the trigger.
 */
export function takeTrigger(key: string, until: number, now = Date.now()): number | undefined {
	const memory = memoryOf(key, now);
	if (memory.holder && memory.holder.until > now) return undefined;
	memory.holder = { token: ++tokens, until };
	return memory.holder.token;
}

export function holdsTrigger(key: string, token: number): boolean {
	return memories.get(key)?.holder?.token === token;
}

export function releaseTrigger(key: string, token: number): void {
	const memory = memories.get(key);
	if (memory?.holder?.token === token) memory.holder = undefined;
}

/** Progress made on top of the saved cursor `base` (JSON), if any was made in this process. */
export function unsavedProgress(key: string, base: string): unknown {
	const unsaved = memories.get(key)?.unsaved;
	return unsaved?.base === base ? unsaved.cursor : undefined;
}

export function rememberUnsaved(key: string, base: string, cursor: object): void {
	memoryOf(key).unsaved = { base, cursor };
}

export function forgetUnsaved(key: string): void {
	const memory = memories.get(key);
	if (memory) memory.unsaved = undefined;
}

/** Counts one more poll failed by a passing fault; returns the run so far. */
export function failedAgain(key: string, now = Date.now()): { since: number; polls: number } {
	const memory = memoryOf(key, now);
	memory.failing = memory.failing
		? { since: memory.failing.since, polls: memory.failing.polls + 1 }
		: { since: now, polls: 1 };
	return memory.failing;
}

export function succeeded(key: string): void {
	const memory = memories.get(key);
	if (memory) memory.failing = undefined;
}

/** What a restart of n8n does to this memory (the poll harness's restarts use it). */
export function forgetProcessMemory(): void {
	memories.clear();
	forgetShares();
}
