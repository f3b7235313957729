/**
 * Tasks (API v2 /tasks, §11.5; §10.4 documents no v1 task), through the node run by n8n-core
 * against the sandbox; a recording relay shows each request as it was sent and the sandbox's
 * log what it received (test/harness/crm.ts).
 */
import { describe, expect, test } from 'vitest';

import { fromList, useCrm } from '../harness/crm';
import { roundTrip } from '../harness/roundTrip';

const crm = useCrm({ seed: { contacts: 230, quotations: 12, tasks: 20 } });
const { heffl, one, received, byId, records, stored, firstId, tagIds, ids, filtersOf } = crm;

describe('§11.5 tasks (v2 /tasks)', () => {
	test('create sends every field of the documented task schema (IDs as text separated by commas, the lead from the list); get reads it back', async () => {
		const lead = firstId('leads');
		const user = firstId('users');
		const [first, second] = tagIds('projects');
		const created = await heffl({
			resource: 'task',
			operation: 'create',
			title: 'Call back about the quote',
			additionalFields: {
				description: 'Line one\nLine two',
				status: 'IN_PROGRESS',
				taskType: 'call',
				priority: 'HIGH',
				startDate: '2027-01-01',
				dueDate: '2027-01-02T09:30:00Z',
				showTime: true,
				durationMinutes: 30,
				// From an expression: text separated by commas, spaces around.
				assignees: ` ${user} `,
				tags: ` ${first}, ${second} `,
				linkedTo: 'leads',
				linkedId: fromList(lead),
			},
		});
		expect(created.error?.message).toBeUndefined();
		const documented = {
			title: 'Call back about the quote',
			description: 'Line one\nLine two',
			status: 'IN_PROGRESS',
			type: 'call',
			priority: 'HIGH',
			startDate: '2027-01-01T00:00:00.000Z',
			dueDate: '2027-01-02T09:30:00.000Z',
			showTime: true,
			durationMinutes: 30,
			assigneeIds: [user],
			tagIds: [first, second],
			entity: 'leads',
			entityId: lead,
		};
		expect(one(created, 'POST', '/tasks').body).toEqual(documented);
		received('POST', '/api/v2/tasks');
		const task = created.json[0];
		expect(task).toMatchObject({ ...documented, id: expect.stringMatching(/^tsk_/), leadId: lead });
		const id = String(task.id);

		const fetched = await heffl({ resource: 'task', operation: 'get', taskId: byId(id) });
		one(fetched, 'GET', `/tasks/${id}`);
		received('GET', `/api/v2/tasks/${id}`);
		expect(fetched.json[0]).toMatchObject({ id, title: 'Call back about the quote' });
	});

	test('update (PATCH) sends only what is set, lists of IDs as n8n gives them and Fields to Clear as null; get shows it; delete', async () => {
		const users = records('users').map((user) => String(user.id));
		const tags = tagIds('deals').slice(0, 1);
		const created = await heffl({
			resource: 'task',
			operation: 'create',
			title: 'Call back about the quote',
			additionalFields: { priority: 'HIGH', description: 'Line one' },
		});
		const id = String(created.json[0].id);
		const updated = await heffl({
			resource: 'task',
			operation: 'update',
			taskId: byId(id),
			updateFields: {
				status: 'COMPLETED',
				taskType: 'meeting',
				durationMinutes: 45,
				assignees: users.slice(1, 3),
				tags,
				clearFields: ['priority', 'description'],
			},
		});
		expect(updated.error?.message).toBeUndefined();
		expect(one(updated, 'PATCH', `/tasks/${id}`).body).toEqual({
			status: 'COMPLETED',
			type: 'meeting',
			durationMinutes: 45,
			assigneeIds: users.slice(1, 3),
			tagIds: tags,
			priority: null,
			description: null,
		});
		received('PATCH', `/api/v2/tasks/${id}`);
		expect(updated.json[0]).toMatchObject({
			id,
			title: 'Call back about the quote',
			status: 'COMPLETED',
			type: 'meeting',
			assigneeIds: users.slice(1, 3),
			tagIds: tags,
			priority: null,
			description: null,
			completedOn: expect.any(String),
		});
		const fetched = await heffl({ resource: 'task', operation: 'get', taskId: byId(id) });
		expect(fetched.json[0]).toMatchObject({ id, status: 'COMPLETED' });

		const deleted = await heffl({ resource: 'task', operation: 'delete', taskId: byId(id) });
		one(deleted, 'DELETE', `/tasks/${id}`);
		received('DELETE', `/api/v2/tasks/${id}`);
		expect(deleted.json[0]).toMatchObject({ id, deleted: true });
		expect(stored('tasks', id)).toBeUndefined();
	});

	test('Fields to Clear › Linked Record ID unlinks the task: entity and entityId sent together (§11.5), both cleared in Heffl', async () => {
		const lead = firstId('leads');
		const created = await heffl({
			resource: 'task',
			operation: 'create',
			title: 'Linked to a lead',
			additionalFields: { linkedTo: 'leads', linkedId: fromList(lead) },
		});
		const id = String(created.json[0].id);
		const unlinked = await heffl(
			{
				resource: 'task',
				operation: 'update',
				taskId: byId(id),
				updateFields: { clearFields: ['linkedId'] },
			},
			{ continueOnFail: true },
		);
		expect(unlinked.error).toBeUndefined();
		const sent = one(unlinked, 'PATCH', `/tasks/${id}`);
		expect(sent.body).toEqual({ entity: null, entityId: null });
		expect(sent.status).toBe(200);
		expect(unlinked.json[0]).toMatchObject({ id, entity: null, entityId: null, leadId: null });
		expect(stored('tasks', id)).toMatchObject({ entity: null, entityId: null });
	});

	test('§7 Get Many: search, Sort By, an Assignee condition (a list field) and a Type condition', async () => {
		const user = String(records('users')[0].id);
		const result = await heffl({
			resource: 'task',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
			sort: { orderBy: 'createdAt', orderDir: 'asc' },
			filters: {
				conditions: {
					condition: [
						{ field: 'assigneeIds', operator: 'is_any_of', values: user },
						{ field: 'type', operator: 'is_not', values: 'todo' },
					],
				},
			},
		});
		expect(result.error?.message).toBeUndefined();
		const sent = one(result, 'GET', '/tasks');
		expect(sent.query).toMatchObject({ orderBy: 'createdAt', orderDir: 'asc' });
		expect(filtersOf(sent)).toEqual({
			assigneeIds: { operator: 'is_any_of', values: [user] },
			type: { operator: 'is_not', values: ['todo'] },
		});
		const expected = records('tasks').filter(
			(task) => (task.assigneeIds as string[]).includes(user) && task.type !== 'todo',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(new Set(ids(result.json))).toEqual(new Set(ids(expected)));
		const created = result.json.map((task) => String(task.createdAt));
		expect(created).toEqual([...created].sort());

		const title = String(records('tasks')[2].title);
		const searched = await heffl({
			resource: 'task',
			operation: 'getAll',
			returnAll: true,
			filters: { search: title },
		});
		expect(one(searched, 'GET', '/tasks').query.search).toBe(title);
		expect(ids(searched.json)).toContain(records('tasks')[2].id);
	});

	test('create, get, get many, update, delete: a round trip leaves the sandbox as the operations say, each request on its API', async () => {
		await roundTrip(crm, {
			resource: 'task',
			kind: 'tasks',
			api: 'v2',
			create: {
				title: 'Call Ada back',
				additionalFields: { priority: 'HIGH', description: 'About the engine' },
			},
			expected: { title: 'Call Ada back', priority: 'HIGH', description: 'About the engine' },
			update: { description: 'About the engine, again' },
			updated: { description: 'About the engine, again' },
			untouched: 'title',
		});
	});
});
