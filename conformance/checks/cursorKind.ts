/**
 * Whether a v2 list's cursor is a position or a key (`--write`): the first write check, whose
 * tasks the later task checks read (kit.shared.tasks).
 */
import type { IDataObject } from 'n8n-workflow';

import { unwrapRecord } from '../../nodes/shared/transport';
import { pageOf, refusal, resource } from '../reads';
import type { Check } from '../types';
import { differs, holds, notChecked } from '../types';

/**
 * A record created between two page reads of a newest-first list: a position-based cursor
 * shifts (page 2 repeats the last record of page 1), a key-based one does not.
 */
const cursorKind: Check = {
	id: 'lists.cursor-kind',
	title:
		"a v2 list's cursor is a position in the list, not a key (a record created between two page reads)",
	depends: [],
	sandbox: 'sandbox/v2/list.ts',
	write: true,
	async run(kit) {
		const { path } = resource('task');
		const created: IDataObject[] = [];
		const create = async (name: string) => {
			if (created.length) await kit.sleep(1100); // a distinct createdAt even in whole seconds
			const reply = await kit.probe.create(
				'v2',
				path,
				{
					title: `${kit.marker} cursor ${name}`,
					description: 'Created by the Heffl conformance kit; deleted when it ends.',
					dueDate: '2031-01-02T03:04:05.678Z',
				},
				'task',
			);
			if (!reply.ok) throw new Error(`creating a task was refused: ${refusal(reply)}`);
			created.push(unwrapRecord(reply.body as IDataObject));
		};
		await create('A');
		await create('B');
		kit.shared.tasks = created;
		const query = { orderBy: 'createdAt', orderDir: 'desc', pageSize: 1 };
		const first = await kit.probe.send('v2', 'GET', path, { qs: query });
		const page1 = pageOf('v2', first.body);
		const [a, b] = created;
		if (!first.ok || page1.records?.[0]?.id !== b.id || page1.hasMore !== true)
			return notChecked(
				`the newest task was not first on page 1 (${first.ok ? String(page1.records?.[0]?.id) : refusal(first)}): see lists.order`,
			);
		await create('C');
		const second = await kit.probe.send('v2', 'GET', path, {
			qs: { ...query, cursor: page1.nextCursor },
		});
		const next = pageOf('v2', second.body).records?.[0];
		if (!second.ok) return notChecked(`page 2 was refused: ${refusal(second)}`);
		if (next?.id === b.id)
			return holds(
				'a task created after page 1 shifted page 2 by one (it began again with the last task of page 1): the cursor is a position',
			);
		if (next?.id === a.id)
			return differs(
				'page 2 continued after the last task of page 1 although a task was created in between: the cursor points at a record',
				'records are told apart by ID, so nothing is emitted twice either way; with such cursors a record deleted during a poll cannot hide another (docs/polling.md)',
			);
		return notChecked(`page 2 began with ${String(next?.id)}, neither kind of cursor explains it`);
	},
};

/** The first write check: the tasks it creates serve the later task checks. */
export const LIST_WRITE_CHECKS: Check[] = [cursorKind];
