/**
 * Leads (API v1, §10.1), through the node run by n8n-core against the sandbox; a recording
 * relay shows each request as it was sent (test/harness/crm.ts). Create or Update and the
 * e-mail lookup are in test/node/upsert.test.ts and test/node/emailLookup.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { loadOptions } from '../../drivers/harness/n8n';
import { useCrm } from '../harness/crm';
import { roundTrip } from '../harness/roundTrip';

const crm = useCrm({ seed: { leads: 120 } });
const { ctx, relay, heffl, byId, stored, lastRequest } = crm;

const leads = () => ctx.sandbox.records('leads') as IDataObject[];

describe('§10.1 leads', () => {
	test('create with every documented field, get, get many, update with PUT, delete', async () => {
		const created = await heffl({
			resource: 'lead',
			operation: 'create',
			name: 'Nathan Smith',
			additionalFields: {
				email: ' nathan@example.com ',
				mobile: '+971501234567',
				secondaryMobile: '+971509876543',
				jobTitle: 'Head of Sales',
				value: 5000,
				website: 'nathan.example',
				extraFields: '{"leadScore": 7}',
			},
			customFields: { field: [{ label: 'Budget Range', value: '10k-50k' }] },
		});
		expect(created.error).toBeUndefined();
		const lead = created.json[0];
		expect(lead).toMatchObject({
			name: 'Nathan Smith',
			email: 'nathan@example.com',
			mobile: '+971501234567',
			secondaryMobile: '+971509876543',
			title: 'Head of Sales',
			value: 5000,
			website: 'https://nathan.example',
			leadScore: 7,
			customFields: { cf_budget_range: '10k-50k' },
		});

		const fetched = await heffl({
			resource: 'lead',
			operation: 'get',
			leadId: byId(String(lead.id)),
		});
		expect(fetched.json[0]).toEqual({
			id: lead.id,
			number: lead.number,
			name: 'Nathan Smith',
			email: 'nathan@example.com',
			mobile: '+971501234567',
			title: 'Head of Sales',
			stage: null,
			createdAt: lead.createdAt,
		});

		const updated = await heffl({
			resource: 'lead',
			operation: 'update',
			leadId: byId(String(lead.id)),
			updateFields: { jobTitle: 'VP of Marketing', mobile: '', clearFields: ['website'] },
		});
		expect(lastRequest()).toMatchObject({ method: 'PUT' });
		expect(updated.json[0]).toMatchObject({
			title: 'VP of Marketing',
			// An emptied field is not sent: the mobile number stays.
			mobile: '+971501234567',
			// Fields to Clear sends null.
			website: null,
		});

		const deleted = await heffl({
			resource: 'lead',
			operation: 'delete',
			leadId: byId(String(lead.id)),
		});
		expect(deleted.json).toEqual([{ id: lead.id, deleted: true }]);
		expect(stored('leads', lead.id)).toBeUndefined();
	});

	test('no undocumented required field: a lead without a name goes to Heffl, whose own error comes back', async () => {
		const result = await heffl({
			resource: 'lead',
			operation: 'create',
			additionalFields: { jobTitle: 'x' },
		});
		expect(ctx.apiRequests().at(-1)).toMatchObject({ method: 'POST', status: 400 });
		expect(result.error?.context).toMatchObject({ code: 'BAD_REQUEST', httpCode: 400 });
		expect(result.error?.message).toMatch(/name: is required/);
	});

	test('Get Many filters by stage, source, archived and search on the returned records', async () => {
		const leads = ctx.sandbox.records('leads') as IDataObject[];
		const stage = String(leads[0].stage);
		const result = await heffl({
			resource: 'lead',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
			filters: { stage: stage.toUpperCase(), archived: false },
		});
		const expected = leads.filter((lead) => lead.stage === stage && lead.archived === false);
		expect(result.json.map((lead) => lead.id)).toEqual(expected.map((lead) => lead.id));
		expect(result.hints.join(' ')).toMatch(/checked in n8n/);

		const email = String(leads[3].email);
		const found = await heffl({
			resource: 'lead',
			operation: 'getAll',
			filters: { search: email },
		});
		expect(found.json.map((lead) => lead.id)).toEqual([leads[3].id]);
	});

	test('create, get, get many, update, delete: a round trip leaves the sandbox as the operations say, each request on its API', async () => {
		// §10.1: updated with PUT; the job title is Heffl's `title`.
		await roundTrip(crm, {
			resource: 'lead',
			kind: 'leads',
			api: 'v1',
			create: {
				name: 'Ada Lovelace',
				additionalFields: {
					email: ' ada@analytical.example ',
					mobile: '+44 20 7946 0000',
					jobTitle: 'Analyst',
					value: 1200,
				},
			},
			expected: {
				name: 'Ada Lovelace',
				email: 'ada@analytical.example',
				title: 'Analyst',
				value: 1200,
			},
			update: { jobTitle: 'Chief Analyst' },
			updated: { title: 'Chief Analyst' },
			untouched: 'email',
		});
	});

	test('custom fields: labels become cf_ keys exactly as the contract says; cf_ keys pass unchanged', async () => {
		const created = await heffl({
			resource: 'lead',
			operation: 'create',
			name: 'Grace Hopper',
			customFields: {
				field: [
					{ label: 'Budget Range', value: '10k-50k' },
					{ label: 'cf_referral_code', value: 'NAVY' },
					{ label: 'Preferred Contact Time', value: 'mornings' },
				],
			},
		});
		expect(created.error).toBeUndefined();
		expect(stored('leads', created.json[0].id)).toMatchObject({
			cf_budget_range: '10k-50k',
			cf_referral_code: 'NAVY',
			cf_preferred_contact_time: 'mornings',
		});

		const updated = await heffl({
			resource: 'lead',
			operation: 'update',
			leadId: byId(String(created.json[0].id)),
			customFields: { field: [{ label: 'Budget Range', value: '50k+' }] },
		});
		// v1 records carry custom fields in `customFields` (heffl-reference.md §9.2).
		expect(updated.json[0].customFields).toMatchObject({
			cf_budget_range: '50k+',
			cf_referral_code: 'NAVY',
		});
	});
});

/**
 * Get Many's Stage and Source filters (§10.1: a lead shows its stage by label and its
 * source by name). The pickers give IDs, so a value is matched as given and, where it is
 * the ID of a lead stage or source, by that record's name.
 */
describe('§10.1 Lead → Get Many by stage and source', () => {
	const getMany = (filters: INodeParameters) =>
		heffl({ resource: 'lead', operation: 'getAll', returnAll: true, simplify: false, filters });

	test.each([
		['stage', 'leadStages', 'getLeadStages'],
		['source', 'leadSources', 'getLeadSources'],
	] as const)(
		'%s: the picker’s ID, the name, or the name in another case select the same leads',
		async (filter, kind, method) => {
			const options = await loadOptions(method, { resource: 'lead' }, relay.credentials);
			// Lead stages and sources have a string id and name (sandbox/seed.ts).
			const chosen = (ctx.sandbox.records(kind) as IDataObject[]).find((record) =>
				leads().some((lead) => lead[filter] === record.name),
			) as IDataObject & { id: string; name: string };
			expect(options.map((option) => option.value)).toContain(chosen.id);
			const expected = leads()
				.filter((lead) => lead[filter] === chosen.name)
				.map((lead) => lead.id)
				.sort();
			expect(expected.length).toBeGreaterThan(0);
			expect(expected.length).toBeLessThan(leads().length);
			for (const value of [chosen.id, chosen.name, String(chosen.name).toUpperCase()]) {
				const result = await getMany({ [filter]: value });
				expect(result.error, String(value)).toBeUndefined();
				expect(result.json.map((lead) => lead.id).sort(), String(value)).toEqual(expected);
			}
		},
	);

	test('a value that is neither a name nor an ID matches nothing, and reads the list once', async () => {
		ctx.sandbox.clearRequests();
		const result = await getMany({ stage: 'lstg_doesNotExist' });
		expect(result.error).toBeUndefined();
		expect(result.json).toEqual([]);
		const stageReads = ctx
			.apiRequests()
			.filter((request) => request.path.includes('/leads/stages'));
		expect(stageReads).toHaveLength(1);
	});
});
