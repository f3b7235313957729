import {
	billingAddress,
	choice,
	CRUD,
	email,
	named,
	number,
	phone,
	text,
	website,
} from '../builders';
import { localFilter, search } from '../filterBuilders';
import { EMAIL } from '../matchKeys';
import type { ResourceSpec } from '../schema';

const CLIENT_TYPES = ['company', 'contact'];

export const client: ResourceSpec = {
	// §10.2: contacts and companies are one resource, told apart by type.
	value: 'client',
	displayName: 'Client',
	label: 'client',
	api: 'v1',
	path: '/clients',
	reference: '§10.2',
	idPrefix: 'clt_',
	operations: [...CRUD, 'upsert'],
	// v1 documents no search (§7, §14, §18): found in the whole list, read once per execution.
	matchKeys: [{ field: 'email', as: EMAIL }],
	tagType: 'clients',
	customFields: 'byLabel',
	extraFields: true,
	title: named,
	simplifyKeys: ['id', 'number', 'type', 'name', 'firstName', 'lastName', 'email', 'createdAt'],
	// The keys of its records (§10.2's responses); custom fields are inside `customFields`.
	recordKeys: [
		'id',
		'number',
		'type',
		'name',
		'firstName',
		'lastName',
		'salutation',
		'email',
		'phone',
		'jobTitle',
		'website',
		'taxNumber',
		'billingAddress',
		'openingBalance',
		'createdAt',
		'updatedAt',
		'customFields',
	],
	fields: [
		choice('clientType', 'Type', CLIENT_TYPES, 'Whether the client is a company or a person', {
			key: 'type',
			main: true,
			on: ['create'],
		}),
		text('name', 'Name', 'Name of the company', {
			main: true,
			required: true,
			showWhen: { clientType: ['company'] },
			placeholder: 'e.g. Acme Trading LLC',
		}),
		text('firstName', 'First Name', 'First name of the contact', {
			main: true,
			required: true,
			showWhen: { clientType: ['contact'] },
			placeholder: 'e.g. Nathan',
		}),
		text('lastName', 'Last Name', 'Last name (contacts)', { placeholder: 'e.g. Smith' }),
		text('salutation', 'Salutation', 'Salutation (contacts)', { placeholder: 'e.g. Dr.' }),
		email('E-mail address (contacts)', { nullable: true }),
		phone('phone', 'Phone', 'Phone number (contacts)'),
		text('jobTitle', 'Job Title', 'Job title (contacts)', { placeholder: 'e.g. CFO' }),
		website('Website (companies)'),
		text('taxNumber', 'Tax Number', 'Tax registration number', { nullable: true }),
		billingAddress('client'),
		number('openingBalance', 'Opening Balance', 'Opening balance of the account'),
		// Only the type can be changed later by the update pages; it is offered there.
		choice('type', 'Type', CLIENT_TYPES, 'Whether the client is a company or a person', {
			on: ['update'],
		}),
	],
	filters: [
		search('clients', ['name', 'firstName', 'lastName', 'email']),
		localFilter(choice('type', 'Type', CLIENT_TYPES, 'Only companies or only contacts')),
	],
};
