/**
 * The demo's sample workflows (`npm start` imports them into n8n), saved as the editor
 * saves them: each node in its one version. `npm start -- --check` runs both trigger
 * workflows against the sandbox; test/e2e/quotation.test.ts runs `wonDealQuotation` in
 * real n8n, fed by the sandbox's deliveries.
 */
// @ts-expect-error -- plain ESM script shared with the end-to-end tests
import { linearWorkflow } from './real-n8n.mjs';

export const credentials = { hefflApi: { id: 'hefflSandbox', name: 'Heffl sandbox' } };

/**
 * The ID of the task tag "Follow-up" (§11.9: type `project_tasks`, the type the task's tag
 * picker lists), created in the workspace when it has none.
 */
export async function followUpTaskTag(v2BaseUrl: string, apiKey: string): Promise<string> {
	const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
	const call = async (path: string, init: RequestInit = {}) => {
		const answer = await fetch(`${v2BaseUrl}${path}`, { ...init, headers });
		const text = await answer.text();
		if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${answer.status} ${text}`);
		return JSON.parse(text) as { id: string; data?: Array<{ id: string; name: string }> };
	};
	const existing = (await call('/tags?type=project_tasks')).data?.find(
		(tag) => tag.name === 'Follow-up',
	);
	if (existing) return existing.id;
	const body = JSON.stringify({ name: 'Follow-up', type: 'project_tasks', color: '#2563eb' });
	return (await call('/tags', { method: 'POST', body })).id;
}

export function sampleWorkflows(followUpTagId: string, v1BaseUrl: string) {
	const newLead = linearWorkflow(
		'demoNewLead',
		'Heffl demo: new lead → a tagged follow-up task linked to it',
		[
			{
				name: 'New Lead',
				type: 'n8n-nodes-heffl.hefflTrigger',
				parameters: { events: ['lead.created'] },
				credentials,
			},
			{
				name: 'Follow-up Task',
				type: 'n8n-nodes-heffl.heffl',
				parameters: {
					resource: 'task',
					operation: 'create',
					title: '=Follow up with {{ $json.record.name }}',
					additionalFields: {
						linkedTo: 'leads',
						linkedId: { __rl: true, mode: 'id', value: '={{ $json.record.id }}' },
						priority: 'HIGH',
						dueDate: "={{ $now.plus(1, 'day').toISODate() }}",
						tags: [followUpTagId],
					},
				},
				credentials,
			},
		],
	);
	const contacts = linearWorkflow('demoContacts', 'Heffl demo: list all contacts', [
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

/** A column of the resource mapper: key, label, type, required, and whether the user removed it. */
type Column = [id: string, displayName: string, type: string, required: boolean, removed?: boolean];

/**
 * A resource mapper's value as the editor saves it: the values set, and the columns it
 * showed (n8n converts the values by these types before the node reads them).
 */
export function mapped(
	value: Record<string, string | number | boolean | null>,
	columns: readonly Column[],
	options: Record<string, string[]> = {},
) {
	return {
		mappingMode: 'defineBelow',
		value,
		matchingColumns: [],
		schema: columns.map(([id, displayName, type, required, removed = false]) => ({
			id,
			displayName,
			required,
			defaultMatch: false,
			display: true,
			canBeUsedToMatch: false,
			type,
			...(options[id] && {
				options: options[id].map((option) => ({ name: option, value: option })),
			}),
			removed,
		})),
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

/** The columns of the template's custom fields (test/sandbox/v2/seed.ts), as the editor lists them. */
const templateColumns: Column[] = [
	['cf_delivery_date', 'Delivery Date', 'dateTime', false, false],
	['cf_discount_percent', 'Discount Percent', 'number', false, true],
	['cf_payment_terms', 'Payment Terms', 'options', true, false],
	['cf_project_code', 'Project Code', 'string', true, false],
	['cf_signed_copy_received', 'Signed Copy Received', 'boolean', false, true],
];

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
	return linearWorkflow('demoWonDeal', 'Heffl demo: deal won → quotation', [
		{
			name: 'Deal Updated',
			type: 'n8n-nodes-heffl.hefflTrigger',
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
				customFieldsMapping: mapped(
					{
						cf_project_code: `={{ ${deal}.number }}`,
						cf_payment_terms: 'Net 30',
						cf_delivery_date: "={{ $now.plus(14, 'days').toISODate() }}",
					},
					templateColumns,
					{ cf_payment_terms: ['Net 15', 'Net 30', 'Net 60'] },
				),
			},
			credentials,
		},
	]);
}

/**
 * New company → welcome call: the Heffl Polling Trigger (no public URL needed) checks
 * for new companies every minute; each one gets a task.
 */
export function newCompanyWelcomeCall() {
	return linearWorkflow(
		'demoNewCompany',
		'Heffl demo: new company (polling, no public URL) → welcome call task',
		[
			{
				name: 'New Company',
				type: 'n8n-nodes-heffl.hefflPollingTrigger',
				parameters: { event: 'company', pollTimes: { item: [{ mode: 'everyMinute' }] } },
				credentials,
			},
			{
				name: 'Welcome Call',
				type: 'n8n-nodes-heffl.heffl',
				parameters: {
					resource: 'task',
					operation: 'create',
					title: '=Welcome call: {{ $json.record.name }}',
					additionalFields: { taskType: 'call', priority: 'HIGH' },
				},
				credentials,
			},
		],
	);
}
