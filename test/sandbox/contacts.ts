/**
 * v2 contacts writes (heffl-reference.md §11.1): POST /contacts, PATCH /contacts/{id},
 * DELETE /contacts/{id}. The create body is not documented: the update page's fields
 * are taken for it (README Assumptions).
 */
import { ApiError } from './errors';
import { newId } from './random';
import type { Store } from './store';
import type { JsonObject, WorkspaceId } from './types';

/** §11.1 PATCH body: only these and `cf_*` keys are accepted. */
const CONTACT_FIELDS = [
	'firstName',
	'lastName',
	'salutation',
	'email',
	'phone',
	'jobTitle',
	'companyId',
	'stageId',
	'leadStageId',
	'ownerUserId',
	'vendorId',
	'sourceId',
	'billingAddress',
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkBody(body: JsonObject, mode: 'create' | 'update'): JsonObject {
	const issues: Array<{ field: string; message: string }> = [];
	for (const [key, value] of Object.entries(body)) {
		if (!CONTACT_FIELDS.includes(key) && !key.startsWith('cf_'))
			issues.push({ field: key, message: 'is not a contact field' });
		else if (key === 'email' && value !== null && (typeof value !== 'string' || !EMAIL.test(value)))
			issues.push({ field: 'email', message: 'must be a valid e-mail address' });
		else if (key === 'billingAddress' && value !== null && typeof value !== 'object')
			issues.push({ field: key, message: 'must be an object' });
		else if (
			key !== 'billingAddress' &&
			!key.startsWith('cf_') &&
			value !== null &&
			typeof value !== 'string'
		)
			issues.push({ field: key, message: 'must be a string' });
	}
	if (mode === 'create' && (typeof body.firstName !== 'string' || !body.firstName.trim()))
		issues.push({ field: 'firstName', message: 'is required' });
	if (issues.length) throw ApiError.invalid(issues);
	return body;
}

const displayName = (contact: JsonObject) =>
	[contact.firstName, contact.lastName].filter(Boolean).join(' ');

/** Answers a contacts write, or undefined when the call is not one. */
export function contactWrite(
	store: Store,
	workspace: WorkspaceId,
	method: string,
	id: string | undefined,
	body: JsonObject,
): JsonObject | undefined {
	const now = new Date().toISOString();
	if (!id && method === 'POST') {
		const values = checkBody(body, 'create');
		const space = store.workspace(workspace);
		const contact: JsonObject = {
			id: newId('clt_'),
			number: `C-${String(space.all('contacts').length + 1).padStart(4, '0')}`,
			type: 'contact',
			...values,
			createdAt: now,
			updatedAt: now,
		};
		contact.name = displayName(contact);
		store.insert(workspace, 'contacts', contact);
		return contact;
	}
	if (!id) return undefined;
	if (method === 'PATCH') {
		const current = store.require(workspace, 'contacts', id, 'contact');
		const next: JsonObject = { ...current, ...checkBody(body, 'update'), updatedAt: now };
		next.name = displayName(next);
		store.replace(workspace, 'contacts', next);
		return next;
	}
	if (method === 'DELETE') {
		const current = store.require(workspace, 'contacts', id, 'contact');
		// §11.1: 400 if the contact has linked deals, invoices or quotations.
		const space = store.workspace(workspace);
		const linked = [
			...space.all('deals').filter((deal) => deal.clientId === id || deal.contactId === id),
			...space
				.all('invoices')
				.filter((invoice) => invoice.clientId === id || invoice.contactId === id),
			...space
				.all('quotations')
				.filter((quotation) => quotation.clientId === id || quotation.contactId === id),
		];
		if (linked.length)
			throw ApiError.field(
				'id',
				`the contact has linked deals, invoices or quotations (${linked.map((record) => String(record.id)).join(', ')})`,
			);
		store.remove(workspace, 'contacts', id);
		return current;
	}
	return undefined;
}
