/* eslint-disable @n8n/community-nodes/require-node-api-error -- maintainer's tooling, not shipped: its errors are its own */
/**
 * One conformance run: every check in order (write checks only with `--write`), then the
 * clean-up that deletes, newest first, every record the run created, also after a failed
 * check or an interruption; what could not be deleted is listed with its ID.
 */
import { randomBytes } from 'node:crypto';

import { sleep } from 'n8n-workflow';

import type { HefflCredentials } from '../drivers/harness/n8n';
import { CHECKS } from './checks';
import type { Created } from './probe';
import { BudgetSpent, Probe } from './probe';
import type { Check, Kit, Outcome, Result } from './types';

export interface CheckReport {
	id: string;
	title: string;
	depends: string[];
	sandbox?: string;
	outcome: Outcome;
	/** What was seen (holds, differs) or why it was not checked. */
	detail: string;
	/** How the package copes with a difference. */
	adapts?: string;
	/** A difference in something the package depends on and does not adapt to: the run fails. */
	fails: boolean;
}

export interface Report {
	kit: string;
	startedAt: string;
	durationMs: number;
	baseUrls: { v1: string; v2: string };
	write: boolean;
	interrupted: boolean;
	requests: { total: number; writes: number };
	summary: { holds: number; differs: number; fails: number; notChecked: number };
	checks: CheckReport[];
	records: {
		marker: string;
		created: number;
		deleted: number;
		leftovers: Array<Omit<Created, 'deleted'>>;
	};
	/** 0 all well, 1 a dependency differs, 3 records left behind, 130 interrupted. */
	exitCode: number;
}

export interface RunOptions {
	credentials: HefflCredentials;
	write?: boolean;
	/** Only these check ids (the rest are reported as not checked). */
	only?: string[];
	/** A line per finished check, as it finishes. */
	progress?: (line: string) => void;
}

const WHY_WRITE = 'needs --write (it creates records, marked and deleted before the run ends)';

/** Requests the write checks and their clean-up take, with room to spare. */
const WRITE_BUDGET = 60;

export class Conformance {
	readonly probe: Probe;

	private interrupts = 0;

	/** Ends the checks' waits at an interruption. */
	private readonly waits = new AbortController();

	constructor(private readonly options: RunOptions) {
		this.probe = new Probe(options.credentials);
	}

	/** Ctrl-C or SIGTERM: the first stops the checks and cleans up; a second gives up the clean-up too. */
	interrupt(): void {
		this.interrupts++;
		this.probe.abort();
		this.waits.abort();
	}

	private async sleep(ms: number): Promise<void> {
		try {
			await sleep(ms, this.waits.signal);
		} catch {
			throw new Error('interrupted');
		}
	}

	async run(): Promise<Report> {
		const started = Date.now();
		const runId = randomBytes(4).toString('hex');
		const write = this.options.write === true;
		const kit: Kit = {
			probe: this.probe,
			write,
			marker: `heffl-conformance-${runId}`,
			runId,
			shared: {},
			sleep: async (ms) => await this.sleep(ms),
		};
		const checks: CheckReport[] = [];
		let gate: string | undefined;
		try {
			for (const check of CHECKS) {
				// Before the first record is created: a budget that cannot also pay for the
				// clean-up soon enough would leave records behind, so nothing is created.
				if (check.write && kit.write && gate === undefined) {
					gate = this.writeBudgetProblem() ?? '';
					if (gate) kit.write = false;
				}
				checks.push(await this.runOne(check, kit, gate || WHY_WRITE));
			}
		} finally {
			await this.cleanUp();
		}
		const { v1BaseUrl, v2BaseUrl } = this.options.credentials;
		const leftovers = this.probe.created
			.filter((record) => !record.deleted)
			.map(({ api, path, id, label, problem }) => ({ api, path, id, label, problem }));
		const count = (outcome: Outcome) => checks.filter((check) => check.outcome === outcome).length;
		const fails = checks.filter((check) => check.fails).length;
		const interrupted = this.interrupts > 0;
		return {
			kit: 'n8n-nodes-heffl conformance kit',
			startedAt: new Date(started).toISOString(),
			durationMs: Date.now() - started,
			baseUrls: { v1: v1BaseUrl, v2: v2BaseUrl },
			write,
			interrupted,
			requests: { total: this.probe.requests, writes: this.probe.writes },
			summary: {
				holds: count('holds'),
				differs: count('differs'),
				fails,
				notChecked: count('not checked'),
			},
			checks,
			records: {
				marker: kit.marker,
				created: this.probe.created.length,
				deleted: this.probe.created.length - leftovers.length,
				leftovers,
			},
			exitCode: interrupted ? 130 : leftovers.length ? 3 : fails ? 1 : 0,
		};
	}

	/** Why the key's budget cannot pay for the write checks now, if it cannot. */
	private writeBudgetProblem(): string | undefined {
		const { remaining, resetInMs } = this.probe.budget();
		if (remaining === undefined || resetInMs === undefined) return undefined;
		if (remaining >= WRITE_BUDGET || resetInMs <= 120_000) return undefined;
		const at = new Date(Date.now() + resetInMs).toISOString();
		return `not run: the key has ${remaining} requests left until ${at}, fewer than the ${WRITE_BUDGET} the write checks and their clean-up take; run again with --write after that`;
	}

	private async runOne(check: Check, kit: Kit, whyNotWrite: string): Promise<CheckReport> {
		let result: Result;
		if (this.options.only && !this.options.only.includes(check.id))
			result = { outcome: 'not checked', why: 'not asked for (--only)' };
		else if (check.write && !kit.write) result = { outcome: 'not checked', why: whyNotWrite };
		else if (this.interrupts) result = { outcome: 'not checked', why: 'interrupted before it ran' };
		else {
			try {
				result = await check.run(kit);
				// What a check saw after an interruption is a cancelled request, not Heffl's answer.
				if (this.interrupts) result = { outcome: 'not checked', why: 'interrupted' };
			} catch (error) {
				const message = (error as Error).message;
				result = {
					outcome: 'not checked',
					why: this.interrupts
						? 'interrupted'
						: error instanceof BudgetSpent
							? message
							: `the check failed: ${message}`,
				};
			}
		}
		const report: CheckReport = {
			id: check.id,
			title: check.title,
			depends: check.depends,
			sandbox: check.sandbox,
			outcome: result.outcome,
			detail: result.outcome === 'not checked' ? result.why : result.seen,
			adapts: result.outcome === 'differs' ? result.adapts : undefined,
			fails: result.outcome === 'differs' && !result.adapts && check.depends.length > 0,
		};
		this.options.progress?.(`${report.outcome.padEnd(11)} ${check.id}: ${report.detail}`);
		return report;
	}

	/** Deletes what the run created, newest first (a deal before the contact it links to). */
	private async cleanUp(): Promise<void> {
		if (this.interrupts > 1) return;
		this.probe.resume();
		for (const record of [...this.probe.created].reverse()) {
			if (record.deleted) continue;
			if (this.interrupts > 1) {
				record.problem = 'interrupted a second time during the clean-up';
				continue;
			}
			try {
				await this.probe.remove(record.api, record.path, record.id);
			} catch (error) {
				record.problem = (error as Error).message;
			}
		}
	}
}
