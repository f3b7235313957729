/**
 * The context the kit's requests go through: n8n-core's LoadOptionsContext for the Heffl
 * node, as the nodes' transport gets it, with every raw answer observed on the way (status,
 * headers, body, time) and a cancel signal of the kit's own.
 */
import { LoadOptionsContext } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import type { ApiVersion, HefflContext } from '../nodes/shared/transport';
import type { HefflCredentials } from '../drivers/harness/n8n';
import { additionalData, hefflNode, nodeTypes } from '../drivers/harness/n8n';

/** One HTTP answer as it came back, before the transport judged it. */
export interface Observed {
	method: string;
	api: ApiVersion;
	path: string;
	status: number;
	headers: Record<string, string>;
	body: unknown;
	ms: number;
	/** When it arrived (ms since the epoch), for reading reset times. */
	at: number;
}

export const asObject = (value: unknown): IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as IDataObject)
		: {};

function lowerHeaders(headers: unknown): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [name, value] of Object.entries(asObject(headers)))
		result[name.toLowerCase()] = Array.isArray(value)
			? value.map(String).join(', ')
			: String(value);
	return result;
}

/** What the context tells its owner, and asks it. */
export interface Observer {
	/** A request is about to go (retries included): answers the API it goes to. */
	sent(method: string): ApiVersion;
	/** An answer came back. */
	answered(observed: Observed): void;
	/** The signal that ends the request under way (Ctrl-C). */
	cancelSignal(): AbortSignal;
}

/** The transport's context for `credentials`, reporting every request and answer to `observer`. */
export function observedContext(credentials: HefflCredentials, observer: Observer): HefflContext {
	const node = hefflNode({ resource: 'lead', operation: 'getAll' });
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const base = new LoadOptionsContext(workflow, node, additionalData(credentials), '');
	const original = base.helpers.httpRequestWithAuthentication;
	// A function, not an arrow: n8n-core reads the credential through `this` (the transport's context).
	async function observe(this: unknown, ...args: Parameters<typeof original>) {
		const options = args[1] as { method?: string; url?: string };
		const api = observer.sent(options.method ?? 'GET');
		const started = Date.now();
		const answer = asObject(await original.apply(this as never, args));
		observer.answered({
			method: options.method ?? 'GET',
			api,
			path: options.url ?? '',
			status: Number(answer.statusCode ?? 0),
			headers: lowerHeaders(answer.headers),
			body: answer.body,
			ms: Date.now() - started,
			at: Date.now(),
		});
		return answer;
	}
	const helpers = { ...base.helpers, httpRequestWithAuthentication: observe };
	// The transport combines this signal with its deadline: Ctrl-C ends a request at once.
	const getExecutionCancelSignal = () => observer.cancelSignal();
	return new Proxy(base, {
		get: (target, key, receiver) =>
			key === 'helpers'
				? helpers
				: key === 'getExecutionCancelSignal'
					? getExecutionCancelSignal
					: (Reflect.get(target, key, receiver) as unknown),
		has: (target, key) => key === 'getExecutionCancelSignal' || key in target,
	}) as unknown as HefflContext;
}
