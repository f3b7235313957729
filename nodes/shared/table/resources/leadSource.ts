import { named } from '../builders';
import type { ResourceSpec } from '../schema';

export const leadSource: ResourceSpec = {
	// The contract's v1 reference data.
	value: 'leadSource',
	displayName: 'Lead Source',
	label: 'lead source',
	api: 'v1',
	path: '/leads/sources',
	reference: 'contract',
	operations: ['getAll'],
	title: named,
};
