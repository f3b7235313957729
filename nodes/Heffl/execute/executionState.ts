import type { CustomFieldDefinition } from '../../shared/records/customFields';

/**
 * What one execution remembers across its items: e-mail → record ID, per resource; the
 * custom-field definitions read per scope (or why they could not be), and which
 * unreadable scopes it has already said so for.
 */
export interface ExecutionState {
	upserted: Map<string, string>;
	definitions: Map<string, Promise<CustomFieldDefinition[] | Error>>;
	unreadDefinitions: Set<string>;
}

export const newExecutionState = (): ExecutionState => ({
	upserted: new Map(),
	definitions: new Map(),
	unreadDefinitions: new Set(),
});
