/**
 * The sandbox's v2 tasks against heffl-reference.md §11.5 (with §4.2, §7 and §9), over loopback
 * HTTP: each endpoint, the enums exactly as documented, entity with entityId, every documented
 * body field checked, the GET shape. Expectations come from the cited sections, or where they
 * are silent from docs/assumptions.md's "v2 sandbox choices", never from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { fieldsOf, issuesOf, useV2Sandbox } from './v2Client';

const { call, list, all, records, userId, tagOf } = useV2Sandbox({ seed: { contacts: 12 } });

describe('§11.5 tasks', () => {
	test('POST /tasks: title required; enums as documented (status upper, type lower); entity with entityId; cf_* typed; GET /tasks/{id} shape', async () => {
		const wrong = await call('/tasks', 'POST', {
			status: 'open',
			type: 'CALL',
			priority: 'urgent',
			entity: 'deals',
		});
		expect(
			issuesOf(wrong.body)
				.map((issue) => issue.field)
				.sort(),
		).toEqual(['priority', 'status', 'title', 'type']);
		expect(
			issuesOf((await call('/tasks', 'POST', { title: 't', entity: 'deals' })).body)[0].field,
		).toBe('entityId');
		const deal = records('deals')[0];
		const tag = (await list('/tags')).body.data[0];
		const created = await call('/tasks', 'POST', {
			title: 'Call back',
			description: 'About the renewal',
			status: 'IN_PROGRESS',
			type: 'call',
			priority: 'HIGH',
			startDate: '2026-11-24T09:00:00.000Z',
			dueDate: '2026-11-25T17:00:00.000Z',
			showTime: true,
			durationMinutes: 30,
			assigneeIds: [userId()],
			tagIds: [tag.id],
			entity: 'deals',
			entityId: deal.id,
			cf_call_outcome: 'Reached',
		});
		expect(created.status).toBe(200);
		const got = await call(`/tasks/${created.body.id}`);
		expect(got.body).toMatchObject({
			id: expect.stringMatching(/^tsk_/),
			number: expect.any(String),
			title: 'Call back',
			status: 'IN_PROGRESS',
			type: 'call',
			showTime: true,
			assigneeIds: [userId()],
			tagIds: [tag.id],
			priority: 'HIGH',
			durationMinutes: 30,
			completedOn: null,
			entity: 'deals',
			entityId: deal.id,
			dealId: deal.id,
			leadId: null,
			projectId: null,
			cf_call_outcome: 'Reached',
			cf_effort_hours: null,
		});
		for (const key of [
			'description',
			'dueDate',
			'startDate',
			'clientId',
			'contactId',
			'createdById',
			'createdByName',
			'createdAt',
			'updatedAt',
		])
			expect(got.body).toHaveProperty(key);
	});

	test('GET /tasks: search, filters status is_not and assigneeIds is_any_of, orderBy dueDate (§7)', async () => {
		const open = await all('/tasks', {
			filters: { status: { operator: 'is_not', values: ['COMPLETED'] } },
		});
		expect(open.items.length).toBe(
			records('tasks').filter((task) => task.status !== 'COMPLETED').length,
		);
		const mine = await all('/tasks', {
			filters: { assigneeIds: { operator: 'is_any_of', values: [userId()] } },
		});
		expect(mine.items.every((task) => task.assigneeIds.includes(userId()))).toBe(true);
		expect(
			(await list('/tasks', { search: 'about the renewal' })).body.data.map(
				(task: Body) => task.title,
			),
		).toEqual(['Call back']);
		const byDue = await list('/tasks', { orderBy: 'dueDate', orderDir: 'asc', pageSize: '100' });
		const due = byDue.body.data.map((task: Body) => task.dueDate).filter(Boolean);
		expect(due).toEqual([...due].sort());
	});

	test('PATCH /tasks/{id} (status COMPLETED sets completedOn) and DELETE /tasks/{id} (§11.5)', async () => {
		const { body: task } = await call('/tasks', 'POST', { title: 'Finish me' });
		const done = await call(`/tasks/${task.id}`, 'PATCH', { status: 'COMPLETED' });
		expect(done.body).toMatchObject({
			status: 'COMPLETED',
			completedOn: expect.any(String),
			title: 'Finish me',
		});
		expect((await call(`/tasks/${task.id}`, 'DELETE')).body.id).toBe(task.id);
		expect((await call(`/tasks/${task.id}`)).status).toBe(404);
	});

	test('POST /tasks: enums exactly as documented, entity with entityId, durationMinutes ≥ 0, references, cf_* typed', async () => {
		expect(
			fieldsOf(
				await call('/tasks', 'POST', {
					description: 3,
					status: 'open',
					type: 'CALL',
					priority: 'URGENT',
					startDate: 'now',
					dueDate: 'later',
					showTime: 'yes',
					durationMinutes: -5,
					assigneeIds: ['usr_missing'],
					tagIds: ['tag_missing'],
					entity: 'clients',
					cf_effort_hours: 'two',
				}),
			),
		).toEqual([
			'assigneeIds',
			'cf_effort_hours',
			'description',
			'dueDate',
			'durationMinutes',
			'entity',
			'priority',
			'showTime',
			'startDate',
			'status',
			'tagIds',
			'title',
			'type',
		]);
		expect(fieldsOf(await call('/tasks', 'POST', { title: 'T', entity: 'deals' }))).toEqual([
			'entityId',
		]);
		const deal = records('deals')[0];
		const created = await call('/tasks', 'POST', {
			title: 'Call back',
			description: null,
			status: 'IN_PROGRESS',
			type: 'call',
			priority: 'MEDIUM',
			startDate: '2026-05-01T09:00:00.000Z',
			dueDate: '2026-05-02T09:00:00.000Z',
			showTime: true,
			durationMinutes: 30,
			assigneeIds: [records('users')[0].id],
			tagIds: [tagOf('deals')],
			entity: 'deals',
			entityId: deal.id,
			cf_call_outcome: 'Reached',
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^tsk_/),
			status: 'IN_PROGRESS',
			type: 'call',
			priority: 'MEDIUM',
			showTime: true,
			durationMinutes: 30,
			assigneeIds: [records('users')[0].id],
			tagIds: [tagOf('deals')],
			entity: 'deals',
			entityId: deal.id,
			dealId: deal.id,
			description: null,
			cf_call_outcome: 'Reached',
		});
	});
});
