/**
 * Version 2 of the node, frozen: deals and tasks on API v1, reference data read at the
 * contract's v1 paths, and the entries it shares with version 3. Saved version-2
 * workflows keep these parameters and meanings; version 3 (../resources.ts) moves
 * deals and tasks to API v2 and adds the rest of the v2 CRM surface.
 */
import type { ResourceSpec } from '../spec';
import {
	alphabetical,
	choice,
	CRUD,
	dateTime,
	DEAL_STATUSES,
	equalsKey,
	link,
	localFilter,
	number,
	pipelineField,
	PRIORITIES,
	search,
	stageField,
	TASK_STATUSES,
	taskFields,
	text,
} from '../spec';
import {
	client,
	contact,
	documentTemplate,
	invoice,
	lead,
	webhookSubscription,
} from '../resources';
import { RESOURCES_V1 } from '../v1/resources';

const deal: ResourceSpec = {
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
};

const task: ResourceSpec = {
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
	fields: taskFields(
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
	),
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
};

/**
 * A read-only resource of version 1 (reference data the contract names, at paths no
 * page shows): the same endpoint, with its filters checked on the records.
 */
function readOnly(resource: ResourceSpec): ResourceSpec {
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

export const RESOURCES_V2: ResourceSpec[] = [
	lead,
	client,
	deal,
	task,
	...RESOURCES_V1.filter((resource) =>
		['pipeline', 'product', 'leadStage', 'leadSource', 'tag'].includes(resource.value),
	).map(readOnly),
	documentTemplate,
	contact,
	invoice,
	webhookSubscription,
];
