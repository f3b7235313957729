/**
 * Issue 50: a sync that runs again changes nothing. Create or Update compares what an item
 * would write with the record its lookup found (records/recordChanges.ts) and sends only what
 * differs; a record found by its key keeps its stored spelling of that key. Through n8n-core
 * against the sandbox: companies by website (v2 search), contacts by e-mail.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { COMPANY_REQUIRED_FIELDS, useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox({ seed: { clients: 0, leads: 0, contacts: 0 } });

async function run(parameters: INodeParameters, items: IDataObject[]) {
	ctx.sandbox.clearRequests();
	const result = await runHeffl(parameters, ctx.credentials, { items });
	expect(result.error).toBeUndefined();
	const writes = ctx
		.apiRequests()
		.filter((request) => request.method !== 'GET')
		.map((request) => `${request.method} ${request.path.replace(/\?.*/, '')}`);
	return { result, writes };
}

const byWebsite: INodeParameters = {
	...COMPANY_REQUIRED_FIELDS,
	resource: 'company',
	operation: 'upsert',
	matchBy: 'website',
	website: '={{ $json.site }}',
	name: '={{ $json.name }}',
	additionalFields: { phone: '={{ $json.phone }}' },
};

const stored = (name: string) =>
	ctx.sandbox.records('clients').find((record) => record.name === name) as IDataObject;

describe('Create or Update writes only what differs (issue 50)', () => {
	test('run 2 with the same rows writes nothing; the key keeps its stored spelling; a changed row sends one write', async () => {
		const rows = [1, 2, 3].map((n) => ({
			site: `https://firm${n}.example`,
			name: `Firm ${n}`,
			phone: `+97150000000${n}`,
		}));
		const first = await run(byWebsite, rows);
		expect(first.writes).toEqual([
			'POST /api/v2/companies',
			'POST /api/v2/companies',
			'POST /api/v2/companies',
		]);
		const updatedAt = stored('Firm 1').updatedAt;

		// The sheet's spelling of the key differs from Heffl's: the same domain, not rewritten.
		const again = rows.map((row) => ({
			...row,
			site: row.site.replace('https://', 'HTTP://WWW.').toUpperCase() + '/',
		}));
		const second = await run(byWebsite, again);
		expect(second.writes).toEqual([]);
		expect(second.result.json.map((record) => record.website)).toEqual(rows.map((row) => row.site));
		expect(stored('Firm 1').updatedAt).toBe(updatedAt);

		const third = await run(byWebsite, [
			again[0],
			{ ...again[1], phone: '+971509999999' },
			again[2],
		]);
		expect(third.writes).toHaveLength(1);
		expect(third.writes[0]).toMatch(/^PATCH \/api\/v2\/companies\/clt_/);
		expect(third.result.json.some((record) => 'upsertOutcome' in record)).toBe(false);

		// Options → Include Outcome: what each item did, the fields sent.
		const told = await run({ ...byWebsite, options: { includeOutcome: true } }, [
			again[0],
			{ ...again[1], phone: '+971508888888' },
			{ site: 'firm9.example', name: 'Firm 9', phone: '+971501111111' },
		]);
		expect(told.result.json.map((record) => record.upsertOutcome)).toEqual([
			{ outcome: 'unchanged', fields: [] },
			{ outcome: 'updated', fields: ['phone'] },
			{ outcome: 'created', fields: expect.arrayContaining(['name', 'website', 'phone']) },
		]);
		expect(stored('Firm 2')).toMatchObject({
			phone: '+971508888888',
			website: 'https://firm2.example',
		});
	});

	test('a contact by e-mail: the stored address keeps its case, a run again writes nothing', async () => {
		const byEmail: INodeParameters = {
			resource: 'contact',
			operation: 'upsert',
			email: '={{ $json.email }}',
			firstName: '={{ $json.first }}',
			additionalFields: { jobTitle: '={{ $json.job }}' },
		};
		const rows = [{ email: 'ada@example.com', first: 'Ada', job: 'CFO' }];
		await run(byEmail, rows);
		const second = await run(byEmail, [{ ...rows[0], email: 'ADA@EXAMPLE.COM' }]);
		expect(second.writes).toEqual([]);
		expect(second.result.json[0]).toMatchObject({ email: 'ada@example.com', jobTitle: 'CFO' });
	});
});
