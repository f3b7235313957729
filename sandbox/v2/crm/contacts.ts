/**
 * §11.1 contacts. The create body is not documented: the PATCH page's fields are taken for it
 * (docs/assumptions.md). No GET /contacts/{id} is listed.
 */
import type { Workspace } from '../../store';
import type { JsonObject } from '../../types';
import { definitionsOf, withCustomFields } from '../body';
import { required, text } from './bodyFields';
import { CLIENT_BODY_FIELDS, CLIENT_FILTERS, clientFields, linkedRecords } from './clients';
import { clientName, displayName } from './lookups';
import type { CrmResource } from './resource';
import { stored } from './resource';

/** §11.1 response fields; `type` is the record-type field (its name is not in the reference). */
function renderContact(record: JsonObject, space: Workspace): JsonObject {
	const companyId = record.companyId ?? null;
	return withCustomFields(
		{
			...clientFields(record, space),
			name: record.name ?? displayName(record),
			type: 'contact',
			firstName: record.firstName ?? null,
			lastName: record.lastName ?? null,
			salutation: record.salutation ?? null,
			phone: record.phone ?? record.mobile ?? null,
			jobTitle: record.jobTitle ?? null,
			companyId,
			companyName: clientName(space, companyId),
			parentClientId: companyId,
			profileImage: record.profileImage ?? null,
			instagram: record.instagram ?? null,
			facebook: record.facebook ?? null,
			twitter: record.twitter ?? null,
		},
		record,
		definitionsOf(space, 'contacts'),
	);
}

export const CONTACTS: CrmResource = {
	path: 'contacts',
	kind: 'contacts',
	prefix: 'clt_',
	label: 'contact',
	numberPrefix: 'C-',
	defaults: { type: 'contact' },
	body: {
		fields: {
			firstName: required,
			lastName: text,
			salutation: text,
			email: { kind: 'email' },
			phone: text,
			jobTitle: text,
			companyId: (value, space) =>
				typeof value === 'string' && space.get('clients', value)?.type === 'company'
					? { value }
					: { problem: `must be the clt_ ID of a company in this workspace` },
			...CLIENT_BODY_FIELDS,
		},
		required: ['firstName'],
	},
	get: false,
	definitions: (space) => definitionsOf(space, 'contacts'),
	list: {
		search: (record) => [
			displayName(record),
			record.email,
			record.number,
			record.phone ?? record.mobile,
		],
		// §7 shows orderBy=name&orderDir=asc; the full list is not documented.
		orderBy: { createdAt: stored('createdAt'), updatedAt: stored('updatedAt'), name: displayName },
		filters: {
			...CLIENT_FILTERS,
			companyId: stored('companyId'),
		},
	},
	render: renderContact,
	settle: (next) => {
		next.name = displayName(next);
	},
	deleteBlocked: linkedRecords,
};
