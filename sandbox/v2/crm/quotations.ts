/** §11.4 quotations: line items and totals, drawn from a quotation template. */
import type { Workspace } from '../../store';
import type { JsonObject } from '../../types';
import { refTo, withCustomFields } from '../body';
import { bool, client, currency, dateTime, enumOf, number, tags, text, user } from './bodyFields';
import { lineItems, totals } from './lineItems';
import { clientName, recordOf } from './lookups';
import type { CrmResource } from './resource';
import { stored } from './resource';

const QUOTATION_STATUSES = ['DRAFT', 'SENT', 'ACCEPTED', 'REJECTED'] as const;

/** A quotation carries the custom fields of its template. */
const templateFields = (template: JsonObject | undefined) =>
	(template?.customFields ?? []) as JsonObject[];

function renderQuotation(record: JsonObject, space: Workspace, full: boolean): JsonObject {
	const lines = (record.quotationProducts ?? []) as JsonObject[];
	const template = recordOf(space, 'templates', record.templateId);
	return withCustomFields(
		{
			id: record.id,
			number: record.number,
			date: record.date,
			status: record.status,
			currency: record.currency ?? 'USD',
			createdAt: record.createdAt,
			subject: record.subject ?? null,
			title: record.title ?? null,
			expiryDate: record.expiryDate ?? null,
			conversionRate: record.conversionRate ?? 1,
			isInclusiveTax: record.isInclusiveTax ?? false,
			clientId: record.clientId ?? null,
			clientName: clientName(space, record.clientId),
			contactId: record.contactId ?? null,
			dealId: record.dealId ?? null,
			salesPersonId: record.salesPersonId ?? null,
			templateId: record.templateId ?? null,
			contentHtml:
				record.contentHtml ??
				`<h1>${String(template?.name ?? 'Quotation')} ${String(record.number)}</h1>`,
			internalNotes: record.internalNotes ?? null,
			...totals(lines, record.isInclusiveTax === true),
			tagIds: record.tags ?? [],
			// §11.4: line items are filled on get, empty on list rows.
			lineItems: full ? lines : [],
			markedAcceptedOn: record.markedAcceptedOn ?? null,
			markedRejectedOn: record.markedRejectedOn ?? null,
			updatedAt: record.updatedAt ?? record.createdAt,
		},
		record,
		templateFields(template),
	);
}

export const QUOTATIONS: CrmResource = {
	path: 'quotations',
	kind: 'quotations',
	prefix: 'qtn_',
	label: 'quotation',
	numberPrefix: 'QT-',
	defaults: {
		status: 'DRAFT',
		currency: 'USD',
		conversionRate: 1,
		isInclusiveTax: false,
		tags: [],
	},
	body: {
		fields: {
			clientId: client,
			templateId: (value, space) => {
				const found = refTo('document template', 'templates')(value, space);
				if ('problem' in found) return found;
				return space.get('templates', String(value))?.type === 'quotations'
					? found
					: {
							problem: `template '${String(value)}' is not a quotation template (type quotations)`,
						};
			},
			date: dateTime,
			quotationProducts: lineItems('quotationProducts', true),
			contactId: refTo('contact', 'contacts', 'clients'),
			dealId: refTo('deal', 'deals'),
			expiryDate: dateTime,
			subject: text,
			title: text,
			status: enumOf(QUOTATION_STATUSES),
			isInclusiveTax: bool,
			contentHtml: text,
			internalNotes: text,
			salesPersonId: user,
			currency,
			conversionRate: number,
			tags,
		},
		required: ['clientId', 'templateId', 'date', 'quotationProducts'],
		fixed: ['templateId'],
	},
	// §17.15: the curl example sends `quotationProducts`, the response (and v1 invoices) say `lineItems`.
	aliases: { lineItems: 'quotationProducts' },
	get: true,
	definitions: (space, record) => templateFields(recordOf(space, 'templates', record.templateId)),
	list: {
		search: (record, space) => [
			record.number,
			record.subject,
			clientName(space, record.clientId),
			...((record.quotationProducts ?? []) as JsonObject[]).flatMap((line) => [
				line.name,
				line.description,
			]),
		],
		orderBy: {
			createdAt: stored('createdAt'),
			date: stored('date'),
			number: stored('number'),
			expiryDate: stored('expiryDate'),
		},
		filters: {
			status: stored('status'),
			clientId: stored('clientId'),
			contactId: stored('contactId'),
			dealId: stored('dealId'),
			salesPersonId: stored('salesPersonId'),
			templateId: stored('templateId'),
			tags: stored('tags'),
			tagIds: stored('tags'),
			currency: stored('currency'),
		},
	},
	render: renderQuotation,
	settle: (next, previous) => {
		const now = new Date().toISOString();
		if (next.status === 'ACCEPTED' && previous?.status !== 'ACCEPTED') next.markedAcceptedOn = now;
		if (next.status === 'REJECTED' && previous?.status !== 'REJECTED') next.markedRejectedOn = now;
	},
	event: 'quotation',
	changeEvents: [['status', 'statusChanged']],
};
