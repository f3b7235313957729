import { choice, named, number, text, toggle } from '../builders';
import { search } from '../filterBuilders';
import { CODE } from '../matchKeys';
import type { ResourceSpec } from '../schema';

export const product: ResourceSpec = {
	// §11.10: the list and create at v2; one product read at the contract's path.
	value: 'product',
	displayName: 'Product',
	label: 'product',
	api: 'v2',
	path: '/products',
	reference: '§11.10',
	idPrefix: 'prd_',
	operations: ['create', 'get', 'getAll', 'update', 'upsert'],
	// §7's list model (and its `search`) does not name /products: the whole list is read.
	matchKeys: [{ field: 'sku', as: CODE }],
	apis: { get: 'v1' },
	// §9.2: products take cf_* keys, but GET /custom-fields has no product entity.
	customFields: 'byLabel',
	title: named,
	fields: [
		text('name', 'Name', 'Name of the product', { main: true, placeholder: 'e.g. Website audit' }),
		choice('productType', 'Type', ['PRODUCT', 'SERVICE'], 'Goods or a service', { key: 'type' }),
		number('price', 'Price', 'Selling price'),
		text('description', 'Description', 'Details of the product', { rows: 4, nullable: true }),
		text('sku', 'Stock Keeping Unit (SKU)', 'Code of the product in stock', { nullable: true }),
		number('buyPrice', 'Buy Price', 'Cost price', { nullable: true }),
		toggle('isActive', 'Active', 'Whether the product can be sold'),
	],
	filters: [search('products', ['name', 'sku', 'description'])],
};
