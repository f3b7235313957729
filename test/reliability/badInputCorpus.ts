/**
 * The bad-input corpus of the reliability campaign (campaign.test.ts runs it): parameters
 * the node must refuse before sending, naming the field, and formats it leaves to Heffl,
 * which refuses them as the reference says (sent once, nothing stored).
 */
import type { INodeParameters } from 'n8n-workflow';

import type { RecordKind } from '../../sandbox/types';

/** A record locator by ID, as the editor saves one. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const lead = (extra: INodeParameters) => ({
	resource: 'lead',
	operation: 'create',
	name: 'Ada',
	...extra,
});
// An empty required parameter is stopped by n8n's own check, which names it too.
const required = (name: string) => new RegExp(`^${name}: |Parameter "${name}" is required`);
const expr = (value: string) => byId(`={{ ${JSON.stringify(value)} }}`);
const conditions = (...condition: INodeParameters[]) => ({ conditions: { condition } });
const quotation = (extra: INodeParameters) => ({
	resource: 'quotation',
	operation: 'create',
	client: expr('clt_1'),
	template: 'tpl_1',
	date: '2026-11-25',
	...extra,
});
/** JSON nested 5,000 levels deep. */
const DEEP = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
const customField = (label: string, value: string, valueType?: string) =>
	lead({ customFields: { field: [{ label, value, ...(valueType && { valueType }) }] } });

/** Refused before any request: the node's own checks and n8n's required parameters. */
export const refusedBeforeSending: Array<[INodeParameters, RegExp]> = [
	// A prefix is a hint, not a rule (issue 14): only what would change the URL is bad.
	...[
		'ld_1/2',
		'ld_1?x',
		'ld_1#x',
		'ld_1 2',
		'ld_\t1',
		'ld_1/..',
		'..',
		'.',
		'',
		'   ',
		'....',
	].map((id): [INodeParameters, RegExp] => [
		{ resource: 'lead', operation: 'get', leadId: expr(id) },
		/^Lead: /,
	]),
	...['clt_1/x', '..', 'a b'].map((id): [INodeParameters, RegExp] => [
		{ resource: 'client', operation: 'delete', clientId: expr(id) },
		/^Client: /,
	]),
	...['tsk_a b', '.'].map((id): [INodeParameters, RegExp] => [
		{
			resource: 'task',
			operation: 'update',
			taskId: expr(id),
			updateFields: { status: 'COMPLETED' },
		},
		/^Task: /,
	]),
	...['dl_1#x', 'dl_1?'].map((id): [INodeParameters, RegExp] => [
		{ resource: 'deal', operation: 'get', dealId: expr(id) },
		/^Deal: /,
	]),
	[
		{ resource: 'documentTemplate', operation: 'get', documentTemplateId: expr('tpl_1/..') },
		/^Document Template: /,
	],
	[
		{
			resource: 'webhookSubscription',
			operation: 'delete',
			webhookSubscriptionId: expr('wh_1/2'),
		},
		/^Webhook Subscription: /,
	],
	[lead({ name: '' }), /^Nothing to create: every field of the lead is empty/],
	[lead({ name: '   ' }), /^Nothing to create: every field of the lead is empty/],
	[{ resource: 'client', operation: 'create', name: '' }, required('Name')],
	[
		{ resource: 'client', operation: 'create', clientType: 'contact', firstName: '={{ "" }}' },
		/^First Name: a client needs a value here/,
	],
	[{ resource: 'task', operation: 'create', title: '' }, required('Title')],
	[
		{
			resource: 'deal',
			operation: 'create',
			title: '',
			pipeline: 'dpl_1',
			client: expr('clt_1'),
		},
		required('Title'),
	],
	[
		{ resource: 'deal', operation: 'create', title: 'x', pipeline: '', client: expr('clt_1') },
		required('Pipeline Name or ID'),
	],
	[
		{ resource: 'deal', operation: 'create', title: 'x', pipeline: 'dpl_1', client: expr('') },
		/^Client: a deal needs a value here/,
	],
	[
		{ resource: 'company', operation: 'create', name: '={{ "" }}' },
		/^Name: a company needs a value here/,
	],
	[
		{ resource: 'webhookSubscription', operation: 'create', url: '', events: ['lead.created'] },
		required('URL'),
	],
	[
		{
			resource: 'webhookSubscription',
			operation: 'create',
			url: 'https://x.example',
			events: [],
		},
		required('Events'),
	],
	...['{"email": ', '[1,2]', '"text"', '{bad json}', 'null'].map(
		(filtersJson): [INodeParameters, RegExp] => [
			{ resource: 'contact', operation: 'getAll', filters: { filtersJson } },
			/^Filters › Filters \(JSON\): /,
		],
	),
	[lead({ additionalFields: { value: 'lots' } }), /^Additional Fields › Value: /],
	[
		{
			resource: 'deal',
			operation: 'update',
			dealId: expr('dl_1'),
			updateFields: { price: '=12 USD' },
		},
		/^Update Fields › Price: '12 USD' is not a number/,
	],
	[
		{
			resource: 'task',
			operation: 'update',
			taskId: expr('tsk_1'),
			updateFields: { durationMinutes: -5 },
		},
		/^Update Fields › Duration \(Minutes\): -5 is not 0 or more/,
	],
	[
		{
			resource: 'pipelineStage',
			operation: 'update',
			pipelineStageId: expr('dps_1'),
			updateFields: { probability: 120 },
		},
		/^Update Fields › Probability: 120 is not from 0 to 100/,
	],
	[
		{
			resource: 'deal',
			operation: 'update',
			dealId: expr('dl_1'),
			updateFields: { expectedCloseDate: '2026-13-45' },
		},
		/^Update Fields › Expected Close Date: /,
	],
	[
		{
			resource: 'deal',
			operation: 'update',
			dealId: expr('dl_1'),
			updateFields: { expectedCloseDate: '2026-02-31' },
		},
		/^Update Fields › Expected Close Date: .*not a date on the calendar/,
	],
	[
		{
			resource: 'task',
			operation: 'create',
			title: 'x',
			additionalFields: { dueDate: 'tomorrow' },
		},
		/^Additional Fields › Due Date: .*not an ISO 8601 date/,
	],
	[
		{ resource: 'lead', operation: 'update', leadId: expr('ld_1'), updateFields: {} },
		/^Update Fields: nothing to update/,
	],
	[
		{ resource: 'deal', operation: 'update', dealId: expr('dl_1'), updateFields: {} },
		/^Update Fields: nothing to update/,
	],
	[
		{
			resource: 'lead',
			operation: 'update',
			leadId: expr('ld_1'),
			updateFields: { email: 'a@example.com', clearFields: ['email'] },
		},
		/^Update Fields › Fields to Clear › Email: /,
	],
	[customField(' ', 'x'), /^Custom Fields › field 1: /],
	[customField('Seats', 'lots', 'number'), /^Custom Fields › field 1 › Value \(cf_seats\): /],
	[customField('Signed', 'maybe', 'boolean'), /^Custom Fields › field 1 › Value \(cf_signed\): /],
	[
		lead({ additionalFields: { extraFields: '{bad' } }),
		/^Additional Fields › Extra Fields \(JSON\): is not valid JSON/,
	],
	[
		lead({ additionalFields: { extraFields: '{"name": "twice"}' } }),
		/^Additional Fields › Extra Fields \(JSON\): 'name' is also set/,
	],
	[
		{
			resource: 'company',
			operation: 'getAll',
			filters: conditions({ field: 'name', operator: 'is', values: ' , ' }),
		},
		/^Filters › Conditions › condition 1: has no values/,
	],
	[
		{
			resource: 'company',
			operation: 'getAll',
			filters: conditions({ field: 'name', operator: 'is', values: 'a,b' }),
		},
		/^Filters › Conditions › condition 1: 2 values for 'is'/,
	],
	[
		{
			resource: 'deal',
			operation: 'getAll',
			filters: conditions(
				{ field: 'status', operator: 'is', values: 'WON' },
				{ field: 'status', operator: 'is_not', values: 'LOST' },
			),
		},
		/^Filters › Conditions › condition 2: 'status' has another condition/,
	],
	[
		{ resource: 'deal', operation: 'getAll', filters: { filtersJson: '[1]' } },
		/^Filters › Filters \(JSON\): must be a JSON object/,
	],
	[
		{
			resource: 'deal',
			operation: 'getAll',
			filters: {
				...conditions({ field: 'status', operator: 'is', values: 'WON' }),
				filtersJson: '{"status": {"operator": "is", "values": ["LOST"]}}',
			},
		},
		/^Filters › Filters \(JSON\): 'status' is also a condition/,
	],
	[
		quotation({ additionalFields: { lineItemsJson: 'not json' } }),
		/^Additional Fields › Line Items \(JSON\): is not valid JSON/,
	],
	[
		quotation({ additionalFields: { lineItemsJson: '{"name": "Audit"}' } }),
		/^Additional Fields › Line Items \(JSON\): must be a JSON list/,
	],
	[
		quotation({ additionalFields: { lineItemsJson: '[1, 2]' } }),
		/^Additional Fields › Line Items \(JSON\): entry 1 is not an object/,
	],
	[
		quotation({
			additionalFields: {
				lineItems: { entry: [{ name: 'Audit', quantity: 1, price: 500 }] },
				lineItemsJson: '[{"name": "Audit", "quantity": 1, "price": 500}]',
			},
		}),
		/^Additional Fields › Line Items \(JSON\): 'quotationProducts' is also set by 'Additional Fields › Line Items'/,
	],
	[quotation({ date: '2026-02-31' }), /^Date: .*not a date on the calendar/],
	// Issue 29's findings: objects, {} (the input item, `$json`), NaN and JSON 5,000 deep
	// given through expressions, refused naming the field (the fuzz suite covers every
	// parameter: test/node/fuzz).
	[
		lead({ additionalFields: { value: '={{ $json }}' } }),
		/^Additional Fields › Value: is an empty object/,
	],
	[
		{ resource: 'deal', operation: 'getAll', filters: { search: '={{ $json }}' } },
		/^Filters › Search: is an empty object/,
	],
	[
		{ resource: 'deal', operation: 'delete', dealId: byId('={{ NaN }}') },
		/^Deal: NaN is not an ID/,
	],
	[
		{ resource: 'deal', operation: 'getAll', sort: { orderDir: '={{ NaN }}' } },
		/^Sort › Sort Direction: NaN is not one of the options/,
	],
	...['={{ NaN }}', `={{ JSON.parse('{"a": 1}') }}`].map((email): [INodeParameters, RegExp] => [
		{ resource: 'contact', operation: 'upsert', email },
		/^Email: (NaN|is an object)/,
	]),
	[
		{
			resource: 'deal',
			operation: 'create',
			title: 'x',
			pipeline: 'dpl_1',
			client: expr('clt_1'),
			additionalFields: { tags: `={{ JSON.parse('[{"name": "VIP"}]') }}` },
		},
		/^Additional Fields › Tag Names or IDs: entry 1 is an object .* without an id/,
	],
	[
		{
			resource: 'deal',
			operation: 'create',
			title: 'x',
			pipeline: 'dpl_1',
			client: byId(`={{ JSON.parse('{"name": "Acme"}') }}`),
		},
		/^Client: is an object .* without an id/,
	],
	[
		quotation({ template: `={{ JSON.parse('{"name": "Standard"}') }}` }),
		/^Template Name or ID: is an object .* without an id/,
	],
	[
		{
			resource: 'lead',
			operation: 'update',
			leadId: expr('ld_1'),
			updateFields: { clearFields: `={{ JSON.parse('{"email": true}') }}` },
		},
		/^Update Fields › Fields to Clear: is an object/,
	],
	...[DEEP, `={{ JSON.parse('{"a":'.repeat(5000) + '1' + '}'.repeat(5000)) }}`].map(
		(filtersJson): [INodeParameters, RegExp] => [
			{ resource: 'company', operation: 'getAll', filters: { filtersJson } },
			/^Filters › Filters \(JSON\): is nested more than 50 levels deep/,
		],
	),
];

/**
 * Formats the node leaves to Heffl (nodes/shared/records/fieldChecks.ts): sent once, refused by the
 * sandbox as the reference says Heffl refuses them (§10.1's invalid e-mail, §11.5's enums,
 * §12.1's URL), Heffl's message naming the field, nothing stored.
 */
export const leftToHeffl: Array<[INodeParameters, RegExp, RecordKind]> = [
	...[
		'ada@',
		'@example.com',
		'ada@example',
		'ada example@x.com',
		'ada@@x.com',
		'<ada@x.com>',
		'ada@x,com',
	].map((email): [INodeParameters, RegExp, RecordKind] => [
		lead({ additionalFields: { email } }),
		/^email: /,
		'leads',
	]),
	...(
		[
			['status', 'done'],
			['taskType', 'errand'],
			['priority', 'urgent'],
		] as const
	).map(([field, value]): [INodeParameters, RegExp, RecordKind] => [
		{ resource: 'task', operation: 'create', title: 'x', additionalFields: { [field]: value } },
		new RegExp(`^${field === 'taskType' ? 'type' : field}: must be one of`),
		'tasks',
	]),
	...['ftp://x.example/h', 'not a url'].map((url): [INodeParameters, RegExp, RecordKind] => [
		{ resource: 'webhookSubscription', operation: 'create', url, events: ['lead.created'] },
		/^url: /,
		'webhooks',
	]),
];
