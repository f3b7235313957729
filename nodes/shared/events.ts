import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * Heffl's webhook event catalogue (docs.heffl.com/api-reference/webhook-events).
 * Heffl may add kinds at any time; receivers ignore the ones they do not know.
 */
export const EVENT_CATALOGUE = [
	['lead.created', 'A lead is created'],
	['lead.updated', 'A lead is updated'],
	['lead.deleted', 'A lead is deleted'],
	['lead.stageChanged', 'A lead moves to another stage'],
	['deal.created', 'A deal is created'],
	['deal.updated', 'A deal is updated'],
	['deal.deleted', 'A deal is deleted'],
	['deal.stageChanged', 'A deal moves to another pipeline stage'],
	['client.created', 'A client is created'],
	['client.updated', 'A client is updated'],
	['client.deleted', 'A client is deleted'],
	['contact.created', 'A contact is created'],
	['contact.updated', 'A contact is updated'],
	['contact.deleted', 'A contact is deleted'],
	['contact.stageChanged', 'A contact moves to another stage (announced by Heffl as planned)'],
	['invoice.created', 'An invoice is created'],
	['invoice.updated', 'An invoice is updated'],
	['invoice.paid', 'An invoice is paid'],
	['invoice.deleted', 'An invoice is deleted'],
	['invoice.statusChanged', "An invoice's status changes"],
	['quotation.created', 'A quotation is created'],
	['quotation.updated', 'A quotation is updated'],
	['quotation.deleted', 'A quotation is deleted'],
	['quotation.statusChanged', "A quotation's status changes"],
	['form.response.created', 'A form receives a response'],
] as const;

export type HefflEvent = (typeof EVENT_CATALOGUE)[number][0];

export const EVENT_NAMES: readonly string[] = EVENT_CATALOGUE.map(([name]) => name);

export const EVENT_OPTIONS: INodePropertyOptions[] = EVENT_CATALOGUE.map(
	([value, description]) => ({
		name: value,
		value,
		description,
	}),
);
