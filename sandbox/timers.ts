/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * Every timer of one sandbox: unref'd so they never keep a process alive, and
 * all cancelled by `close()`.
 */
export class Scheduler {
	private readonly pending = new Set<ReturnType<typeof setTimeout>>();
	private closed = false;

	/** Runs `fn` after `ms`; returns a function that cancels it. Does nothing once closed. */
	later(ms: number, fn: () => void): () => void {
		if (this.closed) return () => undefined;
		const timer = setTimeout(
			() => {
				this.pending.delete(timer);
				fn();
			},
			Math.max(0, ms),
		);
		timer.unref();
		this.pending.add(timer);
		return () => {
			clearTimeout(timer);
			this.pending.delete(timer);
		};
	}

	/** Resolves after `ms` (or at once when closed). */
	sleep(ms: number): Promise<void> {
		return new Promise((resolve) => {
			if (this.closed || ms <= 0) resolve();
			else this.later(ms, resolve);
		});
	}

	close(): void {
		this.closed = true;
		for (const timer of this.pending) clearTimeout(timer);
		this.pending.clear();
	}
}
