/**
 * What the node and the Heffl Tool hand back of each record (n8n's UX guidelines,
 * "Simplifying output fields"): Simplify on the node, Output (Simplified, Raw, Selected
 * Fields) on the tool, against the sandbox over loopback HTTP. The tool's parameters are
 * resolved as n8n resolves them for the `hefflTool` variant (`@tool`); its real calls are
 * in test/e2e/tool.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { contact } from '../../nodes/shared/table/resources/contact';
import { lead } from '../../nodes/shared/table/resources/lead';
import { useSandbox } from '../../drivers/harness/context';
import { loadOptions, runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox();
const contacts = { resource: 'contact', operation: 'getAll', limit: 3 };
const keysOf = (records: IDataObject[]) => records.map((record) => Object.keys(record).sort());

describe('Output on the Heffl Tool, Simplify on the node', () => {
	test('the tool: Simplified by default (a saved Simplify is not the tool’s), Raw the whole record, Selected Fields the chosen keys and always the ID', async () => {
		const simplified = await runHeffl({ ...contacts, simplify: false }, ctx.credentials, {
			tool: true,
		});
		expect(simplified.error).toBeUndefined();
		expect(simplified.json).toHaveLength(3);
		for (const record of simplified.json)
			expect(contact.simplifyKeys).toEqual(expect.arrayContaining(Object.keys(record)));

		const raw = await runHeffl({ ...contacts, output: 'raw' }, ctx.credentials, { tool: true });
		const whole = await runHeffl({ ...contacts, simplify: false }, ctx.credentials);
		expect(raw.json).toEqual(whole.json);
		expect(Object.keys(raw.json[0]).length).toBeGreaterThan(10);

		const selected = await runHeffl(
			{ ...contacts, output: 'selected', outputFields: ['name', 'email', 'cf_newsletter'] },
			ctx.credentials,
			{ tool: true },
		);
		expect(selected.json.map((record) => record.id)).toEqual(raw.json.map((record) => record.id));
		for (const [index, record] of selected.json.entries()) {
			const whole = raw.json[index];
			expect(record).toEqual(
				Object.fromEntries(
					['id', 'name', 'email', 'cf_newsletter']
						.filter((key) => key in whole)
						.map((key) => [key, whole[key]]),
				),
			);
		}
		const none = await runHeffl({ ...contacts, output: 'selected' }, ctx.credentials, {
			tool: true,
		});
		expect(keysOf(none.json)).toEqual([['id'], ['id'], ['id']]);
	});

	test('the tool shapes what Create hands back too; the node returns the record Heffl made', async () => {
		const created = await runHeffl(
			{
				resource: 'lead',
				operation: 'create',
				name: 'Output Ada',
				additionalFields: { email: 'output.ada@example.com' },
				output: 'selected',
				outputFields: 'email, name',
			},
			ctx.credentials,
			{ tool: true },
		);
		expect(created.error).toBeUndefined();
		const made = ctx.sandbox.records('leads').find((record) => record.name === 'Output Ada')!;
		expect(created.json).toEqual([
			{ id: made.id, email: 'output.ada@example.com', name: 'Output Ada' },
		]);

		const node = await runHeffl(
			{ resource: 'lead', operation: 'create', name: 'Node Ada', output: 'selected' },
			ctx.credentials,
		);
		expect(Object.keys(node.json[0]).length).toBeGreaterThan(10);
	});

	test('the node: Simplify on (the default) keeps the main fields, off the whole record; Output is not the node’s', async () => {
		const simple = await runHeffl({ ...contacts, output: 'raw' }, ctx.credentials);
		for (const record of simple.json)
			expect(contact.simplifyKeys).toEqual(expect.arrayContaining(Object.keys(record)));
		const whole = await runHeffl({ ...contacts, simplify: false }, ctx.credentials);
		expect(Object.keys(whole.json[0]).length).toBeGreaterThan(10);
	});

	test('an Output the tool does not know is refused naming it, before any request', async () => {
		ctx.sandbox.clearRequests();
		const result = await runHeffl({ ...contacts, output: 'everything' }, ctx.credentials, {
			tool: true,
		});
		expect(result.error?.message).toBe(
			"Output: 'everything' is not one of Simplified, Raw or Selected Fields",
		);
		expect(ctx.apiRequests()).toEqual([]);
	});

	test("Selected Fields lists the record's fields and its custom fields by their label, without the ID (always kept)", async () => {
		const forContacts = await loadOptions(
			'getOutputFields',
			{ resource: 'contact' },
			ctx.credentials,
		);
		const names = forContacts.map((option) => option.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(forContacts).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ name: 'Email', value: 'email' }),
				expect.objectContaining({ name: 'Owner User ID', value: 'ownerUserId' }),
			]),
		);
		const definitions = ctx.sandbox
			.records('customFields')
			.filter((definition) => definition.entity === 'contacts');
		expect(definitions.length).toBeGreaterThan(0);
		for (const definition of definitions)
			expect(forContacts).toContainEqual(
				expect.objectContaining({ name: definition.label, value: definition.key }),
			);
		expect(forContacts.map((option) => option.value)).not.toContain('id');

		const forLeads = await loadOptions('getOutputFields', { resource: 'lead' }, ctx.credentials);
		expect(forLeads.map((option) => option.value).sort()).toEqual(
			lead.recordKeys!.filter((key) => key !== 'id').sort(),
		);
	});

	test('n8n’s UX guidelines: a failed item is named at the end of the message, [item N]; the tool’s one item is not', async () => {
		const items = [{ email: 'first@example.com' }, { email: 'second@example.com' }];
		const failing = await runHeffl(
			{
				resource: 'task',
				operation: 'create',
				title: '={{ $json.email }}',
				additionalFields: { dueDate: "={{ $itemIndex === 1 ? 'next tuesday' : '' }}" },
			},
			ctx.credentials,
			{ items },
		);
		expect(failing.error?.message).toMatch(/^Additional Fields › Due Date: .* \[item 1\]$/);
		const tool = await runHeffl(
			{
				resource: 'task',
				operation: 'create',
				title: 'Tool task',
				additionalFields: { dueDate: 'next tuesday' },
			},
			ctx.credentials,
			{ tool: true },
		);
		expect(tool.error?.message).toMatch(/^Additional Fields › Due Date: /);
		expect(tool.error?.message).not.toMatch(/\[item/);
	});
});
