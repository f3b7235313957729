/**
 * The sandbox's v1 tasks against Heffl's own reference (docs/heffl-reference.md §10.4, which
 * documents no v1 task schema: the sandbox takes §11.5's), over real HTTP. Each test names the
 * section it checks; expectations come from that section, not from the node.
 */
import { describe, expect, test } from 'vitest';

import { useV1Sandbox } from './v1Client';

const { call, first } = useV1Sandbox();

describe('§10.4 tasks (no v1 schema documented: the sandbox takes §11.5, the v2 task schema)', () => {
	test('POST /tasks: title required; status OPEN…CANCELLED, type call/todo/meeting, priority LOW/MEDIUM/HIGH; entity with entityId', async () => {
		expect((await call('/tasks', 'POST', { description: 'no title' })).body.message).toMatch(
			/^title: /,
		);
		const lead = String(first('leads').id);
		const created = await call('/tasks', 'POST', {
			title: 'Call back',
			status: 'IN_PROGRESS',
			type: 'call',
			priority: 'HIGH',
			dueDate: '2027-01-01T09:00:00.000Z',
			durationMinutes: 30,
			entity: 'leads',
			entityId: lead,
		});
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^tsk_/),
			number: expect.any(String),
			status: 'IN_PROGRESS',
			type: 'call',
			priority: 'HIGH',
			entityId: lead,
		});
		expect((await call('/tasks', 'POST', { title: 'x', entity: 'leads' })).body.message).toMatch(
			/entityId/,
		);
		const id = String(created.body.id);
		expect((await call(`/tasks/${id}`, 'PATCH', { status: 'COMPLETED' })).body.status).toBe(
			'COMPLETED',
		);
		expect((await call(`/tasks/${id}`)).body.title).toBe('Call back');
		expect((await call(`/tasks/${id}`, 'DELETE')).status).toBe(200);
	});
});
