/**
 * Values of the wrong shape in the bad-input corpus (badInputCorpus.ts gathers them), each
 * refused before any request, naming the field: JSON, numbers, dates, fields to clear, custom
 * fields, filter conditions, line items.
 */
import type { INodeParameters } from 'n8n-workflow';

import { conditions, customField, expr, lead, quotation } from './badInputCases';

export const refusedValues: Array<[INodeParameters, RegExp]> = [
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
		/^Filters › Conditions › condition 1: 2 values under 'Is': choose 'Is Any Of'/,
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
];
