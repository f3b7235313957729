/**
 * Document templates with their custom fields (API v2 /document-templates, §11.13) through the
 * node run by n8n-core against the sandbox; a recording relay shows each request as it was
 * sent (test/harness/crm.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { PLAIN_TEMPLATE, useCrm } from '../harness/crm';

const { ctx, heffl, one, byId, records, ids } = useCrm({});

describe('§11.13 document templates', () => {
	test('Get Many sends type, search and includeInactive; without Include Inactive only active templates', async () => {
		const listed = await heffl({
			resource: 'documentTemplate',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'quotations', search: 'old', includeInactive: true },
		});
		expect(listed.error?.message).toBeUndefined();
		expect(one(listed, 'GET', '/document-templates').query).toMatchObject({
			type: 'quotations',
			search: 'old',
			includeInactive: 'true',
		});
		const expected = records('templates').filter(
			(template) =>
				template.type === 'quotations' && String(template.name).toLowerCase().startsWith('old'),
		);
		expect(expected.length).toBe(1);
		expect(ids(listed.json)).toEqual(ids(expected));

		const active = await heffl({
			resource: 'documentTemplate',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'quotations' },
		});
		expect(active.json.every((template) => template.isActive === true)).toBe(true);
		expect(ids(active.json)).toContain(PLAIN_TEMPLATE);
	});

	test('Get reads GET /document-templates/{id}: one template with its custom fields', async () => {
		const expected = records('templates').filter(
			(template) =>
				template.type === 'quotations' && String(template.name).toLowerCase().startsWith('old'),
		);
		const fetched = await heffl({
			resource: 'documentTemplate',
			operation: 'get',
			documentTemplateId: byId(String(expected[0].id)),
		});
		one(fetched, 'GET', `/document-templates/${String(expected[0].id)}`);
		expect(fetched.json[0]).toMatchObject({
			id: expected[0].id,
			type: 'quotations',
			customFields: expect.any(Array),
		});
	});

	test('templates: type, name prefix and inactive are sent and checked on the records', async () => {
		const templates = ctx.sandbox.records('templates') as IDataObject[];
		const result = await heffl({
			resource: 'documentTemplate',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'invoices', search: 'serv', includeInactive: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((template) => template.id)).toEqual(
			templates
				.filter((t) => t.type === 'invoices' && String(t.name).toLowerCase().startsWith('serv'))
				.map((t) => t.id),
		);
		expect(result.json.length).toBeGreaterThan(0);
		const one = await heffl({
			resource: 'documentTemplate',
			operation: 'get',
			documentTemplateId: byId(String(result.json[0].id)),
		});
		expect(one.json[0]).toMatchObject({ id: result.json[0].id, customFields: expect.any(Array) });
	});

	test('a template comes with its custom field definitions', async () => {
		const templates = await heffl({
			resource: 'documentTemplate',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'invoices' },
		});
		expect(templates.json.length).toBeGreaterThan(0);
		expect(
			templates.json.every((template) => template.type === 'invoices' && template.isActive),
		).toBe(true);

		const template = await heffl({
			resource: 'documentTemplate',
			operation: 'get',
			documentTemplateId: byId(String(templates.json[0].id)),
		});
		const fields = template.json[0].customFields as IDataObject[];
		expect(fields.length).toBeGreaterThan(0);
		for (const field of fields)
			expect(field).toMatchObject({
				key: expect.stringMatching(/^cf_/),
				label: expect.any(String),
			});
	});

	test('inactive templates only when asked', async () => {
		const active = await heffl({
			resource: 'documentTemplate',
			operation: 'getAll',
			returnAll: true,
		});
		const all = await heffl({
			resource: 'documentTemplate',
			operation: 'getAll',
			returnAll: true,
			filters: { includeInactive: true },
		});
		expect(all.json.length).toBeGreaterThan(active.json.length);
	});
});
