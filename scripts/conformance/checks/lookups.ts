/**
 * Whether Heffl's v2 `search` (§7) finds a record by a match key: contacts and leads by
 * e-mail, companies by website, name and e-mail. The match-key lookup
 * (nodes/Heffl/execute/keyLookup.ts) believes a search's "nothing" only once it has seen
 * that search find a listed record by that key, and otherwise reads the whole list once per
 * execution; these checks tell which of the two an account gets. Where a page shows an
 * archived record with the key, that one is searched for (a search that left archived
 * records out would then be told).
 */
import type { IDataObject } from 'n8n-workflow';

import type { MatchKey } from '../../../nodes/shared/table/matchKeys';
import { keyOf, MATCH_KEYS, probeTerm } from '../../../nodes/shared/table/matchKeys';
import type { ApiVersion } from '../../../nodes/shared/transport';
import { newestFirst, recordsOf, refusal, resourceFile } from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';

const LOOKUP = 'nodes/Heffl/execute/keyLookup.ts';

/** A record that can prove the search by its key (matchKeys.ts probeTerm), archived first. */
const sampleOf = (records: IDataObject[], key: MatchKey) => {
	const withKey = records.filter((record) => probeTerm(key, record) !== undefined);
	return withKey.find((record) => record.archived === true) ?? withKey[0];
};

async function searchFinds(
	kit: Kit,
	search: { api: ApiVersion; path: string },
	record: IDataObject,
	key: MatchKey,
	what: string,
) {
	const term = probeTerm(key, record) ?? '';
	const reply = await kit.probe.get(search.api, search.path, { search: term, pageSize: 10 });
	const adapts = `the node does not believe its "nothing": Create or Update${key.value === 'email' ? ' and the Email filter' : ''} by ${key.by} read the whole ${what} list once per execution (${LOOKUP})`;
	if (!reply.ok) return differs(`search refused: ${refusal(reply)}`, adapts);
	const rows = recordsOf(search.api, reply);
	const row = rows.find((candidate) => candidate.id === record.id);
	if (!row) return differs(`search=<its ${key.by}> did not return ${String(record.id)}`, adapts);
	if (keyOf(key, row) !== keyOf(key, record))
		return differs(`the row of ${String(record.id)} does not show its ${key.by}`, adapts);
	return holds(
		`search=<its ${key.by}> found ${String(record.id)}${record.archived === true ? ' (archived)' : ''}`,
	);
}

/** A check that v2 `<path>?search=<key>` finds one of the newest records by that key. */
const v2Search = (kind: 'contacts' | 'companies', key: MatchKey, sandbox: string): Check => {
	const what = kind === 'contacts' ? 'contact' : 'company';
	return {
		id: `${kind}.search-${key.value}`,
		title: `v2 /${kind}?search=<${key.by}> finds the ${what} (the match-key lookup narrows by it)`,
		depends: [LOOKUP, resourceFile(what)],
		sandbox,
		async run(kit) {
			const records = recordsOf('v2', await newestFirst(kit, { api: 'v2', path: `/${kind}` }));
			const record = sampleOf(records, key);
			if (!record)
				return notChecked(
					`none of the newest ${kind} has a ${key.by} that no other field of it holds`,
				);
			return await searchFinds(kit, { api: 'v2', path: `/${kind}` }, record, key, what);
		},
	};
};

const leadSearch: Check = {
	id: 'leads.search-email',
	title:
		'v2 /leads?search=<e-mail> finds a v1 lead by its e-mail, with the same ID (v1 documents no search, §10.1)',
	depends: [LOOKUP, resourceFile('lead')],
	sandbox: 'test/sandbox/v2/refdata.ts',
	async run(kit) {
		const reply = await kit.probe.get('v1', '/leads', { limit: 100 });
		if (!reply.ok) return differs(`GET /v1/leads: ${refusal(reply)}`);
		const lead = sampleOf(recordsOf('v1', reply), MATCH_KEYS.email);
		if (!lead) return notChecked('no lead of the first page has an e-mail address');
		return await searchFinds(kit, { api: 'v2', path: '/leads' }, lead, MATCH_KEYS.email, 'v1 lead');
	},
};

const COMPANIES = 'test/sandbox/v2/crm/companies.ts';

export const LOOKUP_CHECKS: Check[] = [
	v2Search('contacts', MATCH_KEYS.email, 'test/sandbox/v2/crm/contacts.ts'),
	leadSearch,
	v2Search('companies', MATCH_KEYS.website, COMPANIES),
	v2Search('companies', MATCH_KEYS.name, COMPANIES),
	v2Search('companies', MATCH_KEYS.email, COMPANIES),
];
