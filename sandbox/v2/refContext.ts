/** What every v2 reference-data route is handed (refdata.ts, pipelines.ts, products.ts). */
import type { Store, Workspace } from '../store';
import type { JsonObject } from '../types';

export interface RefContext {
	store: Store;
	space: Workspace;
	workspace: 'A' | 'B';
	method: string;
	segments: string[];
	query: URLSearchParams;
	body: JsonObject;
}
