/**
 * Companies (v2 /companies, §11.2) and §7's Conditions with Filters (JSON), through the node
 * run by n8n-core; a recording relay shows each request as it was sent (test/harness/crm.ts).
 */
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { heffl, one, all, received, byId, records, stored, firstId, ids, filtersOf, newCompany } =
	useCrm();

describe('§11.2 companies (v2 /companies)', () => {
	test('create sends every documented field, Primary Contact included; website and currency normalised', async () => {
		const stage = firstId('clientStages');
		const leadStage = firstId('leadStages');
		const owner = firstId('users');
		const source = firstId('leadSources');
		const created = await heffl({
			resource: 'company',
			operation: 'create',
			name: 'Acme Trading LLC',
			additionalFields: {
				email: 'accounts@acme-v2.example',
				phone: '+97141234567',
				taxNumber: 'TRN100200',
				website: 'acme-v2.example',
				description: 'Wholesale\ntrading',
				linkedin: 'https://www.linkedin.com/company/acme',
				currency: 'aed',
				openingBalance: 250,
				showJobAmountToWorker: true,
				isClientPortalEnabled: true,
				internalNotes: 'Pays late',
				clientStage: stage,
				leadStage,
				owner: byId(owner),
				vendor: 'vnd_9',
				source,
				billingAddress: { address: '2 Dock Rd', city: 'Dubai', country: 'AE' },
				primaryContact: {
					firstName: 'Amal',
					lastName: 'Haddad',
					email: 'amal@acme-v2.example',
					phone: '+971500000001',
					salutation: 'Ms.',
					jobTitle: 'Buyer',
				},
			},
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/companies').body).toEqual({
			name: 'Acme Trading LLC',
			email: 'accounts@acme-v2.example',
			phone: '+97141234567',
			taxNumber: 'TRN100200',
			website: 'https://acme-v2.example',
			description: 'Wholesale\ntrading',
			linkedin: 'https://www.linkedin.com/company/acme',
			currency: 'AED',
			openingBalance: 250,
			showJobAmountToWorker: true,
			isClientPortalEnabled: true,
			internalNotes: 'Pays late',
			stageId: stage,
			leadStageId: leadStage,
			ownerUserId: owner,
			vendorId: 'vnd_9',
			sourceId: source,
			billingAddress: { address: '2 Dock Rd', city: 'Dubai', country: 'AE' },
			primaryContact: {
				firstName: 'Amal',
				lastName: 'Haddad',
				email: 'amal@acme-v2.example',
				phone: '+971500000001',
				salutation: 'Ms.',
				jobTitle: 'Buyer',
			},
		});
		received('POST', '/api/v2/companies');
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^clt_/),
			name: 'Acme Trading LLC',
			email: 'accounts@acme-v2.example',
			website: 'https://acme-v2.example',
			currency: 'AED',
			openingBalance: 250,
			showJobAmountToWorker: true,
			isClientPortalEnabled: true,
			internalNotes: 'Pays late',
			stageId: stage,
			stageName: records('clientStages')[0].name,
			ownerUserId: owner,
			crmSourceId: source,
			linkedin: 'https://www.linkedin.com/company/acme',
		});
	});

	test('update is a PATCH of the fields set; Fields to Clear sends e-mail and website as null; delete', async () => {
		const id = await newCompany('Patchable Ltd');
		const updated = await heffl({
			resource: 'company',
			operation: 'update',
			companyId: byId(id),
			updateFields: {
				name: 'Patched Ltd',
				phone: '+4420000000',
				description: 'Now patched',
				currency: 'eur',
				openingBalance: 0,
				showJobAmountToWorker: false,
				clientStage: String(records('clientStages')[1].id),
				clearFields: ['email', 'website'],
			},
		});
		expect(updated.error?.message).toBeUndefined();
		expect(one(updated, 'PATCH', `/companies/${id}`).body).toEqual({
			name: 'Patched Ltd',
			phone: '+4420000000',
			description: 'Now patched',
			currency: 'EUR',
			openingBalance: 0,
			showJobAmountToWorker: false,
			stageId: records('clientStages')[1].id,
			email: null,
			website: null,
		});
		expect(updated.json[0]).toMatchObject({
			id,
			name: 'Patched Ltd',
			currency: 'EUR',
			email: null,
			website: null,
			stageId: records('clientStages')[1].id,
		});

		const deleted = await heffl({ resource: 'company', operation: 'delete', companyId: byId(id) });
		expect(deleted.error?.message).toBeUndefined();
		one(deleted, 'DELETE', `/companies/${id}`);
		expect(deleted.json[0]).toMatchObject({ id, deleted: true });
		expect(stored('clients', id)).toBeUndefined();
	});

	test('§7 Get Many: search, Sort By name ascending, a Source condition checked on crmSourceId', async () => {
		const source = String(records('leadSources')[3].id);
		const id = await newCompany('Sourced Alpha');
		await heffl({
			resource: 'company',
			operation: 'update',
			companyId: byId(id),
			updateFields: { source },
		});
		const other = await newCompany('Sourced Beta');
		const result = await heffl({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
			sort: { orderBy: 'name', orderDir: 'asc' },
			filters: {
				search: 'Sourced',
				conditions: { condition: [{ field: 'sourceId', operator: 'is', values: source }] },
			},
		});
		expect(result.error?.message).toBeUndefined();
		const sent = one(result, 'GET', '/companies');
		expect(sent.query).toMatchObject({ search: 'Sourced', orderBy: 'name', orderDir: 'asc' });
		expect(filtersOf(sent)).toEqual({ sourceId: { operator: 'is', values: [source] } });
		expect(ids(result.json)).toEqual([id]);
		expect(ids(result.json)).not.toContain(other);

		const sorted = await heffl({
			resource: 'company',
			operation: 'getAll',
			limit: 20,
			sort: { orderBy: 'name', orderDir: 'desc' },
		});
		expect(one(sorted, 'GET', '/companies').query).toEqual({
			orderBy: 'name',
			orderDir: 'desc',
			pageSize: '20',
		});
		const names = sorted.json.map((company) => String(company.name));
		expect(names.length).toBe(20);
		expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en', { numeric: true })));
		// Simplify keeps the main fields of a company.
		expect(Object.keys(sorted.json[0]).sort()).toEqual(
			['createdAt', 'email', 'id', 'name', 'number', 'ownerUserId', 'phone', 'stageName'].sort(),
		);
	});
});

describe('§7 companies: Conditions and Filters (JSON) merged', () => {
	test('a Client Stage condition and a Lead Stage entry in Filters (JSON) become one `filters` parameter', async () => {
		const stage = String(records('clientStages')[2].id);
		const leadStage = String(records('leadStages')[3].id);
		const both = await newCompany('Staged Both');
		const stageOnly = await newCompany('Staged Only');
		await heffl({
			resource: 'company',
			operation: 'update',
			companyId: byId(both),
			updateFields: { clientStage: stage, leadStage },
		});
		await heffl({
			resource: 'company',
			operation: 'update',
			companyId: byId(stageOnly),
			updateFields: { clientStage: stage },
		});
		const result = await heffl({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
			filters: {
				conditions: { condition: [{ field: 'stageId', operator: 'is', values: stage }] },
				filtersJson: JSON.stringify({
					leadStageId: { operator: 'is_any_of', values: [leadStage] },
				}),
			},
		});
		expect(result.error?.message).toBeUndefined();
		const sent = all(result, 'GET', '/companies')[0];
		expect(filtersOf(sent)).toEqual({
			stageId: { operator: 'is', values: [stage] },
			leadStageId: { operator: 'is_any_of', values: [leadStage] },
		});
		expect(ids(result.json)).toEqual([both]);
		expect(result.json[0]).toMatchObject({ stageId: stage, leadStageId: leadStage });
	});
});
