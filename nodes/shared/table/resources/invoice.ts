import { choice, dateTime, dropdown, link, number, text, toggle, userLink } from '../builders';
import type { ResourceSpec } from '../schema';

export const invoice: ResourceSpec = {
	// §10.5: only Create is documented.
	value: 'invoice',
	displayName: 'Invoice',
	label: 'invoice',
	api: 'v1',
	path: '/invoices',
	operations: ['create'],
	extraFields: true,
	fields: [
		link('client', 'clientId', 'Client', 'client the invoice is for', 'clt_', {
			main: true,
			required: true,
			locator: 'client',
		}),
		{ ...dateTime('date', 'Date', 'Invoice date'), main: true, required: true },
		{ ...dateTime('dueDate', 'Due Date', 'When the invoice is due'), main: true, required: true },
		{
			displayName: 'Line Items',
			name: 'lineItems',
			type: 'fixedCollection',
			default: {},
			main: true,
			required: true,
			entryName: 'Line Item',
			placeholder: 'Add Line Item',
			description: 'What is invoiced; at least one line',
			members: [
				text('name', 'Name', 'Name of the line', { placeholder: 'e.g. Website audit' }),
				number('quantity', 'Quantity', 'How many'),
				number('price', 'Price', 'Price of one'),
				text('description', 'Description', 'Details of the line', { rows: 2 }),
				dropdown('productId', 'productId', 'Product', 'getProducts', 'Product the line sells'),
				link('taxRateId', 'taxRateId', 'Tax Rate ID', 'tax rate', 'txr_'),
				number('discount', 'Discount', 'Discount on the line'),
				choice(
					'discountType',
					'Discount Type',
					['fixed', 'percentage'],
					'Whether the discount is an amount or a percentage',
				),
				number('buyPrice', 'Buy Price', 'Cost price of one'),
			],
		},
		choice('status', 'Status', ['DRAFT', 'SENT'], 'Status of the new invoice'),
		toggle('isInclusiveTax', 'Prices Include Tax', 'Whether the prices include tax'),
		link('contact', 'contactId', 'Contact', 'contact person at the client', 'clt_', {
			locator: 'contact',
		}),
		text('subject', 'Subject', 'Subject of the invoice', {
			placeholder: 'e.g. January retainer',
		}),
		text('notes', 'Notes', 'Notes printed on the invoice', { rows: 4 }),
		userLink('salesPerson', 'salesPersonId', 'Sales Person', 'user who sold'),
		dropdown(
			'template',
			'templateId',
			'Template',
			'getInvoiceTemplates',
			'Invoice template; empty: the team default',
		),
		text('tags', 'Tag IDs', 'IDs of the tags of the invoice, separated by commas', {
			format: 'ids',
		}),
	],
};
