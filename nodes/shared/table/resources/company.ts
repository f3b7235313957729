import {
	billingAddress,
	clientStageField,
	crmSourceField,
	currency,
	email,
	link,
	named,
	number,
	phone,
	text,
	toggle,
	userLink,
	website,
	within,
} from '../builders';
import { serverSearch } from '../filterBuilders';
import { DOMAIN, EMAIL, NAME } from '../matchKeys';
import type { ResourceSpec } from '../schema';
import { CLIENT_RECORD_KEYS, CONTACT_AND_COMPANY_CONDITIONS } from './contact';

export const company: ResourceSpec = {
	// §11.2: no GET /companies/{id} is documented.
	value: 'company',
	displayName: 'Company',
	label: 'company',
	api: 'v2',
	path: '/companies',
	reference: '§11.2',
	idPrefix: 'clt_',
	operations: ['create', 'delete', 'getAll', 'update', 'upsert'],
	searchable: true,
	// §7 documents `search` on /companies; what it matches is not listed (docs/assumptions.md).
	lookupSearch: { api: 'v2', path: '/companies' },
	matchKeys: [
		{ field: 'website', as: DOMAIN },
		{ field: 'name', as: NAME },
		{ field: 'email', as: EMAIL },
	],
	tagType: 'clients',
	customFields: { entity: 'companies' },
	extraFields: true,
	title: named,
	simplifyKeys: ['id', 'number', 'name', 'email', 'phone', 'stageName', 'ownerUserId', 'createdAt'],
	recordKeys: CLIENT_RECORD_KEYS,
	fields: [
		text('name', 'Name', 'Name of the company', {
			main: true,
			required: true,
			placeholder: 'e.g. Acme Trading LLC',
		}),
		email('E-mail address of the company', { nullable: true }),
		phone('phone', 'Phone', 'Phone number of the company'),
		text('taxNumber', 'Tax Number', 'Tax registration number'),
		website('Website of the company'),
		text('description', 'Description', 'About the company', { rows: 4 }),
		text('linkedin', 'LinkedIn', 'LinkedIn page of the company', {
			format: 'webUrl',
			placeholder: 'e.g. https://www.linkedin.com/company/acme',
		}),
		currency,
		number('openingBalance', 'Opening Balance', 'Opening balance of the account (0 or more)', {
			validate: within(0),
		}),
		toggle(
			'showJobAmountToWorker',
			'Show Job Amount to Worker',
			'Whether field workers see job amounts of this company',
		),
		toggle(
			'isClientPortalEnabled',
			'Client Portal Enabled',
			'Whether the company can use the client portal',
		),
		text('internalNotes', 'Internal Notes', 'Notes only the team sees', { rows: 4 }),
		clientStageField,
		link('leadStage', 'leadStageId', 'Lead Stage ID', 'lead stage of the company', 'lstg_'),
		userLink('owner', 'ownerUserId', 'Owner', 'user who owns the company'),
		link('vendor', 'vendorId', 'Vendor ID', 'vendor linked to the company', 'vnd_'),
		crmSourceField,
		billingAddress('company'),
		{
			displayName: 'Primary Contact',
			name: 'primaryContact',
			type: 'collection',
			default: {},
			placeholder: 'Add Contact Field',
			description:
				'A contact person created with the company (the reference shows the object, not its fields)',
			on: ['create'],
			members: [
				text('firstName', 'First Name', 'First name of the contact'),
				text('lastName', 'Last Name', 'Last name of the contact'),
				text('email', 'Email', 'E-mail address of the contact', {
					placeholder: 'e.g. nathan@example.com',
				}),
				text('phone', 'Phone', 'Phone number, with the country code'),
				text('salutation', 'Salutation', 'Salutation, such as Mr., Mrs. or Dr.'),
				text('jobTitle', 'Job Title', 'Job title of the contact'),
			].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	],
	filters: [serverSearch('companies')],
	listing: { orderBy: ['createdAt', 'name'], conditions: CONTACT_AND_COMPANY_CONDITIONS },
};
