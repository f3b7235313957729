import type { IDataObject } from 'n8n-workflow';

import type { CustomFieldDefinition } from '../../shared/records/customFields';
import type { KeyedList } from '../../shared/records/keyedList';
import type { CustomFieldSource } from '../../shared/table/schema';

/** Records an item handed back that Custom Fields As → Labels names once every item has run. */
export interface ToLabel {
	source: CustomFieldSource;
	records: IDataObject[];
	request: { itemIndex: number; maxRetries?: number };
}

/**
 * What one execution remembers across its items: match key → record ID, per resource; the
 * custom-field definitions read per scope (or why they could not be), and which
 * unreadable scopes it has already said so for; what the key lookup learnt
 * (keyLookup.ts): whether a resource's search finds records by a key, and the whole
 * list (keyed by each key asked) where it had to be read; the records to name by label
 * at the end, so that a custom field has one name on every item.
 */
export interface ExecutionState {
	upserted: Map<string, string>;
	definitions: Map<string, Promise<CustomFieldDefinition[] | Error>>;
	unreadDefinitions: Set<string>;
	/** `resource:key` → whether its search was seen finding a record by that key. */
	searchProven: Map<string, boolean>;
	/** Resource → its whole list, read once, indexed by each key asked. */
	lists: Map<string, KeyedList>;
	toLabel: ToLabel[];
}

export const newExecutionState = (): ExecutionState => ({
	upserted: new Map(),
	definitions: new Map(),
	unreadDefinitions: new Set(),
	searchProven: new Map(),
	lists: new Map(),
	toLabel: [],
});
