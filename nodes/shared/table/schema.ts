/**
 * The shape of the resource table (resources/): what a resource, a field and a filter
 * say. The table drives both the node's parameters (descriptions/) and its execution
 * (execute/); nothing else lists resources or fields.
 */
import type { IDataObject, IHttpRequestMethods, INodePropertyOptions } from 'n8n-workflow';

import type { ApiVersion } from '../transport';
import type { Checked } from '../checks';

export type OperationName = 'create' | 'get' | 'getAll' | 'update' | 'delete' | 'upsert';

/** A value the API takes, and how the node asks for it. */
export interface FieldSpec {
	/** The node parameter (inside Additional Fields / Update Fields / Filters, or top level). */
	name: string;
	/** The API's key in bodies and query strings; the parameter name when absent. */
	key?: string;
	displayName: string;
	type:
		| 'string'
		| 'number'
		| 'boolean'
		| 'options'
		| 'multiOptions'
		| 'dateTime'
		| 'collection'
		/** A list of objects (an invoice's line items), each made of `members`. */
		| 'fixedCollection';
	/**
	 * What the value is. Only what is unambiguous is changed (trimmed IDs, an added
	 * https://, upper-case currency, dates in the API's form); the rest is Heffl's to judge.
	 */
	format?:
		| 'email'
		| 'webUrl'
		| 'date'
		| 'dateTime'
		| 'currency'
		| 'json'
		/** A JSON list of objects (line items given by an expression). */
		| 'jsonList'
		/** An ID of another record: trimmed. */
		| 'id'
		/** A list of IDs: an array, or text separated by commas. */
		| 'ids';
	/**
	 * A check of this field's own, after the value is converted by its type and format:
	 * what the reference says of this one field (a range, a rule on its entries).
	 */
	validate?: (value: IDataObject[string]) => Checked;
	/** Shown in placeholders: the prefix of the IDs Heffl gives such records. Never enforced. */
	idPrefix?: string;
	/** On Create: asked for outside Additional Fields; `required` ones must be set. */
	main?: boolean;
	required?: boolean;
	/** Only on these operations (both create and update when absent). */
	on?: Array<'create' | 'update'>;
	/** Main fields only: shown (and required) only when these parameters have these values. */
	showWhen?: Record<string, string[]>;
	/** Heffl documents the field as nullable: Update offers to clear it. */
	nullable?: boolean;
	/** Cleared with this field under Fields to Clear: fields Heffl takes only together (§11.5). */
	clearTogether?: string[];
	/** A line's member: its 0 (the default) is not sent when this member is set, Heffl fills it from that. */
	zeroFrom?: string;
	/** A main field whose value fills `{name}` in the operation's path instead of the body. */
	inPath?: boolean;
	/** Linked record: the field becomes a resource locator searching this resource's records. */
	locator?: string;
	/** A locator whose list follows another parameter (a task's linked record follows its type). */
	searchMethod?: string;
	/** Members of a `collection` (one object) or `fixedCollection` (a list of them) field. */
	members?: FieldSpec[];
	/** How one entry of a `fixedCollection` is called: "Line Item". */
	entryName?: string;
	/** Multi-line text input. */
	rows?: number;
	options?: INodePropertyOptions[];
	loadOptionsMethod?: string;
	loadOptionsDependsOn?: string[];
	default?: string | number | boolean | string[] | Record<string, never>;
	description?: string;
	placeholder?: string;
}

/**
 * A Get Many filter. `server`: a query parameter the API documents, sent as is.
 * `local`: checked here on the returned records and never sent. Either kind may
 * have `matches`, which every returned record is checked with: a record that does
 * not match is dropped and counted, so a filtered request never returns records
 * the filter excludes, even from a server that ignored the parameter.
 */
export interface FilterSpec extends FieldSpec {
	filter: 'server' | 'local';
	/** true: keep; false: drop; undefined: the record does not show whether it matches. */
	matches?: (record: IDataObject, value: unknown) => boolean | undefined;
	/**
	 * The values a record may show for what the user gave, read once per item before the
	 * list (a lead stage picked by ID, shown on leads by its name).
	 */
	resolve?: ResolveFilterValue;
}

/** Reads what a filter value stands for: `get(api, path)` lists records of Heffl's. */
export type ResolveFilterValue = (
	value: string,
	list: (api: ApiVersion, path: string) => Promise<IDataObject[]>,
) => Promise<string[]>;

/** One field of the v2 filter builder (§7): sent as `{field: {operator, values}}`. */
export interface ConditionSpec {
	/** The filter field Heffl takes. */
	key: string;
	displayName: string;
	/** The record's key holding the value, where it differs (`sourceId` → `crmSourceId`). */
	recordKey?: string;
	/** Its values picked by name from this dropdown (an ID still taken by expression). */
	loadOptionsMethod?: string;
}

/** Where a resource's custom-field definitions come from (§9.1, §11.12, §11.13). */
export type CustomFieldSource =
	| { entity: 'contacts' | 'companies' | 'deals' | 'tasks' }
	/** Quotations: the `customFields` of the chosen document template. */
	| { template: true };

/** Options → Custom Fields As: Heffl's keys (the output as it always was) or the definitions' labels. */
export const CUSTOM_FIELDS_AS = { keys: 'keys', labels: 'labels' } as const;

export interface ResourceSpec {
	value: string;
	displayName: string;
	/** Lower case, for messages: "lead", "webhook subscription". */
	label: string;
	api: ApiVersion;
	path: string;
	/** The sections of heffl-reference.md it is read from ("§10.1"), for the generated docs. */
	reference?: string;
	/** Why an AI agent must not be given it: the Heffl Tool's description says so, and lists it nowhere else. */
	agentWarning?: string;
	/** Shown in placeholders only: the prefix of its IDs. */
	idPrefix?: string;
	operations: OperationName[];
	/** Methods other than the usual (POST, GET, PATCH, DELETE), per operation. */
	methods?: Partial<Record<OperationName, IHttpRequestMethods>>;
	/** API per operation, where it differs from `api`. */
	apis?: Partial<Record<OperationName, ApiVersion>>;
	/** Path per operation, where it differs from `path`; `{name}` is filled from an `inPath` field. */
	paths?: Partial<Record<OperationName, string>>;
	/** Where record pickers list records of a resource without Get Many (stages in pipelines). */
	pickFrom?: { api: ApiVersion; path: string; records: (record: IDataObject) => IDataObject[] };
	/** v2 lists (§7): documented `orderBy` values and the fields of the filter builder. */
	listing?: { orderBy: string[]; conditions: ConditionSpec[] };
	/** The tag type (§11.9) of the resource's records, for its tag pickers. */
	tagType?: string;
	/**
	 * Custom fields (`cf_*`) on create and update: from the workspace's definitions (a
	 * resource mapper) where Heffl has them for the resource, else entered by label or key.
	 */
	customFields?: CustomFieldSource | 'byLabel';
	/** Writable fields, in the order the UI shows them. */
	fields?: FieldSpec[];
	/** Get Many filters, sent where the reference documents them and checked where records tell. */
	filters?: FilterSpec[];
	/** Offers Extra Fields (JSON) on create and update, for keys the reference does not show. */
	extraFields?: boolean;
	/**
	 * Keys kept by Simplify (and the tool's Output → Simplified), at most 10: only for
	 * records of more than 10 fields (n8n's UX guidelines).
	 */
	simplifyKeys?: string[];
	/** The keys of its records, offered by the tool's Output → Selected Fields (custom fields added from Heffl). */
	recordKeys?: string[];
	/**
	 * The reference lists this list's parameters and a page size is not among them (§11.12,
	 * §11.13): none is sent, and a cursor is followed only when an answer has one.
	 */
	noPageSize?: boolean;
	/** How a record reads in a list of the resource locator. */
	title?: (record: IDataObject) => string;
	/** The list endpoint documents `search` (the locator sends it; it is checked here anyway). */
	searchable?: boolean;
	/**
	 * A documented `search` over this resource's records (§7), perhaps in another API than
	 * its own list: the lookup by a match key narrows by it (nodes/Heffl/execute/keyLookup.ts)
	 * and never takes its "nothing" on trust. `oldestFirst`: its answers are put in the order
	 * of the resource's own list (v1 lists oldest first; v2 answers newest first, §7). Absent
	 * (no search documented for the list): the whole list is read once per execution.
	 */
	lookupSearch?: { api: ApiVersion; path: string; oldestFirst?: boolean };
	/**
	 * What Create or Update finds a record by (table/matchKeys.ts): the first is the default,
	 * more than one offers Match By.
	 */
	matchKeys?: MatchKeySpec[];
}

/** "leads", "companies". */
export const plural = (label: string) => `${label.replace(/([^aeiou])y$/, '$1ie')}s`;

/** "a lead", "an invoice". */
export const withArticle = (label: string) => `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;

export function resourceParameter(resource: ResourceSpec): string {
	return `${resource.value}Id`;
}

export function fieldKey(field: FieldSpec): string {
	return field.key ?? field.name;
}

/** The fields of `operation`, in table order. */
export function fieldsOf(resource: ResourceSpec, operation: 'create' | 'update'): FieldSpec[] {
	return (resource.fields ?? []).filter((field) => !field.on || field.on.includes(operation));
}

/** The resource's custom fields come from Heffl's definitions (the resource mapper). */
export function definitionsOf(resource: ResourceSpec): CustomFieldSource | undefined {
	return typeof resource.customFields === 'object' ? resource.customFields : undefined;
}

/** How a match key's values are compared, searched for and refused (table/matchKeys.ts). */
export interface Normaliser {
	/** The key in a few words, for the action ("by e-mail"); `noun` when absent. */
	words?: string;
	/** "e-mail address", "website": for descriptions and messages. */
	noun: string;
	placeholder: string;
	/** The key parameter's description, first sentence. */
	describe: (label: string) => string;
	/** A value (given or a record's) as the key records are compared by; undefined: none. */
	keyOf: (value: unknown) => string | undefined;
	/** What Heffl's `search` is sent for a given value. */
	term: (value: string) => string;
	/** A given value (after its field's type and format): taken, or what is wrong with it. */
	check: (value: IDataObject[string]) => Checked;
}

/** One match key of a resource: its field (by name) and normaliser. */
export interface MatchKeySpec {
	field: string;
	as: Normaliser;
}
