/**
 * v1 webhook subscriptions (heffl-reference.md §12.1, §12.4; paths and IDs from the contract):
 * `GET|POST /webhooks`, `GET|DELETE /webhooks/{id}`. The engine (sandbox/webhooks.ts) makes the
 * secret, shown once in the create answer, and signs the deliveries.
 */
import { ApiError } from '../errors';
import type { ApiCall, JsonObject } from '../types';
import type { V1Context } from './context';
import { v1List } from './list';

/** The event catalogue (heffl-reference.md §12.4, both versions): subscriptions may ask only for these. */
export const EVENT_CATALOGUE = [
	'lead.created',
	'lead.updated',
	'lead.deleted',
	'lead.stageChanged',
	'deal.created',
	'deal.updated',
	'deal.deleted',
	'deal.stageChanged',
	'client.created',
	'client.updated',
	'client.deleted',
	'contact.created',
	'contact.updated',
	'contact.deleted',
	'contact.stageChanged',
	'invoice.created',
	'invoice.updated',
	'invoice.paid',
	'invoice.deleted',
	'invoice.statusChanged',
	'quotation.created',
	'quotation.updated',
	'quotation.deleted',
	'quotation.statusChanged',
	'form.response.created',
];

export function webhookRoute(
	context: Pick<V1Context, 'store' | 'webhooks'>,
	call: ApiCall,
	id: string | undefined,
): JsonObject {
	const { store, webhooks } = context;
	const hide = ({ ...record }: JsonObject) => record;
	if (!id && call.method === 'GET') return v1List(store, call, 'webhooks', () => true);
	if (!id && call.method === 'POST') {
		// §12.1: name, url and events are required; additional properties are allowed.
		const { name, url, events } = call.body;
		if (typeof name !== 'string' || name.length < 1)
			throw ApiError.field('name', 'is required (a non-empty string)');
		let parsed: URL | undefined;
		try {
			parsed = typeof url === 'string' ? new URL(url) : undefined;
		} catch {
			parsed = undefined;
		}
		if (!parsed || !['http:', 'https:'].includes(parsed.protocol))
			throw ApiError.field('url', 'is required (an absolute http(s) URL)');
		if (!Array.isArray(events) || events.length === 0)
			throw ApiError.field('events', 'is required (a non-empty array of event names)');
		const wrong = events.filter(
			(event) => typeof event !== 'string' || !EVENT_CATALOGUE.includes(event),
		);
		if (wrong.length)
			throw ApiError.field('events', `unknown event ${wrong.map(String).join(', ')}`);
		const created = webhooks.subscribe(call.workspace, {
			name,
			url: String(url),
			events: [...new Set(events as string[])],
		});
		if (parsed.protocol === 'http:')
			created.warnings = ['Endpoint URL is not HTTPS: deliveries in production require HTTPS'];
		return created;
	}
	if (id && call.method === 'GET')
		return hide(store.require(call.workspace, 'webhooks', id, 'webhook subscription'));
	if (id && call.method === 'DELETE') {
		store.require(call.workspace, 'webhooks', id, 'webhook subscription');
		store.remove(call.workspace, 'webhooks', id);
		webhooks.unsubscribe(id);
		return { id, deleted: true };
	}
	throw ApiError.notFound('No such webhooks route');
}
