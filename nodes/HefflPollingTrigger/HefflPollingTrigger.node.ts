import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { customFieldsAsOption } from '../shared/editor/customFieldsAs';
import { filterProperties } from '../shared/editor/listProperties';
import { wantsLabels } from '../shared/records/customFieldLabels';
import { labelTriggerRecords } from '../shared/records/triggerLabels';
import { conditionOptions, filterOptions } from '../shared/records/filterOptions';
import { definitionsOf, plural } from '../shared/table/schema';
import { CREDENTIAL_NAME } from '../shared/transport';
import { RECORD_ONLY_OPTION, triggerItem } from '../shared/triggerOutput';
import type { WatchedKind } from './kinds';
import { WATCHED_KINDS, watchedKind } from './kinds';
import { newestRecord } from './watchedList';
import { pollForNew } from './pollForNew';
import {
	CHANGED_KINDS,
	CHANGED_PROPERTIES,
	changedKind,
	getWatchableFields,
	REQUESTS_PER_MINUTE_OPTION,
} from './changedKinds';
import { changesOutput, changeTestEvent } from './changeOutput';
import { pollForChanged } from './pollForChanged';
import { DESCRIBED_VERSION, LATEST_VERSION } from './versions';

function filtersProperty(kind: WatchedKind): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description: `Only new ${plural(kind.resource.label)} that match, with the search and filters of ${kind.resource.displayName} → Get Many`,
		displayOptions: { show: { event: [kind.value] } },
		// Get Many's Sort is not among the filters: a poll always reads newest first.
		options: filterProperties(kind.resource),
	};
}

export class HefflPollingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Heffl Polling Trigger',
		name: 'hefflPollingTrigger',
		icon: { light: 'file:../../icons/heffl.svg', dark: 'file:../../icons/heffl.dark.svg' },
		group: ['trigger'],
		// What each version means: versions.ts.
		version: DESCRIBED_VERSION,
		defaultVersion: LATEST_VERSION,
		subtitle: `={{ (${JSON.stringify(Object.fromEntries([...WATCHED_KINDS, ...CHANGED_KINDS].map(({ value, name }) => [value, name])))})[$parameter["event"]] ?? "" }}`,
		description:
			'Starts the workflow when Heffl has new or changed records, checking at the times you set. For n8n that Heffl cannot reach (no public URL)',
		defaults: { name: 'Heffl Polling Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_NAME, required: true }],
		properties: [
			{
				displayName:
					'Checks Heffl for new records at the Poll Times, one request per check when nothing is new. Where Heffl can reach this n8n over HTTPS, the Heffl Trigger (webhooks) starts at once and sends no requests. Heffl lists records by creation date only, so the Changed kinds read every matching record at each check.',
				name: 'pollingNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Trigger On',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				required: true,
				options: [...WATCHED_KINDS, ...CHANGED_KINDS]
					.map(({ name, value, description }) => ({ name, value, description }))
					.sort((a, b) => a.name.localeCompare(b.name)),
				default: 'lead',
			},
			...WATCHED_KINDS.map(filtersProperty),
			...CHANGED_PROPERTIES,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					customFieldsAsOption(
						"How each record's custom fields are named (deals, contacts, companies, tasks, quotations). Labels reads their definitions from Heffl at most once every five minutes.",
					),
					RECORD_ONLY_OPTION,
					REQUESTS_PER_MINUTE_OPTION,
				],
			},
		],
	};

	// The lead filters' Stage and Source dropdowns (filterProperties) list from Heffl.
	// Fields to Watch lists the kind's fields and custom fields from Heffl.
	methods = { loadOptions: { ...filterOptions, ...conditionOptions, getWatchableFields } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const changed = changedKind(this.getNodeParameter('event'));
		if (changed) {
			if (this.getMode() === 'manual')
				return [this.helpers.returnJsonArray(await changeTestEvent(this, changed))];
			return await pollForChanged(this, changed, changesOutput(this, changed));
		}
		const kind = watchedKind(this.getNodeParameter('event'));
		if (!kind) {
			throw new NodeOperationError(
				this.getNode(),
				'Trigger On: choose the kind of record to watch',
			);
		}
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const labels = wantsLabels(this.getNode(), options);
		// The Heffl Trigger's shape; the time of a creation is the record's createdAt.
		const output = async (records: IDataObject[]) => {
			const source = definitionsOf(kind.resource);
			const shown = labels ? await labelTriggerRecords(this, source, records) : { records };
			return shown.records.map((record, index) =>
				triggerItem(options, kind.event, records[index].createdAt, record, undefined, shown.notice),
			);
		};

		if (this.getMode() === 'manual') {
			const newest = await newestRecord(this, kind);
			if (!newest) {
				const filtered = Object.keys(this.getNodeParameter('filters', {}) as IDataObject).length;
				throw new NodeOperationError(
					this.getNode(),
					`No ${kind.resource.label} in Heffl ${filtered ? 'matches the filters' : 'yet'}`,
					{
						description: `Create a ${kind.resource.label} in Heffl (or loosen the filters) to see what this trigger outputs. The test does not move where the active workflow starts.`,
					},
				);
			}
			return [this.helpers.returnJsonArray(await output([newest]))];
		}

		return await pollForNew(this, kind, output);
	}
}
