import { choice, text } from '../builders';
import type { ResourceSpec } from '../schema';

/** The lead-stage types offered: §11.8's enum and the help page's Working, in the app's order. */
export const LEAD_STAGE_TYPES = ['NEW', 'CONTACTED', 'WORKING', 'UNQUALIFIED', 'CONVERTED', 'JUNK'];

export const leadStage: ResourceSpec = {
	// Listed at the contract's v1 path; created with §11.8's v2 endpoint.
	value: 'leadStage',
	displayName: 'Lead Stage',
	label: 'lead stage',
	api: 'v1',
	path: '/leads/stages',
	reference: '§11.8',
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
		// WORKING: on Heffl's help page on leads, not in §11.8's enum (docs/assumptions.md).
		choice('stageType', 'Type', LEAD_STAGE_TYPES, 'What reaching the stage means', {
			key: 'type',
			default: 'NEW',
			main: true,
		}),
	],
};
