import { search } from '../filterBuilders';
import type { ResourceSpec } from '../schema';

export const user: ResourceSpec = {
	// §13: the team's users, for owners, assignees and sales persons.
	value: 'user',
	displayName: 'User',
	label: 'user',
	api: 'v2',
	path: '/users',
	reference: '§13',
	idPrefix: 'usr_',
	operations: ['getAll'],
	title: (record) => [record.name, record.email].filter(Boolean).join(' · ') || String(record.id),
	filters: [search('users', ['name', 'email'])],
};
