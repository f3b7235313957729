/**
 * Webhook subscriptions and their deliveries: Standard Webhooks messages signed
 * with the `standardwebhooks` library, retried on the schedule until a 2xx or the
 * last attempt, then marked failed for good.
 */
import { Webhook } from 'standardwebhooks';

import { newId, newWebhookSecret } from './random';
import type { Store } from './store';
import type { Scheduler } from './timers';
import type { Delivery, JsonObject, WebhookDeliveryOptions, WorkspaceId } from './types';

/** Standard Webhooks' recommended schedule: the delay before each attempt. */
export const STANDARD_SCHEDULE_MS = [0, 5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 504e5, 72e6, 864e5];

interface Secrets {
	current: string;
	/** Kept during a rotation: deliveries are signed with both. */
	previous?: string;
}

export class WebhookEngine {
	readonly deliveries: Delivery[] = [];

	/**
	 * Keys left out of every delivered record. §12.5 shows payload fields only for leads
	 * (none for deals, clients, invoices, quotations), so a receiver must cope with a
	 * record that lacks what it filters on: tests switch this on to prove it.
	 */
	payloadOmits: string[] = [];

	private readonly secrets = new Map<string, Secrets>();

	private readonly timeoutMs: number;

	private readonly schedule: number[];

	private readonly maxAttempts: number;

	constructor(
		private readonly store: Store,
		private readonly scheduler: Scheduler,
		options: WebhookDeliveryOptions = {},
	) {
		this.timeoutMs = options.timeoutMs ?? 20_000;
		this.schedule = options.retryScheduleMs ?? STANDARD_SCHEDULE_MS;
		this.maxAttempts = options.maxAttempts ?? 10;
	}

	/** Stores a subscription and returns it with its secret (the only time it is shown). */
	subscribe(
		workspace: WorkspaceId,
		fields: { name: string | null; url: string; events: string[] },
	): JsonObject {
		const record: JsonObject = {
			id: newId('wh_'),
			name: fields.name,
			url: fields.url,
			events: fields.events,
			status: 'active',
			createdAt: new Date().toISOString(),
		};
		this.store.insert(workspace, 'webhooks', record);
		const secret = newWebhookSecret();
		this.secrets.set(String(record.id), { current: secret });
		return { ...record, secret };
	}

	/**
	 * Sets a subscription's `status`. §12.1: every answer carries one, its values are not
	 * documented; only `active` ones (the sandbox's value at creation) are delivered to,
	 * as a subscription Heffl paused or disabled would not be.
	 */
	setStatus(workspace: WorkspaceId, id: string, status: string): JsonObject {
		const subscription = this.store.require(workspace, 'webhooks', id, 'webhook subscription');
		const changed = { ...subscription, status };
		this.store.replace(workspace, 'webhooks', changed);
		return changed;
	}

	unsubscribe(id: string): void {
		this.secrets.delete(id);
		for (const delivery of this.deliveries) {
			if (delivery.subscriptionId === id && delivery.status === 'pending') {
				delivery.status = 'failed';
				delivery.reason = 'subscription deleted';
			}
		}
	}

	rotate(id: string): string {
		const secrets = this.secrets.get(id);
		if (!secrets) throw new Error(`No subscription '${id}'`);
		const next = newWebhookSecret();
		this.secrets.set(id, { current: next, previous: secrets.current });
		return next;
	}

	endRotation(id: string): void {
		const secrets = this.secrets.get(id);
		if (secrets) delete secrets.previous;
	}

	/** Queues one message per active subscription of `workspace` that asked for `event`. */
	emit(workspace: WorkspaceId, event: string, payload: JsonObject): void {
		const delivered = Object.fromEntries(
			Object.entries(payload).filter(([key]) => !this.payloadOmits.includes(key)),
		);
		const body = JSON.stringify({
			event,
			timestamp: new Date().toISOString(),
			payload: delivered,
		});
		for (const subscription of this.store.workspace(workspace).all('webhooks')) {
			if (subscription.status !== 'active' || !(subscription.events as string[]).includes(event))
				continue;
			const delivery: Delivery = {
				messageId: newId('msg_'),
				subscriptionId: String(subscription.id),
				event,
				url: String(subscription.url),
				workspace,
				status: 'pending',
				attempts: [],
				body,
			};
			this.deliveries.push(delivery);
			this.scheduler.later(this.delayBefore(1), () => void this.attempt(delivery));
		}
	}

	private delayBefore(attempt: number): number {
		return this.schedule[Math.min(attempt - 1, this.schedule.length - 1)] ?? 0;
	}

	private signature(delivery: Delivery, at: Date): string | undefined {
		const secrets = this.secrets.get(delivery.subscriptionId);
		if (!secrets) return undefined;
		return [secrets.previous, secrets.current]
			.filter((secret): secret is string => Boolean(secret))
			.map((secret) => new Webhook(secret).sign(delivery.messageId, at, delivery.body))
			.join(' ');
	}

	private async attempt(delivery: Delivery): Promise<void> {
		if (delivery.status !== 'pending') return;
		const at = new Date();
		const signature = this.signature(delivery, at);
		if (!signature) {
			delivery.status = 'failed';
			delivery.reason = 'subscription deleted';
			return;
		}
		let statusCode: number | null = null;
		let error: string | null = null;
		try {
			const response = await fetch(delivery.url, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'user-agent': 'Heffl-Webhooks/1.0',
					'webhook-id': delivery.messageId,
					'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
					'webhook-signature': signature,
				},
				body: delivery.body,
				signal: AbortSignal.timeout(this.timeoutMs),
			});
			statusCode = response.status;
			await response.arrayBuffer();
		} catch (caught) {
			error =
				(caught as Error).name === 'TimeoutError'
					? `no answer within ${this.timeoutMs} ms`
					: (caught as Error).message;
		}
		delivery.attempts.push({
			at: at.getTime(),
			statusCode,
			error,
			durationMs: Date.now() - at.getTime(),
		});
		if (delivery.status !== 'pending') return;
		if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
			delivery.status = 'succeeded';
		} else if (delivery.attempts.length >= this.maxAttempts) {
			delivery.status = 'failed';
			delivery.reason = `no 2xx after ${this.maxAttempts} attempts`;
		} else {
			this.scheduler.later(
				this.delayBefore(delivery.attempts.length + 1),
				() => void this.attempt(delivery),
			);
		}
	}

	close(): void {
		for (const delivery of this.deliveries) {
			if (delivery.status === 'pending') {
				delivery.status = 'failed';
				delivery.reason = 'sandbox closed';
			}
		}
	}
}
