import { named } from '../builders';
import type { ResourceSpec } from '../schema';

export const clientStage: ResourceSpec = {
	// §11.11
	value: 'clientStage',
	displayName: 'Client Stage',
	label: 'client stage',
	api: 'v2',
	path: '/client-stages',
	reference: '§11.11',
	idPrefix: 'cs_',
	operations: ['getAll'],
	title: named,
};
