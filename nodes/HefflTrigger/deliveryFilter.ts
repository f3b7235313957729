/**
 * A delivery's record against the trigger's Filters, before any execution starts: the
 * same checks as Get Many (the list engine's `listQuery` and `judgeShown`). A condition
 * the delivered record cannot answer is never guessed: the record is read from Heffl
 * (one GET, through the transport and the key's rate-limit budget, within the time
 * Heffl waits for an answer), and a `*.deleted` record, which cannot be read, is judged
 * as delivered. What stays unknown starts nothing.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { FilterCheck } from '../shared/records/listQuery';
import { judgeShown } from '../shared/records/lists';
import { isDeletion, recordOfEvent } from '../shared/table/eventRecords';
import type { ResourceSpec } from '../shared/table/schema';
import { hefflRequest, recordPath, unwrapRecord } from '../shared/transport';
import { filterChecks, filtersOf } from './filterSettings';

/**
 * How long judging one delivery may take, reads included: Heffl waits 20 s for an
 * answer (service-api.md), and n8n's own handling and the network need the rest. Only
 * tests change it (to run a slow Heffl's scenario in seconds).
 */
export const judgingLimits = { budgetMs: 10_000 };
/** Built checks are kept this long per trigger (a lead stage's name is read once, not per delivery). */
const CHECKS_KEPT_MS = 5 * 60_000;
const CHECKS_MAX = 1_000;

export type FilterVerdict =
	| { run: true }
	| { run: false; unknownField?: string }
	/** No answer in time (the key's budget spent, Heffl slow): answer 5xx so Heffl delivers again. */
	| { late: string }
	/** Filters that cannot be read (an expression gone wrong since activation): answer 500. */
	| { settings: string };

const built = new Map<string, { at: number; checks: Promise<FilterCheck[]> }>();

/** The checks of these filters, built once per trigger and settings (and again after CHECKS_KEPT_MS). */
async function checksFor(
	context: IWebhookFunctions,
	resource: ResourceSpec,
	filters: IDataObject,
): Promise<FilterCheck[]> {
	const key = `${context.getWorkflow().id}:${context.getNode().id}:${resource.value}:${JSON.stringify(filters)}`;
	const now = Date.now();
	const kept = built.get(key);
	if (kept && now - kept.at < CHECKS_KEPT_MS) return await kept.checks;
	if (built.size >= CHECKS_MAX) built.delete(built.keys().next().value as string);
	const checks = filterChecks(context, resource, filters);
	built.set(key, { at: now, checks });
	checks.catch(() => built.delete(key));
	return await checks;
}

const isNumeric = (value: unknown) => typeof value === 'number' || /^\d+$/.test(String(value));

/**
 * The record as far as the checks can trust it: a field a check reads is known when the
 * record has it and shows it in the form the check's values have. A number where the
 * values are prefixed IDs (§12.5 shows a lead's stageId as 1, the API's IDs as `lstg_...`)
 * is another naming of the same thing, not a different value: it is left out, so the
 * check says "unknown" instead of "no".
 */
export function knownFields(record: IDataObject, checks: FilterCheck[]): IDataObject {
	const shown = { ...record };
	for (const { recordKey, value } of checks) {
		if (!recordKey || !(recordKey in shown)) continue;
		const held = shown[recordKey];
		const values = Array.isArray(value) ? (value as unknown[]) : [value];
		const heldValues = Array.isArray(held) ? (held as unknown[]) : [held];
		const numbersForIds =
			heldValues.some((entry) => typeof entry === 'number') &&
			values.every((entry) => !isNumeric(entry));
		if (held === undefined || numbersForIds) delete shown[recordKey];
	}
	return shown;
}

type Judged = { keep: boolean; unknown?: FilterCheck };

function judge(checks: FilterCheck[], record: IDataObject): Judged {
	const verdicts = judgeShown(checks, knownFields(record, checks));
	// Every check must hold: one that fails decides, whatever the others cannot tell.
	if (verdicts.some(({ verdict }) => verdict === false)) return { keep: false };
	const unknown = verdicts.find(({ verdict }) => verdict === undefined)?.check;
	return { keep: !unknown, unknown };
}

/** The context with a cancel signal that ends every wait and request at the judging budget. */
export function withinBudget(context: IWebhookFunctions, signal: AbortSignal): IWebhookFunctions {
	const cancel = () => signal;
	return new Proxy(context, {
		get: (target, key, receiver) =>
			key === 'getExecutionCancelSignal' ? cancel : (Reflect.get(target, key, receiver) as unknown),
		has: (target, key) => key === 'getExecutionCancelSignal' || key in target,
	});
}

/** The record as Heffl has it now, none when it is gone (404), or why it could not be read. */
async function readRecord(
	context: IWebhookFunctions,
	resource: ResourceSpec,
	id: unknown,
	endsAt: number,
): Promise<{ record?: IDataObject; failure?: Error }> {
	try {
		const answer = await hefflRequest.call(context, {
			api: resource.apis?.get ?? resource.api,
			method: 'GET',
			path: recordPath(
				context.getNode(),
				resource.paths?.get ?? resource.path,
				id,
				resource.displayName,
			),
			recordLabel: resource.label,
			maxRetries: 1,
			maxWaitMs: Math.max(0, (endsAt - Date.now()) * 0.9),
		});
		return { record: unwrapRecord(answer) };
	} catch (error) {
		const gone = error instanceof NodeApiError && error.httpCode === '404';
		return gone ? {} : { failure: error as Error };
	}
}

/** Whether a delivery of `event` carrying `record` starts the workflow; never throws. */
export async function judgeDelivery(
	context: IWebhookFunctions,
	event: string,
	record: IDataObject,
): Promise<FilterVerdict> {
	const resource = recordOfEvent(event);
	if (!resource) return { run: true };
	const filters = filtersOf(context, resource);
	if (Object.keys(filters).length === 0) return { run: true };
	const { budgetMs } = judgingLimits;
	const endsAt = Date.now() + budgetMs;
	const within = withinBudget(context, AbortSignal.timeout(budgetMs));
	try {
		const checks = await checksFor(within, resource, filters);
		let judged = judge(checks, record);
		const readable =
			!isDeletion(event) && resource.operations.includes('get') && record.id !== undefined;
		if (judged.unknown && readable) {
			const read = await readRecord(within, resource, record.id, endsAt);
			if (read.failure) return { late: read.failure.message };
			judged = read.record ? judge(checks, read.record) : judged;
		}
		if (judged.unknown) return { run: false, unknownField: judged.unknown.name };
		return { run: judged.keep };
	} catch (error) {
		const message = (error as Error).message;
		const unreadable = error instanceof NodeOperationError && Date.now() < endsAt;
		return unreadable ? { settings: message } : { late: message };
	}
}
