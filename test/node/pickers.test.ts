/**
 * Version 3's pickers for linked records (issue 15, item 3): a deal's contacts picked one
 * by one, a contact's company picked among companies (v2 `/companies`), users from
 * `GET /v2/users` (§13). Run through n8n-core against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { listSearch, loadOptions, runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox();

const companies = () =>
	ctx.sandbox.records('clients').filter((client) => client.type === 'company');

describe('pickers for linked records', () => {
	test('a deal’s contacts: picked from the list, by ID or by a pasted address, sent as the list of IDs (§11.3 `contacts`)', async () => {
		const [first, second, third] = ctx.sandbox.records('contacts').map((c) => String(c.id));
		const pipeline = ctx.sandbox.records('pipelines')[1] as IDataObject;
		const required = ctx.sandbox
			.records('customFields' as never)
			.find((definition) => definition.pipelineId === pipeline.id && definition.required)!;
		const result = await runHeffl(
			{
				resource: 'deal',
				operation: 'create',
				title: 'Deal with picked contacts',
				client: { __rl: true, mode: 'id', value: String(companies()[0].id) },
				pipeline: String(pipeline.id),
				additionalFields: {
					contactPicks: {
						entry: [
							{ contact: { __rl: true, mode: 'list', value: first } },
							{ contact: { __rl: true, mode: 'id', value: second } },
							{
								contact: {
									__rl: true,
									mode: 'id',
									value: `https://app.heffl.com/crm/contacts/${third}?tab=deals`,
								},
							},
						],
					},
				},
				customFieldsMapping: {
					mappingMode: 'defineBelow',
					value: { [String(required.key)]: (required.values as string[])[0] ?? '1' },
				},
			},
			ctx.credentials,
		);
		expect(result.error).toBeUndefined();
		const stored = ctx.sandbox
			.records('deals')
			.find((deal) => deal.id === result.json[0].id) as IDataObject;
		expect(stored.contacts).toEqual([first, second, third]);
	});

	test('Contacts and Contact IDs set together are refused: one list per deal', async () => {
		const contact = String(ctx.sandbox.records('contacts')[0].id);
		const result = await runHeffl(
			{
				resource: 'deal',
				operation: 'update',
				dealId: { __rl: true, mode: 'id', value: String(ctx.sandbox.records('deals')[0].id) },
				updateFields: {
					contactPicks: { entry: [{ contact: { __rl: true, mode: 'id', value: contact } }] },
					contacts: contact,
				},
			},
			ctx.credentials,
		);
		expect(result.error?.message).toMatch(
			/^Update Fields › (Contacts|Contact IDs): 'contacts' is also set by 'Update Fields › (Contacts|Contact IDs)' \[item 0\]$/,
		);
	});

	test('a contact’s company is picked among companies only', async () => {
		const { results } = await listSearch('searchCompanies', ctx.credentials);
		const ids = companies().map((company) => String(company.id));
		expect(results.length).toBe(Math.min(100, ids.length));
		expect(results.every((result) => ids.includes(String(result.value)))).toBe(true);
	});

	test('owners, sales persons and assignees come from GET /v2/users (§13)', async () => {
		const users = ctx.sandbox.records('users');
		const options = await loadOptions('getUsers', { resource: 'task' }, ctx.credentials);
		expect(options.map((option) => option.value).sort()).toEqual(
			users.map((user) => String(user.id)).sort(),
		);
		const { results } = await listSearch('searchUsers', ctx.credentials);
		expect(results.map((result) => result.value).sort()).toEqual(
			users.map((user) => String(user.id)).sort(),
		);
	});

	test('an invoice’s template and line-item products come from lists (§10.5, §11.13)', async () => {
		const templates = await loadOptions('getInvoiceTemplates', {}, ctx.credentials);
		const invoiceTemplates = ctx.sandbox
			.records('templates')
			.filter((template) => template.type === 'invoices' && template.isActive);
		expect(templates.map((option) => option.value).sort()).toEqual(
			invoiceTemplates.map((template) => String(template.id)).sort(),
		);
		const products = await loadOptions('getProducts', {}, ctx.credentials);
		const [product] = ctx.sandbox.records('products');
		expect(products.map((option) => option.value)).toContain(product.id);
		const result = await runHeffl(
			{
				resource: 'invoice',
				operation: 'create',
				client: { __rl: true, mode: 'id', value: String(companies()[0].id) },
				date: '2027-01-10',
				dueDate: '2027-02-10',
				lineItems: { entry: [{ productId: String(product.id), quantity: 2, price: 100 }] },
				additionalFields: { template: String(templates[0].value) },
			},
			ctx.credentials,
		);
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ clientId: companies()[0].id });
		const stored = ctx.sandbox
			.records('invoices' as never)
			.find((invoice) => invoice.id === result.json[0].id) as IDataObject;
		expect(stored).toMatchObject({ templateId: templates[0].value });
	});
});
