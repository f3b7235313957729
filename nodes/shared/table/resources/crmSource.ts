import { named } from '../builders';
import type { ResourceSpec } from '../schema';

export const crmSource: ResourceSpec = {
	// §11.11
	value: 'crmSource',
	displayName: 'CRM Source',
	label: 'CRM source',
	api: 'v2',
	path: '/sources',
	reference: '§11.11',
	idPrefix: 'src_',
	operations: ['getAll'],
	title: named,
};
