import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { EVENT_NAMES, EVENT_OPTIONS } from '../shared/events';
import { hefflPaginate, hefflRequest, isLoopbackHost, recordPath } from '../shared/transport';
import { DEFAULT_TOLERANCE_SECONDS, verifyDelivery } from './signature';

const ALL_EVENTS = '*';

/** Heffl retries a message for about 76 hours: remember ids longer than that. */
const REMEMBER_IDS_MS = 4 * 24 * 60 * 60 * 1000;
const REMEMBER_IDS_MAX = 2000;

interface SubscriptionState extends IDataObject {
	subscriptionId?: string;
	secret?: string;
	/** webhook-id → when it was first accepted (ms). */
	seen?: Record<string, number>;
}

function selectedEvents(events: string[]): string[] {
	return events.includes(ALL_EVENTS) ? [...EVENT_NAMES] : events;
}

function sameEvents(a: unknown, b: string[]): boolean {
	if (!Array.isArray(a) || a.length !== b.length) return false;
	const wanted = new Set(b);
	return a.every((event) => wanted.has(String(event)));
}

function isNotFound(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '404';
}

/** Keeps the remembered webhook-ids within their age and count bounds; returns the pruned map. */
function pruneSeen(seen: Record<string, number>, now: number): Record<string, number> {
	const recent = Object.entries(seen)
		.filter(([, at]) => now - at < REMEMBER_IDS_MS)
		.sort((a, b) => b[1] - a[1])
		.slice(0, REMEMBER_IDS_MAX - 1);
	return Object.fromEntries(recent);
}

export class HefflTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Heffl Trigger',
		name: 'hefflTrigger',
		icon: { light: 'file:../../icons/heffl.svg', dark: 'file:../../icons/heffl.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["events"].join(", ")}}',
		description: 'Starts the workflow when Heffl sends a signed webhook event',
		defaults: { name: 'Heffl Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'hefflApi',
				required: true,
				displayOptions: { show: { subscription: ['automatic'] } },
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
							"Use a subscription made by hand in Heffl's developer settings; paste its signing secret",
					},
				],
				default: 'automatic',
			},
			{
				displayName:
					"Heffl must reach this workflow's Production URL over HTTPS. If n8n runs on localhost or behind a proxy, set the N8N_WEBHOOK_URL environment variable (WEBHOOK_URL before n8n 2) to its public https:// address before activating.",
				name: 'webhookUrlNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Signing Secret',
				name: 'signingSecret',
				type: 'string',
				typeOptions: { password: true },
				required: true,
				default: '',
				placeholder: 'whsec_...',
				displayOptions: { show: { subscription: ['existing'] } },
				description:
					"The secret Heffl showed once when the subscription was created (starts with whsec_). Set the subscription's URL to this node's Production URL.",
			},
			{
				displayName: 'Trigger On',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: [
					{ name: 'All Events', value: ALL_EVENTS, description: 'Every event of the catalogue' },
					...EVENT_OPTIONS,
				],
				default: [],
				description:
					'Events that start the workflow. Deliveries of other events, including kinds Heffl adds later, are acknowledged and ignored.',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Record Only',
						name: 'recordOnly',
						type: 'boolean',
						default: false,
						description:
							'Whether to output only the record the event is about, instead of the event with its kind, time and ID',
					},
					{
						displayName: 'Timestamp Tolerance (Seconds)',
						name: 'toleranceSeconds',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: DEFAULT_TOLERANCE_SECONDS,
						description:
							'Deliveries signed longer ago (or further ahead) than this are rejected as replays',
					},
				],
			},
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				if (this.getNodeParameter('subscription') === 'existing') return true;
				const state = this.getWorkflowStaticData('node') as SubscriptionState;
				if (!state.subscriptionId) return false;
				try {
					const subscription = await hefflRequest.call(this, {
						api: 'v1',
						method: 'GET',
						path: recordPath(this.getNode(), '/webhooks', state.subscriptionId, 'Subscription'),
						recordLabel: 'webhook subscription',
					});
					const events = selectedEvents(this.getNodeParameter('events') as string[]);
					return (
						Boolean(state.secret) &&
						subscription.url === this.getNodeWebhookUrl('default') &&
						sameEvents(subscription.events, events)
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
				const credentials = await this.getCredentials<IDataObject>('hefflApi');
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
						events: selectedEvents(this.getNodeParameter('events') as string[]),
					},
				});
				if (!subscription.id || !subscription.secret) {
					throw new NodeOperationError(
						this.getNode(),
						'Heffl created the subscription without returning its id and signing secret',
					);
				}
				const state = this.getWorkflowStaticData('node') as SubscriptionState;
				state.subscriptionId = String(subscription.id);
				state.secret = String(subscription.secret);
				state.seen = {};
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				if (this.getNodeParameter('subscription') === 'existing') return true;
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
		const response = this.getResponseObject();
		const reject = (message: string): IWebhookResponseData => {
			response.status(401).json({ error: message });
			return { noWebhookResponse: true };
		};

		const existing = this.getNodeParameter('subscription') === 'existing';
		const state = this.getWorkflowStaticData('node') as SubscriptionState;
		const secret = existing ? String(this.getNodeParameter('signingSecret')) : state.secret;
		if (!secret) {
			return reject(
				'This Heffl Trigger has no signing secret. Deactivate and activate the workflow again so it registers a new subscription.',
			);
		}

		await request.readRawBody();
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const verdict = verifyDelivery(
			{ rawBody: request.rawBody ?? Buffer.alloc(0), headers: request.headers },
			[secret],
			Date.now(),
			typeof options.toleranceSeconds === 'number'
				? options.toleranceSeconds
				: DEFAULT_TOLERANCE_SECONDS,
		);
		if (!verdict.valid) return reject(verdict.message);

		// Heffl retries with the same webhook-id: acknowledge a repeat, run it once.
		const now = Date.now();
		const seen = pruneSeen(state.seen ?? {}, now);
		if (seen[verdict.id] !== undefined) {
			state.seen = seen;
			return { webhookResponse: { received: true, duplicate: true } };
		}

		let event: IDataObject;
		try {
			event = JSON.parse(request.rawBody.toString('utf8')) as IDataObject;
		} catch {
			response.status(400).json({ error: 'The body is not JSON' });
			return { noWebhookResponse: true };
		}
		seen[verdict.id] = now;
		state.seen = seen;

		const kind = String(event.event ?? '');
		const wanted = selectedEvents(this.getNodeParameter('events') as string[]);
		if (!wanted.includes(kind)) return { webhookResponse: { received: true, ignored: kind } };

		const record = (event.payload ?? event.data ?? {}) as IDataObject;
		const json = options.recordOnly
			? record
			: { event: kind, timestamp: event.timestamp ?? null, webhookId: verdict.id, record };
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
