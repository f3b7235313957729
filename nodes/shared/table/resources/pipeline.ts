import type { IDataObject } from 'n8n-workflow';

import { fail, ok } from '../../checks';
import { choice, named, number, text, toggle, within } from '../builders';
import type { FieldSpec, ResourceSpec } from '../schema';

const STAGE_TYPES = ['ACTIVE', 'WON', 'LOST'];

/** A stage's fields (§11.7): inside a new pipeline, or on their own. */
export const stageFields = (required: boolean): FieldSpec[] => [
	text('name', 'Name', 'Name of the stage', { main: true, required, placeholder: 'e.g. Proposal' }),
	number('position', 'Position', 'Order of the stage; lower sorts first', { main: true, required }),
	number('probability', 'Probability', 'Chance of winning a deal in this stage, 0 to 100', {
		validate: within(0, 100),
	}),
	number('rottingInDays', 'Rotting in Days', 'Days before a deal in the stage is flagged; 0: off'),
	choice(
		'type',
		'Type',
		STAGE_TYPES,
		'Open stage (Active), or one that closes deals as Won or Lost',
	),
];

/** §11.7: a new pipeline's stages must include at least one ACTIVE, one WON and one LOST stage. */
function everyStageType(value: IDataObject[string]) {
	const stages = (Array.isArray(value) ? value : []) as IDataObject[];
	const missing = STAGE_TYPES.filter(
		(type) => !stages.some((stage) => (stage.type ?? 'ACTIVE') === type),
	);
	return missing.length
		? fail(
				`has no ${missing.join(' and no ')} stage`,
				'Add at least one Active, one Won and one Lost stage (Heffl requires all three).',
			)
		: ok(value);
}

export const pipeline: ResourceSpec = {
	// §11.7
	value: 'pipeline',
	displayName: 'Pipeline',
	label: 'pipeline',
	api: 'v2',
	path: '/pipelines',
	reference: '§11.7',
	idPrefix: 'dpl_',
	operations: ['create', 'get', 'getAll', 'update'],
	title: named,
	fields: [
		text('name', 'Name', 'Name of the pipeline', {
			main: true,
			required: true,
			placeholder: 'e.g. Sales',
		}),
		{
			displayName: 'Stages',
			name: 'stages',
			type: 'fixedCollection',
			default: {},
			main: true,
			required: true,
			on: ['create'],
			entryName: 'Stage',
			placeholder: 'Add Stage',
			description: 'At least one Active, one Won and one Lost stage',
			members: stageFields(false),
			validate: everyStageType,
		},
		text('icon', 'Icon', 'Tabler icon name; empty: a default', {
			placeholder: 'e.g. chart-funnel',
		}),
		toggle('isActive', 'Active', 'Whether the pipeline is in use'),
	],
};
