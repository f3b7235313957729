/**
 * Issue 42: what Create or Update by a match key (nodes/Heffl/execute/keyLookup.ts,
 * table/matchKeys.ts) relies on where the reference is silent.
 *
 * - Whether v2 `search` on /companies (§7, searched fields not listed) finds a company by its
 *   website's domain, its name, its e-mail: a company made for the check (`--write`), whose
 *   other fields do not hold the term, searched for in upper case. Where it does not, the node
 *   does not believe its "nothing" (its own probe at run time fails) and reads the whole list
 *   once per execution.
 * - v1 /clients and v2 /products document no search (§7, §14): the node reads their lists,
 *   so their rows must show the key (`email`, `sku`) for the index.
 */
import type { IDataObject } from 'n8n-workflow';

import { unwrapRecord } from '../../nodes/shared/transport';
import { recordsOf, refusal, resourceFile } from '../reads';
import type { Check, Kit, Result } from '../types';
import { differs, holds, notChecked } from '../types';

const LOOKUP = 'nodes/Heffl/execute/keyLookup.ts';
const NORMALISERS = 'nodes/shared/table/matchKeys.ts';

/** The company this run searches for (made once, marked, deleted by the run's clean-up). */
async function searchedCompany(kit: Kit): Promise<IDataObject | string> {
	if (kit.shared.keyCompany) return kit.shared.keyCompany as IDataObject | string;
	const definitions = recordsOf(
		'v2',
		await kit.probe.get('v2', '/custom-fields', { entity: 'companies' }),
	);
	const required = Object.fromEntries(
		definitions
			.filter((definition) => definition.required === true)
			.map((definition) => {
				const values = Array.isArray(definition.values) ? definition.values : [];
				return [String(definition.key), values[0] ?? kit.marker];
			}),
	);
	const body = {
		name: `${kit.marker} Key Search`,
		website: `https://www.k${kit.runId}-site.example/about`,
		email: `keys.${kit.runId}@mail.example`,
		...required,
	};
	const reply = await kit.probe.create('v2', '/companies', body, 'company');
	const made = reply.ok ? { ...body, ...unwrapRecord(reply.body as IDataObject) } : refusal(reply);
	kit.shared.keyCompany = made;
	return made;
}

const companySearch = (
	field: 'website' | 'name' | 'email',
	term: (company: IDataObject) => string,
): Check => ({
	id: `companies.search-${field}`,
	title: `v2 /companies?search=<its ${field}, upper case> finds the company (§7 lists no searched fields)`,
	depends: [LOOKUP, NORMALISERS, resourceFile('company')],
	sandbox: 'sandbox/v2/crm/companies.ts',
	write: true,
	async run(kit): Promise<Result> {
		const company = await searchedCompany(kit);
		if (typeof company === 'string') return notChecked(`no company could be made: ${company}`);
		const sent = term(company).toUpperCase();
		const reply = await kit.probe.get('v2', '/companies', { search: sent, pageSize: 100 });
		const adapts = `Company → Create or Update by ${field} does not believe the search's "nothing" (its probe fails) and reads the whole company list once per execution (${LOOKUP})`;
		if (!reply.ok) return differs(`search refused: ${refusal(reply)}`, adapts);
		const found = recordsOf('v2', reply).some((row) => row.id === company.id);
		return found
			? holds(`search=${sent} found ${String(company.id)}`)
			: differs(`search=${sent} did not return ${String(company.id)}`, adapts);
	},
});

/** A list the node reads whole for a key: its rows must show the key. */
const listShows = (
	id: string,
	list: { api: 'v1' | 'v2'; path: string; qs: IDataObject },
	key: string,
	value: string,
): Check => ({
	id,
	title: `${list.api} ${list.path} rows show \`${key}\` (no search is documented, §7, §14: Create or Update finds ${value} in the whole list)`,
	depends: [LOOKUP, NORMALISERS, resourceFile(value)],
	sandbox: list.api === 'v1' ? 'sandbox/v1/routes.ts' : 'sandbox/v2/refdata.ts',
	async run(kit) {
		const reply = await kit.probe.get(list.api, list.path, list.qs);
		if (!reply.ok) return differs(`GET ${list.api} ${list.path}: ${refusal(reply)}`);
		const rows = recordsOf(list.api, reply);
		if (!rows.length) return notChecked(`the account has no ${value}s`);
		const without = rows.filter((row) => !(key in row));
		return without.length
			? differs(
					`${without.length} of ${rows.length} rows have no \`${key}\` (${String(without[0].id)}): Create or Update by ${key} would not find them`,
				)
			: holds(`all ${rows.length} rows of the first page show \`${key}\``);
	},
});

export const KEY_LOOKUP_CHECKS: Check[] = [
	listShows(
		'clients.list-email',
		{ api: 'v1', path: '/clients', qs: { limit: 100 } },
		'email',
		'client',
	),
	listShows(
		'products.list-sku',
		{ api: 'v2', path: '/products', qs: { pageSize: 100 } },
		'sku',
		'product',
	),
];

export const KEY_SEARCH_CHECKS: Check[] = [
	companySearch('website', (company) =>
		String(company.website)
			.replace(/^https:\/\/www\./, '')
			.replace(/\/.*$/, ''),
	),
	companySearch('name', (company) => String(company.name)),
	companySearch('email', (company) => String(company.email)),
];
