/**
 * An active Changed trigger's poll, and what it keeps (as pollForNew.ts does for New, on
 * n8n's three ways to poll: docs/polling-schedulers.md). The memory (changeMemory.ts) is
 * written in every poll; what n8n may not save is kept twice: a quiet poll's progress in this
 * process's memory (processMemory.ts, found again by the saved memory's revision), and the
 * memory the activation built in the workflow's global static data, which n8n saves after
 * every activation (durable cursors drop what the activation poll staged), until the first
 * emission saves the node's own.
 */
import { randomUUID } from 'node:crypto';

import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { triggerDefinitions } from '../shared/records/triggerLabels';
import { definitionsOf, plural } from '../shared/table/schema';
import { holdUntil, pollClock } from './budget';
import { keepStart, keptStart } from './keptStarts';
import type { ChangeMemory } from './changeMemory';
import {
	freshMemory,
	isMemory,
	MAX_MEMORY_BYTES,
	memoryBytes,
	revisionOf,
	stored,
	working,
} from './changeMemory';
import type { ChangedKind } from './changedKinds';
import { memoryTooLarge, passTooLong, requestsPerMinute, watchedFields } from './changeSettings';
import { asNodeError, isPassing, isPersistent, persistentFault } from './faults';
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
import type { ChangeFound } from './readChanges';
import { readChanges } from './readChanges';

/** Where, in the workflow's global static data, each node's first memory waits for its first emission. */
const STARTS_KEY = 'hefflChangeStarts';

export async function pollForChanged(
	context: IPollFunctions,
	kind: ChangedKind,
	/** The items of the changes found (custom fields by label where asked): never throws. */
	output: (found: ChangeFound[]) => Promise<IDataObject[]>,
): Promise<INodeExecutionData[][] | null> {
	const node = context.getNode();
	const fields = watchedFields(context);
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const perMinute = requestsPerMinute(context, options);
	const workflowId = String(context.getWorkflow().id);
	const who = `Heffl Polling Trigger "${node.name}" (workflow ${workflowId})`;
	const key = `${workflowId}:${node.id}:changed`;
	const clock = pollClock(context);
	const token = takeTrigger(key, holdUntil(clock));
	if (token === undefined) {
		context.logger.info(`${who}: the previous poll is still running; this one is skipped`);
		return null;
	}
	try {
		const state = context.getWorkflowStaticData('node');
		const saved = isMemory(state.changes, kind.value, fields) ? state.changes : undefined;
		const base = revisionOf(saved);
		const unsaved = unsavedProgress(key, base);
		const kept =
			(isMemory(unsaved, kind.value, fields) ? unsaved : undefined) ??
			saved ??
			keptStart(context, STARTS_KEY, (value): value is ChangeMemory =>
				isMemory(value, kind.value, fields),
			);
		// No memory (the first activation, another kind or other fields): this pass only remembers.
		const memory = working(kept ?? freshMemory(kind.value, fields, randomUUID()));
		const list = plural(kind.watched.resource.label);
		const failedToRead = (error: Error) => {
			const run = failedAgain(key);
			if (isPersistent(run)) throw persistentFault(node, list, error, run);
			context.logger.warn(
				`${who} could not read Heffl's ${list}: ${error.message}. Nothing was skipped: the next poll reads from the same point.`,
				{ workflowId, nodeName: node.name },
			);
			return null;
		};
		const source = definitionsOf(kind.watched.resource);
		const definitionsFor = fields.some((field) => field.startsWith('cf_'))
			? async (record: IDataObject) => await triggerDefinitions(context, source, record)
			: undefined;

		let read;
		try {
			read = await readChanges(context, kind, memory, clock, { perMinute, definitionsFor });
		} catch (error) {
			// Without a memory there is nothing to compare with: the activation fails instead.
			if (!kept || !isPassing(error)) throw asNodeError(node, error);
			return holdsTrigger(key, token) ? failedToRead(error as Error) : null;
		}
		if (!holdsTrigger(key, token)) return null;

		const next = stored(memory);
		const bytes = memoryBytes(next);
		if (bytes > MAX_MEMORY_BYTES) throw memoryTooLarge(context, kind, memory.records.size, bytes);
		if (
			read.stoppedEarly instanceof Error &&
			read.found.length === 0 &&
			next.resume === kept?.resume
		)
			return failedToRead(
				new Error(`the poll stopped where the last one did: ${read.stoppedEarly.message}`),
			);
		if (read.stoppedEarly) {
			const why =
				read.stoppedEarly === 'budget'
					? `its budget (${Math.round(clock.budgetMs / 1000)} s) left no room for another page`
					: read.stoppedEarly === 'share'
						? `Options › Requests Per Minute (${perMinute}) is spent for this minute`
						: `Heffl failed: ${read.stoppedEarly.message}`;
			context.logger.info(
				`${who} read ${read.requests} pages of Heffl's ${list} and stopped before the end: ${why}. It emits the ${read.found.length} changes it found; the next poll reads on from there.`,
				{ workflowId, nodeName: node.name },
			);
		}
		const tooLong =
			read.pass === 1 && (read.passEnded || !kept)
				? passTooLong(context, kind, { count: read.passRequests, ended: read.passEnded }, perMinute)
				: undefined;
		if (tooLong) context.logger.warn(`${who}: ${tooLong}`, { workflowId, nodeName: node.name });
		succeeded(key);
		state.changes = next;
		if (!kept) keepStart(context, STARTS_KEY, next);
		if (read.found.length === 0) {
			rememberUnsaved(key, base, next);
			return null;
		}
		// n8n saves this memory with the emission: the kept start is no longer needed.
		forgetUnsaved(key);
		keepStart(context, STARTS_KEY, undefined);
		return [context.helpers.returnJsonArray(await output(read.found))];
	} finally {
		releaseTrigger(key, token);
	}
}
