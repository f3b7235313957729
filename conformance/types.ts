/**
 * What a check is and what it reports. Every check stands for a row of
 * docs/assumptions.md (its Check column names the check's id).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Probe } from './probe';

export type Outcome = 'holds' | 'differs' | 'not checked';

export type Result =
	| { outcome: 'holds'; seen: string }
	/**
	 * `adapts`: how the package copes with what was seen (the difference then does not fail
	 * the run); absent, a difference fails the run when the check has package files.
	 */
	| { outcome: 'differs'; seen: string; adapts?: string }
	| { outcome: 'not checked'; why: string };

export interface Kit {
	probe: Probe;
	/** `--write`: checks may create records (marked, deleted before the run ends). */
	write: boolean;
	/** Put in the name of every record the run creates: `heffl-conformance-<run>`. */
	marker: string;
	/** Short, unique to this run: e-mail addresses and URLs of its records. */
	runId: string;
	/** What one check learned that a later one reads (the tasks the cursor check created). */
	shared: IDataObject;
	sleep: (ms: number) => Promise<void>;
}

export interface Check {
	/** Stable id, named in docs/assumptions.md: `lists.order`. */
	id: string;
	/** The assumption, in a few words. */
	title: string;
	/** The package's files that rely on it; empty when only the sandbox chose it. */
	depends: string[];
	/** Where the sandbox makes the same choice (what to change when Heffl differs). */
	sandbox?: string;
	/** Creates records: runs only with `--write`. */
	write?: boolean;
	run: (kit: Kit) => Promise<Result>;
}

export const holds = (seen: string): Result => ({ outcome: 'holds', seen });
export const differs = (seen: string, adapts?: string): Result => ({
	outcome: 'differs',
	seen,
	adapts,
});
export const notChecked = (why: string): Result => ({ outcome: 'not checked', why });
