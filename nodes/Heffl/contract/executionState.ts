import type { IDataObject } from 'n8n-workflow';

import type { CustomFieldDefinition } from '../../shared/records/customFields';

/**
 * What one execution remembers across its items: e-mail → record ID, per resource; the
 * custom-field definitions read per scope (or why they could not be), and which
 * unreadable scopes it has already said so for; what the e-mail lookup learnt
 * (emailLookup.ts): whether a resource's search finds records by e-mail, and the whole
 * list indexed by e-mail where it had to be read.
 */
export interface ExecutionState {
	upserted: Map<string, string>;
	definitions: Map<string, Promise<CustomFieldDefinition[] | Error>>;
	unreadDefinitions: Set<string>;
	/** Resource → whether its search was seen finding a record by its e-mail address. */
	emailSearchProven: Map<string, boolean>;
	/** Resource → e-mail (trimmed, lower case) → its records, from one read of the whole list. */
	emailIndexes: Map<string, Map<string, IDataObject[]>>;
}

export const newExecutionState = (): ExecutionState => ({
	upserted: new Map(),
	definitions: new Map(),
	unreadDefinitions: new Set(),
	emailSearchProven: new Map(),
	emailIndexes: new Map(),
});
