/**
 * Fault injection for /api requests: faults queued by a test (a count, optionally per
 * method) come first, then the random rates of `FaultSettings`, drawn from a seeded PRNG
 * so a run can be repeated.
 */
import type { Rand } from './random';
import { prng } from './random';
import type { FaultKind, FaultSettings, QueuedFault } from './types';

export class Faults {
	private settings: FaultSettings = {};

	private rand: Rand = prng(1);

	private readonly queued: QueuedFault[] = [];

	set(settings: FaultSettings): void {
		this.settings = { ...settings };
		this.rand = prng(settings.seed ?? 1);
	}

	queue(kind: FaultKind, count: number, methods?: string[], path?: string): void {
		this.queued.push({
			kind,
			count,
			methods: methods?.map((method) => method.toUpperCase()),
			path,
		});
	}

	clear(): void {
		this.settings = {};
		this.queued.length = 0;
	}

	get latencyMs(): number {
		return this.settings.latencyMs ?? 0;
	}

	get retryAfterSec(): number | undefined {
		return this.settings.retryAfterSec;
	}

	/** The fault this request gets, if any: queued ones first, then the rates. */
	draw(method: string, path: string): FaultKind | undefined {
		const queued = this.queued.find(
			(fault) =>
				fault.count > 0 &&
				(!fault.methods || fault.methods.includes(method)) &&
				(!fault.path || fault.path === path),
		);
		if (queued) {
			queued.count -= 1;
			if (queued.count === 0) this.queued.splice(this.queued.indexOf(queued), 1);
			return queued.kind;
		}
		const {
			error5xxRate = 0,
			dropBeforeRate = 0,
			dropAfterRate = 0,
			burst429Rate = 0,
		} = this.settings;
		const roll = this.rand();
		let edge = burst429Rate;
		if (roll < edge) return '429';
		if (roll < (edge += error5xxRate)) return this.rand() < 0.5 ? '500' : '503';
		if (roll < (edge += dropBeforeRate)) return 'drop-before';
		if (roll < (edge += dropAfterRate)) return 'drop-after';
		return undefined;
	}
}
