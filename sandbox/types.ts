/**
 * Types shared by the sandbox's modules and exported to its users (tests,
 * benchmarks, the e2e suite, the CLI).
 */

import type { Behaviours } from './behaviours';
import type { JsonObject } from './json';

export type { Json, JsonObject } from './json';

export type WorkspaceId = 'A' | 'B';

/** Everything `records()` can return, per workspace. */
export const RECORD_KINDS = [
	'leads',
	'clients',
	'deals',
	'tasks',
	'contacts',
	'products',
	'pipelines',
	'leadStages',
	'leadSources',
	'tags',
	'templates',
	'webhooks',
	'users',
	'clientStages',
	'invoices',
	/** v2 (§11.4) */
	'quotations',
	/** v2 custom-field definitions of contacts, companies, deals and tasks (§9.1, §11.12) */
	'customFields',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export type ApiVersion = 'v1' | 'v2' | 'control';

/** One authenticated API call as the v1 and v2 routes see it. */
export interface ApiCall {
	method: string;
	/** The path below `/api/v1` or `/api/v2`, split at `/` and decoded. */
	segments: string[];
	query: URLSearchParams;
	body: JsonObject;
	workspace: WorkspaceId;
}

export type FaultKind = '500' | '503' | '403' | 'drop-before' | 'drop-after' | '429';

export interface RequestLogEntry {
	method: string;
	/** Path and query, relative to the origin; a known API key in it is redacted. */
	path: string;
	apiVersion: ApiVersion;
	/** Status sent; 0 when nothing was sent (the connection was dropped). */
	status: number;
	/** Start, in ms since the epoch. */
	at: number;
	durationMs: number;
	/** The injected fault, when there was one. */
	fault?: FaultKind;
}

export interface RateLimitOptions {
	limit: number;
	windowMs: number;
	headerStyle?: 'separate' | 'combined';
}

export interface SeedCounts {
	leads?: number;
	clients?: number;
	deals?: number;
	tasks?: number;
	contacts?: number;
	products?: number;
	/** v2 quotations (§11.4) */
	quotations?: number;
}

export interface WebhookDeliveryOptions {
	/** An attempt succeeds on a 2xx within this time (default 20000). */
	timeoutMs?: number;
	/** Delay before attempt n (index n-1); the last value repeats when maxAttempts is larger. */
	retryScheduleMs?: number[];
	/** Attempts before a delivery is marked `failed` for good (default 10). */
	maxAttempts?: number;
}

export interface SandboxOptions {
	host?: string;
	port?: number;
	rateLimit?: RateLimitOptions | false;
	seed?: false | SeedCounts;
	apiKey?: string;
	webhooks?: WebhookDeliveryOptions;
	/**
	 * Apply the v1 list filters earlier versions of this package guessed (`search`,
	 * `stageId`, `status`, ...). Off by default: no v1 filter is documented, and a
	 * server that ignores unknown query parameters is what the node must survive.
	 */
	honourUndocumentedFilters?: boolean;
	/** Readings of the reference's silences other than the default (behaviours.ts). */
	behaviours?: Behaviours;
}

export interface FaultSettings {
	/** Added before every /api request is handled. */
	latencyMs?: number;
	/** Probability (0..1) of an injected 500 or 503. */
	error5xxRate?: number;
	/** Probability of destroying the connection before handling. */
	dropBeforeRate?: number;
	/** Probability of handling the request, then destroying the connection without an answer. */
	dropAfterRate?: number;
	/** Probability of an injected 429 (a real over-limit answer, headers included). */
	burst429Rate?: number;
	/** Seed of the PRNG that draws the rates (default 1). */
	seed?: number;
	/** Retry-After (and reset) seconds of injected 429s; default: the key's real window. */
	retryAfterSec?: number;
}

export interface QueuedFault {
	kind: FaultKind;
	count: number;
	/** Only requests with these methods (upper case); all when absent. */
	methods?: string[];
	/** Only requests to this path (`/api/v2/tasks`, no query); all when absent. */
	path?: string;
}

export interface DeliveryAttempt {
	at: number;
	statusCode: number | null;
	error: string | null;
	durationMs: number;
}

export interface Delivery {
	messageId: string;
	subscriptionId: string;
	event: string;
	url: string;
	workspace: WorkspaceId;
	status: 'pending' | 'succeeded' | 'failed';
	attempts: DeliveryAttempt[];
	/** Why a delivery failed without using all its attempts (subscription deleted, sandbox closed). */
	reason?: string;
	/** Exactly the bytes sent: `{"event":..,"timestamp":..,"payload":..}`. */
	body: string;
}
