import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { CustomFieldDefinition, DefinitionScope } from '../../shared/records/customFields';
import { readDefinitions } from '../../shared/records/customFields';

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

/** A scope's definitions, read once per execution (a write's check and the labels share it). */
export async function definitionsOnce(
	context: IExecuteFunctions,
	state: ExecutionState,
	scope: DefinitionScope,
	request: { itemIndex: number; maxRetries?: number },
): Promise<CustomFieldDefinition[] | Error> {
	const key = JSON.stringify(scope);
	let read = state.definitions.get(key);
	if (!read) {
		read = readDefinitions.call(context, scope, request).catch((error: Error) => error);
		state.definitions.set(key, read);
	}
	return await read;
}
