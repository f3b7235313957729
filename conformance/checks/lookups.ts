/**
 * Whether Heffl's v2 `search` (§7) finds a record by its e-mail address: contacts and
 * leads. The e-mail lookup (nodes/Heffl/execute/emailLookup.ts) believes a search's
 * "nothing" only once it has seen that search find a listed record by its e-mail, and
 * otherwise reads the whole list once per execution; these checks tell which of the two an
 * account gets. Where a page shows an archived record with an e-mail, that one is searched
 * for (a search that left archived records out would then be told).
 */
import type { IDataObject } from 'n8n-workflow';

import type { ApiVersion } from '../../nodes/shared/transport';
import { newestFirst, recordsOf, refusal, resourceFile } from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';

const LOOKUP = 'nodes/Heffl/execute/emailLookup.ts';
const emailOf = (record: IDataObject | undefined) =>
	typeof record?.email === 'string' ? record.email.trim().toLowerCase() : '';

/** A record with an e-mail from `records`, archived first. */
const sampleOf = (records: IDataObject[]) => {
	const withEmail = records.filter((record) => emailOf(record).includes('@'));
	return withEmail.find((record) => record.archived === true) ?? withEmail[0];
};

async function searchFinds(
	kit: Kit,
	search: { api: ApiVersion; path: string },
	record: IDataObject,
	what: string,
) {
	const reply = await kit.probe.get(search.api, search.path, {
		search: String(record.email).trim(),
		pageSize: 10,
	});
	const adapts = `the node does not believe its "nothing": Create or Update and the Email filter read the whole ${what} list once per execution (${LOOKUP})`;
	if (!reply.ok) return differs(`search refused: ${refusal(reply)}`, adapts);
	const rows = recordsOf(search.api, reply);
	const row = rows.find((candidate) => candidate.id === record.id);
	if (!row) return differs(`search=<its e-mail> did not return ${String(record.id)}`, adapts);
	if (emailOf(row) !== emailOf(record))
		return differs(`the row of ${String(record.id)} does not show its e-mail`, adapts);
	return holds(
		`search=<its e-mail> found ${String(record.id)}${record.archived === true ? ' (archived)' : ''}`,
	);
}

const contactSearch: Check = {
	id: 'contacts.search-email',
	title: 'v2 /contacts?search=<e-mail> finds the contact (the e-mail lookup narrows by it)',
	depends: [LOOKUP, resourceFile('contact')],
	sandbox: 'sandbox/v2/crm/contacts.ts',
	async run(kit) {
		const contacts = recordsOf('v2', await newestFirst(kit, { api: 'v2', path: '/contacts' }));
		const contact = sampleOf(contacts);
		if (!contact) return notChecked('none of the newest contacts has an e-mail address');
		return await searchFinds(kit, { api: 'v2', path: '/contacts' }, contact, 'contact');
	},
};

const leadSearch: Check = {
	id: 'leads.search-email',
	title:
		'v2 /leads?search=<e-mail> finds a v1 lead by its e-mail, with the same ID (v1 documents no search, §10.1)',
	depends: [LOOKUP, resourceFile('lead')],
	sandbox: 'sandbox/v2/refdata.ts',
	async run(kit) {
		const reply = await kit.probe.get('v1', '/leads', { limit: 100 });
		if (!reply.ok) return differs(`GET /v1/leads: ${refusal(reply)}`);
		const lead = sampleOf(recordsOf('v1', reply));
		if (!lead) return notChecked('no lead of the first page has an e-mail address');
		return await searchFinds(kit, { api: 'v2', path: '/leads' }, lead, 'v1 lead');
	},
};

export const LOOKUP_CHECKS: Check[] = [contactSearch, leadSearch];
