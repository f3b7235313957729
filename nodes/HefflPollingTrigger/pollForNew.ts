/**
 * An active trigger's poll, and when its cursor moves. n8n keeps a poll's static data in
 * one of three ways (measured in real n8n 2.41, docs/polling-schedulers.md):
 * - the legacy poller keeps it in memory between polls and saves it after the activation
 *   poll and after each poll that emits;
 * - the durable scheduler without durable cursors rebuilds it from the database at every
 *   poll and saves it in the same polls (a quiet poll's change is lost);
 * - with durable cursors it commits the node's static data with the execution a poll
 *   starts, or alone after a poll that emits nothing, but not after the activation poll.
 * So the cursor is written in every poll; what n8n may not save is kept twice: progress
 * of a quiet poll in this process's memory (processMemory.ts), and the start chosen at activation
 * in the workflow's global static data, which n8n saves after every activation.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { plural } from '../shared/table/schema';
import { holdUntil, pollClock } from './budget';
import { keepStart, keptStart } from './keptStarts';
import type { Cursor } from './cursor';
import { isCursor } from './cursor';
import { asNodeError, isPassing, isPersistent, persistentFault } from './faults';
import type { WatchedKind } from './kinds';
import {
	failedAgain,
	forgetUnsaved,
	holdsTrigger,
	rememberUnsaved,
	releaseTrigger,
	succeeded,
	takeTrigger,
	unsavedProgress,
} from './processMemory';
import { readNew } from './readNew';
import { firstCursor } from './watchedList';

/** Where, in the workflow's global static data, each node's start waits for its first emission. */
const STARTS_KEY = 'hefflPollingStarts';

export async function pollForNew(
	context: IPollFunctions,
	kind: WatchedKind,
	/** The items of the new records (custom fields by label where asked): never throws. */
	output: (records: IDataObject[]) => Promise<IDataObject[]>,
): Promise<INodeExecutionData[][] | null> {
	const node = context.getNode();
	const workflowId = String(context.getWorkflow().id);
	const who = `Heffl Polling Trigger "${node.name}" (workflow ${workflowId})`;
	const key = `${workflowId}:${node.id}`;
	const clock = pollClock(context);
	const token = takeTrigger(key, holdUntil(clock));
	if (token === undefined) {
		context.logger.info(`${who}: the previous poll is still running; this one is skipped`);
		return null;
	}
	try {
		const state = context.getWorkflowStaticData('node');
		const base = JSON.stringify(state.cursor ?? null);
		const saved = isCursor(state.cursor, kind.value) ? state.cursor : undefined;
		const unsaved = unsavedProgress(key, base);
		const cursor =
			(isCursor(unsaved, kind.value) ? unsaved : undefined) ??
			saved ??
			keptStart(context, STARTS_KEY, (value): value is Cursor => isCursor(value, kind.value));

		if (!cursor) {
			// First activation (or another kind): Heffl's newest record is "now"; nothing is
			// emitted. Without a start there is no point to catch up from: the activation
			// fails instead, and is repeated (by n8n after a restart, by the user otherwise).
			let start: Cursor;
			try {
				start = await firstCursor(context, kind, kind.value, clock);
			} catch (error) {
				throw asNodeError(node, error);
			}
			state.cursor = start;
			keepStart(context, STARTS_KEY, start);
			rememberUnsaved(key, base, start);
			succeeded(key);
			return null;
		}

		const list = plural(kind.resource.label);
		/** A poll that read nothing new: quiet at first, a failed execution once it has lasted. */
		const failedToRead = (error: Error) => {
			const run = failedAgain(key);
			if (isPersistent(run)) throw persistentFault(node, list, error, run);
			context.logger.warn(
				`${who} could not read Heffl's ${list}: ${error.message}. Nothing was skipped: the next poll reads from the same point.`,
				{ workflowId, nodeName: node.name },
			);
			return null;
		};
		let result;
		try {
			result = await readNew(context, kind, cursor, clock);
		} catch (error) {
			if (!isPassing(error)) throw asNodeError(node, error);
			return holdsTrigger(key, token) ? failedToRead(error as Error) : null;
		}
		// A poll that lost its hold (it ran past its budget and another took over) emits nothing.
		if (!holdsTrigger(key, token)) return null;

		const next = JSON.stringify(result.next);
		if (result.stoppedEarly) {
			const why =
				result.stoppedEarly === 'budget'
					? `its budget (${Math.round(clock.budgetMs / 1000)} s) left no room for another page`
					: `Heffl failed: ${result.stoppedEarly.message}`;
			// The same stop poll after poll is a fault that does not pass by itself.
			if (result.fresh.length === 0 && next === JSON.stringify(cursor))
				return failedToRead(new Error(`the poll stopped where the last one did: ${why}`));
			context.logger.info(
				`${who} read ${result.pages} pages of Heffl's ${list} and stopped before the end of what is new: ${why}. It emits the ${result.fresh.length} it read; the next poll reads on from there.`,
				{ workflowId, nodeName: node.name },
			);
		}
		succeeded(key);
		if (next !== base) state.cursor = result.next;
		if (result.fresh.length === 0) {
			if (next !== base) rememberUnsaved(key, base, result.next);
			return null;
		}
		// n8n saves this cursor with the emission: the kept start is no longer needed.
		forgetUnsaved(key);
		keepStart(context, STARTS_KEY, undefined);
		return [context.helpers.returnJsonArray(await output(result.fresh))];
	} finally {
		releaseTrigger(key, token);
	}
}
