/**
 * Line items of deals (§11.3 `products`) and quotations (§11.4 `quotationProducts`): the
 * check of a sent list, each line as stored, and a quotation's totals.
 */
import type { Checked } from '../../fields';
import type { Workspace } from '../../store';
import type { JsonObject } from '../../types';
import { recordOf } from './lookups';

const LINE_FIELDS = [
	'name',
	'quantity',
	'price',
	'productId',
	'description',
	'tax',
	'taxRateId',
	'discount',
	'scope',
];
const AMOUNTS = ['quantity', 'price', 'tax', 'discount'];

export const lineItems =
	(field: string, atLeastOne: boolean) =>
	(value: unknown, space: Workspace): Checked => {
		if (!Array.isArray(value) || (atLeastOne && value.length === 0))
			return {
				problem: atLeastOne
					? 'must be an array of at least 1 line item'
					: 'must be an array of line items',
			};
		const problems: string[] = [];
		const items = value.map((line, index) => {
			const item = (line ?? {}) as JsonObject;
			if (typeof line !== 'object' || Array.isArray(line))
				problems.push(`${field}.${index} must be an object`);
			for (const [key, member] of Object.entries(item)) {
				if (!LINE_FIELDS.includes(key))
					problems.push(
						`${field}.${index}: unknown member '${key}' (allowed: ${LINE_FIELDS.join(', ')})`,
					);
				else if (member === null && space.behaviours.lineItemNullsRefused)
					problems.push(`${field}.${index}.${key}: must not be null`);
				else if (AMOUNTS.includes(key) && (typeof member !== 'number' || member < 0))
					problems.push(`${field}.${index}.${key} must be a number ≥ 0`);
				else if (!AMOUNTS.includes(key) && member !== null && typeof member !== 'string')
					problems.push(`${field}.${index}.${key} must be a string`);
			}
			if (typeof item.productId === 'string' && !space.has('products', item.productId))
				problems.push(
					`${field}.${index}.productId: no product with ID '${item.productId}' in this workspace`,
				);
			const product = recordOf(space, 'products', item.productId);
			if (!item.name && !product) problems.push(`${field}.${index}: give a name or a productId`);
			return storedLine(item, product);
		});
		return problems.length ? { problem: problems.join('; ') } : { value: items };
	};

/** A line as stored: every member present, name and price taken from its product when not sent. */
function storedLine(item: JsonObject, product: JsonObject | undefined): JsonObject {
	return {
		name: item.name ?? product?.name ?? null,
		description: item.description ?? null,
		productId: item.productId ?? null,
		quantity: Number(item.quantity ?? 1),
		price: Number(item.price ?? product?.price ?? 0),
		discount: Number(item.discount ?? 0),
		tax: Number(item.tax ?? 0),
		taxRateId: item.taxRateId ?? null,
		scope: item.scope ?? null,
	};
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Totals of a quotation: discount is an amount per line, `tax` a percentage (not documented). */
export function totals(lines: JsonObject[], inclusive: boolean): JsonObject {
	let subtotal = 0;
	let discount = 0;
	let taxTotal = 0;
	for (const line of lines) {
		const gross = Number(line.quantity) * Number(line.price);
		const net = gross - Number(line.discount);
		const rate = Number(line.tax) / 100;
		subtotal += gross;
		discount += Number(line.discount);
		taxTotal += inclusive ? net - net / (1 + rate) : net * rate;
	}
	return {
		subtotalAmount: round(subtotal),
		totalDiscountAmount: round(discount),
		totalTaxAmount: round(taxTotal),
		totalAmount: round(subtotal - discount + (inclusive ? 0 : taxTotal)),
	};
}
