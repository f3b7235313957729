/**
 * POST /invoices (heffl-reference.md §10.5): an invoice with line items, answered
 * with its computed totals. No list, get, update or delete is documented.
 */
import { ApiError } from './errors';
import type { Issue } from './errors';
import { checkField } from './fields';
import type { FieldType } from './fields';
import { newId } from './random';
import type { Workspace } from './store';
import type { JsonObject } from './types';

const BODY: Record<string, FieldType> = {
	clientId: { kind: 'ref', collection: 'clients', label: 'client' },
	date: { kind: 'dateTime' },
	dueDate: { kind: 'dateTime' },
	isInclusiveTax: { kind: 'boolean' },
	status: { kind: 'enum', values: ['DRAFT', 'SENT'] },
	contactId: { kind: 'ref', collection: 'clients', label: 'contact' },
	subject: { kind: 'string' },
	notes: { kind: 'string' },
	salesPersonId: { kind: 'string' },
	templateId: { kind: 'ref', collection: 'templates', label: 'document template' },
	tags: { kind: 'ids' },
};
const REQUIRED = ['clientId', 'date', 'dueDate', 'lineItems'];

const LINE: Record<string, FieldType> = {
	name: { kind: 'string' },
	productId: { kind: 'string' },
	quantity: { kind: 'number' },
	price: { kind: 'number' },
	description: { kind: 'string' },
	taxRateId: { kind: 'string' },
	discount: { kind: 'number' },
	// §10.5 shows `fixed`; the help page (sales/invoices) names fixed amount or percentage.
	discountType: { kind: 'enum', values: ['fixed', 'percentage'] },
	buyPrice: { kind: 'number' },
};

const round = (value: number) => Math.round(value * 100) / 100;

export function createInvoice(body: JsonObject, workspace: Workspace, count: number): JsonObject {
	const issues: Issue[] = [];
	const values: JsonObject = {};
	for (const [key, value] of Object.entries(body)) {
		if (key === 'lineItems') continue;
		const type = BODY[key];
		if (!type) {
			issues.push({ field: key, message: `Unknown field '${key}'`, standalone: true });
			continue;
		}
		const checked = value === null ? { value: null } : checkField(type, value, workspace);
		if ('problem' in checked) issues.push({ field: key, message: checked.problem });
		else values[key] = checked.value;
	}
	for (const key of REQUIRED)
		if (body[key] === undefined || body[key] === null)
			issues.push({ field: key, message: 'is required' });
	const lines = body.lineItems;
	if (lines !== undefined && (!Array.isArray(lines) || lines.length < 1))
		issues.push({ field: 'lineItems', message: 'must be an array of at least 1 line item' });
	const lineItems = (Array.isArray(lines) ? lines : []).map((line, index) => {
		const item: JsonObject = {};
		for (const [key, value] of Object.entries((line ?? {}) as JsonObject)) {
			const type = LINE[key];
			const checked = type
				? checkField(type, value, workspace)
				: { problem: `Unknown field '${key}'` };
			if ('problem' in checked)
				issues.push({ field: `lineItems.${index}.${key}`, message: checked.problem });
			else item[key] = checked.value;
		}
		const quantity = Number(item.quantity ?? 0);
		const price = Number(item.price ?? 0);
		const gross = quantity * price;
		const discount = Number(item.discount ?? 0);
		const discountAmount = item.discountType === 'percentage' ? (gross * discount) / 100 : discount;
		return {
			name: null,
			description: null,
			productId: null,
			discount: 0,
			discountType: 'fixed',
			buyPrice: null,
			...item,
			quantity,
			price,
			tax: 0,
			taxAmount: 0,
			viewType: 'LINE_ITEM',
			discountAmount: round(discountAmount),
			amount: round(gross - discountAmount),
		};
	});
	if (issues.length) throw ApiError.invalid(issues);
	const subTotal = round(lineItems.reduce((sum, line) => sum + line.quantity * line.price, 0));
	const discountTotal = round(lineItems.reduce((sum, line) => sum + line.discountAmount, 0));
	const total = round(subTotal - discountTotal);
	return {
		id: newId('inv_'),
		number: `INV-${String(count + 1).padStart(4, '0')}`,
		status: 'DRAFT',
		isInclusiveTax: false,
		contactId: null,
		subject: null,
		notes: null,
		salesPersonId: null,
		templateId: null,
		tags: [],
		...values,
		currency: 'USD',
		subTotal,
		taxTotal: 0,
		discountTotal,
		total,
		pendingTotal: total,
		paidTotal: 0,
		lineItems,
		customFields: {},
		createdAt: new Date().toISOString(),
	};
}
