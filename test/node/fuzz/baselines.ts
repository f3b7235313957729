/**
 * One valid set of parameters per operation of the Heffl node, against the seeded
 * sandbox of `useCrm`: the run every fuzz case starts from, so that a case changes one
 * parameter and nothing else. A resource or operation without one fails the suite, so a
 * new operation must add its line here (its fields need none: they are found by themselves).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { useCrm } from '../../harness/crm';
import { PLAIN_TEMPLATE } from '../../harness/crm';

type Crm = ReturnType<typeof useCrm>;

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** Records made for the baselines: `doomed` ones for Delete, the others for Get and Update. */
export interface Made {
	deal: string;
	quotation: string;
	task: string;
	webhook: string;
	doomed: Record<
		'lead' | 'client' | 'contact' | 'company' | 'deal' | 'quotation' | 'task' | 'webhook',
		string
	>;
}

/** Makes the records the baselines address (through the node, as a user would). */
export async function makeRecords(crm: Crm): Promise<Made> {
	const made = async (parameters: INodeParameters) => {
		const run = await crm.heffl(parameters);
		if (run.error) throw new Error(`fixture ${JSON.stringify(parameters)}: ${run.error.message}`);
		return String(run.json[0].id);
	};
	const company = String(crm.companies()[0].id);
	const deal = async () =>
		await made({
			resource: 'deal',
			operation: 'create',
			title: 'Fuzz deal',
			client: byId(company),
			pipeline: String(crm.pipeline().id),
		});
	const quotation = async () =>
		await made({
			resource: 'quotation',
			operation: 'create',
			client: byId(company),
			template: PLAIN_TEMPLATE,
			date: '2026-11-25',
			additionalFields: { lineItems: { entry: [{ name: 'Fuzz', quantity: 1, price: 10 }] } },
		});
	const task = async () =>
		await made({ resource: 'task', operation: 'create', title: 'Fuzz task' });
	const webhook = async () =>
		await made({
			resource: 'webhookSubscription',
			operation: 'create',
			url: 'https://example.com/fuzz',
			events: ['lead.created'],
		});
	return {
		deal: await deal(),
		quotation: await quotation(),
		task: await task(),
		webhook: await webhook(),
		doomed: {
			lead: await made({ resource: 'lead', operation: 'create', name: 'Fuzz Delete' }),
			client: await made({
				resource: 'client',
				operation: 'create',
				clientType: 'company',
				name: 'Fuzz Delete Co',
			}),
			contact: await made({ resource: 'contact', operation: 'create', firstName: 'Fuzz' }),
			company: await crm.newCompany('Fuzz Delete Ltd'),
			deal: await deal(),
			quotation: await quotation(),
			task: await task(),
			webhook: await webhook(),
		},
	};
}

/** A record's e-mail that no other record of the kind has (Create or Update finds exactly one). */
function uniqueEmail(records: IDataObject[]): string {
	const emails = records.map((record) => String(record.email ?? '').toLowerCase());
	const email = emails.find((one) => one && emails.indexOf(one) === emails.lastIndexOf(one));
	if (!email) throw new Error('fixture: no record with a unique e-mail');
	return email;
}

/** The baseline of each `resource:operation`. */
export function baselines(crm: Crm, made: Made): Record<string, INodeParameters> {
	return { ...crmBaselines(crm, made), ...catalogueBaselines(crm, made) };
}

/** A line item every baseline that needs one sends. */
const LINE = { name: 'Fuzz line', quantity: 1, price: 10 };
/** A v1 client of type company (v1's clients, the node's Client resource and invoices). */
const v1Client = (crm: Crm) =>
	String(crm.records('clients').find((client) => client.type === 'company')?.id);

/** The baselines of the CRM's records: leads, clients, contacts, companies, deals, quotations, tasks. */
function crmBaselines(crm: Crm, made: Made): Record<string, INodeParameters> {
	const company = String(crm.companies()[1].id);
	const contacts = crm.records('contacts');
	const pipeline = String(crm.pipeline().id);
	const client = v1Client(crm);
	return {
		'lead:create': { name: 'Fuzz Lead' },
		'lead:get': { leadId: byId(crm.firstId('leads')) },
		'lead:getAll': { limit: 5 },
		'lead:update': { leadId: byId(crm.firstId('leads')), updateFields: { jobTitle: 'Fuzzer' } },
		'lead:delete': { leadId: byId(made.doomed.lead) },
		'lead:upsert': { email: uniqueEmail(crm.records('leads')), name: 'Fuzz Upsert' },
		// First Name too: with Type set by an expression, n8n requires what either type needs.
		'client:create': { clientType: 'company', name: 'Fuzz Client', firstName: 'Fuzz' },
		'client:get': { clientId: byId(client) },
		'client:getAll': { limit: 5 },
		'client:update': { clientId: byId(client), updateFields: { taxNumber: 'FZ-1' } },
		'client:delete': { clientId: byId(made.doomed.client) },
		'client:upsert': {
			email: uniqueEmail(crm.records('clients')),
			clientType: 'company',
			name: 'Fuzz Client',
			firstName: 'Fuzz',
		},
		'contact:create': { firstName: 'Fuzz' },
		'contact:getAll': { limit: 5 },
		'contact:update': {
			contactId: byId(String(contacts[0].id)),
			updateFields: { jobTitle: 'Fuzzer' },
		},
		'contact:delete': { contactId: byId(made.doomed.contact) },
		'contact:upsert': { email: uniqueEmail(contacts), firstName: 'Fuzz' },
		'company:create': { name: 'Fuzz Company' },
		'company:getAll': { limit: 5 },
		'company:update': { companyId: byId(company), updateFields: { taxNumber: 'FZ-2' } },
		'company:delete': { companyId: byId(made.doomed.company) },
		// Found (an update): a company's own website, so no required custom field is asked.
		'company:upsert': {
			matchBy: 'website',
			website: String(crm.companies()[1].website),
			name: 'Fuzz Company',
		},
		'deal:create': { title: 'Fuzz Deal', client: byId(company), pipeline },
		'deal:get': { dealId: byId(made.deal) },
		'deal:getAll': { limit: 5 },
		'deal:update': { dealId: byId(made.deal), updateFields: { priority: 'HIGH' } },
		'deal:delete': { dealId: byId(made.doomed.deal) },
		'quotation:create': {
			client: byId(company),
			template: PLAIN_TEMPLATE,
			date: '2026-11-25',
			additionalFields: { lineItems: { entry: [LINE] } },
		},
		'quotation:get': { quotationId: byId(made.quotation) },
		'quotation:getAll': { limit: 5 },
		'quotation:update': { quotationId: byId(made.quotation), updateFields: { subject: 'Fuzz' } },
		'quotation:delete': { quotationId: byId(made.doomed.quotation) },
		'task:create': { title: 'Fuzz Task' },
		'task:get': { taskId: byId(made.task) },
		'task:getAll': { limit: 5 },
		'task:update': { taskId: byId(made.task), updateFields: { priority: 'LOW' } },
		'task:delete': { taskId: byId(made.doomed.task) },
	};
}

/** The baselines of the rest: pipelines and stages, lead stages and sources, tags, products, users, custom fields, templates, invoices, webhook subscriptions. */
function catalogueBaselines(crm: Crm, made: Made): Record<string, INodeParameters> {
	const pipeline = String(crm.pipeline().id);
	const stage = String(crm.stages()[0].id);
	return {
		'pipeline:create': {
			name: 'Fuzz Pipeline',
			stages: {
				entry: [
					{ name: 'Open', position: 1, type: 'ACTIVE' },
					{ name: 'Won', position: 2, type: 'WON' },
					{ name: 'Lost', position: 3, type: 'LOST' },
				],
			},
		},
		'pipeline:get': { pipelineId: byId(pipeline) },
		'pipeline:getAll': { limit: 5 },
		'pipeline:update': { pipelineId: byId(pipeline), updateFields: { icon: 'chart-funnel' } },
		'pipelineStage:create': { pipeline, name: 'Fuzz Stage', position: 9 },
		'pipelineStage:update': { pipelineStageId: byId(stage), updateFields: { probability: 10 } },
		'leadStage:create': { label: 'Fuzz Stage', stageType: 'NEW' },
		'leadStage:getAll': { limit: 5 },
		'leadSource:getAll': { limit: 5 },
		'tag:create': { name: 'Fuzz', tagType: 'deals', color: '#2563eb' },
		'tag:getAll': { limit: 5 },
		'product:create': { name: 'Fuzz Product' },
		'product:get': { productId: byId(crm.firstId('products')) },
		'product:getAll': { limit: 5 },
		'product:update': { productId: byId(crm.firstId('products')), updateFields: { sku: 'FZ-1' } },
		'product:upsert': { sku: 'SKU-1003', name: 'Fuzz Product' },
		'user:getAll': { limit: 5 },
		'clientStage:getAll': { limit: 5 },
		'crmSource:getAll': { limit: 5 },
		'customField:getAll': { entity: 'deals', limit: 5 },
		'documentTemplate:get': { documentTemplateId: byId(PLAIN_TEMPLATE) },
		'documentTemplate:getAll': { limit: 5 },
		'invoice:create': {
			client: byId(v1Client(crm)),
			date: '2026-11-25',
			dueDate: '2026-12-25',
			lineItems: { entry: [LINE] },
		},
		'webhookSubscription:create': { url: 'https://example.com/fuzz', events: ['lead.created'] },
		'webhookSubscription:get': { webhookSubscriptionId: byId(made.webhook) },
		'webhookSubscription:getAll': { limit: 5 },
		'webhookSubscription:delete': { webhookSubscriptionId: byId(made.doomed.webhook) },
	};
}

/** A valid first entry of each list of entries, for the leaves inside one. */
export function firstEntries(crm: Crm, resource: string): Record<string, IDataObject> {
	const condition = (key: string, values: string) => ({
		field: key,
		operator: 'is_any_of',
		values,
	});
	const conditionOf: Record<string, IDataObject> = {
		contact: condition('ownerUserId', crm.firstId('users')),
		company: condition('ownerUserId', crm.firstId('users')),
		deal: condition('status', 'ACTIVE'),
		quotation: condition('status', 'DRAFT'),
		task: condition('status', 'OPEN'),
	};
	return {
		lineItems: { name: 'Fuzz line', quantity: 1, price: 10 },
		contactPicks: { contact: byId(String(crm.records('contacts')[1].id)) },
		conditions: conditionOf[resource] ?? {},
		customFields: { label: 'Fuzz Note', value: 'noted', valueType: 'string' },
	};
}
