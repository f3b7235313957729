/**
 * Products (API v2 /products, §11.10; Get at the contract's v1 path) through the node run by
 * n8n-core against the sandbox; a recording relay shows each request as it was sent
 * (test/harness/crm.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useCrm } from '../harness/crm';

const { ctx, heffl, one, all, byId, stored, ids } = useCrm({});

describe('§11.10 products', () => {
	test('create sends every documented field; get; get many; update (PATCH) with Fields to Clear', async () => {
		const created = await heffl({
			resource: 'product',
			operation: 'create',
			name: 'Penetration Test',
			additionalFields: {
				productType: 'SERVICE',
				price: 2500,
				description: 'External and internal',
				sku: 'PEN-001',
				buyPrice: 900,
				isActive: true,
			},
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/products').body).toEqual({
			name: 'Penetration Test',
			type: 'SERVICE',
			price: 2500,
			description: 'External and internal',
			sku: 'PEN-001',
			buyPrice: 900,
			isActive: true,
		});
		const id = String(created.json[0].id);
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^prd_/),
			name: 'Penetration Test',
			type: 'SERVICE',
			price: 2500,
			sku: 'PEN-001',
			isActive: true,
		});
		expect(stored('products', id)).toMatchObject({ buyPrice: 900 });

		const fetched = await heffl({ resource: 'product', operation: 'get', productId: byId(id) });
		expect(fetched.error?.message).toBeUndefined();
		one(fetched, 'GET', `/products/${id}`, 'v1');
		expect(fetched.json[0]).toMatchObject({ id, name: 'Penetration Test' });

		const listed = await heffl({
			resource: 'product',
			operation: 'getAll',
			returnAll: true,
			filters: { search: 'pen-001' },
		});
		expect(listed.error?.message).toBeUndefined();
		expect(all(listed, 'GET', '/products').length).toBeGreaterThan(0);
		expect(ids(listed.json)).toEqual([id]);

		const updated = await heffl({
			resource: 'product',
			operation: 'update',
			productId: byId(id),
			updateFields: {
				name: 'Pen Test',
				productType: 'PRODUCT',
				price: 2000,
				isActive: false,
				clearFields: ['description', 'sku', 'buyPrice'],
			},
		});
		expect(updated.error?.message).toBeUndefined();
		expect(one(updated, 'PATCH', `/products/${id}`).body).toEqual({
			name: 'Pen Test',
			type: 'PRODUCT',
			price: 2000,
			isActive: false,
			description: null,
			sku: null,
			buyPrice: null,
		});
		expect(updated.json[0]).toMatchObject({
			id,
			name: 'Pen Test',
			type: 'PRODUCT',
			isActive: false,
			description: null,
			sku: null,
		});
		expect(stored('products', id)).toMatchObject({ buyPrice: null });
	});

	test('products: Get Many on API v2 with a search checked in n8n; Get at the contract’s v1 path', async () => {
		const products = ctx.sandbox.records('products') as IDataObject[];
		const target = products[3];
		ctx.sandbox.clearRequests();
		const found = await heffl({
			resource: 'product',
			operation: 'getAll',
			returnAll: true,
			filters: { search: String(target.name) },
		});
		expect(found.json.map((product) => product.id)).toContain(target.id);
		expect(
			found.json.every((product) =>
				String(product.name).toLowerCase().includes(String(target.name).toLowerCase()),
			),
		).toBe(true);
		// §11.10 documents no search for GET /products: it is checked in n8n, not sent.
		expect(ctx.apiRequests().map((request) => request.path)).toEqual([
			expect.stringMatching(/^\/api\/v2\/products\?pageSize=100$/),
		]);

		ctx.sandbox.clearRequests();
		const one = await heffl({
			resource: 'product',
			operation: 'get',
			productId: byId(String(target.id)),
		});
		expect(one.json).toEqual([expect.objectContaining({ id: target.id, name: target.name })]);
		expect(ctx.apiRequests().map((request) => request.path)).toEqual([
			`/api/v1/products/${String(target.id)}`,
		]);
	});
});
