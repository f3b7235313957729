/**
 * The demo's sample workflows (`npm start` imports them into n8n). `sampleWorkflows`
 * are saved with the Heffl node's version 1, as users' workflows were: a test runs
 * them through n8n-core against the sandbox to prove version 1 keeps working.
 * `wonDealQuotation` is saved with version 3 (the v2 CRM surface), as the editor
 * saves it today; test/e2e/quotation.test.ts runs it in real n8n.
 */
// @ts-expect-error -- plain ESM script shared with the end-to-end tests
import { linearWorkflow } from './real-n8n.mjs';

export const credentials = { hefflApi: { id: 'hefflSandbox', name: 'Heffl sandbox' } };

export function sampleWorkflows(followUpTagId: number, v1BaseUrl: string) {
	const newLead = linearWorkflow(
		'demoNewLead',
		'Heffl demo: new lead → tag it, create a follow-up task',
		[
			{
				name: 'New Lead',
				type: 'n8n-nodes-heffl.hefflTrigger',
				parameters: { events: ['lead.created'] },
				credentials,
			},
			{
				name: 'Tag Lead',
				type: 'n8n-nodes-heffl.heffl',
				parameters: {
					resource: 'lead',
					operation: 'update',
					leadId: { __rl: true, mode: 'id', value: '={{ $json.record.id }}' },
					updateFields: { tags: [followUpTagId] },
				},
				credentials,
			},
			{
				name: 'Follow-up Task',
				type: 'n8n-nodes-heffl.heffl',
				parameters: {
					resource: 'task',
					operation: 'create',
					title: "=Follow up with {{ $('New Lead').item.json.record.name }}",
					additionalFields: {
						leadId: "={{ $('New Lead').item.json.record.id }}",
						priority: 'high',
						dueDate: '={{ $now.plus(1, "day").toISODate() }}',
					},
				},
				credentials,
			},
		],
	);
	const contacts = linearWorkflow('demoContacts', 'Heffl demo: list all contacts (v2)', [
		{ name: 'Run', type: 'n8n-nodes-base.manualTrigger' },
		{
			name: 'All Contacts',
			type: 'n8n-nodes-heffl.heffl',
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
			credentials,
		},
	]);
	const httpRequest = linearWorkflow(
		'demoHttpRequest',
		'Heffl demo: HTTP Request node with the Heffl credential',
		[
			{ name: 'Run', type: 'n8n-nodes-base.manualTrigger' },
			{
				name: 'Lead Tags',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				parameters: {
					url: `${v1BaseUrl}/tags`,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'hefflApi',
					sendQuery: true,
					queryParameters: { parameters: [{ name: 'type', value: 'leads' }] },
					options: {},
				},
				credentials,
			},
		],
	);
	return [newLead, contacts, httpRequest];
}

/** The won deal the quotation is made from, as the node before it read it. */
const deal = "$('Get Deal').item.json";

/** A Filter node (n8n 2.x, version 2.2) keeping the items for which one condition holds. */
const filter = (name: string, leftValue: string, operator: object, rightValue = '') => ({
	name,
	type: 'n8n-nodes-base.filter',
	typeVersion: 2.2,
	parameters: {
		conditions: {
			options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
			conditions: [
				{ id: `${name.replace(/\W+/g, '-').toLowerCase()}-1`, leftValue, rightValue, operator },
			],
			combinator: 'and',
		},
		options: {},
	},
});

/** The resource mapper's columns for the template's custom fields, as the editor saves them. */
const templateColumns = [
	['cf_delivery_date', 'Delivery Date', 'dateTime', false, false],
	['cf_discount_percent', 'Discount Percent', 'number', false, true],
	['cf_payment_terms', 'Payment Terms', 'options', true, false],
	['cf_project_code', 'Project Code', 'string', true, false],
	['cf_signed_copy_received', 'Signed Copy Received', 'boolean', false, true],
] as const;

/**
 * Deal won → quotation: when a deal is updated and its status is WON (by `status` or
 * by a move into a WON stage: both send deal.updated), the deal is read and, unless a
 * quotation of that deal exists already, one is created from the quotation template
 * `templateId` with the deal's products as line items (a deal without products gets
 * one line for the deal itself) and the template's custom fields. Only deal.updated
 * is subscribed: a stage move also sends deal.stageChanged, which would make two
 * quotations race each other.
 */
export function wonDealQuotation(templateId: string) {
	return linearWorkflow('demoWonDeal', 'Heffl demo: deal won → quotation (v3)', [
		{
			name: 'Deal Updated',
			type: 'n8n-nodes-heffl.hefflTrigger',
			typeVersion: 2,
			parameters: { events: ['deal.updated'] },
			credentials,
		},
		filter(
			'Won Deals Only',
			'={{ $json.record.status }}',
			{ type: 'string', operation: 'equals' },
			'WON',
		),
		{
			name: 'Get Deal',
			type: 'n8n-nodes-heffl.heffl',
			typeVersion: 3,
			parameters: {
				resource: 'deal',
				operation: 'get',
				dealId: { __rl: true, mode: 'id', value: '={{ $json.record.id }}' },
				simplify: false,
			},
			credentials,
		},
		{
			name: 'Existing Quotation',
			type: 'n8n-nodes-heffl.heffl',
			typeVersion: 3,
			// No quotation found: one empty item goes on, so the next node can tell.
			alwaysOutputData: true,
			parameters: {
				resource: 'quotation',
				operation: 'getAll',
				limit: 1,
				filters: {
					conditions: {
						condition: [{ field: 'dealId', operator: 'is', values: '={{ $json.id }}' }],
					},
				},
			},
			credentials,
		},
		filter('No Quotation Yet', '={{ $json.id }}', {
			type: 'string',
			operation: 'notExists',
			singleValue: true,
		}),
		{
			name: 'Create Quotation',
			type: 'n8n-nodes-heffl.heffl',
			typeVersion: 3,
			parameters: {
				resource: 'quotation',
				operation: 'create',
				client: { __rl: true, mode: 'id', value: `={{ ${deal}.clientId }}` },
				template: templateId,
				date: '={{ $now.toISODate() }}',
				additionalFields: {
					deal: { __rl: true, mode: 'id', value: `={{ ${deal}.id }}` },
					subject: `=Quotation for {{ ${deal}.title }}`,
					expiryDate: "={{ $now.plus(30, 'days').toISODate() }}",
					lineItemsJson: `={{ ${deal}.products.length ? ${deal}.products : [{ name: ${deal}.title, quantity: 1, price: ${deal}.price ?? 0 }] }}`,
				},
				customFieldsMapping: {
					mappingMode: 'defineBelow',
					value: {
						cf_project_code: `={{ ${deal}.number }}`,
						cf_payment_terms: 'Net 30',
						cf_delivery_date: "={{ $now.plus(14, 'days').toISODate() }}",
					},
					matchingColumns: [],
					schema: templateColumns.map(([id, displayName, type, required, removed]) => ({
						id,
						displayName,
						required,
						defaultMatch: false,
						display: true,
						canBeUsedToMatch: false,
						type,
						...(type === 'options' && {
							options: ['Net 15', 'Net 30', 'Net 60'].map((value) => ({ name: value, value })),
						}),
						removed,
					})),
					attemptToConvertTypes: false,
					convertFieldsToString: false,
				},
			},
			credentials,
		},
	]);
}
