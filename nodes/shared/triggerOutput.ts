/**
 * What both triggers output for one record, so a workflow can move from the Heffl
 * Trigger (webhooks) to the Heffl Polling Trigger and back: the event, when it happened,
 * the delivery's ID (webhooks only) and the record; or the record alone (Record Only).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

export const RECORD_ONLY_OPTION: INodeProperties = {
	displayName: 'Record Only',
	name: 'recordOnly',
	type: 'boolean',
	default: false,
	description:
		'Whether to output only the record the event is about, instead of the event with its kind, time and record',
};

/**
 * The item of one record. `customFieldsNotice`: why its custom fields stay keys although
 * Custom Fields As asks for labels (beside the record, or last in it under Record Only).
 */
export function triggerItem(
	options: IDataObject,
	event: string,
	timestamp: unknown,
	record: IDataObject,
	webhookId?: string,
	customFieldsNotice?: string,
): IDataObject {
	const notice = customFieldsNotice === undefined ? {} : { customFieldsNotice };
	if (options.recordOnly)
		return customFieldsNotice === undefined ? record : { ...record, ...notice };
	return {
		event,
		timestamp: timestamp ?? null,
		...(webhookId !== undefined && { webhookId }),
		record,
		...notice,
	};
}
