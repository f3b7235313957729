import { named, text } from '../builders';
import { localFilter } from '../filterBuilders';
import { TAG_TYPE_OPTIONS } from '../vocabularies';
import type { ResourceSpec } from '../schema';

export const tag: ResourceSpec = {
	// §11.9
	value: 'tag',
	displayName: 'Tag',
	label: 'tag',
	api: 'v2',
	path: '/tags',
	reference: '§11.9',
	idPrefix: 'tag_',
	operations: ['create', 'getAll'],
	title: named,
	fields: [
		text('name', 'Name', 'Name of the tag', {
			main: true,
			required: true,
			placeholder: 'e.g. VIP',
		}),
		{
			displayName: 'Type',
			name: 'tagType',
			key: 'type',
			type: 'options',
			options: TAG_TYPE_OPTIONS,
			default: 'deals',
			main: true,
			required: true,
			description: 'Kind of record the tag is for',
		},
		text('color', 'Color', 'Hex color of the tag', {
			main: true,
			required: true,
			placeholder: 'e.g. #2563eb',
		}),
		text('icon', 'Icon', 'Icon of the tag', { nullable: true }),
	],
	// §11.9 lists no query parameter for GET /tags (v1's `type`, §10.6, is not v2's): the
	// type is checked on the returned tags and never sent; a tag that shows no type fails
	// the filter rather than passing it.
	filters: [
		localFilter({
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: TAG_TYPE_OPTIONS,
			default: 'deals',
			description: 'Only tags of this kind',
		}),
	],
};
