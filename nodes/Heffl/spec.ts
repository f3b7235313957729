import type { IDataObject, IHttpRequestMethods, INodePropertyOptions } from 'n8n-workflow';

import type { ApiVersion } from '../shared/transport';
import { TAG_TYPES } from './tagTypes';

export type OperationName = 'create' | 'get' | 'getAll' | 'update' | 'delete' | 'upsert';
/** 1: before the reference; 2: the reference, deals and tasks on API v1; 3: the v2 CRM surface. */
export type NodeVersion = 1 | 2 | 3;

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
	 * What the value is. Version 1 checks formats strictly (its saved workflows keep
	 * that); version 2 only normalises what is unambiguous and leaves the rest to Heffl.
	 */
	format?:
		| 'email'
		| 'url'
		| 'webUrl'
		| 'date'
		| 'dateTime'
		| 'currency'
		| 'json'
		/** A JSON list of objects (line items given by an expression). */
		| 'jsonList'
		/** A list of IDs: an array, or text separated by commas. */
		| 'ids';
	/** Version 1: the ID must start with this. Version 2: a hint in the placeholder only. */
	idPrefix?: string;
	/** On Create: asked for outside Additional Fields; `required` ones must be set. */
	main?: boolean;
	required?: boolean;
	/** Version 1: the top-level parameter name when `name` would clash with another parameter. */
	parameterName?: string;
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
	/** Linked record: a main field becomes a resource locator searching this resource. */
	locator?: string;
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
}

/** One field of the v2 filter builder (§7): sent as `{field: {operator, values}}`. */
export interface ConditionSpec {
	/** The filter field Heffl takes. */
	key: string;
	displayName: string;
	/** The record's key holding the value, where it differs (`sourceId` → `crmSourceId`). */
	recordKey?: string;
}

/** Where a resource's custom-field definitions come from (§9.1, §11.12, §11.13). */
export type CustomFieldSource =
	| { entity: 'contacts' | 'companies' | 'deals' | 'tasks' }
	/** Quotations: the `customFields` of the chosen document template. */
	| { template: true };

export interface ResourceSpec {
	value: string;
	displayName: string;
	/** Lower case, for messages: "lead", "webhook subscription". */
	label: string;
	api: ApiVersion;
	path: string;
	/** Version 1: prefix its IDs must have. Version 2: shown in placeholders only. */
	idPrefix?: string;
	operations: OperationName[];
	/** Methods other than the usual (POST, GET, PATCH, DELETE), per operation. */
	methods?: Partial<Record<OperationName, IHttpRequestMethods>>;
	/** API version per operation, where it differs from `api`. */
	apis?: Partial<Record<OperationName, ApiVersion>>;
	/** Path per operation, where it differs from `path`; `{name}` is filled from an `inPath` field. */
	paths?: Partial<Record<OperationName, string>>;
	/** Where record pickers list records of a resource without Get Many (stages in pipelines). */
	pickFrom?: { api: ApiVersion; path: string; records: (record: IDataObject) => IDataObject[] };
	/** v2 lists (§7): documented `orderBy` values and the fields of the filter builder. */
	listing?: { orderBy: string[]; conditions: ConditionSpec[] };
	/** Offers custom fields from the workspace's definitions (version 3). */
	customFieldsFrom?: CustomFieldSource;
	/** Writable fields, in the order the UI shows them. */
	fields?: FieldSpec[];
	/** Get Many filters. Version 1's are sent (and verified where `matches` can tell). */
	filters?: Array<FieldSpec | FilterSpec>;
	/** Accepts `cf_` custom fields on create and update. */
	customFields?: boolean;
	/** Offers Extra Fields (JSON) on create and update, for keys the reference does not show. */
	extraFields?: boolean;
	/** Keys kept by Simplify; only for records of more than 10 fields. */
	simplifyKeys?: string[];
	/** The list endpoint answers everything at once (no cursor). */
	unpaginated?: boolean;
	/** How a record reads in a list of the resource locator. */
	title?: (record: IDataObject) => string;
	/** The list endpoint documents `search` (the locator sends it; it is checked here anyway). */
	searchable?: boolean;
	/** Completes a create body (the webhook subscription's default name). */
	beforeCreate?: (body: IDataObject) => IDataObject;
	/** Why Heffl may refuse a Delete with 400: added to the error, whatever Heffl's message says. */
	deleteRefusal?: string;
	/** Extra output of Create (the webhook secret's warning). */
	afterCreate?: (record: IDataObject) => IDataObject;
}

export const toOptions = (values: readonly string[], names?: Record<string, string>) =>
	values.map((value) => ({
		name:
			names?.[value] ??
			value
				.toLowerCase()
				.split('_')
				.map((word) => word.replace(/^\w/, (c) => c.toUpperCase()))
				.join(' '),
		value,
	}));

export const alphabetical = (options: INodePropertyOptions[]) =>
	[...options].sort((a, b) => a.name.localeCompare(b.name));

export const TAG_TYPE_OPTIONS = toOptions(TAG_TYPES, { fs_jobs: 'Field Service Jobs' });

/** §11.13: the document types templates belong to ("and others"). */
export const TEMPLATE_TYPES = [
	'quotations',
	'invoices',
	'proforma_invoices',
	'purchase_orders',
	'bills',
	'sales_orders',
	'documents',
];

/** "leads", "companies". */
export const plural = (label: string) => `${label.replace(/([^aeiou])y$/, '$1ie')}s`;

export const lower = (value: unknown) => String(value ?? '').toLowerCase();

/** A record matches when any of its text values (one level deep) contains the term. */
export const containsText =
	(...keys: string[]) =>
	(record: IDataObject, term: unknown): boolean => {
		const wanted = lower(term).trim();
		const values = keys.length ? keys.map((key) => record[key]) : Object.values(record);
		return values.some((value) =>
			(value && typeof value === 'object' ? Object.values(value) : [value]).some(
				(text) => typeof text === 'string' && lower(text).includes(wanted),
			),
		);
	};

/** The record's `key` equals the value (ignoring case); undefined when the record lacks the key. */
export const equalsKey =
	(key: string) =>
	(record: IDataObject, value: unknown): boolean | undefined =>
		key in record ? lower(record[key]) === lower(value) : undefined;

export const EXPRESSION_HINT =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

// --- field builders for the tables of versions 2 and 3 (heffl-reference.md) ---

export const text = (
	name: string,
	displayName: string,
	description: string,
	extra: Partial<FieldSpec> = {},
): FieldSpec => ({ name, displayName, type: 'string', default: '', description, ...extra });

export const choice = (
	name: string,
	displayName: string,
	values: readonly string[],
	description: string,
	extra: Partial<FieldSpec> = {},
): FieldSpec => {
	const first = values[0];
	return {
		displayName,
		name,
		type: 'options',
		options: alphabetical(toOptions(values)),
		default: first,
		description,
		...extra,
	};
};

export const dateTime = (name: string, displayName: string, description: string): FieldSpec => ({
	name,
	displayName,
	type: 'dateTime',
	format: 'dateTime',
	default: '',
	description: `${description}. Any ISO 8601 date or date-time; sent as a UTC date-time.`,
});

export const number = (name: string, displayName: string, description: string): FieldSpec => ({
	name,
	displayName,
	type: 'number',
	default: 0,
	description,
});

export const email = (description: string, extra: Partial<FieldSpec> = {}) =>
	text('email', 'Email', description, {
		format: 'email',
		placeholder: 'e.g. nathan@example.com',
		...extra,
	});

export const website = (description: string) =>
	text('website', 'Website', `${description}. A missing https:// is added.`, {
		format: 'webUrl',
		placeholder: 'e.g. https://example.com',
		nullable: true,
	});

export const phone = (name: string, displayName: string, description: string) =>
	text(name, displayName, `${description}, with the country code`, {
		placeholder: 'e.g. +971501234567',
	});

export const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH'];
export const DEAL_STATUSES = ['ACTIVE', 'WON', 'LOST'];
export const TASK_STATUSES = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'];

export const pipelineField: FieldSpec = {
	displayName: 'Pipeline Name or ID',
	name: 'pipeline',
	key: 'pipelineId',
	type: 'options',
	loadOptionsMethod: 'getPipelines',
	default: '',
	description: `The deal pipeline. ${EXPRESSION_HINT}.`,
};

export const stageField: FieldSpec = {
	displayName: 'Stage Name or ID',
	name: 'stage',
	key: 'stageId',
	type: 'options',
	loadOptionsMethod: 'getPipelineStages',
	loadOptionsDependsOn: ['pipeline', 'filters.pipeline'],
	default: '',
	description: `A stage of the pipeline. ${EXPRESSION_HINT}.`,
};

/** Link to another record by ID (§8.2: string public IDs; some pages show numbers). */
export const link = (
	name: string,
	key: string,
	displayName: string,
	what: string,
	prefix: string,
	extra: Partial<FieldSpec> = {},
): FieldSpec =>
	text(name, displayName, `ID of the ${what}`, {
		key,
		placeholder: `e.g. ${prefix}2KWPBgLlAfxdpx2AI54pPJ85f1W`,
		...extra,
	});

export const ADDRESS_MEMBERS = [
	['address', 'Address'],
	['city', 'City'],
	['landmark', 'Landmark'],
	['state', 'State'],
	['country', 'Country'],
	['postalCode', 'Postal Code'],
]
	.map(([name, displayName]) => text(name, displayName, `${displayName} of the billing address`))
	.sort((a, b) => a.displayName.localeCompare(b.displayName));

export const search = (records: string, keys: string[]): FilterSpec => ({
	...text(
		'search',
		'Search',
		`Only ${records} whose ${keys.join(', ')} contain this text, ignoring case. Checked in n8n on the records Heffl returns.`,
	),
	filter: 'local',
	matches: containsText(...keys),
});

/** A filter checked here on each returned record (Heffl documents no v1 list filter, §7). */
export const localFilter = (field: FieldSpec, key = field.key ?? field.name): FilterSpec => ({
	...field,
	description: `${field.description ?? ''} Checked in n8n on the records Heffl returns.`.trim(),
	filter: 'local',
	matches: equalsKey(key),
});

/** §11.5's task fields, the only documented task schema; assignee and tag inputs differ per version. */
export const taskFields = (assignees: FieldSpec, tags: FieldSpec): FieldSpec[] => [
	text('title', 'Title', 'Title of the task', {
		main: true,
		required: true,
		placeholder: 'e.g. Call back about the quote',
	}),
	text('description', 'Description', 'Details of the task', { rows: 4, nullable: true }),
	choice('status', 'Status', TASK_STATUSES, 'Status of the task'),
	choice('taskType', 'Type', ['call', 'todo', 'meeting'], 'Kind of task', {
		key: 'type',
		default: 'todo',
	}),
	choice('priority', 'Priority', PRIORITIES, 'Priority of the task', { nullable: true }),
	dateTime('startDate', 'Start Date', 'When the task starts'),
	dateTime('dueDate', 'Due Date', 'When the task is due'),
	{
		displayName: 'Show Time',
		name: 'showTime',
		type: 'boolean',
		default: false,
		description: 'Whether to show the time of the due date',
	},
	number('durationMinutes', 'Duration (Minutes)', 'How long the task takes, in minutes'),
	assignees,
	tags,
	choice(
		'linkedTo',
		'Linked Record Type',
		['deals', 'leads', 'projects'],
		'Kind of record the task belongs to; set Linked Record ID too',
		{ key: 'entity' },
	),
	text(
		'linkedId',
		'Linked Record ID',
		'ID of the deal, lead or project the task belongs to; set Linked Record Type too',
		{ key: 'entityId', placeholder: 'e.g. ld_abc123', nullable: true, clearTogether: ['linkedTo'] },
	),
];

export const CRUD: OperationName[] = ['create', 'delete', 'get', 'getAll', 'update'];
export const READ: OperationName[] = ['get', 'getAll'];
export const named = (record: IDataObject) => String(record.name ?? record.id);

export function resourceParameter(resource: ResourceSpec): string {
	return `${resource.value}Id`;
}

export function fieldParameter(field: FieldSpec): string {
	return field.parameterName ?? field.name;
}

export function fieldKey(field: FieldSpec): string {
	return field.key ?? field.name;
}

/** The fields of `operation`, in table order. */
export function fieldsOf(resource: ResourceSpec, operation: 'create' | 'update'): FieldSpec[] {
	return (resource.fields ?? []).filter((field) => !field.on || field.on.includes(operation));
}

export function isFilterSpec(field: FieldSpec | FilterSpec): field is FilterSpec {
	return 'filter' in field;
}
