/**
 * Builders for the resource table's fields (heffl-reference.md): one way to write a text,
 * a choice, a linked record, a list of line items, so every resource file is short and
 * reads like the reference page it comes from. Filters: filterBuilders.ts; Heffl's value
 * lists: vocabularies.ts.
 */
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { fail, ok, wholeEmail } from '../checks';
import type { FieldSpec, OperationName } from './schema';

export const CRUD: OperationName[] = ['create', 'delete', 'get', 'getAll', 'update'];
export const READ: OperationName[] = ['get', 'getAll'];

export const named = (record: IDataObject) => String(record.name ?? record.id);

export const toOptions = (values: readonly string[], names?: Record<string, string>) =>
	values.map((value) => ({
		name:
			names?.[value] ??
			value
				.toLowerCase()
				.split('_')
				.map((word) => word.replace(/^\w/, (c) => c.toUpperCase()))
				.join(' '),
		value,
	}));

export const alphabetical = (options: INodePropertyOptions[]) =>
	[...options].sort((a, b) => a.name.localeCompare(b.name));

/** Where an ID is asked, an expression may give the record itself (checks.ts, `asId`). */
export const ID_OBJECT_HINT =
	'From an expression, a record (an object with an id) is taken as its ID; any other object, a list or NaN is refused';

/** Where IDs are asked (checks.ts, `asIdList`). */
export const IDS_OBJECT_HINT =
	'IDs separated by commas, or from an expression a list of IDs or of records (objects with an id: each is taken as its ID)';

export const EXPRESSION_HINT =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

export const text = (
	name: string,
	displayName: string,
	description: string,
	extra: Partial<FieldSpec> = {},
): FieldSpec => ({ name, displayName, type: 'string', default: '', description, ...extra });

export const choice = (
	name: string,
	displayName: string,
	values: readonly string[],
	description: string,
	extra: Partial<FieldSpec> = {},
): FieldSpec => {
	const first = values[0];
	return {
		displayName,
		name,
		type: 'options',
		options: alphabetical(toOptions(values)),
		default: first,
		description,
		...extra,
	};
};

export const dateTime = (name: string, displayName: string, description: string): FieldSpec => ({
	name,
	displayName,
	type: 'dateTime',
	format: 'dateTime',
	default: '',
	description: `${description}. Any ISO 8601 date or date-time; sent as a UTC date-time.`,
});

export const number = (
	name: string,
	displayName: string,
	description: string,
	extra: Partial<FieldSpec> = {},
): FieldSpec => ({ name, displayName, type: 'number', default: 0, description, ...extra });

/** A number the reference bounds: a probability of 0 to 100, a balance of 0 or more. */
export const within = (min: number, max?: number) => (value: IDataObject[string]) => {
	const range = max === undefined ? `${min} or more` : `from ${min} to ${max}`;
	return typeof value === 'number' && value >= min && (max === undefined || value <= max)
		? ok(value)
		: fail(`${String(value)} is not ${range}`, `Use a number ${range}.`);
};

export const toggle = (name: string, displayName: string, description: string): FieldSpec => ({
	displayName,
	name,
	type: 'boolean',
	default: false,
	description,
});

export const email = (description: string, extra: Partial<FieldSpec> = {}) =>
	text('email', 'Email', description, {
		format: 'email',
		placeholder: 'e.g. nathan@example.com',
		...extra,
	});

/** The e-mail address records are found by (Create or Update, Get Many's Email): a whole one. */
export const lookupEmail = (description: string) =>
	email(`${description} A whole address: part of one is refused.`, { validate: wholeEmail });

export const website = (description: string) =>
	text('website', 'Website', `${description}. A missing https:// is added.`, {
		format: 'webUrl',
		placeholder: 'e.g. https://example.com',
		nullable: true,
	});

export const phone = (name: string, displayName: string, description: string) =>
	text(name, displayName, `${description}, with the country code`, {
		placeholder: 'e.g. +971501234567',
	});

export const currency = text('currency', 'Currency', 'Three-letter ISO 4217 code', {
	format: 'currency',
	placeholder: 'e.g. USD',
});

/** Link to another record by ID (§8: string public IDs; some pages show numbers). */
export const link = (
	name: string,
	key: string,
	displayName: string,
	what: string,
	prefix: string,
	extra: Partial<FieldSpec> = {},
): FieldSpec =>
	text(name, displayName, `ID of the ${what}`, {
		key,
		format: 'id',
		idPrefix: prefix,
		placeholder: `e.g. ${prefix}2KWPBgLlAfxdpx2AI54pPJ85f1W`,
		...extra,
	});

/** A user picker (§13: `GET /v2/users`, `usr_` IDs). */
export const userLink = (name: string, key: string, displayName: string, what: string) =>
	link(name, key, displayName, what, 'usr_', { locator: 'user' });

/** A dropdown of Heffl's records, loaded by `method`. */
export const dropdown = (
	name: string,
	key: string,
	displayName: string,
	method: string,
	description: string,
): FieldSpec => ({
	displayName: `${displayName} Name or ID`,
	name,
	key,
	type: 'options',
	format: 'id',
	loadOptionsMethod: method,
	default: '',
	description: `${description}. ${EXPRESSION_HINT}.`,
});

/** Several users: a dropdown loaded from `GET /v2/users`. */
export const users = (name: string, key: string, what: string): FieldSpec => ({
	displayName: 'Assignee Names or IDs',
	name,
	key,
	type: 'multiOptions',
	format: 'ids',
	loadOptionsMethod: 'getUsers',
	default: [],
	description: `The users ${what}. ${EXPRESSION_HINT}.`,
});

/** v2 tags (`tag_` IDs), offered for the resource's tag type. */
export const tags = (key: string, what: string): FieldSpec => ({
	displayName: 'Tag Names or IDs',
	name: 'tags',
	key,
	type: 'multiOptions',
	format: 'ids',
	loadOptionsMethod: 'getTags',
	default: [],
	description: `Tags of the ${what}. ${EXPRESSION_HINT}.`,
});

export const pipelineField: FieldSpec = {
	...dropdown('pipeline', 'pipelineId', 'Pipeline', 'getPipelines', 'The deal pipeline'),
};

export const stageField: FieldSpec = {
	...dropdown('stage', 'stageId', 'Stage', 'getPipelineStages', 'A stage of the pipeline'),
	loadOptionsDependsOn: ['pipeline', 'updateFields.pipeline'],
};

export const clientStageField = dropdown(
	'clientStage',
	'stageId',
	'Client Stage',
	'getClientStages',
	'Client stage (`cs_`)',
);

export const crmSourceField = dropdown(
	'source',
	'sourceId',
	'Source',
	'getCrmSources',
	'CRM source',
);

const ADDRESS_MEMBERS = [
	['address', 'Address'],
	['city', 'City'],
	['landmark', 'Landmark'],
	['state', 'State'],
	['country', 'Country'],
	['postalCode', 'Postal Code'],
]
	.map(([name, displayName]) => text(name, displayName, `${displayName} of the billing address`))
	.sort((a, b) => a.displayName.localeCompare(b.displayName));

export const billingAddress = (whose: string): FieldSpec => ({
	displayName: 'Billing Address',
	name: 'billingAddress',
	type: 'collection',
	default: {},
	placeholder: 'Add Address Field',
	description: `Billing address of the ${whose}`,
	members: ADDRESS_MEMBERS,
});

/** Line items of deals (`products`) and quotations (`quotationProducts`): §11.3, §11.4. */
const lineItemMembers = (withScope: boolean): FieldSpec[] => [
	text('name', 'Name', 'Name of the line', { placeholder: 'e.g. Website audit' }),
	number('quantity', 'Quantity', 'How many', { default: 1 }),
	number('price', 'Price', 'Price of one; 0 with a product: the product’s price', {
		zeroFrom: 'productId',
	}),
	text('description', 'Description', 'Details of the line', { rows: 2 }),
	dropdown('productId', 'productId', 'Product', 'getProducts', 'Product the line sells'),
	number('tax', 'Tax', 'Tax of the line'),
	link('taxRateId', 'taxRateId', 'Tax Rate ID', 'tax rate', 'txr_'),
	number('discount', 'Discount', 'Discount on the line'),
	...(withScope ? [text('scope', 'Scope', 'Scope of work of the line', { rows: 2 })] : []),
];

/** Line items as a list of entries, or as JSON from an expression (one of the two). */
export const lineItems = (key: string, what: string, withScope: boolean): FieldSpec[] => [
	{
		displayName: 'Line Items',
		name: 'lineItems',
		key,
		type: 'fixedCollection',
		default: {},
		entryName: 'Line Item',
		placeholder: 'Add Line Item',
		description: `What the ${what} sells`,
		members: lineItemMembers(withScope),
	},
	text(
		'lineItemsJson',
		'Line Items (JSON)',
		`The line items as a JSON list, e.g. from an expression like {{ $json.products }}. Use this or Line Items, not both.`,
		{
			key,
			format: 'jsonList',
			entryName: 'Line Item',
			placeholder: 'e.g. [{"name": "Audit", "quantity": 1, "price": 500}]',
		},
	),
];
