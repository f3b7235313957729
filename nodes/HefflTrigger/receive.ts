/**
 * One delivery to the Heffl Trigger, n8n's `webhook()`: verified (Standard Webhooks)
 * before anything runs, a repeat of an accepted webhook-id acknowledged and dropped, an
 * event not asked for ignored, the rest handed to the workflow. A refusal answers 4xx/5xx,
 * starts nothing and writes a rate-limited line to n8n's log.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { wantsLabels } from '../shared/records/customFieldLabels';
import { labelTriggerRecords } from '../shared/records/triggerLabels';
import { recordOfEvent } from '../shared/table/eventRecords';
import { definitionsOf } from '../shared/table/schema';
import { triggerItem } from '../shared/triggerOutput';
import { judgeDelivery, withinBudget } from './deliveryFilter';
import { acceptOnce, forgetDelivery, mayLog, REMEMBER_IDS_MS } from './deliveryMemory';
import type { SubscriptionState } from './settings';
import {
	secretAdvice,
	secretField,
	signingSecret,
	toleranceSeconds,
	wantedEvents,
} from './settings';
import type { Verdict } from './signature';
import { parseSigningSecret, verifyDelivery } from './signature';

/** How long reading custom-field definitions for labels may take: Heffl waits 20 s in all. */
const LABELS_BUDGET_MS = 5_000;

/** Webhook-ids kept in static data, for the n8n versions and moments where n8n saves it. */
const STATIC_IDS_MAX = 1000;

type Refusal =
	| Exclude<Verdict, { valid: true }>['reason']
	| 'settings'
	| 'not-json'
	| 'filters-late';

/**
 * Adds an accepted id to static data. When full, ids older than Heffl's retry window go
 * and the newest half stays, so the pruning sort runs once every STATIC_IDS_MAX / 2 ids.
 */
function rememberInStaticData(state: SubscriptionState, id: string, now: number): void {
	const seen = { ...(state.seen ?? {}), [id]: now };
	if (Object.keys(seen).length <= STATIC_IDS_MAX) {
		state.seen = seen;
		return;
	}
	const kept = Object.entries(seen)
		.filter(([, at]) => now - at < REMEMBER_IDS_MS)
		.sort((a, b) => b[1] - a[1])
		.slice(0, STATIC_IDS_MAX / 2);
	state.seen = Object.fromEntries(kept);
}

/** A webhook-id as it may appear in a log line: short, printable. */
const loggableId = (id: unknown) =>
	typeof id === 'string' ? id.replace(/[^\w.-]/g, '?').slice(0, 64) : 'none';

/** Answers `status` with `answer`, starts nothing, and logs why (at most a few lines a minute). */
function refuse(
	context: IWebhookFunctions,
	status: number,
	reason: Refusal,
	answer: string,
	log: string,
): IWebhookResponseData {
	const workflowId = context.getWorkflow().id;
	const node = context.getNode();
	const left = mayLog(`${workflowId}:${node.id}:${reason}`, Date.now());
	if (left !== undefined) {
		const webhookId = loggableId(context.getRequestObject().headers['webhook-id']);
		context.logger.warn(
			`Heffl Trigger "${node.name}" (workflow ${workflowId}) refused a delivery (webhook-id ${webhookId}, answered ${status}): ${log}${left > 0 ? ` (${left} more like it in the last minute not logged)` : ''}`,
			{ workflowId, nodeName: node.name, reason },
		);
	}
	context.getResponseObject().status(status).json({ error: answer });
	return { noWebhookResponse: true };
}

/** Why a signature did not verify, and what to do about it, for the log. */
function refusalAdvice(context: IWebhookFunctions, reason: Refusal): string {
	if (reason === 'no-valid-signature')
		return `Either a forgery, or the signature was made with a secret this trigger does not know (the subscription's secret was rotated or the subscription replaced in Heffl). ${secretAdvice(context)}`;
	if (reason === 'too-old' || reason === 'too-new')
		return "A replay, or the clocks of n8n's host and Heffl disagree by more than the Timestamp Tolerance.";
	return 'Not a Standard Webhooks delivery from Heffl.';
}

export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	let tolerance: number;
	try {
		tolerance = toleranceSeconds.call(this);
	} catch (error) {
		const message = (error as Error).message;
		return refuse(this, 500, 'settings', message, message);
	}
	const secret = await signingSecret.call(this);
	const secretCheck = parseSigningSecret(secret);
	if (!secretCheck.valid) {
		const problem = `The ${secretField(this)} ${secretCheck.problem}.`;
		return refuse(
			this,
			401,
			'invalid-secret',
			`This Heffl Trigger has no valid signing secret. ${secretAdvice(this)}`,
			`${problem} ${secretAdvice(this)}`,
		);
	}

	const request = this.getRequestObject();
	await request.readRawBody();
	const rawBody = request.rawBody ?? Buffer.alloc(0);
	const verdict = verifyDelivery(
		{ rawBody, headers: request.headers },
		[secret],
		Date.now(),
		tolerance,
	);
	if (!verdict.valid) {
		const advice = refusalAdvice(this, verdict.reason);
		return refuse(this, 401, verdict.reason, verdict.message, `${verdict.message}. ${advice}`);
	}

	let event: IDataObject;
	try {
		event = JSON.parse(rawBody.toString('utf8')) as IDataObject;
	} catch {
		return refuse(this, 400, 'not-json', 'The body is not JSON', 'the signed body is not JSON.');
	}

	// Heffl retries with the same webhook-id: acknowledge a repeat, start nothing.
	// Checked and recorded with no await in between (see deliveryMemory.ts).
	const now = Date.now();
	const state = this.getWorkflowStaticData('node') as SubscriptionState;
	const scope = `${this.getWorkflow().id}:${this.getNode().id}`;
	const first = acceptOnce(scope, verdict.id, now);
	if (!first || state.seen?.[verdict.id] !== undefined) {
		return { webhookResponse: { received: true, duplicate: true } };
	}

	const kind = String(event.event ?? '');
	// Never events.call(this) here: a webhook() that throws makes n8n start a failed execution.
	if (!wantedEvents(this.getNodeParameter('events', [])).includes(kind)) {
		return { webhookResponse: { received: true, ignored: kind } };
	}
	const record = isRecord(event.payload ?? event.data) ? (event.payload ?? event.data) : {};
	const options = this.getNodeParameter('options', {}) as IDataObject;
	let labels: boolean;
	try {
		labels = wantsLabels(this.getNode(), options);
	} catch (error) {
		forgetDelivery(scope, verdict.id);
		const message = (error as Error).message;
		return refuse(this, 500, 'settings', message, message);
	}
	const filtered = await filterDelivery(this, kind, record as IDataObject, verdict.id);
	if (filtered.answer) {
		forgetDelivery(scope, verdict.id); // not handled: Heffl's next attempt must run
		return filtered.answer;
	}
	rememberInStaticData(state, verdict.id, now);
	if (!filtered.run) return { webhookResponse: { received: true, filtered: true } };

	const delivered = labels
		? await labelDelivered(this, kind, record as IDataObject)
		: { records: [record as IDataObject] };
	const json = triggerItem(
		options,
		kind,
		event.timestamp,
		delivered.records[0],
		verdict.id,
		delivered.notice,
	);
	return { workflowData: [this.helpers.returnJsonArray([json])] };
}

/** The delivered record with its custom fields by label, within the time Heffl waits (never throws). */
async function labelDelivered(context: IWebhookFunctions, kind: string, record: IDataObject) {
	const resource = recordOfEvent(kind);
	const within = withinBudget(context, AbortSignal.timeout(LABELS_BUDGET_MS));
	return await labelTriggerRecords(within, resource && definitionsOf(resource), [record]);
}

const isRecord = (value: unknown) =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The trigger's Filters on the delivered record: run or not, or an answer when they
 * could not be judged (settings that cannot be read: 500; no answer from Heffl in
 * time: 503, so Heffl delivers again). A field no one could show starts nothing and is logged.
 */
async function filterDelivery(
	context: IWebhookFunctions,
	kind: string,
	record: IDataObject,
	id: string,
): Promise<{ run: boolean; answer?: IWebhookResponseData }> {
	const verdict = await judgeDelivery(context, kind, record);
	if ('settings' in verdict) {
		const { settings } = verdict;
		return { run: false, answer: refuse(context, 500, 'settings', settings, settings) };
	}
	if ('late' in verdict) {
		const log = `its filters could not be checked in time (${verdict.late}); answered 503 so that Heffl delivers it again later.`;
		const answer = 'The filters could not be checked in time; deliver again later';
		return { run: false, answer: refuse(context, 503, 'filters-late', answer, log) };
	}
	if (!verdict.run && verdict.unknownField) {
		const node = context.getNode();
		const workflowId = context.getWorkflow().id;
		const field = verdict.unknownField;
		const left = mayLog(`${workflowId}:${node.id}:unknown:${field}`, Date.now());
		if (left !== undefined)
			context.logger.warn(
				`Heffl Trigger "${node.name}" (workflow ${workflowId}) started nothing for ${kind} (webhook-id ${loggableId(id)}): the filter ${field} cannot be checked, because neither the delivery nor the record read from Heffl shows that field. Remove the condition, or filter in the workflow with n8n's Filter node.${left > 0 ? ` (${left} more like it in the last minute not logged)` : ''}`,
				{ workflowId, nodeName: node.name, reason: 'unknown-field' },
			);
	}
	return { run: verdict.run };
}
