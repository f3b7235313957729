/**
 * v2 quotation writes (`--write`, §11.4): a quotation with its line items for the run's
 * contact, and the fields a create needs.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CustomFieldDefinition } from '../../nodes/shared/records/customFields';
import { readDefinition } from '../../nodes/shared/records/customFields';
import { unwrapRecord } from '../../nodes/shared/transport';
import { problemOf, recordsOf, refusal, resourceFile } from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';
import { NAMES_IT, refusedWithout, requiredValues, runContact } from './writeFixtures';

/** A quotation body for this run's contact: a quotations template, its required fields, one line. */
export async function quotationBody(kit: Kit): Promise<IDataObject | string> {
	const client = await runContact(kit);
	if (!client) return `no contact (contact.create: ${problemOf(kit, 'contact')})`;
	const templates = recordsOf('v2', await kit.probe.get('v2', '/document-templates'));
	const template = templates.find((candidate) => candidate.type === 'quotations');
	if (!template) return 'no active quotations template';
	const full = await kit.probe.get(
		'v2',
		kit.probe.pathOf('/document-templates', String(template.id)),
	);
	const fields = full.ok ? unwrapRecord(full.body as IDataObject).customFields : [];
	const definitions = (Array.isArray(fields) ? fields : [])
		.map(readDefinition)
		.filter((definition): definition is CustomFieldDefinition => definition !== undefined);
	return {
		clientId: String(client.id),
		templateId: String(template.id),
		date: `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`,
		subject: `${kit.marker} quotation`,
		title: `${kit.marker} quotation`,
		quotationProducts: [{ name: 'Heffl conformance line', quantity: 1, price: 1 }],
		...requiredValues(definitions, kit),
	};
}

const quotationCreate: Check = {
	id: 'quotation.create',
	title:
		'POST /v2/quotations takes line items as quotationProducts and answers them as lineItems (§11.4, §17.15)',
	depends: [resourceFile('quotation')],
	sandbox: 'sandbox/v2/crm/quotations.ts',
	write: true,
	async run(kit) {
		const body = await quotationBody(kit);
		if (typeof body === 'string') return notChecked(body);
		const reply = await kit.probe.create('v2', '/quotations', body, 'quotation');
		if (!reply.ok) return differs(`refused: ${refusal(reply)}`);
		const quotation = unwrapRecord(reply.body as IDataObject);
		const lines = Array.isArray(quotation.lineItems) ? quotation.lineItems.length : 0;
		const seen = `${String(quotation.id)}: ${lines} line item(s), status ${String(quotation.status)}, currency ${String(quotation.currency)}, totalAmount ${String(quotation.totalAmount)} for one line of 1 × 1`;
		return lines === 1 ? holds(seen) : differs(seen);
	},
};

const quotationRequired: Check = {
	id: 'quotation.required',
	title:
		'a quotation needs date and line items (§11.4: their required marks are cut; the node requires neither)',
	depends: [],
	sandbox: 'sandbox/v2/crm/quotations.ts',
	write: true,
	async run(kit) {
		const body = await quotationBody(kit);
		if (typeof body === 'string') return notChecked(body);
		const { date, quotationProducts, ...rest } = body;
		const withoutDate = await refusedWithout(
			kit,
			'/quotations',
			'quotation',
			{ ...rest, quotationProducts },
			'date',
			NAMES_IT,
		);
		const withoutLines = await refusedWithout(
			kit,
			'/quotations',
			'quotation',
			{ ...rest, date },
			['quotationProducts', 'lineItems'],
			NAMES_IT,
		);
		const both = [withoutDate, withoutLines];
		const seen = both.map((result) => ('seen' in result ? result.seen : '')).join('; ');
		return both.every((result) => result.outcome === 'holds')
			? holds(seen)
			: differs(seen, NAMES_IT);
	},
};

export const QUOTATION_WRITE_CHECKS: Check[] = [quotationCreate, quotationRequired];
