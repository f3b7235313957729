/**
 * v2 task writes (`--write`), on the tasks lists.cursor-kind created: a new task's defaults,
 * a date-time's round trip (§14) and null clearing a field in a PATCH (§11.5).
 */
import type { IDataObject } from 'n8n-workflow';

import { unwrapRecord } from '../../nodes/shared/transport';
import { refusal, timeOf } from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';

const tasks = (kit: Kit) =>
	Array.isArray(kit.shared.tasks) ? (kit.shared.tasks as IDataObject[]) : [];
const noTask = notChecked('no task was created (lists.cursor-kind)');

const taskDefaults: Check = {
	id: 'task.create-defaults',
	title: 'a new v2 task without status or type gets status OPEN and type todo',
	depends: [],
	sandbox: 'sandbox/v2/crm/tasks.ts',
	write: true,
	async run(kit) {
		const [task] = tasks(kit);
		if (!task) return noTask;
		const seen = `status ${String(task.status)}, type ${String(task.type)}`;
		return task.status === 'OPEN' && task.type === 'todo' ? holds(seen) : differs(seen);
	},
};

const DUE = '2031-01-02T03:04:05.678Z';

const dates: Check = {
	id: 'dates.round-trip',
	title: 'a date-time sent as UTC with milliseconds comes back as the same instant (§14)',
	depends: ['nodes/shared/checks.ts'],
	sandbox: 'sandbox/fields.ts',
	write: true,
	async run(kit) {
		const [task] = tasks(kit);
		if (!task) return noTask;
		const back = timeOf(task.dueDate);
		const sent = Date.parse(DUE);
		if (back === sent) return holds(`dueDate ${DUE} came back as ${String(task.dueDate)}`);
		if (back !== undefined && Math.floor(back / 1000) === Math.floor(sent / 1000))
			return differs(
				`dueDate kept to the second: ${String(task.dueDate)}`,
				'the instant is kept; only milliseconds are lost',
			);
		return differs(`dueDate ${DUE} came back as ${JSON.stringify(task.dueDate)}`);
	},
};

const nullClears: Check = {
	id: 'write.null-clears',
	title: 'null in a v2 PATCH clears an optional field (Fields to Clear sends null)',
	depends: ['nodes/Heffl/execute/body.ts'],
	sandbox: 'sandbox/v2/body.ts',
	write: true,
	async run(kit) {
		const [task] = tasks(kit);
		if (!task) return noTask;
		const reply = await kit.probe.change('v2', '/tasks', String(task.id), 'PATCH', {
			description: null,
		});
		if (!reply.ok) return differs(`refused: ${refusal(reply)}`);
		const after = unwrapRecord(reply.body as IDataObject).description;
		return after === null || after === undefined || after === ''
			? holds(`description cleared (${JSON.stringify(after ?? null)})`)
			: differs(`description still ${JSON.stringify(after)}`);
	},
};

export const TASK_WRITE_CHECKS: Check[] = [taskDefaults, dates, nullClears];
