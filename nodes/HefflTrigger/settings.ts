/**
 * What the user set on the Heffl Trigger, read and checked: the events, the timestamp
 * tolerance, and where the signing secret lives (the subscription this trigger registered,
 * kept in its static data, or a credential for a subscription made in Heffl).
 */
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { EVENT_DISPLAY_NAMES, EVENT_NAMES } from '../shared/table/events';
import { DEFAULT_TOLERANCE_SECONDS } from './signature';

export const ALL_EVENTS = '*';
export const MAX_TOLERANCE_SECONDS = 3600;
export const SIGNING_SECRET_CREDENTIAL = 'hefflWebhookSigningSecretApi';

/** What the trigger keeps in its node's static data. */
export interface SubscriptionState extends IDataObject {
	subscriptionId?: string;
	secret?: string;
	/** The subscription's `status` in Heffl's answer to its creation (§12.1: values not documented). */
	status?: string;
	/** webhook-id → when it was first accepted (ms). */
	seen?: Record<string, number>;
}

export type TriggerContext = IHookFunctions | IWebhookFunctions;

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

/** Trigger On, refused when empty (at activation, naming the field). */
export function events(this: TriggerContext): string[] {
	const wanted = wantedEvents(this.getNodeParameter('events', []));
	if (wanted.length === 0) {
		throw new NodeOperationError(this.getNode(), 'Trigger On has no event', {
			description: 'Choose at least one event, or All Events.',
		});
	}
	return wanted;
}

/** Timestamp Tolerance (Seconds): a number from 1 to 3600, whatever an expression gave. */
export function toleranceSeconds(this: TriggerContext): number {
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

export const usesExistingSubscription = (context: TriggerContext) =>
	context.getNodeParameter('subscription') === 'existing';

/** Where this trigger's secret comes from, as the user sees it (for messages). */
export function secretField(context: TriggerContext): string {
	return usesExistingSubscription(context)
		? 'Signing Secret of the Heffl Webhook Signing Secret credential'
		: 'signing secret Heffl returned on activation';
}

/** What to do about a secret that is missing, invalid or no longer Heffl's. */
export function secretAdvice(context: TriggerContext): string {
	return usesExistingSubscription(context)
		? "Paste the subscription's current secret (whsec_...) from Heffl's developer settings into the Heffl Webhook Signing Secret credential."
		: 'Deactivate and activate the workflow again so it registers a new subscription.';
}

/** This trigger's signing secret, unchecked; undefined when it cannot be read at all. */
export async function signingSecret(this: TriggerContext): Promise<unknown> {
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
