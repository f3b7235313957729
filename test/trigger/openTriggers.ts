/**
 * The Heffl Triggers a test file opens on loopback (drivers/harness/trigger.ts), each closed
 * after its test; the sandbox's subscriptions to a webhook URL; and signed deliveries with
 * fresh Standard Webhooks secrets, as Heffl or a forger sends them.
 */
import { randomBytes } from 'node:crypto';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { afterEach } from 'vitest';

import type { TestContext } from '../../drivers/harness/context';
import type { HefflCredentials } from '../../drivers/harness/n8n';
import { TriggerHarness } from '../../drivers/harness/trigger';

/** A fresh signing secret: whsec_ and the base64 of `bytes` random bytes. */
export const newSecret = (bytes = 32) => `whsec_${randomBytes(bytes).toString('base64')}`;

/** A fresh webhook-id, as Heffl gives each message. */
export const messageId = () => `msg_${randomBytes(8).toString('hex')}`;

/** `message` delivered to the harness, signed with `secret` by the standardwebhooks library. */
export async function deliverMessage(
	harness: TriggerHarness,
	secret: string,
	message: IDataObject,
	id = messageId(),
) {
	return await harness.deliverSigned(secret, message, id);
}

/** A delivery of `event` for the lead ld_1, signed with `secret` by the standardwebhooks library. */
export async function deliverLeadEvent(
	harness: TriggerHarness,
	secret: string,
	id = messageId(),
	event = 'lead.created',
) {
	const message = { event, timestamp: new Date().toISOString(), payload: { id: 'ld_1' } };
	return await harness.deliverSigned(secret, message, id);
}

/** Heffl Triggers for one test file, against its sandbox, each closed after its test. */
export function useTriggers(ctx: TestContext) {
	const open: TriggerHarness[] = [];
	afterEach(async () => {
		for (const harness of open.splice(0)) await harness.close();
	});
	/** A Heffl Trigger with `parameters`, listening on loopback, not yet activated. */
	const listening = async (
		parameters: INodeParameters,
		credentials: HefflCredentials = ctx.credentials,
	) => {
		const harness = await new TriggerHarness(credentials, parameters).listen();
		open.push(harness);
		return harness;
	};
	return {
		listening,
		/** A trigger on a subscription made by hand (Use Existing Subscription) to lead.created. */
		existing: (parameters: IDataObject) =>
			listening({ subscription: 'existing', events: ['lead.created'], ...parameters }),
		/** The sandbox's subscriptions to `url`. */
		subscriptionsTo: (url: string) =>
			(ctx.sandbox.records('webhooks') as IDataObject[]).filter(
				(subscription) => subscription.url === url,
			),
	};
}
