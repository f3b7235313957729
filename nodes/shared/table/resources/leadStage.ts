import { choice, text } from '../builders';
import type { ResourceSpec } from '../schema';

export const leadStage: ResourceSpec = {
	// Listed at the contract's v1 path; created with §11.8's v2 endpoint.
	value: 'leadStage',
	displayName: 'Lead Stage',
	label: 'lead stage',
	api: 'v1',
	path: '/leads/stages',
	operations: ['create', 'getAll'],
	apis: { create: 'v2' },
	paths: { create: '/lead-stages' },
	fields: [
		text('label', 'Label', 'Name of the stage', {
			main: true,
			required: true,
			placeholder: 'e.g. Qualified',
		}),
		// §11.8 marks `type` required; its curl example omits it: always sent, Heffl takes both.
		choice(
			'stageType',
			'Type',
			['NEW', 'CONTACTED', 'UNQUALIFIED', 'CONVERTED', 'JUNK'],
			'What reaching the stage means',
			{ key: 'type', default: 'NEW', main: true },
		),
	],
};
