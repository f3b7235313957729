/**
 * One poll's part of a pass over the watched list (Changed kinds): every record of the
 * filtered list, 100 a page, compared with what the memory saw last (the core's
 * recordChanges.ts holds the rules of "the same"). A pass may span polls: it stops before
 * the poll's budget or the key's share (requestShare.ts) runs out, and the memory's `resume`
 * says where the next poll reads on (that page again, to prove nothing between was skipped).
 * Nothing here writes static data: pollForChanged.ts decides what is kept.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { CustomFieldDefinition } from '../shared/records/customFields';
import type { FilterCheck } from '../shared/records/listQuery';
import { judgeRecord } from '../shared/records/lists';
import type { FieldChange } from '../shared/records/recordChanges';
import { changedFields } from '../shared/records/recordChanges';
import type { HefflListRequest, Page } from '../shared/transport';
import { hefflListPage, keyIdentity, MAX_PAGE_SIZE, transportLimits } from '../shared/transport';
import type { PollClock } from './budget';
import { withinBudget } from './budget';
import type { WorkingMemory } from './changeMemory';
import { endPass, lastSeen, valuesOf } from './changeMemory';
import type { ChangedKind } from './changedKinds';
import { idOf } from './cursor';
import { isPassing } from './faults';
import { shareWaitMs, takeShare } from './requestShare';
import { filteredQuery, listRequest } from './watchedList';

export interface ChangeFound {
	record: IDataObject;
	changes: Record<string, FieldChange>;
}

export interface ChangeRead {
	/** Records whose watched fields changed, in the list's order. */
	found: ChangeFound[];
	/** List requests sent (pages, and pages read again). */
	requests: number;
	/** Records met for the first time: remembered, not emitted. */
	remembered: number;
	/** The pass reached the list's end in this poll (records it did not meet were forgotten). */
	passEnded: boolean;
	/** The pass's number, and the requests it sent in all polls so far (all of them, once it ended). */
	pass: number;
	passRequests: number;
	forgotten: number;
	/** Why the pass stopped before the list's end, if it did. */
	stoppedEarly?: 'budget' | 'share' | Error;
}

export interface ChangeReadOptions {
	/** The key's share this trigger reads within (requests a minute). */
	perMinute: number;
	/** The custom-field definitions a record's values are compared by (only when custom fields are watched). */
	definitionsFor?: (record: IDataObject) => Promise<CustomFieldDefinition[]>;
}

/** Heffl refused the cursor it sent (a 400 naming it): it may have expired. */
function isRefusedCursor(error: unknown): boolean {
	return (
		error instanceof NodeApiError &&
		Number(error.httpCode) === 400 &&
		/cursor/i.test(`${error.message} ${error.description ?? ''}`)
	);
}

/**
 * The next page within the key's share: a wait for the share (done here; 'stop' when it
 * would outlast the budget), the page, or what reading it threw.
 */
async function nextPage(
	within: IPollFunctions,
	request: HefflListRequest,
	identity: string,
	perMinute: number,
	clock: PollClock,
	pageCursor: string | undefined,
): Promise<{ wait: 'done' | 'stop' } | { page: Page } | { failure: unknown }> {
	const wait = shareWaitMs(identity, perMinute);
	if (wait > 0) {
		if (Date.now() + wait >= clock.endsAt) return { wait: 'stop' };
		await sleep(wait, clock.signal).catch(() => undefined);
		return { wait: 'done' };
	}
	takeShare(identity);
	try {
		const startedAt = Date.now();
		const page = await hefflListPage.call(within, request, MAX_PAGE_SIZE, pageCursor);
		clock.pageTook(Date.now() - startedAt);
		page.records.forEach((record) => idOf(record, request.recordLabel ?? 'record'));
		return { page };
	} catch (failure) {
		return { failure };
	}
}

/** Looks at one record of the pass: remembered when new, compared when known, skipped when met before. */
function examiner(
	within: IPollFunctions,
	kind: ChangedKind,
	request: HefflListRequest,
	checksNow: () => Promise<FilterCheck[]>,
	memory: WorkingMemory,
	read: ChangeRead,
	options: ChangeReadOptions,
) {
	const { resource } = kind.watched;
	const fields = memory.base.fields;
	const seenThisPass = (id: string) => memory.records.get(id)?.[0] === memory.pass;
	return async (record: IDataObject) => {
		const id = idOf(record, resource.label);
		if (seenThisPass(id)) return; // the list shifted down: a record read twice is compared once
		const verdict = await judgeRecord(within, resource, request, await checksNow(), record);
		if (!verdict.keep) return; // out of the Filters: forgotten when the pass ends
		const entry = memory.records.get(id);
		memory.records.set(id, [memory.pass, ...valuesOf(fields, record)]);
		if (!entry) {
			read.remembered++;
			return;
		}
		const changes = changedFields(resource, lastSeen(fields, entry), record, {
			absent: 'empty',
			keys: fields,
			definitions: options.definitionsFor ? await options.definitionsFor(record) : undefined,
		});
		if (Object.keys(changes).length) read.found.push({ record, changes });
	};
}

/** Reads on in the pass `memory` is in (or begins one), changing `memory` as it goes. */
export async function readChanges(
	context: IPollFunctions,
	kind: ChangedKind,
	memory: WorkingMemory,
	clock: PollClock,
	options: ChangeReadOptions,
): Promise<ChangeRead> {
	const { resource } = kind.watched;
	const within = withinBudget(context, clock);
	const { qs, checksNow } = await filteredQuery(within, kind.watched);
	const request = listRequest(kind.watched, qs);
	const identity = await keyIdentity.call(within);
	const read: ChangeRead = {
		found: [],
		requests: 0,
		remembered: 0,
		passEnded: false,
		pass: memory.pass,
		passRequests: 0,
		forgotten: 0,
	};
	const seenThisPass = (id: string) => memory.records.get(id)?.[0] === memory.pass;
	const examine = examiner(within, kind, request, checksNow, memory, read, options);

	let pageCursor = memory.resume ?? undefined;
	let resuming = memory.resume !== undefined;
	let rereads = resuming ? 1 : 0;
	const cursorsSeen = new Set<string>();
	for (let pages = 0; ; ) {
		if (pages > rereads && !clock.roomForAPage()) {
			read.stoppedEarly = 'budget';
			break;
		}
		if (pages >= transportLimits.maxPages) {
			throw new NodeOperationError(
				context.getNode(),
				`Heffl's ${resource.label} list is longer than ${transportLimits.maxPages} pages; reading stopped`,
			);
		}
		const got = await nextPage(within, request, identity, options.perMinute, clock, pageCursor);
		if ('wait' in got) {
			if (got.wait === 'stop') {
				read.stoppedEarly = 'share';
				break;
			}
			continue;
		}
		read.requests++;
		memory.spent++;
		if ('failure' in got) {
			const { failure } = got;
			if (resuming && isRefusedCursor(failure)) {
				// The pass goes on from the first page: what it already met is skipped.
				resuming = false;
				pageCursor = undefined;
				continue;
			}
			if (pages === 0 || !(clock.spent() || isPassing(failure))) throw failure;
			read.stoppedEarly = clock.spent() ? 'budget' : (failure as Error);
			break;
		}
		const { page } = got;
		pages++;
		if (resuming) {
			resuming = false;
			// The page read again must begin with a record this pass met; otherwise records
			// above it were deleted, the list moved up, and some may be unread.
			const first = page.records[0];
			if (!(first && seenThisPass(idOf(first, resource.label)))) {
				pageCursor = undefined;
				rereads++;
				continue;
			}
		}
		for (const record of page.records) await examine(record);
		if (!page.nextCursor) {
			read.passRequests = memory.spent;
			read.forgotten = endPass(memory);
			read.passEnded = true;
			break;
		}
		if (cursorsSeen.has(page.nextCursor)) {
			throw new NodeOperationError(
				context.getNode(),
				`Heffl sent a page cursor of the ${resource.label} list it had sent before; reading stopped`,
			);
		}
		cursorsSeen.add(page.nextCursor);
		// A stop after this page reads it again next time.
		memory.resume = pageCursor ?? null;
		pageCursor = page.nextCursor;
	}
	if (!read.passEnded) read.passRequests = memory.spent;
	return read;
}
