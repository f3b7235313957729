import { choice, READ, text } from '../builders';
import { equalsKey, lower } from '../filterBuilders';
import { TEMPLATE_TYPES } from '../vocabularies';
import type { ResourceSpec } from '../schema';

export const documentTemplate: ResourceSpec = {
	// §11.13: its list takes `type`, `search` and `includeInactive`, and has no `meta`.
	value: 'documentTemplate',
	displayName: 'Document Template',
	label: 'document template',
	api: 'v2',
	path: '/document-templates',
	reference: '§11.13',
	idPrefix: 'tpl_',
	operations: READ,
	searchable: true,
	noPageSize: true,
	// §11.13 shows six keys of a list row and `customFields` of one template; the sandbox adds
	// the rest. Simplify leaves out only the layout's mode.
	simplifyKeys: [
		'id',
		'name',
		'type',
		'isActive',
		'isSignatureRequired',
		'valueType',
		'documentName',
		'subject',
		'customFields',
		'createdAt',
	],
	recordKeys: [
		'id',
		'name',
		'type',
		'isActive',
		'isSignatureRequired',
		'valueType',
		'contentMode',
		'documentName',
		'subject',
		'customFields',
		'createdAt',
	],
	title: (template) => `${String(template.name)} (${String(template.type)})`,
	filters: [
		{
			...choice('type', 'Type', TEMPLATE_TYPES, 'Only templates of this document type', {
				default: 'quotations',
			}),
			filter: 'server',
			matches: equalsKey('type'),
		},
		{
			...text('search', 'Search', 'Only templates whose name starts with this, ignoring case'),
			filter: 'server',
			matches: (record, value) => lower(record.name).startsWith(lower(value).trim()),
		},
		{
			displayName: 'Include Inactive',
			name: 'includeInactive',
			type: 'boolean',
			default: false,
			description: 'Whether to return inactive templates too',
			filter: 'server',
		},
	],
};
