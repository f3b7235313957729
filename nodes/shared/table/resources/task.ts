import { choice, CRUD, dateTime, number, tags, text, toggle, users, within } from '../builders';
import { condition, serverSearch } from '../filterBuilders';
import { PRIORITIES, TASK_STATUSES } from '../vocabularies';
import type { ResourceSpec } from '../schema';

/** §11.5: what a task links to. */
export const TASK_LINK_TYPES = ['deals', 'leads', 'projects'];

export const task: ResourceSpec = {
	// §11.5
	value: 'task',
	displayName: 'Task',
	label: 'task',
	api: 'v2',
	path: '/tasks',
	reference: '§11.5',
	idPrefix: 'tsk_',
	operations: CRUD,
	searchable: true,
	tagType: 'project_tasks',
	customFields: { entity: 'tasks' },
	extraFields: true,
	title: (record) => String(record.title ?? record.id),
	simplifyKeys: ['id', 'number', 'title', 'status', 'type', 'priority', 'dueDate', 'createdAt'],
	// The keys of its records (§11.5; the sandbox's reading where the reference shows only some).
	recordKeys: [
		'id',
		'number',
		'title',
		'status',
		'type',
		'showTime',
		'assigneeIds',
		'tagIds',
		'description',
		'priority',
		'dueDate',
		'startDate',
		'durationMinutes',
		'completedOn',
		'entity',
		'entityId',
		'projectId',
		'leadId',
		'dealId',
		'clientId',
		'contactId',
		'createdById',
		'createdByName',
		'createdAt',
		'updatedAt',
	],
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
		toggle('showTime', 'Show Time', 'Whether to show the time of the due date'),
		number('durationMinutes', 'Duration (Minutes)', 'How long the task takes, in minutes', {
			validate: within(0),
		}),
		users('assignees', 'assigneeIds', 'the task is assigned to'),
		tags('tagIds', 'task'),
		choice(
			'linkedTo',
			'Link To',
			TASK_LINK_TYPES,
			'Kind of record the task belongs to; then choose it under Linked Record',
			{ key: 'entity' },
		),
		text(
			'linkedId',
			'Linked Record',
			'The deal, lead or project the task belongs to; set Link To first (the list shows its deals or leads; a project by ID)',
			{
				key: 'entityId',
				locator: 'linkedRecord',
				searchMethod: 'searchTaskLinks',
				placeholder: 'e.g. dl_abc123',
				nullable: true,
				clearTogether: ['linkedTo'],
			},
		),
	],
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
