/**
 * The bad-input corpus of the reliability campaign (campaign.test.ts runs it): parameters
 * the node must refuse before sending, naming the field, and formats it leaves to Heffl,
 * which refuses them as the reference says (sent once, nothing stored). Values of the
 * wrong shape: refusedValues.ts; what the cases are built from: badInputCases.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { RecordKind } from '../../sandbox/types';
import { byId, DEEP, expr, lead, quotation, required } from './badInputCases';
import { refusedValues } from './refusedValues';

export { byId };

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
	...refusedValues,
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
