/** What every v1 route is handed (routes.ts, webhooks.ts). */
import type { Store } from '../store';
import type { WebhookEngine } from '../webhooks';

export interface V1Context {
	store: Store;
	webhooks: WebhookEngine;
	/** Apply the v1 list filters earlier versions guessed (no v1 filter is documented). */
	honourUndocumentedFilters: boolean;
}
