import type { IDataObject } from 'n8n-workflow';

import type { CustomFieldDefinition } from '../../shared/records/customFields';

/**
 * What one execution remembers across its items: match key → record ID, per resource; the
 * custom-field definitions read per scope (or why they could not be), and which
 * unreadable scopes it has already said so for; what the e-mail lookup learnt
 * (keyLookup.ts): whether a resource's search finds records by a key, and the whole
 * list indexed by that key where it had to be read.
 */
export interface ExecutionState {
	upserted: Map<string, string>;
	definitions: Map<string, Promise<CustomFieldDefinition[] | Error>>;
	unreadDefinitions: Set<string>;
	/** `resource:key` → whether its search was seen finding a record by that key. */
	searchProven: Map<string, boolean>;
	/** `resource:key` → the key's normal form → its records, from one read of the whole list. */
	keyIndexes: Map<string, Map<string, IDataObject[]>>;
}

export const newExecutionState = (): ExecutionState => ({
	upserted: new Map(),
	definitions: new Map(),
	unreadDefinitions: new Set(),
	searchProven: new Map(),
	keyIndexes: new Map(),
});
