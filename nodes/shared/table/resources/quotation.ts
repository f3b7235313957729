import type { IDataObject } from 'n8n-workflow';

import {
	choice,
	CRUD,
	currency,
	dateTime,
	dropdown,
	lineItems,
	link,
	number,
	tags,
	text,
	toggle,
	userLink,
} from '../builders';
import { condition, containsText, serverSearch } from '../filterBuilders';
import type { ResourceSpec } from '../schema';

const QUOTATION_STATUSES = ['DRAFT', 'SENT', 'ACCEPTED', 'REJECTED'];

/** §11.4: a quotation list row has no line items; a search may match their text. */
const quotationSearch = (record: IDataObject, term: unknown): boolean | undefined => {
	if (containsText()(record, term)) return true;
	const lines = record.lineItems;
	if (!Array.isArray(lines) || lines.length === 0) return undefined;
	return (lines as IDataObject[]).some((line) => containsText()(line, term));
};

export const quotation: ResourceSpec = {
	// §11.4: line items go in as `quotationProducts` and come back as `lineItems`.
	value: 'quotation',
	displayName: 'Quotation',
	label: 'quotation',
	api: 'v2',
	path: '/quotations',
	reference: '§11.4',
	idPrefix: 'qtn_',
	operations: CRUD,
	searchable: true,
	tagType: 'quotations',
	customFields: { template: true },
	extraFields: true,
	title: (record) =>
		[record.number, record.subject].filter(Boolean).join(' · ') || String(record.id),
	simplifyKeys: [
		'id',
		'number',
		'date',
		'status',
		'subject',
		'clientId',
		'dealId',
		'totalAmount',
		'currency',
		'createdAt',
	],
	// The keys of its records (§11.4; the sandbox's reading where the reference shows only some).
	recordKeys: [
		'id',
		'number',
		'date',
		'status',
		'currency',
		'createdAt',
		'subject',
		'title',
		'expiryDate',
		'conversionRate',
		'isInclusiveTax',
		'clientId',
		'clientName',
		'contactId',
		'dealId',
		'salesPersonId',
		'templateId',
		'contentHtml',
		'internalNotes',
		'subtotalAmount',
		'totalDiscountAmount',
		'totalTaxAmount',
		'totalAmount',
		'tagIds',
		'lineItems',
		'markedAcceptedOn',
		'markedRejectedOn',
		'updatedAt',
	],
	fields: [
		link('client', 'clientId', 'Client', 'contact or company the quotation is for', 'clt_', {
			main: true,
			required: true,
			locator: 'client',
		}),
		{
			...dropdown(
				'template',
				'templateId',
				'Template',
				'getQuotationTemplates',
				'Quotation template (`tpl_`); it cannot be changed later, and its custom fields are offered below',
			),
			main: true,
			required: true,
			on: ['create'],
		},
		{ ...dateTime('date', 'Date', 'Quotation date'), main: true },
		...lineItems('quotationProducts', 'quotation', true),
		link('contact', 'contactId', 'Contact', 'contact person when the client is a company', 'clt_', {
			locator: 'contact',
		}),
		link('deal', 'dealId', 'Deal', 'deal the quotation belongs to', 'dl_', { locator: 'deal' }),
		dateTime('expiryDate', 'Expiry Date', 'When the quotation expires'),
		text('subject', 'Subject', 'Subject of the quotation', {
			placeholder: 'e.g. Website redesign',
		}),
		text('title', 'Title', 'Internal title of the quotation'),
		choice('status', 'Status', QUOTATION_STATUSES, 'Status of the quotation (new ones: Draft)', {
			default: 'DRAFT',
		}),
		toggle('isInclusiveTax', 'Prices Include Tax', 'Whether the prices include tax'),
		text('contentHtml', 'Content (HTML)', 'The document HTML; empty: from the template', {
			rows: 6,
		}),
		text('internalNotes', 'Internal Notes', 'Notes only the team sees', { rows: 4 }),
		userLink('salesPerson', 'salesPersonId', 'Sales Person', 'user who sells'),
		currency,
		number('conversionRate', 'Conversion Rate', 'Quotation currency to team currency'),
		tags('tags', 'quotation'),
	],
	filters: [serverSearch('quotations (number, subject, client name, line items)', quotationSearch)],
	listing: {
		orderBy: ['createdAt', 'date', 'number', 'expiryDate'],
		conditions: [
			condition('status', 'Status'),
			condition('clientId', 'Client ID'),
			condition('contactId', 'Contact ID'),
			condition('dealId', 'Deal ID'),
			condition('salesPersonId', 'Sales Person', undefined, 'getUsers'),
			condition('templateId', 'Template', undefined, 'getQuotationTemplates'),
			condition('tags', 'Tag IDs', 'tagIds'),
			condition('currency', 'Currency'),
		],
	},
};
