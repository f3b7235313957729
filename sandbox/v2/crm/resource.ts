/** What the sandbox knows of one v2 CRM resource; routes.ts serves every one the same way. */
import type { Workspace } from '../../store';
import type { Json, JsonObject, RecordKind } from '../../types';
import type { BodySchema } from '../body';
import type { ListSpec } from '../list';

export interface CrmResource {
	path: string;
	kind: RecordKind;
	prefix: string;
	label: string;
	numberPrefix: string;
	/** The records of `kind` this resource holds. */
	where?: (record: JsonObject) => boolean;
	/** Stored with every new record (companies: `type: 'company'`). */
	defaults: JsonObject;
	body: BodySchema;
	/** Request names stored under another name (quotation `lineItems` → `quotationProducts`, §17.15). */
	aliases?: Record<string, string>;
	/** Operations besides list, create, update, delete. */
	get: boolean;
	/** The custom fields a record of this resource may carry. */
	definitions: (space: Workspace, record: JsonObject) => JsonObject[];
	list: Omit<ListSpec, 'kind' | 'render' | 'where' | 'search'> & {
		search: (record: JsonObject, space: Workspace) => Array<Json | undefined>;
	};
	render: (record: JsonObject, space: Workspace, full: boolean) => JsonObject;
	/** Cross-field rules and derived values, on the record about to be stored. */
	settle?: (
		next: JsonObject,
		previous: JsonObject | undefined,
		sent: JsonObject,
		space: Workspace,
	) => void;
	/** Refuses a delete (a linked record), with the 400's message. */
	deleteBlocked?: (record: JsonObject, space: Workspace) => string | undefined;
	/** `deal` → deal.created, deal.updated, deal.deleted (§12.4). */
	event?: string;
	/** Emitted as `<event>.<stageEvent>` when this key changes. */
	changeEvents?: Array<[key: string, event: string]>;
}

/** A list's orderBy or filter value: the record's own field, as stored. */
export const stored = (key: string) => (record: JsonObject) => record[key];
