/**
 * The Heffl Trigger's subscription lifecycle, n8n's webhook methods: on activation
 * `checkExists` keeps a subscription that still points here with the wanted events and a
 * valid secret, else `create` registers one (removing leftovers to the same URL first);
 * on deactivation `delete` removes it. With Use Existing Subscription only the
 * credential's secret is checked.
 */
import type { IDataObject, IHookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	CREDENTIAL_NAME,
	hefflPaginate,
	hefflRequest,
	isLoopbackHost,
	recordPath,
} from '../shared/transport';
import type { SubscriptionState } from './settings';
import {
	events,
	secretAdvice,
	secretField,
	signingSecret,
	toleranceSeconds,
	usesExistingSubscription,
} from './settings';
import { checkFiltersAtActivation } from './filterSettings';
import { parseSigningSecret } from './signature';

function isNotFound(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '404';
}

function sameEvents(a: unknown, b: string[]): boolean {
	if (!Array.isArray(a) || a.length !== b.length) return false;
	const wanted = new Set(b);
	return a.every((event) => wanted.has(String(event)));
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

/**
 * Whether the subscription still delivers here: its URL, events and secret as this
 * trigger made it, and its status the one Heffl gave it at creation (a subscription Heffl
 * paused or disabled would keep the workflow active and silent). The log says what differs.
 */
function stillDelivering(
	context: IHookFunctions,
	state: SubscriptionState,
	subscription: IDataObject,
	wanted: string[],
): boolean {
	const statusChanged =
		typeof subscription.status === 'string' &&
		state.status !== undefined &&
		subscription.status !== state.status;
	const problems = [
		!parseSigningSecret(state.secret).valid && 'its signing secret is not kept',
		subscription.url !== context.getNodeWebhookUrl('default') && 'it points to another URL',
		!sameEvents(subscription.events, wanted) && 'its events differ from Trigger On',
		statusChanged &&
			`its status is "${String(subscription.status).slice(0, 40)}", not "${state.status}" as Heffl created it (paused or disabled in Heffl?)`,
	].filter(Boolean);
	if (problems.length === 0) return true;
	const node = context.getNode();
	context.logger[statusChanged ? 'warn' : 'info'](
		`Heffl Trigger "${node.name}" (workflow ${context.getWorkflow().id}): subscription ${String(state.subscriptionId)} is re-created because ${problems.join(', ')}.`,
	);
	return false;
}

/** Refuses a webhook URL Heffl cannot reach (localhost against Heffl); warns on plain http. */
async function checkReachable(this: IHookFunctions, url: string): Promise<void> {
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
}

export const subscriptionMethods = {
	async checkExists(this: IHookFunctions): Promise<boolean> {
		// Activation fails here, naming the field, rather than every delivery later.
		const wanted = events.call(this);
		toleranceSeconds.call(this);
		await checkFiltersAtActivation(this, wanted);
		if (usesExistingSubscription(this)) {
			const check = parseSigningSecret(await signingSecret.call(this));
			if (!check.valid) {
				throw new NodeOperationError(this.getNode(), `The ${secretField(this)} ${check.problem}`, {
					description: secretAdvice(this),
				});
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
			return stillDelivering(this, state, subscription, wanted);
		} catch (error) {
			if (!isNotFound(error)) throw new NodeApiError(this.getNode(), error as JsonObject);
			delete state.subscriptionId;
			delete state.secret;
			return false;
		}
	},

	async create(this: IHookFunctions): Promise<boolean> {
		const url = this.getNodeWebhookUrl('default') as string;
		await checkReachable.call(this, url);

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
		if (typeof subscription.status === 'string') state.status = subscription.status;
		else delete state.status;
		state.seen = {};
		return true;
	},

	async delete(this: IHookFunctions): Promise<boolean> {
		if (usesExistingSubscription(this)) return true;
		const state = this.getWorkflowStaticData('node') as SubscriptionState;
		if (state.subscriptionId) await deleteSubscription.call(this, state.subscriptionId);
		delete state.subscriptionId;
		delete state.secret;
		delete state.status;
		delete state.seen;
		return true;
	},
};
