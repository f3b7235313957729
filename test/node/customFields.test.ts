/**
 * Custom fields from their definitions (heffl-reference.md §9.1, §11.12): the resource mapper
 * lists the sandbox's definitions per entity, per deal pipeline and per quotation template,
 * read with the documented parameters only; leads, clients and products take them by label.
 * How values are converted and checked before sending: customFieldValues.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { byId, mapping, useCustomFieldsSandbox } from './customFieldsSandbox';

const { ctx, heffl, mapper, definitions, pipelines, template, firstId, definitionReads } =
	useCustomFieldsSandbox();

describe('§11.12 the resource mapper lists the definitions', () => {
	test.each(['contacts', 'companies', 'tasks'])(
		'%s: every definition, typed, with its allowed values; required ones required on Create only',
		async (entity) => {
			const resource = { contacts: 'contact', companies: 'company', tasks: 'task' }[entity];
			const expected = definitions(entity);
			expect(expected.length).toBeGreaterThan(0);
			const created = await mapper({ resource, operation: 'create' });
			expect(created.fields.map((field) => field.id).sort()).toEqual(
				expected.map((definition) => definition.key).sort(),
			);
			for (const definition of expected) {
				const field = created.fields.find((candidate) => candidate.id === definition.key)!;
				expect(field.displayName).toContain(String(definition.label));
				expect(field.required).toBe(definition.required);
				const values = definition.values as string[];
				if (definition.dataType === 'select')
					expect(field).toMatchObject({
						type: 'options',
						options: values.map((value) => ({ name: value, value })),
					});
				if (definition.dataType === 'number') expect(field.type).toBe('number');
				if (definition.dataType === 'checkbox') expect(field.type).toBe('boolean');
				if (definition.dataType === 'date') expect(field.type).toBe('dateTime');
				if (definition.dataType === 'multiselect')
					for (const value of values) expect(field.displayName).toContain(value);
			}
			const updated = await mapper({ resource, operation: 'update' });
			expect(updated.fields.every((field) => !field.required)).toBe(true);
		},
	);

	test('deals: the team-wide fields and those of the chosen pipeline; Update reads the deal’s pipeline', async () => {
		const [first, second] = pipelines().map((pipeline) => String(pipeline.id));
		for (const pipeline of [first, second]) {
			const { fields } = await mapper({ resource: 'deal', operation: 'create', pipeline });
			expect(fields.map((field) => field.id).sort()).toEqual(
				definitions('deals', pipeline)
					.map((definition) => definition.key)
					.sort(),
			);
		}
		const scoped = definitions('deals', first).filter((definition) => definition.pipelineId);
		expect(scoped.some((definition) => definition.required)).toBe(true);
		const deal = ctx.sandbox.records('deals').find((record) => record.pipelineId === first)!;
		const { fields } = await mapper({
			resource: 'deal',
			operation: 'update',
			dealId: byId(String(deal.id)),
		});
		expect(fields.map((field) => field.id)).toEqual(
			expect.arrayContaining(scoped.map((definition) => definition.key)),
		);
	});

	test('quotations: the chosen template’s fields; none chosen says what to do', async () => {
		const { fields } = await mapper({
			resource: 'quotation',
			operation: 'create',
			template: String(template().id),
		});
		const expected = template().customFields as IDataObject[];
		expect(fields.map((field) => field.id).sort()).toEqual(
			expected.map((field) => field.key).sort(),
		);
		expect(
			fields
				.filter((field) => field.required)
				.map((field) => field.id)
				.sort(),
		).toEqual(
			expected
				.filter((field) => field.required)
				.map((field) => field.key)
				.sort(),
		);
		const none = await mapper({ resource: 'quotation', operation: 'create', template: '' });
		expect(none.fields).toEqual([]);
		expect(none.emptyFieldsNotice).toMatch(/Choose a Template/);
	});
});

describe('§11.12 definitions are read with the documented parameters only', () => {
	test('GET /custom-fields carries entity (and a deal’s pipelineId), never a page size', async () => {
		ctx.sandbox.clearRequests();
		const pipeline = String(pipelines()[0].id);
		const result = await heffl({
			resource: 'deal',
			operation: 'create',
			title: 'Parameters',
			client: byId(firstId('clients')),
			pipeline,
			customFieldsMapping: mapping({ cf_budget_range: '10K-50K' }),
		});
		expect(result.error?.message ?? '').not.toMatch(/could not be read/);
		const reads = definitionReads().map((request) => new URL(request.path, 'http://x'));
		expect(reads.length).toBeGreaterThan(0);
		for (const read of reads)
			expect([...read.searchParams.keys()].sort()).toEqual(['entity', 'pipelineId']);
	});

	test('Custom Field → Get Many sends entity and pipeline only, and follows no cursor that is not there', async () => {
		ctx.sandbox.clearRequests();
		const result = await heffl({
			resource: 'customField',
			operation: 'getAll',
			entity: 'companies',
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.json.map((field) => field.key).sort()).toEqual(
			definitions('companies')
				.map((definition) => definition.key)
				.sort(),
		);
		const reads = definitionReads();
		expect(reads).toHaveLength(1);
		expect(reads[0].path).toMatch(/\/custom-fields\?entity=companies$/);
	});
});

describe('leads, clients and products: custom fields by label or key (Heffl lists no definitions for them)', () => {
	test('a label becomes its cf_ key and the value its Type; a cf_ key is sent unchanged', async () => {
		const result = await heffl({
			resource: 'lead',
			operation: 'create',
			name: 'Label Lead',
			customFields: {
				field: [
					{ label: 'Budget Range', value: '10K-50K' },
					{ label: 'Lead Score', value: '42', valueType: 'number' },
					{ label: 'cf_follow_up', value: 'true', valueType: 'boolean' },
				],
			},
		});
		expect(result.error).toBeUndefined();
		const sent = { cf_budget_range: '10K-50K', cf_lead_score: 42, cf_follow_up: true };
		const lead = ctx.sandbox.records('leads').find((record) => record.id === result.json[0].id);
		expect(lead).toMatchObject(sent);
		// v1 returns them inside `customFields` (§9.2).
		expect(result.json[0].customFields).toMatchObject(sent);
	});

	test('resources whose definitions Heffl lists offer the mapper only: no by-label form', async () => {
		const { versionProperties } = await import('../../nodes/Heffl/descriptions');
		const forms = (resource: string) =>
			versionProperties()
				.filter((property) => property.displayOptions?.show?.resource?.includes(resource))
				.map((property) => property.name)
				.filter((name) => name.startsWith('customFields'));
		for (const resource of ['contact', 'company', 'deal', 'task', 'quotation'])
			expect(forms(resource), resource).toEqual(['customFieldsMapping']);
		for (const resource of ['lead', 'client', 'product'])
			expect(forms(resource), resource).toEqual(['customFields']);
	});
});
