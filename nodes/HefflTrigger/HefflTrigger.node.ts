import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	IHookFunctions,
	INodeCredentialTestResult,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { EVENT_DISPLAY_NAMES, EVENT_NAMES, EVENT_OPTIONS } from '../shared/events';
import {
	CREDENTIAL_NAME,
	hefflPaginate,
	hefflRequest,
	isLoopbackHost,
	recordPath,
} from '../shared/transport';
import { RECORD_ONLY_OPTION, triggerItem } from '../shared/triggerOutput';
import { acceptOnce, mayLog, REMEMBER_IDS_MS } from './deliveries';
import type { Verdict } from './signature';
import { DEFAULT_TOLERANCE_SECONDS, parseSigningSecret, verifyDelivery } from './signature';
import { DESCRIBED_VERSION, LATEST_VERSION } from './versions';

const ALL_EVENTS = '*';
const MAX_TOLERANCE_SECONDS = 3600;
export const SIGNING_SECRET_CREDENTIAL = 'hefflWebhookSigningSecretApi';

/** Webhook-ids kept in static data, for the n8n versions and moments where n8n saves it. */
const STATIC_IDS_MAX = 1000;

interface SubscriptionState extends IDataObject {
	subscriptionId?: string;
	secret?: string;
	/** webhook-id → when it was first accepted (ms). */
	seen?: Record<string, number>;
}

type TriggerContext = IHookFunctions | IWebhookFunctions;

/** What the subtitle shows: the events' names, or All. Evaluated by the editor. */
const SUBTITLE = `={{ (() => { const names = ${JSON.stringify(EVENT_DISPLAY_NAMES)}; const events = [].concat($parameter["events"] || []); return events.includes("${ALL_EVENTS}") ? "All" : events.map((event) => names[event] || event).join(", "); })() }}`;

/** Event value for a name shown in n8n ("Lead Created"), for Trigger On given by an expression. */
const VALUE_BY_NAME: Record<string, string> = Object.fromEntries(
	Object.entries(EVENT_DISPLAY_NAMES).map(([value, name]) => [name.toLowerCase(), value]),
);

/**
 * Trigger On as a list of event values. An expression may yield a comma-separated
 * string: it is split, never matched as a substring.
 */
export function wantedEvents(value: unknown): string[] {
	const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
	const events = list
		.map((event) => String(event).trim())
		.filter(Boolean)
		.map((event) => VALUE_BY_NAME[event.toLowerCase()] ?? event);
	if (events.includes(ALL_EVENTS) || events.some((event) => /^all( events)?$/i.test(event))) {
		return [...EVENT_NAMES];
	}
	return [...new Set(events)];
}

function events(this: TriggerContext): string[] {
	const wanted = wantedEvents(this.getNodeParameter('events', []));
	if (wanted.length === 0) {
		throw new NodeOperationError(this.getNode(), 'Trigger On has no event', {
			description: 'Choose at least one event, or All Events.',
		});
	}
	return wanted;
}

/** Timestamp Tolerance (Seconds): a number from 1 to 3600, whatever an expression gave. */
function toleranceSeconds(this: TriggerContext): number {
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const given = options.toleranceSeconds;
	if (given === undefined || given === '') return DEFAULT_TOLERANCE_SECONDS;
	const seconds = typeof given === 'string' ? Number(given.trim()) : given;
	if (typeof seconds !== 'number' || !(seconds >= 1 && seconds <= MAX_TOLERANCE_SECONDS)) {
		throw new NodeOperationError(
			this.getNode(),
			`Timestamp Tolerance (Seconds) must be a number from 1 to ${MAX_TOLERANCE_SECONDS}, not ${JSON.stringify(String(given)).slice(0, 40)}`,
			{ description: `Standard Webhooks recommends ${DEFAULT_TOLERANCE_SECONDS} seconds.` },
		);
	}
	return seconds;
}

const usesExistingSubscription = (context: TriggerContext) =>
	context.getNodeParameter('subscription') === 'existing';

/** Where this trigger's secret comes from, as the user sees it (for messages). */
function secretField(context: TriggerContext): string {
	return usesExistingSubscription(context)
		? 'Signing Secret of the Heffl Webhook Signing Secret credential'
		: 'signing secret Heffl returned on activation';
}

/** What to do about a secret that is missing, invalid or no longer Heffl's. */
function secretAdvice(context: TriggerContext): string {
	return usesExistingSubscription(context)
		? "Paste the subscription's current secret (whsec_...) from Heffl's developer settings into the Heffl Webhook Signing Secret credential."
		: 'Deactivate and activate the workflow again so it registers a new subscription.';
}

/** This trigger's signing secret, unchecked; undefined when it cannot be read at all. */
async function signingSecret(this: TriggerContext): Promise<unknown> {
	if (!usesExistingSubscription(this)) {
		return (this.getWorkflowStaticData('node') as SubscriptionState).secret;
	}
	try {
		const credential = await this.getCredentials<IDataObject>(SIGNING_SECRET_CREDENTIAL);
		return credential.signingSecret;
	} catch {
		// An expression that fails, or a credential that is missing: no secret.
		return undefined;
	}
}

function isNotFound(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '404';
}

function sameEvents(a: unknown, b: string[]): boolean {
	if (!Array.isArray(a) || a.length !== b.length) return false;
	const wanted = new Set(b);
	return a.every((event) => wanted.has(String(event)));
}

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

type Refusal = Exclude<Verdict, { valid: true }>['reason'] | 'settings' | 'not-json';

export class HefflTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Heffl Trigger',
		name: 'hefflTrigger',
		icon: { light: 'file:../../icons/heffl.svg', dark: 'file:../../icons/heffl.dark.svg' },
		group: ['trigger'],
		// What each version means: versions.ts.
		version: DESCRIBED_VERSION,
		defaultVersion: LATEST_VERSION,
		subtitle: SUBTITLE,
		description:
			'Starts the workflow when Heffl sends a signed webhook event. Heffl must reach n8n over HTTPS; otherwise use the Heffl Polling Trigger',
		defaults: { name: 'Heffl Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: CREDENTIAL_NAME,
				required: true,
				displayOptions: { show: { subscription: ['automatic'] } },
			},
			{
				// Written out: n8n's lint finds the credential's test by this literal name.
				name: 'hefflWebhookSigningSecretApi',
				required: true,
				testedBy: 'hefflWebhookSigningSecret',
				displayOptions: { show: { subscription: ['existing'] } },
			},
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: 'noData',
				path: 'webhook',
			},
		],
		properties: [
			{
				displayName: 'Subscription',
				name: 'subscription',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Register Automatically',
						value: 'automatic',
						description:
							'Create the webhook subscription in Heffl when the workflow is activated and delete it when it is deactivated',
					},
					{
						name: 'Use Existing Subscription',
						value: 'existing',
						description:
							"Use a subscription made by hand in Heffl's developer settings; its signing secret goes into a credential",
					},
				],
				default: 'automatic',
				description:
					'How Heffl learns where to send the events: a subscription this trigger registers itself, or one made by hand in Heffl',
			},
			{
				displayName:
					"Heffl must reach this workflow's Production URL over HTTPS. If n8n runs on localhost or behind a proxy, set the N8N_WEBHOOK_URL environment variable (WEBHOOK_URL before n8n 2) to its public https:// address before activating.",
				name: 'webhookUrlNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Trigger On',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: [{ name: 'All Events', value: ALL_EVENTS }, ...EVENT_OPTIONS],
				default: [],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					RECORD_ONLY_OPTION,
					{
						displayName: 'Timestamp Tolerance (Seconds)',
						name: 'toleranceSeconds',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: MAX_TOLERANCE_SECONDS },
						default: DEFAULT_TOLERANCE_SECONDS,
						description:
							'Deliveries signed longer ago (or further ahead) than this are rejected as replays',
					},
				],
			},
		],
	};

	methods = {
		credentialTest: {
			/** Checks the secret's form: Heffl offers no call that could confirm it. */
			async hefflWebhookSigningSecret(
				this: ICredentialTestFunctions,
				credential: ICredentialsDecrypted,
			): Promise<INodeCredentialTestResult> {
				const check = parseSigningSecret(credential.data?.signingSecret);
				return check.valid
					? { status: 'OK', message: 'The signing secret is a valid Standard Webhooks secret' }
					: {
							status: 'Error',
							message: `The Signing Secret ${check.problem}. Paste the secret Heffl showed for the subscription (whsec_ followed by base64).`,
						};
			},
		},
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				// Activation fails here, naming the field, rather than every delivery later.
				const wanted = events.call(this);
				toleranceSeconds.call(this);
				if (usesExistingSubscription(this)) {
					const check = parseSigningSecret(await signingSecret.call(this));
					if (!check.valid) {
						throw new NodeOperationError(
							this.getNode(),
							`The ${secretField(this)} ${check.problem}`,
							{ description: secretAdvice(this) },
						);
					}
					return true;
				}
				const state = this.getWorkflowStaticData('node') as SubscriptionState;
				if (!state.subscriptionId) return false;
				try {
					const subscription = await hefflRequest.call(this, {
						api: 'v1',
						method: 'GET',
						path: recordPath(this.getNode(), '/webhooks', state.subscriptionId, 'Subscription'),
						recordLabel: 'webhook subscription',
					});
					return (
						parseSigningSecret(state.secret).valid &&
						subscription.url === this.getNodeWebhookUrl('default') &&
						sameEvents(subscription.events, wanted)
					);
				} catch (error) {
					if (!isNotFound(error)) throw new NodeApiError(this.getNode(), error as JsonObject);
					delete state.subscriptionId;
					delete state.secret;
					return false;
				}
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const url = this.getNodeWebhookUrl('default') as string;
				const { hostname, protocol } = new URL(url);
				const credentials = await this.getCredentials<IDataObject>(CREDENTIAL_NAME);
				const sandbox = isLoopbackHost(new URL(String(credentials.v1BaseUrl)).hostname);
				if (isLoopbackHost(hostname) && !sandbox) {
					throw new NodeOperationError(this.getNode(), `Heffl cannot reach ${url}`, {
						description:
							"n8n announces a localhost webhook URL. Set the N8N_WEBHOOK_URL environment variable (WEBHOOK_URL before n8n 2) to n8n's public https:// address, restart n8n and activate again.",
					});
				}
				if (protocol !== 'https:' && !sandbox) {
					this.logger.warn(
						`Heffl Trigger: the webhook URL ${url} is not HTTPS; Heffl requires HTTPS in production. Set N8N_WEBHOOK_URL (WEBHOOK_URL before n8n 2) to an https:// address.`,
					);
				}

				// Subscriptions to this URL left by an earlier activation have lost their
				// secret, so every delivery to them would fail: remove them first.
				const existing = await hefflPaginate.call(this, { api: 'v1', path: '/webhooks' });
				for (const leftover of existing.filter((subscription) => subscription.url === url)) {
					await deleteSubscription.call(this, String(leftover.id));
				}

				const workflow = this.getWorkflow();
				const subscription = await hefflRequest.call(this, {
					api: 'v1',
					method: 'POST',
					path: '/webhooks',
					recordLabel: 'webhook subscription',
					body: {
						name: `n8n workflow "${workflow.name ?? workflow.id}" (${workflow.id})`,
						url,
						events: events.call(this),
					},
				});
				const check = parseSigningSecret(subscription.secret);
				if (!subscription.id || !check.valid) {
					// A subscription whose deliveries could never be verified must not stay behind.
					if (subscription.id) await deleteSubscription.call(this, String(subscription.id));
					throw new NodeOperationError(
						this.getNode(),
						subscription.id
							? `Heffl returned a signing secret that ${check.valid ? 'is valid' : check.problem}; the subscription was deleted again`
							: 'Heffl created the subscription without returning its id',
						{ description: 'Activate the workflow again; if this repeats, report it to Heffl.' },
					);
				}
				const state = this.getWorkflowStaticData('node') as SubscriptionState;
				state.subscriptionId = String(subscription.id);
				state.secret = String(subscription.secret).trim();
				state.seen = {};
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				if (usesExistingSubscription(this)) return true;
				const state = this.getWorkflowStaticData('node') as SubscriptionState;
				if (state.subscriptionId) await deleteSubscription.call(this, state.subscriptionId);
				delete state.subscriptionId;
				delete state.secret;
				delete state.seen;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const workflowId = this.getWorkflow().id;
		const node = this.getNode();
		const refuse = (status: number, reason: Refusal, answer: string, log: string) => {
			const now = Date.now();
			const left = mayLog(`${workflowId}:${node.id}:${reason}`, now);
			if (left !== undefined) {
				this.logger.warn(
					`Heffl Trigger "${node.name}" (workflow ${workflowId}) refused a delivery (webhook-id ${loggableId(request.headers['webhook-id'])}, answered ${status}): ${log}${left > 0 ? ` (${left} more like it in the last minute not logged)` : ''}`,
					{ workflowId, nodeName: node.name, reason },
				);
			}
			this.getResponseObject().status(status).json({ error: answer });
			return { noWebhookResponse: true };
		};

		let tolerance: number;
		try {
			tolerance = toleranceSeconds.call(this);
		} catch (error) {
			const message = (error as Error).message;
			return refuse(500, 'settings', message, message);
		}
		const secret = await signingSecret.call(this);
		const secretCheck = parseSigningSecret(secret);
		if (!secretCheck.valid) {
			const problem = `The ${secretField(this)} ${secretCheck.problem}.`;
			return refuse(
				401,
				'invalid-secret',
				`This Heffl Trigger has no valid signing secret. ${secretAdvice(this)}`,
				`${problem} ${secretAdvice(this)}`,
			);
		}

		await request.readRawBody();
		const rawBody = request.rawBody ?? Buffer.alloc(0);
		const verdict = verifyDelivery(
			{ rawBody, headers: request.headers },
			[secret],
			Date.now(),
			tolerance,
		);
		if (!verdict.valid) {
			const advice =
				verdict.reason === 'no-valid-signature'
					? `Either a forgery, or the signature was made with a secret this trigger does not know (the subscription's secret was rotated or the subscription replaced in Heffl). ${secretAdvice(this)}`
					: verdict.reason === 'too-old' || verdict.reason === 'too-new'
						? "A replay, or the clocks of n8n's host and Heffl disagree by more than the Timestamp Tolerance."
						: 'Not a Standard Webhooks delivery from Heffl.';
			return refuse(401, verdict.reason, verdict.message, `${verdict.message}. ${advice}`);
		}

		let event: IDataObject;
		try {
			event = JSON.parse(rawBody.toString('utf8')) as IDataObject;
		} catch {
			return refuse(400, 'not-json', 'The body is not JSON', 'the signed body is not JSON.');
		}

		// Heffl retries with the same webhook-id: acknowledge a repeat, start nothing.
		// Checked and recorded with no await in between (see deliveries.ts).
		const now = Date.now();
		const state = this.getWorkflowStaticData('node') as SubscriptionState;
		const first = acceptOnce(`${workflowId}:${node.id}`, verdict.id, now);
		if (!first || state.seen?.[verdict.id] !== undefined) {
			return { webhookResponse: { received: true, duplicate: true } };
		}

		const kind = String(event.event ?? '');
		// Never events.call(this) here: a webhook() that throws makes n8n start a failed execution.
		if (!wantedEvents(this.getNodeParameter('events', [])).includes(kind)) {
			return { webhookResponse: { received: true, ignored: kind } };
		}
		rememberInStaticData(state, verdict.id, now);

		const options = this.getNodeParameter('options', {}) as IDataObject;
		const record = (event.payload ?? event.data ?? {}) as IDataObject;
		const json = triggerItem(options, kind, event.timestamp, record, verdict.id);
		return { workflowData: [this.helpers.returnJsonArray([json])] };
	}
}

/** DELETE a subscription; one that is already gone counts as deleted. */
async function deleteSubscription(this: IHookFunctions, id: string): Promise<void> {
	try {
		await hefflRequest.call(this, {
			api: 'v1',
			method: 'DELETE',
			path: recordPath(this.getNode(), '/webhooks', id, 'Subscription'),
			recordLabel: 'webhook subscription',
		});
	} catch (error) {
		if (!isNotFound(error)) throw new NodeApiError(this.getNode(), error as JsonObject);
	}
}
