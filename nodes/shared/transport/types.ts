import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { ApiVersion } from './apiVersions';

/** Every context the nodes call Heffl from: executions, polls, dropdowns and searches, webhook hooks and deliveries. */
export type HefflContext =
	| IExecuteFunctions
	| IPollFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions;

export interface HefflRequest {
	api: ApiVersion;
	method: IHttpRequestMethods;
	/** Path below the API's base URL; IDs in it must come from `recordPath`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	/** How often a refused (429), failed (5xx) or broken request is sent again. */
	maxRetries?: number;
	/**
	 * The longest wait this request accepts (the key's budget, Retry-After, a backoff),
	 * below transportLimits.maxWaitMs: a caller that must answer soon (a webhook) fails
	 * at once instead, and the key's budget is kept as it is.
	 */
	maxWaitMs?: number;
	/** Names the record in messages: "lead", "webhook subscription". */
	recordLabel?: string;
	/** Where the records of a list answer are (`items` in v1, `data` in v2); they are checked to be records. */
	listKey?: 'items' | 'data';
}

/** A request of a list: its method is always GET. */
export type HefflListRequest = Omit<HefflRequest, 'method'>;

/** An HTTP answer as n8n's request helper returns it in full. */
export interface Answer {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}

export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
