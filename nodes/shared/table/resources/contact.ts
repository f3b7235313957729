import { billingAddress, email, link, phone, text, userLink } from '../builders';
import { condition, emailFilter, serverSearch } from '../filterBuilders';
import { EMAIL } from '../matchKeys';
import type { ConditionSpec, ResourceSpec } from '../schema';

/** §7's "contact and company filters" (cut after two rows; the rest as the records show them). */
export const CONTACT_AND_COMPANY_CONDITIONS: ConditionSpec[] = [
	condition('stageId', 'Client Stage', undefined, 'getClientStages'),
	condition('leadStageId', 'Lead Stage ID'),
	condition('ownerUserId', 'Owner', undefined, 'getUsers'),
	condition('sourceId', 'Source', 'crmSourceId', 'getCrmSources'),
];

/**
 * The keys of a v2 client record (§11.1, §11.2; the sandbox's reading where the reference
 * shows only some): contacts and companies are both clients. Custom fields come as cf_ keys.
 */
export const CLIENT_RECORD_KEYS = [
	'id',
	'number',
	'name',
	'email',
	'phone',
	'taxNumber',
	'website',
	'description',
	'openingBalance',
	'showJobAmountToWorker',
	'isClientPortalEnabled',
	'stageId',
	'stageName',
	'leadStageId',
	'ownerUserId',
	'vendorId',
	'crmSourceId',
	'sourceName',
	'currency',
	'internalNotes',
	'linkedin',
	'billingAddress',
	'createdAt',
	'updatedAt',
];

export const contact: ResourceSpec = {
	// §6.2, §7, §11.1. No GET /contacts/{id} is listed; the create body is undocumented
	// and takes the update page's fields (docs/assumptions.md).
	value: 'contact',
	displayName: 'Contact',
	label: 'contact',
	api: 'v2',
	path: '/contacts',
	reference: '§6.2, §7, §11.1',
	idPrefix: 'clt_',
	operations: ['create', 'delete', 'getAll', 'update', 'upsert'],
	searchable: true,
	lookupSearch: { api: 'v2', path: '/contacts' },
	matchKeys: [{ field: 'email', as: EMAIL }],
	tagType: 'contacts',
	customFields: { entity: 'contacts' },
	extraFields: true,
	title: (contact) =>
		[contact.name ?? [contact.firstName, contact.lastName].filter(Boolean).join(' '), contact.email]
			.filter(Boolean)
			.join(' · ') || String(contact.id),
	simplifyKeys: [
		'id',
		'number',
		'name',
		'email',
		'phone',
		'jobTitle',
		'companyName',
		'stageName',
		'ownerUserId',
		'createdAt',
	],
	recordKeys: [
		...CLIENT_RECORD_KEYS,
		'type',
		'firstName',
		'lastName',
		'salutation',
		'jobTitle',
		'companyId',
		'companyName',
		'parentClientId',
		'profileImage',
		'instagram',
		'facebook',
		'twitter',
	],
	fields: [
		text('firstName', 'First Name', 'First name of the contact', {
			main: true,
			placeholder: 'e.g. Nathan',
		}),
		text('lastName', 'Last Name', 'Last name of the contact', { placeholder: 'e.g. Smith' }),
		text('salutation', 'Salutation', 'Salutation, such as Mr., Mrs. or Dr.', {
			placeholder: 'e.g. Dr.',
		}),
		email('E-mail address of the contact'),
		phone('phone', 'Phone', 'Phone number of the contact'),
		text('jobTitle', 'Job Title', 'Job title of the contact', { placeholder: 'e.g. CFO' }),
		link('company', 'companyId', 'Company', 'company the contact works for', 'clt_', {
			nullable: true,
			locator: 'company',
		}),
		link('clientStage', 'stageId', 'Client Stage', 'client stage of the contact', 'cs_', {
			locator: 'clientStage',
		}),
		link('leadStage', 'leadStageId', 'Lead Stage ID', 'lead stage of the contact', 'lstg_'),
		userLink('owner', 'ownerUserId', 'Owner', 'user who owns the contact'),
		link('vendor', 'vendorId', 'Vendor ID', 'vendor linked to the contact', 'vnd_'),
		link('source', 'sourceId', 'Source ID', 'CRM source of the contact', 'src_'),
		billingAddress('contact'),
	],
	filters: [serverSearch('contacts'), emailFilter('contacts')],
	listing: {
		orderBy: ['createdAt', 'name'],
		conditions: [...CONTACT_AND_COMPANY_CONDITIONS, condition('companyId', 'Company ID')],
	},
};
