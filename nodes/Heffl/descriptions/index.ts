/**
 * The Heffl node's parameters, built from the resource table of each node version: no
 * parameter is written by hand for one resource.
 */
import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_MAX_RETRIES } from '../../shared/transport';
import { LATEST_VERSION, resourcesOf, VERSIONS } from '../versions';
import { customFieldsAsOption } from '../../shared/editor/customFieldsAs';
import { byDisplayName } from '../../shared/editor/display';
import { definitionsOf } from '../../shared/table/schema';
import { sortProperty } from '../../shared/editor/listProperties';
import { actionsOf } from './operationProperties';
import { RETURNING_RECORDS } from './outputProperties';
import { resourceProperties } from './resourceProperties';

export { fieldProperty } from '../../shared/editor/fieldProperties';
export {
	filterProperties,
	listingProperties,
	sortProperty,
} from '../../shared/editor/listProperties';

function resourceProperty(version: number): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [...resourcesOf(version)].sort(byDisplayName).map((resource) => ({
			name: resource.displayName,
			value: resource.value,
		})),
		default: 'lead',
	};
}

/** Custom Fields As: on the resources whose records carry custom fields with definitions. */
function customFieldsAsProperty(): INodeProperties {
	const resources = VERSIONS.flatMap(resourcesOf).filter(
		(resource) =>
			definitionsOf(resource) !== undefined &&
			resource.operations.some((operation) => RETURNING_RECORDS.includes(operation)),
	);
	return customFieldsAsOption(
		'How the custom fields of each record are named in the output. Labels reads their definitions from Heffl once per execution (per deal pipeline, per quotation template).',
		{
			show: {
				'/resource': [...new Set(resources.map((resource) => resource.value))],
				'/operation': RETURNING_RECORDS,
			},
		},
	);
}

export const optionsProperty: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		customFieldsAsProperty(),
		{
			displayName: 'Include Outcome',
			name: 'includeOutcome',
			type: 'boolean',
			default: false,
			displayOptions: { show: { '/operation': ['upsert'] } },
			description:
				'Whether to add upsertOutcome to each record: created, updated (with the fields sent) or unchanged (nothing sent)',
		},
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: DEFAULT_MAX_RETRIES,
			description:
				'How often a request refused by the rate limit (429), failed by Heffl (5xx) or broken in transit is sent again. Creates are repeated only when Heffl provably did not receive them.',
		},
	],
};

/** The parameters of one version of the node, above Options. */
export function versionProperties(version: number = LATEST_VERSION): INodeProperties[] {
	return [
		resourceProperty(version),
		...resourcesOf(version).flatMap((resource) => resourceProperties(resource)),
	];
}

/** Get Many's Sort collections, below Options (n8n's UX guidelines). */
export function versionSortProperties(version: number = LATEST_VERSION): INodeProperties[] {
	return resourcesOf(version)
		.map(sortProperty)
		.filter((property) => property !== undefined);
}

/** Shown only on nodes of `version` (n8n's `@version` display option), once there are several. */
function onVersion(property: INodeProperties, version: number): INodeProperties {
	if (VERSIONS.length === 1) return property;
	return {
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, '@version': [version] },
		},
	};
}

/**
 * The node's subtitle: the operation's action ("Create lead"), looked up from the
 * table by resource and operation, instead of raw values ("getAll: contact").
 */
export function subtitleExpression(): string {
	const actions: Record<string, string> = {};
	for (const version of VERSIONS)
		for (const resource of resourcesOf(version)) Object.assign(actions, actionsOf(resource));
	return `={{ (${JSON.stringify(actions)})[$parameter["resource"] + ":" + $parameter["operation"]] ?? "" }}`;
}

export const nodeProperties: INodeProperties[] = [
	...VERSIONS.flatMap((version) =>
		versionProperties(version).map((property) => onVersion(property, version)),
	),
	optionsProperty,
	...VERSIONS.flatMap((version) =>
		versionSortProperties(version).map((property) => onVersion(property, version)),
	),
];
