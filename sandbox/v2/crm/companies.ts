/** §11.2 companies: the v1 clients of type `company`, one workspace seen two ways (§15). */
import type { Workspace } from '../../store';
import type { JsonObject } from '../../types';
import { definitionsOf, withCustomFields } from '../body';
import { bool, currency, nonNegative, required, text, url } from './bodyFields';
import { CLIENT_BODY_FIELDS, CLIENT_FILTERS, clientFields, linkedRecords } from './clients';
import type { CrmResource } from './resource';
import { stored } from './resource';

export function renderCompany(record: JsonObject, space: Workspace): JsonObject {
	return withCustomFields(
		{ ...clientFields(record, space), name: record.name },
		record,
		definitionsOf(space, 'companies'),
	);
}

export const COMPANIES: CrmResource = {
	path: 'companies',
	kind: 'clients',
	prefix: 'clt_',
	label: 'company',
	numberPrefix: 'C-',
	where: (record) => record.type === 'company',
	defaults: { type: 'company' },
	body: {
		fields: {
			name: required,
			email: { kind: 'email' },
			phone: text,
			taxNumber: text,
			website: url,
			description: text,
			linkedin: url,
			currency,
			openingBalance: nonNegative,
			showJobAmountToWorker: bool,
			isClientPortalEnabled: bool,
			internalNotes: text,
			...CLIENT_BODY_FIELDS,
			primaryContact: {
				kind: 'object',
				members: ['firstName', 'lastName', 'email', 'phone', 'salutation', 'jobTitle'],
			},
		},
		required: ['name'],
	},
	get: false,
	definitions: (space) => definitionsOf(space, 'companies'),
	list: {
		search: (record) => [record.name, record.email, record.number, record.phone, record.website],
		orderBy: {
			createdAt: stored('createdAt'),
			updatedAt: stored('updatedAt'),
			name: stored('name'),
		},
		filters: { ...CLIENT_FILTERS, currency: stored('currency') },
	},
	render: renderCompany,
	deleteBlocked: linkedRecords,
	event: 'client',
};
