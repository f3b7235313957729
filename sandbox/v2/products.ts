/**
 * v2 products (heffl-reference.md §11.10): `GET|POST /products`, `GET|PATCH /products/{id}`.
 * Products take `cf_*` keys, kept on the record and not returned, as the §11.10 response
 * lists none; POST has no page, so `name` is the one field required.
 */
import { readBody } from './body';
import type { BodySchema } from './body';
import { v2List } from './list';
import { newId } from '../random';
import type { JsonObject } from '../types';
import type { RefContext } from './refContext';

export const PRODUCT_TYPES = ['PRODUCT', 'SERVICE'] as const;

/** §11.10's response: no `buyPrice`, no `cf_*`. */
export const renderProduct = (product: JsonObject): JsonObject => ({
	id: product.id,
	name: product.name,
	price: product.price ?? 0,
	type: product.type ?? 'PRODUCT',
	isActive: product.isActive ?? true,
	description: product.description ?? null,
	sku: product.sku ?? null,
});

const PRODUCT_BODY: BodySchema = {
	fields: {
		name: { kind: 'text' },
		type: { kind: 'enum', values: PRODUCT_TYPES },
		price: { kind: 'number' },
		description: { kind: 'string' },
		sku: { kind: 'string' },
		buyPrice: { kind: 'number' },
		isActive: { kind: 'boolean' },
	},
	// POST /products has no page (§11.10): name is the one field a product cannot do without.
	required: ['name'],
};

export function productsRoute(call: RefContext): JsonObject | undefined {
	const { method, segments, query, body, space, store, workspace } = call;
	const [, second, third] = segments;
	const now = () => store.now();
	if (method === 'GET' && !second) {
		return v2List(
			space,
			{
				kind: 'products',
				render: renderProduct,
				search: (product) => [product.name, product.sku, product.description],
			},
			query,
		);
	}
	if (method === 'GET' && second && !third)
		return renderProduct(store.require(workspace, 'products', second, 'product'));
	if (method === 'POST' && !second) {
		const values = readBody(PRODUCT_BODY, stripCustom(body), 'create', space, []);
		const product: JsonObject = {
			id: newId('prd_'),
			type: 'PRODUCT',
			price: 0,
			description: null,
			sku: null,
			buyPrice: null,
			isActive: true,
			...values,
			...onlyCustom(body),
			createdAt: now(),
			updatedAt: now(),
		};
		store.insert(workspace, 'products', product);
		return renderProduct(product);
	}
	if (method === 'PATCH' && second && !third) {
		const current = store.require(workspace, 'products', second, 'product');
		const values = readBody(PRODUCT_BODY, stripCustom(body), 'update', space, []);
		return renderProduct(
			store.replace(workspace, 'products', {
				...current,
				...values,
				...onlyCustom(body),
				updatedAt: now(),
			}),
		);
	}
	return undefined;
}

/** §11.10: products take `cf_*` keys (kept, not returned); they have no definitions to check against. */
function stripCustom(body: JsonObject): JsonObject {
	return Object.fromEntries(Object.entries(body).filter(([key]) => !key.startsWith('cf_')));
}
function onlyCustom(body: JsonObject): JsonObject {
	return Object.fromEntries(Object.entries(body).filter(([key]) => /^cf_[a-z0-9_]+$/.test(key)));
}
