import type { IDataObject } from 'n8n-workflow';

import { CRUD, dropdown, email, number, phone, text, website } from '../builders';
import { emailFilter, localFilter, lower, search } from '../filterBuilders';
import { EMAIL } from '../matchKeys';
import type { FilterSpec, ResolveFilterValue, ResourceSpec } from '../schema';

/**
 * A lead shows its stage and source by name (§10.1); the pickers give IDs. A value is
 * matched as given and, where it is the ID of a stage or source, by that record's name.
 */
const namesOf =
	(path: string): ResolveFilterValue =>
	async (value, list) => {
		const wanted = lower(value).trim();
		const records = await list('v1', path);
		const byId = records.find((record) => lower(record.id) === wanted);
		return [value, ...(byId ? [byId.name, byId.label] : [])]
			.filter((name): name is string => typeof name === 'string' && name !== '')
			.map((name) => name.trim());
	};

const namedFilter = (
	name: string,
	displayName: string,
	method: string,
	path: string,
	what: string,
): FilterSpec => ({
	...localFilter({
		...dropdown(name, name, displayName, method, `Only leads ${what} (its name or ID)`),
		format: undefined,
	}),
	matches: (record: IDataObject, values: unknown) =>
		name in record
			? (values as string[]).some((value) => lower(record[name]).trim() === lower(value))
			: undefined,
	resolve: namesOf(path),
});

export const lead: ResourceSpec = {
	// §10.1
	value: 'lead',
	displayName: 'Lead',
	label: 'lead',
	api: 'v1',
	path: '/leads',
	reference: '§10.1',
	idPrefix: 'ld_',
	operations: [...CRUD, 'upsert'],
	methods: { update: 'PUT' },
	// §7 lists GET /leads among the v2 lists with `search` (v1 documents none, §10.1, §18);
	// what it matches is not listed, so its "nothing" is believed only once proven.
	lookupSearch: { api: 'v2', path: '/leads', oldestFirst: true },
	matchKeys: [{ field: 'email', as: EMAIL }],
	tagType: 'leads',
	customFields: 'byLabel',
	extraFields: true,
	title: (lead) => [lead.name, lead.email].filter(Boolean).join(' · ') || String(lead.id),
	simplifyKeys: ['id', 'number', 'name', 'email', 'mobile', 'title', 'stage', 'createdAt'],
	// The keys of its records (§10.1's responses); custom fields are inside `customFields`.
	recordKeys: [
		'id',
		'number',
		'name',
		'email',
		'mobile',
		'secondaryMobile',
		'title',
		'website',
		'value',
		'archived',
		'source',
		'stage',
		'stageId',
		'createdAt',
		'updatedAt',
		'customFields',
	],
	fields: [
		text('name', 'Name', 'Full name of the lead', {
			main: true,
			placeholder: 'e.g. Nathan Smith',
		}),
		email('E-mail address of the lead', { nullable: true }),
		phone('mobile', 'Mobile', 'Mobile number'),
		phone('secondaryMobile', 'Secondary Mobile', 'Second mobile number'),
		text('jobTitle', 'Job Title', 'Job title or position of the lead', {
			key: 'title',
			placeholder: 'e.g. Head of Sales',
		}),
		number('value', 'Value', 'Expected deal value'),
		website('Company website of the lead'),
	],
	filters: [
		search('leads', ['name', 'email', 'mobile', 'title']),
		emailFilter('leads'),
		namedFilter('stage', 'Stage', 'getLeadStages', '/leads/stages', 'in this stage'),
		namedFilter('source', 'Source', 'getLeadSources', '/leads/sources', 'from this source'),
		localFilter({
			displayName: 'Archived',
			name: 'archived',
			type: 'boolean',
			default: false,
			description: 'Whether to return only archived leads (on) or only active ones (off)',
		}),
	],
};
