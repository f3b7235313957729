import type { IDataObject, IHttpRequestMethods, INodePropertyOptions } from 'n8n-workflow';

import { EVENT_OPTIONS } from '../shared/events';
import type { ApiVersion } from '../shared/transport';
import { RESOURCES_V1 } from './v1/resources';
import { TAG_TYPES } from './tagTypes';

export type OperationName = 'create' | 'get' | 'getAll' | 'update' | 'delete' | 'upsert';
export type NodeVersion = 1 | 2;

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
	/** Extra output of Create (the webhook secret's warning). */
	afterCreate?: (record: IDataObject) => IDataObject;
}

const toOptions = (values: readonly string[], names?: Record<string, string>) =>
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

const alphabetical = (options: INodePropertyOptions[]) =>
	[...options].sort((a, b) => a.name.localeCompare(b.name));

export const TAG_TYPE_OPTIONS = toOptions(TAG_TYPES, { fs_jobs: 'Field Service Jobs' });

/** §11.13: the document types templates belong to ("and others"). */
const TEMPLATE_TYPES = [
	'quotations',
	'invoices',
	'proforma_invoices',
	'purchase_orders',
	'bills',
	'sales_orders',
	'documents',
];

const lower = (value: unknown) => String(value ?? '').toLowerCase();

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

const EXPRESSION_HINT =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

// --- version 2: Heffl's reference (shared/spec/heffl-reference.md) ---

const text = (
	name: string,
	displayName: string,
	description: string,
	extra: Partial<FieldSpec> = {},
): FieldSpec => ({ name, displayName, type: 'string', default: '', description, ...extra });

const choice = (
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

const dateTime = (name: string, displayName: string, description: string): FieldSpec => ({
	name,
	displayName,
	type: 'dateTime',
	format: 'dateTime',
	default: '',
	description: `${description}. Any ISO 8601 date or date-time; sent as a UTC date-time.`,
});

const number = (name: string, displayName: string, description: string): FieldSpec => ({
	name,
	displayName,
	type: 'number',
	default: 0,
	description,
});

const email = (description: string, extra: Partial<FieldSpec> = {}) =>
	text('email', 'Email', description, {
		format: 'email',
		placeholder: 'e.g. nathan@example.com',
		...extra,
	});

const website = (description: string) =>
	text('website', 'Website', `${description}. A missing https:// is added.`, {
		format: 'webUrl',
		placeholder: 'e.g. https://example.com',
		nullable: true,
	});

const phone = (name: string, displayName: string, description: string) =>
	text(name, displayName, `${description}, with the country code`, {
		placeholder: 'e.g. +971501234567',
	});

const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH'];
const DEAL_STATUSES = ['ACTIVE', 'WON', 'LOST'];
const TASK_STATUSES = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'];

const pipelineField: FieldSpec = {
	displayName: 'Pipeline Name or ID',
	name: 'pipeline',
	key: 'pipelineId',
	type: 'options',
	loadOptionsMethod: 'getPipelines',
	default: '',
	description: `The deal pipeline. ${EXPRESSION_HINT}.`,
};

const stageField: FieldSpec = {
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
const link = (
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

const ADDRESS_MEMBERS = [
	['address', 'Address'],
	['city', 'City'],
	['landmark', 'Landmark'],
	['state', 'State'],
	['country', 'Country'],
	['postalCode', 'Postal Code'],
]
	.map(([name, displayName]) => text(name, displayName, `${displayName} of the billing address`))
	.sort((a, b) => a.displayName.localeCompare(b.displayName));

const search = (records: string, keys: string[]): FilterSpec => ({
	...text(
		'search',
		'Search',
		`Only ${records} whose ${keys.join(', ')} contain this text, ignoring case. Checked in n8n on the records Heffl returns.`,
	),
	filter: 'local',
	matches: containsText(...keys),
});

/** A filter checked here on each returned record (Heffl documents no v1 list filter, §7). */
const localFilter = (field: FieldSpec, key = field.key ?? field.name): FilterSpec => ({
	...field,
	description: `${field.description ?? ''} Checked in n8n on the records Heffl returns.`.trim(),
	filter: 'local',
	matches: equalsKey(key),
});

const CRUD: OperationName[] = ['create', 'delete', 'get', 'getAll', 'update'];
const READ: OperationName[] = ['get', 'getAll'];
const named = (record: IDataObject) => String(record.name ?? record.id);

/**
 * Every resource of version 2, written from heffl-reference.md section by section.
 * This table drives the node's UI and its execution: a resource that follows the
 * common pattern is one entry here.
 */
export const RESOURCES_V2: ResourceSpec[] = [
	{
		// §10.1
		value: 'lead',
		displayName: 'Lead',
		label: 'lead',
		api: 'v1',
		path: '/leads',
		idPrefix: 'ld_',
		operations: [...CRUD, 'upsert'],
		methods: { update: 'PUT' },
		customFields: true,
		extraFields: true,
		title: (lead) => [lead.name, lead.email].filter(Boolean).join(' · ') || String(lead.id),
		simplifyKeys: ['id', 'number', 'name', 'email', 'mobile', 'title', 'stage', 'createdAt'],
		fields: [
			text('name', 'Name', 'Full name of the lead', {
				main: true,
				placeholder: 'e.g. Nathan Smith',
			}),
			email('E-mail address of the lead', { nullable: true }),
			phone('mobile', 'Mobile', 'Mobile number'),
			phone('secondaryMobile', 'Secondary Mobile', 'Second mobile number'),
			text('jobTitle', 'Job Title', 'Job title or position of the lead', {
				key: 'title',
				placeholder: 'e.g. Head of Sales',
			}),
			number('value', 'Value', 'Expected deal value'),
			website('Company website of the lead'),
		],
		filters: [
			search('leads', ['name', 'email', 'mobile', 'title']),
			localFilter(
				text('stage', 'Stage', 'Only leads in the stage with this name', {
					placeholder: 'e.g. New',
				}),
			),
			localFilter(
				text('source', 'Source', 'Only leads from the source with this name', {
					placeholder: 'e.g. Website',
				}),
			),
			localFilter({
				displayName: 'Archived',
				name: 'archived',
				type: 'boolean',
				default: false,
				description: 'Whether to return only archived leads (on) or only active ones (off)',
			}),
		],
	},
	{
		// §10.2: contacts and companies are one resource, told apart by type.
		value: 'client',
		displayName: 'Client',
		label: 'client',
		api: 'v1',
		path: '/clients',
		idPrefix: 'clt_',
		operations: CRUD,
		customFields: true,
		extraFields: true,
		title: named,
		simplifyKeys: ['id', 'number', 'type', 'name', 'firstName', 'lastName', 'email', 'createdAt'],
		fields: [
			choice(
				'clientType',
				'Type',
				['company', 'contact'],
				'Whether the client is a company or a person',
				{
					key: 'type',
					main: true,
					on: ['create'],
				},
			),
			text('name', 'Name', 'Name of the company', {
				main: true,
				required: true,
				showWhen: { clientType: ['company'] },
				placeholder: 'e.g. Acme Trading LLC',
			}),
			text('firstName', 'First Name', 'First name of the contact', {
				main: true,
				required: true,
				showWhen: { clientType: ['contact'] },
				placeholder: 'e.g. Nathan',
			}),
			text('lastName', 'Last Name', 'Last name (contacts)', { placeholder: 'e.g. Smith' }),
			text('salutation', 'Salutation', 'Salutation (contacts)', { placeholder: 'e.g. Dr.' }),
			email('E-mail address (contacts)', { nullable: true }),
			phone('phone', 'Phone', 'Phone number (contacts)'),
			text('jobTitle', 'Job Title', 'Job title (contacts)', { placeholder: 'e.g. CFO' }),
			website('Website (companies)'),
			text('taxNumber', 'Tax Number', 'Tax registration number', { nullable: true }),
			{
				displayName: 'Billing Address',
				name: 'billingAddress',
				type: 'collection',
				default: {},
				placeholder: 'Add Address Field',
				description: 'Billing address of the client',
				members: ADDRESS_MEMBERS,
			},
			number('openingBalance', 'Opening Balance', 'Opening balance of the account'),
			// Only the type can be changed later by the update pages; it is offered there.
			choice(
				'type',
				'Type',
				['company', 'contact'],
				'Whether the client is a company or a person',
				{
					on: ['update'],
				},
			),
		],
		filters: [
			search('clients', ['name', 'firstName', 'lastName', 'email']),
			localFilter(
				choice('type', 'Type', ['company', 'contact'], 'Only companies or only contacts'),
			),
		],
	},
	{
		// §10.3
		value: 'deal',
		displayName: 'Deal',
		label: 'deal',
		api: 'v1',
		path: '/deals',
		idPrefix: 'dl_',
		operations: CRUD,
		customFields: true,
		extraFields: true,
		title: (deal) => String(deal.title ?? deal.id),
		simplifyKeys: [
			'id',
			'number',
			'title',
			'price',
			'status',
			'pipelineId',
			'stageId',
			'clientId',
			'createdAt',
		],
		fields: [
			text('title', 'Title', 'Title of the deal', {
				main: true,
				required: true,
				placeholder: 'e.g. Website redesign',
			}),
			{ ...pipelineField, main: true, required: true, on: ['create'] },
			{ ...stageField, main: true, required: true },
			link(
				'client',
				'clientId',
				'Client ID',
				'client (company or contact) the deal is with',
				'clt_',
				{
					main: true,
					required: true,
					on: ['create'],
					locator: 'client',
					displayName: 'Client',
				},
			),
			link('lead', 'leadId', 'Lead', 'lead the deal came from', 'ld_', {
				on: ['create'],
				locator: 'lead',
			}),
			link('sourceId', 'sourceId', 'Source ID', 'deal source (one version of the page)', 'src_'),
			text(
				'sourceName',
				'Source Name',
				'Name of the deal source; Heffl creates it when it does not exist (the other version of the page)',
				{
					key: 'source',
					on: ['create'],
				},
			),
			number('price', 'Price', 'Value of the deal'),
			dateTime('expectedCloseDate', 'Expected Close Date', 'When the deal is expected to close'),
			choice('priority', 'Priority', PRIORITIES, 'Priority of the deal'),
			choice('status', 'Status', DEAL_STATUSES, 'Status of the deal', { on: ['update'] }),
		],
		filters: [
			search('deals', ['title']),
			localFilter(choice('status', 'Status', DEAL_STATUSES, 'Only deals with this status')),
			localFilter(choice('priority', 'Priority', PRIORITIES, 'Only deals with this priority')),
			localFilter({ ...pipelineField, description: 'Only deals in this pipeline' }),
			localFilter({ ...stageField, description: 'Only deals in this stage' }),
			localFilter(
				link('client', 'clientId', 'Client', 'client', 'clt_', {
					description: 'Only deals with this client',
					locator: 'client',
				}),
			),
		],
	},
	{
		// §10.4 names the endpoints only; the fields are §11.5's, the only documented task schema.
		value: 'task',
		displayName: 'Task',
		label: 'task',
		api: 'v1',
		path: '/tasks',
		idPrefix: 'tsk_',
		operations: CRUD,
		customFields: true,
		extraFields: true,
		title: (task) => String(task.title ?? task.id),
		simplifyKeys: ['id', 'number', 'title', 'status', 'type', 'priority', 'dueDate', 'createdAt'],
		fields: [
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
			text(
				'assignees',
				'Assignee IDs',
				'IDs of the users the task is assigned to, separated by commas',
				{
					key: 'assigneeIds',
					format: 'ids',
					placeholder: 'e.g. usr_abc123, usr_def456',
				},
			),
			text('tags', 'Tag IDs', 'IDs of the tags of the task, separated by commas', {
				key: 'tagIds',
				format: 'ids',
				placeholder: 'e.g. tag_abc123',
			}),
			choice(
				'linkedTo',
				'Linked Record Type',
				['deals', 'leads', 'projects'],
				'Kind of record the task belongs to; set Linked Record ID too',
				{
					key: 'entity',
				},
			),
			text(
				'linkedId',
				'Linked Record ID',
				'ID of the deal, lead or project the task belongs to; set Linked Record Type too',
				{
					key: 'entityId',
					placeholder: 'e.g. ld_abc123',
					nullable: true,
				},
			),
		],
		filters: [
			search('tasks', ['title', 'description']),
			localFilter(choice('status', 'Status', TASK_STATUSES, 'Only tasks with this status')),
			localFilter(choice('priority', 'Priority', PRIORITIES, 'Only tasks with this priority')),
			localFilter(
				choice('taskType', 'Type', ['call', 'todo', 'meeting'], 'Only tasks of this kind', {
					key: 'type',
					default: 'todo',
				}),
			),
		],
	},
	...RESOURCES_V1.filter((resource) =>
		['pipeline', 'product', 'leadStage', 'leadSource', 'tag'].includes(resource.value),
	).map(readOnlyV2),
	{
		// §11.13
		value: 'documentTemplate',
		displayName: 'Document Template',
		label: 'document template',
		api: 'v2',
		path: '/document-templates',
		idPrefix: 'tpl_',
		operations: READ,
		searchable: true,
		unpaginated: true,
		title: (template) => `${String(template.name)} (${String(template.type)})`,
		filters: [
			{
				...choice('type', 'Type', TEMPLATE_TYPES, 'Only templates of this document type', {
					default: 'quotations',
				}),
				filter: 'server',
				matches: equalsKey('type'),
			},
			{
				...text('search', 'Search', 'Only templates whose name starts with this, ignoring case'),
				filter: 'server',
				matches: (record, value) => lower(record.name).startsWith(lower(value).trim()),
			},
			{
				displayName: 'Include Inactive',
				name: 'includeInactive',
				type: 'boolean',
				default: false,
				description: 'Whether to return inactive templates too',
				filter: 'server',
			},
		],
	},
	{
		// §6.2, §7, §11.1. No GET /contacts/{id} is listed; the create body is undocumented
		// and takes the update page's fields (README Assumptions).
		value: 'contact',
		displayName: 'Contact',
		label: 'contact',
		api: 'v2',
		path: '/contacts',
		idPrefix: 'clt_',
		operations: ['create', 'delete', 'getAll', 'update', 'upsert'],
		searchable: true,
		customFields: true,
		title: (contact) =>
			[
				contact.name ?? [contact.firstName, contact.lastName].filter(Boolean).join(' '),
				contact.email,
			]
				.filter(Boolean)
				.join(' · ') || String(contact.id),
		fields: [
			text('firstName', 'First Name', 'First name of the contact', {
				main: true,
				placeholder: 'e.g. Nathan',
			}),
			text('lastName', 'Last Name', 'Last name of the contact', { placeholder: 'e.g. Smith' }),
			text('salutation', 'Salutation', 'Salutation, such as Mr., Mrs. or Dr.', {
				placeholder: 'e.g. Dr.',
			}),
			email('E-mail address of the contact'),
			phone('phone', 'Phone', 'Phone number of the contact'),
			text('jobTitle', 'Job Title', 'Job title of the contact', { placeholder: 'e.g. CFO' }),
			link('company', 'companyId', 'Company', 'company (client) the contact works for', 'clt_', {
				nullable: true,
				locator: 'client',
			}),
			link('clientStage', 'stageId', 'Client Stage', 'client stage of the contact', 'cs_', {
				locator: 'clientStage',
			}),
			link('leadStage', 'leadStageId', 'Lead Stage ID', 'lead stage of the contact', 'lstg_'),
			link('owner', 'ownerUserId', 'Owner', 'user who owns the contact', 'usr_', {
				locator: 'user',
			}),
			link('vendor', 'vendorId', 'Vendor ID', 'vendor linked to the contact', 'vnd_'),
			link('source', 'sourceId', 'Source ID', 'CRM source of the contact', 'src_'),
			{
				displayName: 'Billing Address',
				name: 'billingAddress',
				type: 'collection',
				default: {},
				placeholder: 'Add Address Field',
				description: 'Billing address of the contact',
				members: ADDRESS_MEMBERS,
			},
		],
		filters: [
			{
				...text('search', 'Search', "Heffl's full-text search over contacts"),
				filter: 'server',
			},
			{
				...text(
					'filters',
					'Filters (JSON)',
					"Heffl's v2 filter object, sent as the JSON-encoded filters parameter",
					{
						format: 'json',
						placeholder: 'e.g. {"stageId": {"operator": "is", "values": ["cs_abc123"]}}',
					},
				),
				filter: 'server',
			},
		],
	},
	{
		// §10.5: only Create is documented.
		value: 'invoice',
		displayName: 'Invoice',
		label: 'invoice',
		api: 'v1',
		path: '/invoices',
		operations: ['create'],
		extraFields: true,
		fields: [
			link('client', 'clientId', 'Client', 'client the invoice is for', 'clt_', {
				main: true,
				required: true,
				locator: 'client',
			}),
			{ ...dateTime('date', 'Date', 'Invoice date'), main: true, required: true },
			{ ...dateTime('dueDate', 'Due Date', 'When the invoice is due'), main: true, required: true },
			{
				displayName: 'Line Items',
				name: 'lineItems',
				type: 'fixedCollection',
				default: {},
				main: true,
				required: true,
				entryName: 'Line Item',
				placeholder: 'Add Line Item',
				description: 'What is invoiced; at least one line',
				members: [
					text('name', 'Name', 'Name of the line', { placeholder: 'e.g. Website audit' }),
					number('quantity', 'Quantity', 'How many'),
					number('price', 'Price', 'Price of one'),
					text('description', 'Description', 'Details of the line', { rows: 2 }),
					link('productId', 'productId', 'Product ID', 'product', 'prd_'),
					link('taxRateId', 'taxRateId', 'Tax Rate ID', 'tax rate', 'txr_'),
					number('discount', 'Discount', 'Discount on the line'),
					choice(
						'discountType',
						'Discount Type',
						['fixed', 'percentage'],
						'Whether the discount is an amount or a percentage',
					),
					number('buyPrice', 'Buy Price', 'Cost price of one'),
				],
			},
			choice('status', 'Status', ['DRAFT', 'SENT'], 'Status of the new invoice'),
			{
				displayName: 'Prices Include Tax',
				name: 'isInclusiveTax',
				type: 'boolean',
				default: false,
				description: 'Whether the prices include tax',
			},
			link('contact', 'contactId', 'Contact', 'contact person at the client', 'clt_', {
				locator: 'contact',
			}),
			text('subject', 'Subject', 'Subject of the invoice', {
				placeholder: 'e.g. January retainer',
			}),
			text('notes', 'Notes', 'Notes printed on the invoice', { rows: 4 }),
			link('salesPerson', 'salesPersonId', 'Sales Person', 'user who sold', 'usr_', {
				locator: 'user',
			}),
			link(
				'template',
				'templateId',
				'Template ID',
				'invoice document template (the team default when empty)',
				'tpl_',
			),
			text('tags', 'Tag IDs', 'IDs of the tags of the invoice, separated by commas', {
				format: 'ids',
			}),
		],
	},
	{
		// §12.1 (list, get and delete are not documented; the contract names them)
		value: 'webhookSubscription',
		displayName: 'Webhook Subscription',
		label: 'webhook subscription',
		api: 'v1',
		path: '/webhooks',
		operations: ['create', 'delete', 'get', 'getAll'],
		title: (subscription) =>
			`${String(subscription.name ?? subscription.id)} → ${String(subscription.url)}`,
		fields: [
			text(
				'subscriptionName',
				'Name',
				'Shown in Heffl’s developer settings. Empty: "n8n: " and the events.',
				{
					key: 'name',
					main: true,
					placeholder: 'e.g. n8n: New Leads',
				},
			),
			text('url', 'URL', 'Where Heffl sends the events (HTTPS in production)', {
				main: true,
				required: true,
				placeholder: 'e.g. https://example.com/webhooks/heffl',
			}),
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: EVENT_OPTIONS,
				main: true,
				required: true,
				default: [],
				description: 'The events Heffl sends to the URL',
			},
		],
		beforeCreate: (body) => ({
			...body,
			name: body.name ?? `n8n: ${((body.events ?? []) as string[]).join(', ')}`.slice(0, 100),
		}),
		afterCreate: (subscription) => ({
			...subscription,
			secretNotice:
				'Heffl shows this signing secret only once. Store it now (for example in a Heffl Trigger set to "Use Existing Subscription"); it cannot be read again.',
		}),
	},
];

/**
 * Version 2 of a read-only resource of version 1 (reference data the contract names,
 * at paths no page shows): the same endpoint, with its filters checked on the records.
 */
function readOnlyV2(resource: ResourceSpec): ResourceSpec {
	return {
		...resource,
		filters: resource.filters?.map((filter) =>
			filter.name === 'search'
				? search(`${resource.label}s`, ['name', 'sku'])
				: {
						...filter,
						...(filter.options && { options: alphabetical(filter.options) }),
						filter: 'server',
						matches: equalsKey(filter.key ?? filter.name),
					},
		),
		searchable: false,
	};
}

export function resourcesOf(version: NodeVersion): ResourceSpec[] {
	return version === 1 ? RESOURCES_V1 : RESOURCES_V2;
}

export function findResource(version: NodeVersion, value: string): ResourceSpec {
	const resource = resourcesOf(version).find((candidate) => candidate.value === value);
	if (!resource) throw new Error(`Unknown resource '${value}'`);
	return resource;
}

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
