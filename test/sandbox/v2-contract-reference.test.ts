/**
 * Contract tests of the sandbox's v2 reference data (§11.7–§11.13, §13) against heffl-reference.md, over loopback HTTP: every
 * documented body field accepted and checked (type, enum, required), the documented response
 * fields, and the list model. Expectations come from the cited sections, or where they are
 * silent from docs/assumptions.md's "v2 sandbox choices", never from the node.
 */
import { describe, expect, test } from 'vitest';

import type { Body } from './v2Client';
import { fieldsOf, useV2Sandbox, validation } from './v2Client';

const { call, list, records, quotationTemplate } = useV2Sandbox({ seed: { contacts: 12 } });

describe('§11.7–§11.13, §13 reference data', () => {
	test('POST /pipelines needs an ACTIVE, a WON and a LOST stage; stage fields typed (§11.7)', async () => {
		const onlyActive = validation(
			await call('/pipelines', 'POST', { name: 'P', stages: [{ name: 'Open', type: 'ACTIVE' }] }),
		);
		expect(onlyActive.map((issue) => issue.field)).toContain('stages');
		const created = await call('/pipelines', 'POST', {
			name: 'Contract',
			icon: 'briefcase',
			isActive: true,
			stages: [
				{ name: 'Open', position: 1, probability: 10, rottingInDays: 7, type: 'ACTIVE' },
				{ name: 'Won', position: 2, probability: 100, type: 'WON' },
				{ name: 'Lost', position: 3, probability: 0, type: 'LOST' },
			],
		});
		expect(created.status).toBe(200);
		expect(created.body).toMatchObject({
			id: expect.stringMatching(/^dpl_/),
			name: 'Contract',
			stages: expect.arrayContaining([
				expect.objectContaining({ id: expect.stringMatching(/^dps_/), name: 'Open', position: 1 }),
			]),
		});
		expect(
			fieldsOf(
				await call(`/pipelines/${created.body.id}/stages`, 'POST', {
					name: 'Bad',
					position: 4,
					probability: 120,
					type: 'DONE',
				}),
			),
		).toEqual(['probability', 'type']);
	});

	test('POST /lead-stages and POST /tags refuse values outside their enums (§11.8, §11.9)', async () => {
		expect(fieldsOf(await call('/lead-stages', 'POST', { label: 'X', type: 'HOT' }))).toEqual([
			'type',
		]);
		expect(
			fieldsOf(await call('/tags', 'POST', { name: 'X', type: 'people', color: '#000000' })),
		).toEqual(['type']);
	});

	test('PATCH /products/{id} takes name, type, price, description, sku, buyPrice, isActive and cf_*; answers §11.10 fields only (§11.10)', async () => {
		const product = records('products')[0];
		const patched = await call(`/products/${product.id}`, 'PATCH', {
			name: 'Renamed',
			type: 'SERVICE',
			price: 12.5,
			description: 'Desc',
			sku: null,
			buyPrice: 4,
			isActive: true,
			cf_brand: 'Heffl',
		});
		expect(patched.status).toBe(200);
		expect(patched.body).toEqual({
			id: product.id,
			name: 'Renamed',
			price: 12.5,
			type: 'SERVICE',
			isActive: true,
			description: 'Desc',
			sku: null,
		});
		expect(
			fieldsOf(
				await call(`/products/${product.id}`, 'PATCH', {
					price: 'free',
					isActive: 'yes',
					buyPrice: 'x',
				}),
			),
		).toEqual(['buyPrice', 'isActive', 'price']);
	});

	test('GET /custom-fields: entity missing or not contacts|companies|deals|tasks → VALIDATION_ERROR naming entity; an unknown pipelineId names pipelineId (§11.12)', async () => {
		expect(fieldsOf(await list('/custom-fields'))).toEqual(['entity']);
		expect(fieldsOf(await list('/custom-fields', { entity: 'leads' }))).toEqual(['entity']);
		expect(
			fieldsOf(await list('/custom-fields', { entity: 'deals', pipelineId: 'dpl_missing' })),
		).toEqual(['pipelineId']);
		// A strict server: §11.12 lists only entity and pipelineId (and a cursor it issued).
		expect(fieldsOf(await list('/custom-fields', { entity: 'deals', pageSize: 100 }))).toEqual([
			'pageSize',
		]);
		const contacts = await list('/custom-fields', { entity: 'contacts' });
		expect(contacts.body.meta).toEqual({ nextCursor: null, hasMore: false });
		expect(contacts.body.data).toContainEqual({
			id: expect.any(String),
			entity: 'contacts',
			key: 'cf_preferred_language',
			label: 'Preferred Language',
			dataType: 'select',
			required: false,
			values: ['English', 'Arabic', 'German', 'Hindi'],
			pipelineId: null,
		});
	});

	test('GET /document-templates: type, prefix search, includeInactive; items id, name, type, isActive, isSignatureRequired, valueType; GET /{id} has customFields (§11.13)', async () => {
		const quotations = await list('/document-templates', { type: 'quotations' });
		expect(quotations.status).toBe(200);
		const items = quotations.body.data as Body[];
		expect(items.length).toBeGreaterThan(0);
		for (const item of items) {
			expect(item).toMatchObject({
				id: expect.stringMatching(/^tpl_/),
				name: expect.any(String),
				type: 'quotations',
				isActive: true,
				isSignatureRequired: expect.any(Boolean),
			});
			expect(item).toHaveProperty('valueType');
		}
		const withInactive = (
			await list('/document-templates', { type: 'quotations', includeInactive: 'true' })
		).body.data as Body[];
		expect(withInactive.some((item) => item.isActive === false)).toBe(true);
		// "Project Quotation" starts with "proj"; "Standard Quotation" only contains "quot".
		const prefix = (await list('/document-templates', { search: 'PROJ' })).body.data as Body[];
		expect(prefix.map((item) => item.name)).toEqual(['Project Quotation']);
		expect((await list('/document-templates', { search: 'quotation' })).body.data).toEqual([]);
		expect((await list('/document-templates', { type: 'letters' })).status).toBe(400);
		// A strict server: §11.13 lists type, search and includeInactive, and its list has no meta.
		expect(fieldsOf(await list('/document-templates', { pageSize: 100 }))).toEqual(['pageSize']);
		const one = await call(`/document-templates/${quotationTemplate().id}`);
		expect(one.body.customFields).toContainEqual(
			expect.objectContaining({ key: 'cf_project_code', required: true, dataType: 'text' }),
		);
		expect((await call('/document-templates/tpl_missing')).status).toBe(404);
	});
});
