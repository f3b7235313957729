/**
 * The live table of the Heffl node (version 3), written from heffl-reference.md section
 * by section. It drives the node's UI and its execution: a resource is one entry.
 * Entries that version 2 shares (leads, clients, contacts, templates, invoices,
 * webhook subscriptions) are exported for `v2/resources.ts`; they change only in
 * ways that keep what a saved version-2 workflow means.
 */
import type { IDataObject } from 'n8n-workflow';

import { EVENT_OPTIONS } from '../shared/events';
import type { FieldSpec, FilterSpec, ResourceSpec } from './spec';
import {
	ADDRESS_MEMBERS,
	alphabetical,
	choice,
	containsText,
	CRUD,
	dateTime,
	DEAL_STATUSES,
	email,
	equalsKey,
	EXPRESSION_HINT,
	link,
	localFilter,
	lower,
	named,
	number,
	phone,
	pipelineField,
	PRIORITIES,
	READ,
	search,
	stageField,
	TAG_TYPE_OPTIONS,
	taskFields,
	TEMPLATE_TYPES,
	text,
	website,
} from './spec';

export const lead: ResourceSpec = {
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
};

export const client: ResourceSpec = {
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
		choice('type', 'Type', ['company', 'contact'], 'Whether the client is a company or a person', {
			on: ['update'],
		}),
	],
	filters: [
		search('clients', ['name', 'firstName', 'lastName', 'email']),
		localFilter(choice('type', 'Type', ['company', 'contact'], 'Only companies or only contacts')),
	],
};

export const documentTemplate: ResourceSpec = {
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
};

export const contact: ResourceSpec = {
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
	customFieldsFrom: { entity: 'contacts' },
	deleteRefusal:
		'Heffl refuses to delete a contact that has linked deals, invoices or quotations (delete or reassign them first).',
	title: (contact) =>
		[contact.name ?? [contact.firstName, contact.lastName].filter(Boolean).join(' '), contact.email]
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
		link('company', 'companyId', 'Company', 'company the contact works for', 'clt_', {
			nullable: true,
			locator: 'company',
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
};

export const invoice: ResourceSpec = {
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
};

export const webhookSubscription: ResourceSpec = {
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
};

// --- version 3: the v2 CRM surface (§11, §13) ---

const QUOTATION_STATUSES = ['DRAFT', 'SENT', 'ACCEPTED', 'REJECTED'];
const STAGE_TYPES = ['ACTIVE', 'WON', 'LOST'];

/** A user picker (§13: `GET /v2/users`, `usr_` IDs). */
const userLink = (name: string, key: string, displayName: string, what: string) =>
	link(name, key, displayName, what, 'usr_', { locator: 'user' });

/** Several users: a dropdown loaded from `GET /v2/users`. */
const usersField = (name: string, key: string, what: string): FieldSpec => ({
	displayName: 'Assignee Names or IDs',
	name,
	key,
	type: 'multiOptions',
	format: 'ids',
	loadOptionsMethod: 'getUsers',
	default: [],
	description: `The users ${what}. ${EXPRESSION_HINT}.`,
});

/** v2 tags (`tag_` IDs), offered for the record's tag type. */
const tagsField = (key: string, what: string): FieldSpec => ({
	displayName: 'Tag Names or IDs',
	name: 'tags',
	key,
	type: 'multiOptions',
	format: 'ids',
	loadOptionsMethod: 'getTagsV2',
	default: [],
	description: `Tags of the ${what}. ${EXPRESSION_HINT}.`,
});

const currencyField = text('currency', 'Currency', 'Three-letter ISO 4217 code', {
	format: 'currency',
	placeholder: 'e.g. USD',
});

const toggle = (name: string, displayName: string, description: string): FieldSpec => ({
	displayName,
	name,
	type: 'boolean',
	default: false,
	description,
});

const dropdown = (
	name: string,
	key: string,
	displayName: string,
	method: string,
	description: string,
): FieldSpec => ({
	displayName: `${displayName} Name or ID`,
	name,
	key,
	type: 'options',
	loadOptionsMethod: method,
	default: '',
	description: `${description}. ${EXPRESSION_HINT}.`,
});

const clientStageField = dropdown(
	'clientStage',
	'stageId',
	'Client Stage',
	'getClientStages',
	'Client stage (`cs_`)',
);
const crmSourceField = dropdown('source', 'sourceId', 'Source', 'getCrmSources', 'CRM source');

/** Line items of deals (`products`) and quotations (`quotationProducts`): §11.3, §11.4. */
const lineItemMembers = (withScope: boolean): FieldSpec[] => [
	text('name', 'Name', 'Name of the line', { placeholder: 'e.g. Website audit' }),
	{ ...number('quantity', 'Quantity', 'How many'), default: 1 },
	{
		...number('price', 'Price', 'Price of one; 0 with a product: the product’s price'),
		zeroFrom: 'productId',
	},
	text('description', 'Description', 'Details of the line', { rows: 2 }),
	dropdown('productId', 'productId', 'Product', 'getProductsV2', 'Product the line sells'),
	number('tax', 'Tax', 'Tax of the line'),
	link('taxRateId', 'taxRateId', 'Tax Rate ID', 'tax rate', 'txr_'),
	number('discount', 'Discount', 'Discount on the line'),
	...(withScope ? [text('scope', 'Scope', 'Scope of work of the line', { rows: 2 })] : []),
];

const lineItems = (key: string, what: string, withScope: boolean): FieldSpec[] => [
	{
		displayName: 'Line Items',
		name: 'lineItems',
		key,
		type: 'fixedCollection',
		default: {},
		entryName: 'Line Item',
		placeholder: 'Add Line Item',
		description: `What the ${what} sells`,
		members: lineItemMembers(withScope),
	},
	text(
		'lineItemsJson',
		'Line Items (JSON)',
		`The line items as a JSON list, e.g. from an expression like {{ $json.products }}. Use this or Line Items, not both.`,
		{
			key,
			format: 'jsonList',
			placeholder: 'e.g. [{"name": "Audit", "quantity": 1, "price": 500}]',
		},
	),
];

/** A filter-builder field. */
const condition = (key: string, displayName: string, recordKey?: string) => ({
	key,
	displayName,
	...(recordKey && { recordKey }),
});

/** v2 `search` (§7): sent, and checked on the record's texts (nested ones too). */
const serverSearch = (
	what: string,
	matches: FilterSpec['matches'] = containsText(),
): FilterSpec => ({
	...text('search', 'Search', `Heffl's full-text search over ${what}`),
	filter: 'server',
	matches,
});

/** §11.4: a quotation list row has no line items; a search may match their text. */
const quotationSearch = (record: IDataObject, term: unknown): boolean | undefined => {
	if (containsText()(record, term)) return true;
	const lines = record.lineItems;
	if (!Array.isArray(lines) || lines.length === 0) return undefined;
	return (lines as IDataObject[]).some((line) => containsText()(line, term));
};

const COMPANY_AND_CONTACT_CONDITIONS = [
	condition('stageId', 'Client Stage ID'),
	condition('leadStageId', 'Lead Stage ID'),
	condition('ownerUserId', 'Owner User ID'),
	condition('sourceId', 'Source ID', 'crmSourceId'),
];

/** Version 3's contact: §7's sort and filter builder (version 2 keeps its Filters (JSON) text). */
const contactV3: ResourceSpec = {
	...contact,
	filters: [serverSearch('contacts')],
	listing: {
		orderBy: ['createdAt', 'name'],
		conditions: [...COMPANY_AND_CONTACT_CONDITIONS, condition('companyId', 'Company ID')],
	},
};

export const company: ResourceSpec = {
	// §11.2: no GET /companies/{id} is documented.
	value: 'company',
	displayName: 'Company',
	label: 'company',
	api: 'v2',
	path: '/companies',
	idPrefix: 'clt_',
	operations: ['create', 'delete', 'getAll', 'update'],
	searchable: true,
	customFields: true,
	customFieldsFrom: { entity: 'companies' },
	extraFields: true,
	title: named,
	simplifyKeys: ['id', 'number', 'name', 'email', 'phone', 'stageName', 'ownerUserId', 'createdAt'],
	fields: [
		text('name', 'Name', 'Name of the company', {
			main: true,
			required: true,
			placeholder: 'e.g. Acme Trading LLC',
		}),
		email('E-mail address of the company', { nullable: true }),
		phone('phone', 'Phone', 'Phone number of the company'),
		text('taxNumber', 'Tax Number', 'Tax registration number'),
		website('Website of the company'),
		text('description', 'Description', 'About the company', { rows: 4 }),
		text('linkedin', 'LinkedIn', 'LinkedIn page of the company', {
			format: 'webUrl',
			placeholder: 'e.g. https://www.linkedin.com/company/acme',
		}),
		currencyField,
		number('openingBalance', 'Opening Balance', 'Opening balance of the account (0 or more)'),
		toggle(
			'showJobAmountToWorker',
			'Show Job Amount to Worker',
			'Whether field workers see job amounts of this company',
		),
		toggle(
			'isClientPortalEnabled',
			'Client Portal Enabled',
			'Whether the company can use the client portal',
		),
		text('internalNotes', 'Internal Notes', 'Notes only the team sees', { rows: 4 }),
		clientStageField,
		link('leadStage', 'leadStageId', 'Lead Stage ID', 'lead stage of the company', 'lstg_'),
		userLink('owner', 'ownerUserId', 'Owner', 'user who owns the company'),
		link('vendor', 'vendorId', 'Vendor ID', 'vendor linked to the company', 'vnd_'),
		crmSourceField,
		{
			displayName: 'Billing Address',
			name: 'billingAddress',
			type: 'collection',
			default: {},
			placeholder: 'Add Address Field',
			description: 'Billing address of the company',
			members: ADDRESS_MEMBERS,
		},
		{
			displayName: 'Primary Contact',
			name: 'primaryContact',
			type: 'collection',
			default: {},
			placeholder: 'Add Contact Field',
			description:
				'A contact person created with the company (the reference shows the object, not its fields)',
			on: ['create'],
			members: [
				text('firstName', 'First Name', 'First name of the contact'),
				text('lastName', 'Last Name', 'Last name of the contact'),
				text('email', 'Email', 'E-mail address of the contact', {
					placeholder: 'e.g. nathan@example.com',
				}),
				text('phone', 'Phone', 'Phone number, with the country code'),
				text('salutation', 'Salutation', 'Salutation, such as Mr., Mrs. or Dr.'),
				text('jobTitle', 'Job Title', 'Job title of the contact'),
			].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	],
	filters: [serverSearch('companies')],
	listing: { orderBy: ['createdAt', 'name'], conditions: COMPANY_AND_CONTACT_CONDITIONS },
};

export const deal: ResourceSpec = {
	// §11.3
	value: 'deal',
	displayName: 'Deal',
	label: 'deal',
	api: 'v2',
	path: '/deals',
	idPrefix: 'dl_',
	operations: CRUD,
	searchable: true,
	customFields: true,
	customFieldsFrom: { entity: 'deals' },
	extraFields: true,
	title: (record) => String(record.title ?? record.id),
	simplifyKeys: [
		'id',
		'number',
		'title',
		'price',
		'status',
		'stage',
		'pipelineId',
		'stageId',
		'clientId',
		'ownerName',
		'createdAt',
	],
	fields: [
		text('title', 'Title', 'Title of the deal', {
			main: true,
			required: true,
			placeholder: 'e.g. Website redesign',
		}),
		link('client', 'clientId', 'Client', 'contact or company the deal is with', 'clt_', {
			main: true,
			required: true,
			locator: 'client',
		}),
		{ ...pipelineField, main: true, required: true, on: ['create'] },
		{ ...pipelineField, on: ['update'] },
		{
			...stageField,
			loadOptionsDependsOn: ['pipeline', 'updateFields.pipeline'],
			description: `A stage of the pipeline; empty: its first active stage. ${EXPRESSION_HINT}.`,
			nullable: true,
		},
		link('lead', 'leadId', 'Lead', 'lead the deal came from', 'ld_', { locator: 'lead' }),
		crmSourceField,
		userLink('owner', 'ownerUserId', 'Owner', 'user who owns the deal'),
		number('price', 'Price', 'Value of the deal'),
		dateTime('expectedCloseDate', 'Expected Close Date', 'When the deal is expected to close'),
		choice('priority', 'Priority', PRIORITIES, 'Priority of the deal'),
		choice('status', 'Status', DEAL_STATUSES, 'Status of the deal'),
		currencyField,
		toggle('isInclusiveTax', 'Prices Include Tax', 'Whether the prices include tax'),
		usersField('assignees', 'assignees', 'the deal is assigned to'),
		{
			displayName: 'Contacts',
			name: 'contactPicks',
			key: 'contacts',
			type: 'fixedCollection',
			format: 'ids',
			default: {},
			entryName: 'Contact',
			placeholder: 'Add Contact',
			description: 'Contacts linked to the deal, picked one by one',
			members: [
				link('contact', 'contact', 'Contact', 'contact linked to the deal', 'clt_', {
					locator: 'contact',
				}),
			],
		},
		text(
			'contacts',
			'Contact IDs',
			'IDs of the contacts linked to the deal, separated by commas (or a list from an expression). Use this or Contacts, not both.',
			{ format: 'ids', placeholder: 'e.g. clt_abc123, clt_def456' },
		),
		tagsField('tags', 'deal'),
		...lineItems('products', 'deal', false),
	],
	filters: [serverSearch('deals (title, number, client name)')],
	listing: {
		orderBy: ['createdAt', 'position', 'expectedCloseDate', 'price'],
		conditions: [
			condition('pipelineId', 'Pipeline ID'),
			condition('stageId', 'Stage ID'),
			condition('status', 'Status'),
			condition('priority', 'Priority'),
			condition('clientId', 'Client ID'),
			condition('leadId', 'Lead ID'),
			condition('ownerUserId', 'Owner User ID'),
			condition('sourceId', 'Source ID', 'crmSourceId'),
			condition('currency', 'Currency'),
		],
	},
};

export const task: ResourceSpec = {
	// §11.5
	value: 'task',
	displayName: 'Task',
	label: 'task',
	api: 'v2',
	path: '/tasks',
	idPrefix: 'tsk_',
	operations: CRUD,
	searchable: true,
	customFields: true,
	customFieldsFrom: { entity: 'tasks' },
	extraFields: true,
	title: (record) => String(record.title ?? record.id),
	simplifyKeys: ['id', 'number', 'title', 'status', 'type', 'priority', 'dueDate', 'createdAt'],
	fields: taskFields(
		usersField('assignees', 'assigneeIds', 'the task is assigned to'),
		tagsField('tagIds', 'task'),
	),
	filters: [serverSearch('tasks')],
	listing: {
		orderBy: ['createdAt'],
		conditions: [
			condition('status', 'Status'),
			condition('type', 'Type'),
			condition('priority', 'Priority'),
			condition('assigneeIds', 'Assignee IDs'),
			condition('tagIds', 'Tag IDs'),
			condition('entity', 'Linked Record Type'),
			condition('entityId', 'Linked Record ID'),
		],
	},
};

export const quotation: ResourceSpec = {
	// §11.4: line items go in as `quotationProducts` and come back as `lineItems`.
	value: 'quotation',
	displayName: 'Quotation',
	label: 'quotation',
	api: 'v2',
	path: '/quotations',
	idPrefix: 'qtn_',
	operations: CRUD,
	searchable: true,
	customFields: true,
	customFieldsFrom: { template: true },
	extraFields: true,
	title: (record) =>
		[record.number, record.subject].filter(Boolean).join(' · ') || String(record.id),
	simplifyKeys: [
		'id',
		'number',
		'date',
		'status',
		'subject',
		'clientId',
		'dealId',
		'totalAmount',
		'currency',
		'createdAt',
	],
	fields: [
		link('client', 'clientId', 'Client', 'contact or company the quotation is for', 'clt_', {
			main: true,
			required: true,
			locator: 'client',
		}),
		{
			...dropdown(
				'template',
				'templateId',
				'Template',
				'getQuotationTemplates',
				'Quotation template (`tpl_`); it cannot be changed later, and its custom fields are offered below',
			),
			main: true,
			required: true,
			on: ['create'],
		},
		{ ...dateTime('date', 'Date', 'Quotation date'), main: true },
		...lineItems('quotationProducts', 'quotation', true),
		link('contact', 'contactId', 'Contact', 'contact person when the client is a company', 'clt_', {
			locator: 'contact',
		}),
		link('deal', 'dealId', 'Deal', 'deal the quotation belongs to', 'dl_', { locator: 'deal' }),
		dateTime('expiryDate', 'Expiry Date', 'When the quotation expires'),
		text('subject', 'Subject', 'Subject of the quotation', {
			placeholder: 'e.g. Website redesign',
		}),
		text('title', 'Title', 'Internal title of the quotation'),
		choice('status', 'Status', QUOTATION_STATUSES, 'Status of the quotation (new ones: Draft)', {
			default: 'DRAFT',
		}),
		toggle('isInclusiveTax', 'Prices Include Tax', 'Whether the prices include tax'),
		text('contentHtml', 'Content (HTML)', 'The document HTML; empty: from the template', {
			rows: 6,
		}),
		text('internalNotes', 'Internal Notes', 'Notes only the team sees', { rows: 4 }),
		userLink('salesPerson', 'salesPersonId', 'Sales Person', 'user who sells'),
		currencyField,
		number('conversionRate', 'Conversion Rate', 'Quotation currency to team currency'),
		tagsField('tags', 'quotation'),
	],
	filters: [serverSearch('quotations (number, subject, client name, line items)', quotationSearch)],
	listing: {
		orderBy: ['createdAt', 'date', 'number', 'expiryDate'],
		conditions: [
			condition('status', 'Status'),
			condition('clientId', 'Client ID'),
			condition('contactId', 'Contact ID'),
			condition('dealId', 'Deal ID'),
			condition('salesPersonId', 'Sales Person ID'),
			condition('templateId', 'Template ID'),
			condition('tags', 'Tag IDs', 'tagIds'),
			condition('currency', 'Currency'),
		],
	},
};

const stageMembers = (required: boolean): FieldSpec[] => [
	text('name', 'Name', 'Name of the stage', { main: true, required, placeholder: 'e.g. Proposal' }),
	{
		...number('position', 'Position', 'Order of the stage; lower sorts first'),
		main: true,
		required,
	},
	number('probability', 'Probability', 'Chance of winning a deal in this stage, 0 to 100'),
	number('rottingInDays', 'Rotting in Days', 'Days before a deal in the stage is flagged; 0: off'),
	choice(
		'type',
		'Type',
		STAGE_TYPES,
		'Open stage (Active), or one that closes deals as Won or Lost',
	),
];

export const pipeline: ResourceSpec = {
	// §11.7
	value: 'pipeline',
	displayName: 'Pipeline',
	label: 'pipeline',
	api: 'v2',
	path: '/pipelines',
	idPrefix: 'dpl_',
	operations: ['create', 'get', 'getAll', 'update'],
	title: named,
	fields: [
		text('name', 'Name', 'Name of the pipeline', {
			main: true,
			required: true,
			placeholder: 'e.g. Sales',
		}),
		{
			displayName: 'Stages',
			name: 'stages',
			type: 'fixedCollection',
			default: {},
			main: true,
			required: true,
			on: ['create'],
			entryName: 'Stage',
			placeholder: 'Add Stage',
			description: 'At least one Active, one Won and one Lost stage',
			members: stageMembers(false),
		},
		text('icon', 'Icon', 'Tabler icon name; empty: a default', {
			placeholder: 'e.g. chart-funnel',
		}),
		toggle('isActive', 'Active', 'Whether the pipeline is in use'),
	],
};

export const pipelineStage: ResourceSpec = {
	// §11.7: added to a pipeline, changed by its own ID; no list or get.
	value: 'pipelineStage',
	displayName: 'Pipeline Stage',
	label: 'pipeline stage',
	api: 'v2',
	path: '/pipeline-stages',
	idPrefix: 'dps_',
	operations: ['create', 'update'],
	paths: { create: '/pipelines/{pipeline}/stages' },
	pickFrom: {
		api: 'v2',
		path: '/pipelines',
		records: (record) =>
			(Array.isArray(record.stages) ? (record.stages as IDataObject[]) : []).map((stage) => ({
				...stage,
				name: `${String(record.name)} › ${String(stage.name)}`,
			})),
	},
	title: named,
	fields: [
		{ ...pipelineField, main: true, required: true, inPath: true, on: ['create'] },
		...stageMembers(true).map((field) => (field.main ? { ...field, on: undefined } : field)),
	],
};

export const leadStage: ResourceSpec = {
	// Listed at the contract's v1 path; created with §11.8's v2 endpoint.
	value: 'leadStage',
	displayName: 'Lead Stage',
	label: 'lead stage',
	api: 'v1',
	path: '/leads/stages',
	operations: ['create', 'getAll'],
	apis: { create: 'v2' },
	paths: { create: '/lead-stages' },
	unpaginated: false,
	fields: [
		text('label', 'Label', 'Name of the stage', {
			main: true,
			required: true,
			placeholder: 'e.g. Qualified',
		}),
		// §11.8 marks `type` required; its curl example omits it: always sent, Heffl takes both.
		{
			...choice(
				'stageType',
				'Type',
				['NEW', 'CONTACTED', 'UNQUALIFIED', 'CONVERTED', 'JUNK'],
				'What reaching the stage means',
				{ key: 'type', default: 'NEW' },
			),
			main: true,
		},
	],
};

export const tag: ResourceSpec = {
	// §11.9
	value: 'tag',
	displayName: 'Tag',
	label: 'tag',
	api: 'v2',
	path: '/tags',
	idPrefix: 'tag_',
	operations: ['create', 'getAll'],
	title: named,
	fields: [
		text('name', 'Name', 'Name of the tag', {
			main: true,
			required: true,
			placeholder: 'e.g. VIP',
		}),
		{
			displayName: 'Type',
			name: 'tagType',
			key: 'type',
			type: 'options',
			options: alphabetical(TAG_TYPE_OPTIONS),
			default: 'deals',
			main: true,
			required: true,
			description: 'Kind of record the tag is for',
		},
		text('color', 'Color', 'Hex color of the tag', {
			main: true,
			required: true,
			placeholder: 'e.g. #2563eb',
		}),
		text('icon', 'Icon', 'Icon of the tag', { nullable: true }),
	],
	filters: [
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: alphabetical(TAG_TYPE_OPTIONS),
			default: 'deals',
			description: 'Only tags of this kind',
			filter: 'server',
			matches: equalsKey('type'),
		},
	],
};

export const product: ResourceSpec = {
	// §11.10: the list and create at v2; one product read at the contract's path.
	value: 'product',
	displayName: 'Product',
	label: 'product',
	api: 'v2',
	path: '/products',
	idPrefix: 'prd_',
	operations: ['create', 'get', 'getAll', 'update'],
	apis: { get: 'v1' },
	customFields: true,
	title: named,
	fields: [
		text('name', 'Name', 'Name of the product', { main: true, placeholder: 'e.g. Website audit' }),
		choice('productType', 'Type', ['PRODUCT', 'SERVICE'], 'Goods or a service', { key: 'type' }),
		number('price', 'Price', 'Selling price'),
		text('description', 'Description', 'Details of the product', { rows: 4, nullable: true }),
		text('sku', 'Stock Keeping Unit (SKU)', 'Code of the product in stock', { nullable: true }),
		{ ...number('buyPrice', 'Buy Price', 'Cost price'), nullable: true },
		toggle('isActive', 'Active', 'Whether the product can be sold'),
	],
	filters: [search('products', ['name', 'sku', 'description'])],
};

export const user: ResourceSpec = {
	// §13: the team's users, for owners, assignees and sales persons.
	value: 'user',
	displayName: 'User',
	label: 'user',
	api: 'v2',
	path: '/users',
	idPrefix: 'usr_',
	operations: ['getAll'],
	title: (record) => [record.name, record.email].filter(Boolean).join(' · ') || String(record.id),
	filters: [search('users', ['name', 'email'])],
};

export const clientStage: ResourceSpec = {
	// §11.11
	value: 'clientStage',
	displayName: 'Client Stage',
	label: 'client stage',
	api: 'v2',
	path: '/client-stages',
	idPrefix: 'cs_',
	operations: ['getAll'],
	title: named,
};

export const crmSource: ResourceSpec = {
	// §11.11
	value: 'crmSource',
	displayName: 'CRM Source',
	label: 'CRM source',
	api: 'v2',
	path: '/sources',
	idPrefix: 'src_',
	operations: ['getAll'],
	title: named,
};

export const customField: ResourceSpec = {
	// §11.12: definitions per entity; deals' pipeline-scoped ones with pipelineId.
	value: 'customField',
	displayName: 'Custom Field',
	label: 'custom field',
	api: 'v2',
	path: '/custom-fields',
	operations: ['getAll'],
	filters: [
		{
			...choice(
				'entity',
				'Entity',
				['contacts', 'companies', 'deals', 'tasks'],
				'Whose custom fields to list',
				{ main: true, required: true, default: 'deals' },
			),
			filter: 'server',
		},
		{
			...pipelineField,
			key: 'pipelineId',
			description: `Deals only: adds the fields of this pipeline. ${EXPRESSION_HINT}.`,
			filter: 'server',
		},
	],
};

export const leadSource: ResourceSpec = {
	// The contract's v1 reference data.
	value: 'leadSource',
	displayName: 'Lead Source',
	label: 'lead source',
	api: 'v1',
	path: '/leads/sources',
	operations: ['getAll'],
	title: named,
};

/** Version 3's invoice: its template and line-item products picked from lists (§10.5). */
const invoiceV3: ResourceSpec = {
	...invoice,
	fields: invoice.fields?.map((field) =>
		field.name === 'template'
			? dropdown(
					'template',
					'templateId',
					'Template',
					'getInvoiceTemplates',
					'Invoice template; empty: the team default',
				)
			: field.name === 'lineItems'
				? {
						...field,
						members: field.members?.map((member) =>
							member.name === 'productId'
								? dropdown(
										'productId',
										'productId',
										'Product',
										'getProducts',
										'Product the line sells',
									)
								: member,
						),
					}
				: field,
	),
};

/** Version 3: every resource, in the order of the reference. */
export const RESOURCES_V3: ResourceSpec[] = [
	lead,
	client,
	contactV3,
	company,
	deal,
	quotation,
	task,
	pipeline,
	pipelineStage,
	leadStage,
	leadSource,
	tag,
	product,
	user,
	clientStage,
	crmSource,
	customField,
	documentTemplate,
	invoiceV3,
	webhookSubscription,
];
