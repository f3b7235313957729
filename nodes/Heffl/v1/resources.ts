/**
 * Version 1 of the node, frozen: the resources as they were before Heffl's reference
 * was available. Saved workflows of version 1 keep these parameters and meanings;
 * version 2 (../resources.ts) follows the reference.
 */
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { EVENT_OPTIONS } from '../../shared/events';
import type { FieldSpec, OperationName, ResourceSpec } from '../spec';
import { TAG_TYPES } from '../tagTypes';

const toOptions = (values: readonly string[], names?: Record<string, string>) =>
	values.map((value) => ({
		name: names?.[value] ?? value.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()),
		value,
	}));

const TAG_TYPE_OPTIONS = toOptions(TAG_TYPES, {
	fs_jobs: 'Field Service Jobs',
	project_tasks: 'Project Tasks',
	purchase_orders: 'Purchase Orders',
});

const TEMPLATE_TYPE_OPTIONS = toOptions([
	'quotations',
	'invoices',
	'proforma_invoices',
	'purchase_orders',
	'credit_notes',
]);

const search = (records: string): FieldSpec => ({
	displayName: 'Search',
	name: 'search',
	type: 'string',
	default: '',
	description: `Only ${records} whose text contains this, ignoring case`,
});

const notes: FieldSpec = { displayName: 'Notes', name: 'notes', type: 'string', default: '' };
const ownerId: FieldSpec = {
	displayName: 'Owner ID',
	name: 'ownerId',
	type: 'string',
	idPrefix: 'usr_',
	default: '',
	placeholder: 'usr_...',
	description: 'The Heffl user who owns the record',
};
const tags: FieldSpec = {
	displayName: 'Tag Names or IDs',
	name: 'tags',
	type: 'multiOptions',
	loadOptionsMethod: 'getTags',
	default: [],
	description:
		'Tags of this record type. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};
const currency: FieldSpec = {
	displayName: 'Currency',
	name: 'currency',
	type: 'string',
	format: 'currency',
	default: '',
	placeholder: 'USD',
	description: 'Three-letter ISO 4217 code',
};
const email: FieldSpec = {
	displayName: 'Email',
	name: 'email',
	type: 'string',
	format: 'email',
	default: '',
	placeholder: 'name@email.com',
};
const mobile: FieldSpec = { displayName: 'Mobile', name: 'mobile', type: 'string', default: '' };
const website: FieldSpec = {
	displayName: 'Website',
	name: 'website',
	type: 'string',
	format: 'webUrl',
	default: '',
	placeholder: 'https://example.com',
};
const link = (name: string, displayName: string, prefix: string): FieldSpec => ({
	name,
	displayName,
	type: 'string',
	idPrefix: prefix,
	default: '',
	placeholder: `${prefix}...`,
});
const pipelineStage: FieldSpec = {
	displayName: 'Stage Name or ID',
	name: 'stageId',
	type: 'options',
	loadOptionsMethod: 'getPipelineStages',
	loadOptionsDependsOn: ['dealPipelineId', 'updateFields.pipelineId', 'filters.pipelineId'],
	default: '',
	description:
		'A stage of the chosen pipeline. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};
const pipeline: FieldSpec = {
	displayName: 'Pipeline Name or ID',
	name: 'pipelineId',
	type: 'options',
	loadOptionsMethod: 'getPipelines',
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};
const leadStage: FieldSpec = {
	displayName: 'Stage Name or ID',
	name: 'stageId',
	type: 'options',
	loadOptionsMethod: 'getLeadStages',
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};
const leadSource: FieldSpec = {
	displayName: 'Source Name or ID',
	name: 'sourceId',
	type: 'options',
	loadOptionsMethod: 'getLeadSources',
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};
const dealStatus = toOptions(['open', 'won', 'lost']);
const taskStatus = toOptions(['todo', 'in_progress', 'done'], {
	todo: 'To Do',
	in_progress: 'In Progress',
});
const taskPriority = toOptions(['low', 'medium', 'high']);
const option = (
	displayName: string,
	name: string,
	options: INodePropertyOptions[],
	byDefault: string,
): FieldSpec => ({
	displayName,
	name,
	type: 'options',
	options,
	default: byDefault,
});
const dealStatusField = option('Status', 'status', dealStatus, 'open');
/** The text a record cannot be created without (a lead's name, a task's title). */
const requiredText = (displayName: string, name: string): FieldSpec => ({
	displayName,
	name,
	type: 'string',
	main: true,
	required: true,
	default: '',
});
const taskStatusField = option('Status', 'status', taskStatus, 'todo');
const taskPriorityField = option('Priority', 'priority', taskPriority, 'medium');
const CRUD: OperationName[] = ['create', 'get', 'getAll', 'update', 'delete'];
const READ: OperationName[] = ['get', 'getAll'];
const named = (record: IDataObject) => String(record.name ?? record.id);

/** Every resource of version 1. Lead update is PUT, the only method Heffl's page shows (§10.1). */
export const RESOURCES_V1: ResourceSpec[] = [
	{
		value: 'lead',
		displayName: 'Lead',
		label: 'lead',
		api: 'v1',
		path: '/leads',
		idPrefix: 'ld_',
		operations: CRUD,
		methods: { update: 'PUT' },
		customFields: true,
		searchable: true,
		title: (lead) => [lead.name, lead.email].filter(Boolean).join(' · ') || String(lead.id),
		simplifyKeys: ['id', 'name', 'email', 'mobile', 'title', 'companyName', 'stageId', 'createdAt'],
		fields: [
			requiredText('Name', 'name'),
			{ ...email, main: true },
			{ ...mobile, main: true },
			{ displayName: 'Job Title', name: 'title', type: 'string', main: true, default: '' },
			{ displayName: 'Company Name', name: 'companyName', type: 'string', default: '' },
			website,
			{ displayName: 'Value', name: 'value', type: 'number', default: 0 },
			currency,
			leadStage,
			leadSource,
			ownerId,
			notes,
			tags,
		],
		filters: [search('leads'), leadStage, leadSource],
	},
	{
		value: 'client',
		displayName: 'Client',
		label: 'client',
		api: 'v1',
		path: '/clients',
		idPrefix: 'clt_',
		operations: CRUD,
		customFields: true,
		searchable: true,
		title: named,
		simplifyKeys: ['id', 'name', 'email', 'mobile', 'type', 'city', 'country', 'createdAt'],
		fields: [
			requiredText('Name', 'name'),
			email,
			mobile,
			website,
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: toOptions(['company', 'individual']),
				default: 'company',
			},
			{ displayName: 'Tax Number', name: 'taxNumber', type: 'string', default: '' },
			{ displayName: 'Address Line 1', name: 'addressLine1', type: 'string', default: '' },
			{ displayName: 'City', name: 'city', type: 'string', default: '' },
			{ displayName: 'State', name: 'state', type: 'string', default: '' },
			{ displayName: 'Country', name: 'country', type: 'string', default: '' },
			{ displayName: 'Postal Code', name: 'postalCode', type: 'string', default: '' },
			link('stageId', 'Client Stage ID', 'cs_'),
			ownerId,
			notes,
			tags,
		],
		filters: [search('clients')],
	},
	{
		value: 'deal',
		displayName: 'Deal',
		label: 'deal',
		api: 'v1',
		path: '/deals',
		idPrefix: 'dl_',
		operations: CRUD,
		customFields: true,
		searchable: true,
		title: (deal) => String(deal.title ?? deal.id),
		simplifyKeys: [
			'id',
			'title',
			'value',
			'currency',
			'pipelineId',
			'stageId',
			'status',
			'clientId',
			'createdAt',
		],
		fields: [
			requiredText('Title', 'title'),
			{ ...pipeline, main: true, required: true, parameterName: 'dealPipelineId' },
			pipelineStage,
			{ displayName: 'Value', name: 'value', type: 'number', default: 0 },
			currency,
			link('clientId', 'Client ID', 'clt_'),
			link('leadId', 'Lead ID', 'ld_'),
			{
				displayName: 'Product Names or IDs',
				name: 'productIds',
				type: 'multiOptions',
				loadOptionsMethod: 'getProducts',
				default: [],
				description:
					'Products the deal is about. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Expected Close Date',
				name: 'expectedCloseDate',
				type: 'string',
				format: 'date',
				default: '',
				placeholder: 'YYYY-MM-DD',
			},
			dealStatusField,
			ownerId,
			notes,
			tags,
		],
		filters: [search('deals'), pipeline, pipelineStage, dealStatusField],
	},
	{
		value: 'task',
		displayName: 'Task',
		label: 'task',
		api: 'v1',
		path: '/tasks',
		idPrefix: 'tsk_',
		operations: CRUD,
		searchable: true,
		title: (task) => String(task.title ?? task.id),
		simplifyKeys: ['id', 'title', 'status', 'priority', 'dueDate', 'assigneeId', 'createdAt'],
		fields: [
			requiredText('Title', 'title'),
			{ displayName: 'Description', name: 'description', type: 'string', default: '' },
			taskStatusField,
			taskPriorityField,
			{ displayName: 'Due Date', name: 'dueDate', type: 'dateTime', default: '' },
			link('assigneeId', 'Assignee ID', 'usr_'),
			link('leadId', 'Lead ID', 'ld_'),
			link('clientId', 'Client ID', 'clt_'),
			link('dealId', 'Deal ID', 'dl_'),
		],
		filters: [search('tasks'), taskStatusField, taskPriorityField],
	},
	{
		value: 'pipeline',
		displayName: 'Pipeline',
		label: 'pipeline',
		api: 'v1',
		path: '/pipelines',
		idPrefix: 'dpl_',
		operations: READ,
		title: named,
	},
	{
		value: 'product',
		displayName: 'Product',
		label: 'product',
		api: 'v1',
		path: '/products',
		idPrefix: 'prd_',
		operations: READ,
		searchable: true,
		title: (product) => [product.name, product.sku].filter(Boolean).join(' · '),
		simplifyKeys: ['id', 'name', 'sku', 'price', 'currency', 'isActive'],
		filters: [search('products')],
	},
	{
		value: 'leadStage',
		displayName: 'Lead Stage',
		label: 'lead stage',
		api: 'v1',
		path: '/leads/stages',
		operations: ['getAll'],
	},
	{
		value: 'leadSource',
		displayName: 'Lead Source',
		label: 'lead source',
		api: 'v1',
		path: '/leads/sources',
		operations: ['getAll'],
	},
	{
		value: 'tag',
		displayName: 'Tag',
		label: 'tag',
		api: 'v1',
		path: '/tags',
		operations: ['getAll'],
		unpaginated: true,
		filters: [
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: TAG_TYPE_OPTIONS,
				default: 'leads',
				description: 'Only tags of this record type',
			},
		],
	},
	{
		value: 'documentTemplate',
		displayName: 'Document Template',
		label: 'document template',
		api: 'v2',
		path: '/document-templates',
		idPrefix: 'tpl_',
		operations: READ,
		searchable: true,
		title: (template) => `${String(template.name)} (${String(template.type)})`,
		filters: [
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: TEMPLATE_TYPE_OPTIONS,
				default: 'quotations',
			},
			search('templates'),
			{
				displayName: 'Include Inactive',
				name: 'includeInactive',
				type: 'boolean',
				default: false,
				description: 'Whether to return inactive templates too',
			},
		],
	},
	{
		value: 'contact',
		displayName: 'Contact',
		label: 'contact',
		api: 'v2',
		path: '/contacts',
		operations: ['getAll'],
		filters: [
			search('contacts'),
			{
				displayName: 'Filters (JSON)',
				name: 'filters',
				type: 'string',
				format: 'json',
				default: '',
				placeholder: '{"email": "ada@example.com"}',
				description: "Heffl's v2 filter object, sent as the JSON-encoded `filters` parameter",
			},
		],
	},
	{
		value: 'webhookSubscription',
		displayName: 'Webhook Subscription',
		label: 'webhook subscription',
		api: 'v1',
		path: '/webhooks',
		idPrefix: 'wh_',
		operations: ['create', 'get', 'getAll', 'delete'],
		title: (subscription) =>
			`${String(subscription.name ?? subscription.id)} → ${String(subscription.url)}`,
		fields: [
			{
				displayName: 'URL',
				name: 'url',
				type: 'string',
				format: 'url',
				main: true,
				required: true,
				default: '',
				placeholder: 'https://example.com/webhooks/heffl',
				description: 'Where Heffl sends the events. Must be HTTPS (HTTP only for localhost).',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: EVENT_OPTIONS,
				main: true,
				required: true,
				default: [],
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'Shown in Heffl’s developer settings',
			},
		],
		afterCreate: (subscription) => ({
			...subscription,
			secretNotice:
				'Heffl shows this signing secret only once. Store it now (for example in a Heffl Trigger set to "Use Existing Subscription"); it cannot be read again.',
		}),
	},
];
