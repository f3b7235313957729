/**
 * What the account holds against what the node offers and the examples read: the types of
 * its lead stages (§11.8's enum, and the help page's Working), and where a deal gives back
 * the line items it was created with (§11.3 lists none in the deal response), and whether a line
 * item's `null` members are taken (the node drops them either way).
 */
import type { IDataObject } from 'n8n-workflow';

import { LEAD_STAGE_TYPES } from '../../nodes/shared/table/resources/leadStage';
import { unwrapRecord } from '../../nodes/shared/transport';
import { isObject, listing, pageOf, plural, refusal, resource, resourceFile } from '../reads';
import type { Check } from '../types';
import { differs, holds, notChecked } from '../types';
import { noContact } from './writeFixtures';
import { dealBody } from './writesDeals';
import { quotationBody } from './writesQuotations';

const leadStageTypes: Check = {
	id: 'lead-stages.types',
	title:
		"the account's lead stages have types Lead Stage → Create offers (§11.8's enum and the help page's Working)",
	depends: [resourceFile('leadStage')],
	sandbox: 'sandbox/v2/refdata.ts',
	async run(kit) {
		const { path } = resource('leadStage');
		// The same read as v1.reference-paths (answered from the probe's cache).
		const reply = await kit.probe.get('v1', path, { limit: 100 });
		const stages = reply.ok ? (pageOf('v1', reply.body).records ?? []) : [];
		if (!reply.ok) return notChecked(`GET /v1${path}: ${refusal(reply)}`);
		if (!stages.length) return notChecked('the account has no lead stages');
		const typed = stages.filter((stage) => typeof stage.type === 'string' && stage.type !== '');
		if (!typed.length)
			return notChecked(`none of ${plural(stages.length, 'lead stage')} shows a type`);
		const types = [...new Set(typed.map((stage) => String(stage.type)))];
		const unknown = types.filter((type) => !LEAD_STAGE_TYPES.includes(type.toUpperCase()));
		const named = (type: string) => {
			const stage = typed.find((candidate) => candidate.type === type);
			return `${type} (stage '${String(stage?.name ?? stage?.label ?? stage?.id)}')`;
		};
		return unknown.length
			? differs(
					`types the node does not offer: ${listing(unknown.map(named))}`,
					'Get Many lists every stage whatever its type; Create offers only the types it knows: add it to LEAD_STAGE_TYPES (resources/leadStage.ts)',
				)
			: holds(`types seen on ${plural(stages.length, 'stage')}: ${listing(types)}`);
	},
};

/** The keys of a deal answer holding the line that was sent. */
function keysHolding(deal: IDataObject, lineName: string): string[] {
	return Object.keys(deal).filter((key) => {
		const value = deal[key];
		return Array.isArray(value) && value.some((line) => isObject(line) && line.name === lineName);
	});
}

const READS_EITHER =
	'examples/deal-won-quotation.json reads lineItems, then products, and makes one line for the deal when neither holds any';

const dealLineItems: Check = {
	id: 'deal.read-line-items',
	title:
		"a deal created with products gives them back under no key on read (§11.3's deal response lists no line-item field)",
	depends: ['examples/deal-won-quotation.json'],
	sandbox: 'sandbox/v2/crm/deals.ts',
	write: true,
	async run(kit) {
		const line = `${kit.marker} line`;
		const body = await dealBody(kit, `${kit.marker} deal with products`);
		if (!body) return noContact(kit);
		if (typeof body === 'string') return notChecked(body);
		body.products = [{ name: line, quantity: 2, price: 1 }];
		const created = await kit.probe.create('v2', '/deals', body, 'deal');
		if (!created.ok) return differs(`refused: ${refusal(created)}`);
		const id = String(unwrapRecord(created.body as IDataObject).id);
		const read = await kit.probe.get('v2', kit.probe.pathOf('/deals', id));
		if (!read.ok) return differs(`GET /v2/deals/${id}: ${refusal(read)}`);
		const onCreate = keysHolding(unwrapRecord(created.body as IDataObject), line);
		const onRead = keysHolding(unwrapRecord(read.body as IDataObject), line);
		if (!onRead.length)
			return holds(
				`${id}: GET answers no line items${onCreate.length ? ` (the create answer has them under ${listing(onCreate)})` : ''}`,
			);
		return differs(`${id}: GET gives its line items back under ${listing(onRead)}`, READS_EITHER);
	},
};

const lineNulls: Check = {
	id: 'quotation.line-nulls',
	title:
		'a line item sent with members set to null (as a read deal or quotation gives unset ones) is taken (§11.3, §11.4 mark no line member nullable)',
	depends: ['nodes/shared/records/fieldChecks.ts', 'examples/deal-won-quotation.json'],
	sandbox: 'sandbox/v2/crm/lineItems.ts',
	write: true,
	async run(kit) {
		const body = await quotationBody(kit);
		if (typeof body === 'string') return notChecked(body);
		const nulls = { description: null, productId: null, taxRateId: null };
		body.quotationProducts = [{ name: `${kit.marker} line`, quantity: 1, price: 1, ...nulls }];
		const reply = await kit.probe.create('v2', '/quotations', body, 'quotation');
		if (reply.ok)
			return holds(
				`${String(unwrapRecord(reply.body as IDataObject).id)}: taken with ${listing(Object.keys(nulls))} null`,
			);
		return differs(
			`refused: ${refusal(reply)}`,
			"the node drops a line item's null members before sending (records/fieldChecks.ts), so a read deal's lines go through",
		);
	},
};

export const OFFERED_CHECKS: Check[] = [leadStageTypes];
export const DEAL_READ_CHECKS: Check[] = [dealLineItems, lineNulls];
