/**
 * What a Changed kind outputs: `{event: '<kind>.changed', timestamp, changes: {<field>:
 * {from, to}}, record}`, the record as Get Many gives it (Custom Fields As → Labels names the
 * watched custom fields by label in `changes` too); Record Only: the record alone. Fetch Test
 * Event shows the newest matching record so, each watched field from and to its present value.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { wantsLabels } from '../shared/records/customFieldLabels';
import { labelTriggerKeys, labelTriggerRecords } from '../shared/records/triggerLabels';
import { definitionsOf } from '../shared/table/schema';
import { triggerItem } from '../shared/triggerOutput';
import type { ChangedKind } from './changedKinds';
import { watchedFields } from './changeSettings';
import type { ChangeFound } from './readChanges';
import { newestRecord } from './watchedList';

/** When the change was seen: Heffl's updatedAt where the record shows it, else this poll's time. */
const timestampOf = (record: IDataObject) =>
	typeof record.updatedAt === 'string' && record.updatedAt !== ''
		? record.updatedAt
		: new Date().toISOString();

export function changesOutput(context: IPollFunctions, kind: ChangedKind) {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const labels = wantsLabels(context.getNode(), options);
	const source = definitionsOf(kind.watched.resource);
	return async (found: ChangeFound[]): Promise<IDataObject[]> => {
		const records = found.map(({ record }) => record);
		const shown = labels ? await labelTriggerRecords(context, source, records) : { records };
		const changes = labels
			? await labelTriggerKeys(
					context,
					source,
					found.map(({ record, changes: keyed }) => ({ record, keyed: keyed as IDataObject })),
				)
			: found.map(({ changes: keyed }) => keyed as IDataObject);
		return shown.records.map((record, index) => {
			const timestamp = timestampOf(records[index]);
			const item = triggerItem(options, kind.event, timestamp, record, undefined, shown.notice);
			if (options.recordOnly) return item;
			const { event, record: itemRecord, ...rest } = item;
			return { event, timestamp, changes: changes[index], record: itemRecord, ...rest };
		});
	};
}

/** Fetch Test Event: one real record as a change item would show it; nothing is read further or kept. */
export async function changeTestEvent(context: IPollFunctions, kind: ChangedKind) {
	const fields = watchedFields(context);
	const newest = await newestRecord(context, kind.watched);
	if (!newest) {
		const filtered = Object.keys(context.getNodeParameter('filters', {}) as IDataObject).length;
		const { label } = kind.watched.resource;
		throw new NodeOperationError(
			context.getNode(),
			`No ${label} in Heffl ${filtered ? 'matches the filters' : 'yet'}`,
			{
				description: `Create a ${label} in Heffl (or loosen the filters) to see what this trigger outputs. The test changes nothing the active workflow remembers.`,
			},
		);
	}
	const changes = Object.fromEntries(
		fields.map((field) => [field, { from: newest[field] ?? null, to: newest[field] ?? null }]),
	);
	return await changesOutput(context, kind)([{ record: newest, changes }]);
}
