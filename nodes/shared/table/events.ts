import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * Heffl's webhook event catalogue (docs.heffl.com/api-reference/webhook-events): the
 * value Heffl sends, the name n8n shows (Title Case), and what it means.
 * Heffl may add kinds at any time; receivers ignore the ones they do not know.
 */
export const EVENT_CATALOGUE = [
	['client.created', 'Client Created', 'A client is created'],
	['client.deleted', 'Client Deleted', 'A client is deleted'],
	['client.updated', 'Client Updated', 'A client is updated'],
	['contact.created', 'Contact Created', 'A contact is created'],
	['contact.deleted', 'Contact Deleted', 'A contact is deleted'],
	[
		'contact.stageChanged',
		'Contact Stage Changed',
		'A contact moves to another stage (announced by Heffl as planned)',
	],
	['contact.updated', 'Contact Updated', 'A contact is updated'],
	['deal.created', 'Deal Created', 'A deal is created'],
	['deal.deleted', 'Deal Deleted', 'A deal is deleted'],
	['deal.stageChanged', 'Deal Stage Changed', 'A deal moves to another pipeline stage'],
	['deal.updated', 'Deal Updated', 'A deal is updated'],
	['form.response.created', 'Form Response Created', 'A form receives a response'],
	['invoice.created', 'Invoice Created', 'An invoice is created'],
	['invoice.deleted', 'Invoice Deleted', 'An invoice is deleted'],
	['invoice.paid', 'Invoice Paid', 'An invoice is paid'],
	['invoice.statusChanged', 'Invoice Status Changed', "An invoice's status changes"],
	['invoice.updated', 'Invoice Updated', 'An invoice is updated'],
	['lead.created', 'Lead Created', 'A lead is created'],
	['lead.deleted', 'Lead Deleted', 'A lead is deleted'],
	['lead.stageChanged', 'Lead Stage Changed', 'A lead moves to another stage'],
	['lead.updated', 'Lead Updated', 'A lead is updated'],
	['quotation.created', 'Quotation Created', 'A quotation is created'],
	['quotation.deleted', 'Quotation Deleted', 'A quotation is deleted'],
	['quotation.statusChanged', 'Quotation Status Changed', "A quotation's status changes"],
	['quotation.updated', 'Quotation Updated', 'A quotation is updated'],
] as const;

export const EVENT_NAMES: readonly string[] = EVENT_CATALOGUE.map(([value]) => value);

/** Event value → the name n8n shows for it. */
export const EVENT_DISPLAY_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
	EVENT_CATALOGUE.map(([value, name]) => [value, name]),
);

/** The catalogue as n8n options, alphabetical by name. */
export const EVENT_OPTIONS: INodePropertyOptions[] = EVENT_CATALOGUE.map(
	([value, name, description]) => ({ name, value, description }),
).sort((a, b) => a.name.localeCompare(b.name));
