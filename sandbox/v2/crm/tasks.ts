/** §11.5 tasks: the v1 tasks, each optionally about a project, lead or deal. */
import { ApiError } from '../../errors';
import { PRIORITIES, TASK_ENTITIES, TASK_STATUSES, TASK_TYPES } from '../../resources';
import type { Workspace } from '../../store';
import type { JsonObject } from '../../types';
import { definitionsOf, withCustomFields } from '../body';
import { bool, dateTime, enumOf, nonNegative, required, tags, text, users } from './bodyFields';
import { nameOf, recordOf } from './lookups';
import type { CrmResource } from './resource';
import { stored } from './resource';

function renderTask(record: JsonObject, space: Workspace): JsonObject {
	const entity = record.entity ?? null;
	const entityId = record.entityId ?? null;
	return withCustomFields(
		{
			id: record.id,
			number: record.number,
			title: record.title,
			status: String(record.status ?? 'OPEN').toUpperCase(),
			type: String(record.type ?? 'todo').toLowerCase(),
			showTime: record.showTime ?? false,
			assigneeIds: record.assigneeIds ?? [],
			tagIds: record.tagIds ?? [],
			description: record.description ?? null,
			priority: typeof record.priority === 'string' ? record.priority.toUpperCase() : null,
			dueDate: record.dueDate ?? null,
			startDate: record.startDate ?? null,
			durationMinutes: record.durationMinutes ?? null,
			completedOn: record.completedOn ?? null,
			entity,
			entityId,
			projectId: entity === 'projects' ? entityId : null,
			leadId: entity === 'leads' ? entityId : null,
			dealId: entity === 'deals' ? entityId : null,
			clientId: entity === 'deals' ? (recordOf(space, 'deals', entityId)?.clientId ?? null) : null,
			contactId: null,
			createdById: record.createdById ?? null,
			createdByName: nameOf(space, 'users', record.createdById),
			createdAt: record.createdAt,
			updatedAt: record.updatedAt ?? record.createdAt,
		},
		record,
		definitionsOf(space, 'tasks'),
	);
}

/** §11.5: entity and entityId go together; a leads/deals entityId names a record. */
function settleTask(
	next: JsonObject,
	previous: JsonObject | undefined,
	_sent: JsonObject,
	space: Workspace,
): void {
	if (((next.entity ?? null) === null) !== ((next.entityId ?? null) === null))
		throw ApiError.field('entityId', 'entity and entityId must be sent together');
	const kind = next.entity === 'leads' ? 'leads' : next.entity === 'deals' ? 'deals' : undefined;
	if (kind && !space.has(kind, String(next.entityId)))
		throw ApiError.field(
			'entityId',
			`no ${kind === 'leads' ? 'lead' : 'deal'} with ID '${String(next.entityId)}' in this workspace`,
		);
	if (next.status === 'COMPLETED' && previous?.status !== 'COMPLETED')
		next.completedOn = new Date().toISOString();
	if (next.status !== 'COMPLETED') next.completedOn = null;
}

export const TASKS: CrmResource = {
	path: 'tasks',
	kind: 'tasks',
	prefix: 'tsk_',
	label: 'task',
	numberPrefix: 'T-',
	defaults: {
		status: 'OPEN',
		type: 'todo',
		priority: null,
		showTime: false,
		assigneeIds: [],
		tagIds: [],
		entity: null,
		entityId: null,
	},
	body: {
		fields: {
			title: required,
			description: text,
			status: enumOf(TASK_STATUSES),
			type: enumOf(TASK_TYPES),
			priority: enumOf(PRIORITIES),
			startDate: dateTime,
			dueDate: dateTime,
			showTime: bool,
			durationMinutes: nonNegative,
			assigneeIds: users,
			tagIds: tags,
			entity: enumOf(TASK_ENTITIES),
			entityId: text,
		},
		required: ['title'],
	},
	get: true,
	definitions: (space) => definitionsOf(space, 'tasks'),
	list: {
		search: (record) => [record.title, record.description, record.number],
		orderBy: {
			createdAt: stored('createdAt'),
			updatedAt: stored('updatedAt'),
			dueDate: stored('dueDate'),
			title: stored('title'),
		},
		filters: {
			status: stored('status'),
			type: stored('type'),
			priority: stored('priority'),
			assigneeIds: stored('assigneeIds'),
			tagIds: stored('tagIds'),
			entity: stored('entity'),
			entityId: stored('entityId'),
		},
	},
	render: renderTask,
	settle: settleTask,
	// §12.4 lists no task events.
};
