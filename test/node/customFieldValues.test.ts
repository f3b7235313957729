/**
 * Custom-field values (heffl-reference.md §9.2, §11.1, §11.3, §11.4, §11.13): converted by
 * their definitions' types, unknown keys and missing required fields refused before anything
 * is sent, per entity, per deal pipeline and per quotation template. What the resource mapper
 * lists: customFields.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { byId, mapping, useCustomFieldsSandbox } from './customFieldsSandbox';

const { ctx, heffl, definitions, pipelines, template, firstId, writes, definitionReads } =
	useCustomFieldsSandbox();

describe('§9.2 values are sent as their definitions say, checked before sending', () => {
	const company = (extra: INodeParameters = {}, options = {}) =>
		heffl({ resource: 'company', operation: 'create', name: 'Mapper Trading', ...extra }, options);

	test('a company with every kind of value: select (any case), number from text, date, multi-select', async () => {
		const result = await company({
			customFieldsMapping: mapping({
				cf_industry: 'software',
				cf_company_size: '250',
				cf_contract_end_date: '2027-03-31T00:00:00.000+04:00',
				cf_regions: 'emea, APAC',
				cf_lead_source_detail: 'Trade fair',
			}),
		});
		expect(result.error).toBeUndefined();
		const stored = ctx.sandbox
			.records('clients')
			.find((record) => record.id === result.json[0].id) as IDataObject;
		expect(stored).toMatchObject({
			cf_industry: 'Software',
			cf_company_size: 250,
			cf_contract_end_date: '2027-03-31',
			cf_regions: ['EMEA', 'APAC'],
			cf_lead_source_detail: 'Trade fair',
		});
	});

	test('a required custom field missing on Create: refused naming it, nothing sent', async () => {
		const before = writes().length;
		const result = await company();
		expect(result.error?.message).toBe(
			"Custom Fields: Heffl's companies require Industry (cf_industry) [item 0]",
		);
		expect(writes()).toHaveLength(before);
	});

	test('a cf_ key no definition has (under Extra Fields (JSON)): refused with the keys there are, nothing sent', async () => {
		const before = writes().length;
		const result = await company({
			customFieldsMapping: mapping({ cf_industry: 'Retail' }),
			additionalFields: { extraFields: '{"cf_favourite_colour": "teal"}' },
		});
		expect(result.error?.message).toBe(
			"Additional Fields › Extra Fields (JSON) › cf_favourite_colour: Heffl's companies have no custom field with this key [item 0]",
		);
		expect(result.error?.description).toContain('Industry (cf_industry)');
		expect(writes()).toHaveLength(before);
	});

	test('a value that is not an option: refused naming the field and the options', async () => {
		const result = await company({
			customFieldsMapping: mapping({ cf_industry: 'Retail', cf_regions: 'EMEA, Mars' }),
		});
		expect(result.error?.message).toMatch(/^Custom Fields › Regions: 'Mars' is not an option \[item 0\]$/);
		expect(result.error?.description).toBe('Use one of: EMEA, APAC, Americas.');
	});

	test('cf_ keys under Extra Fields (JSON), where the mapper cannot list them, are matched to their definitions and converted', async () => {
		const result = await company({
			additionalFields: { extraFields: '{"cf_industry": "finance", "cf_company_size": "12"}' },
		});
		expect(result.error).toBeUndefined();
		expect(result.json[0]).toMatchObject({ cf_industry: 'Finance', cf_company_size: 12 });
	});

	test('the definitions are read once per execution, not per item', async () => {
		const before = definitionReads().length;
		const result = await heffl(
			{
				resource: 'company',
				operation: 'create',
				name: '={{ $json.name }}',
				customFieldsMapping: mapping({ cf_industry: 'Retail' }),
			},
			{ items: [{ name: 'One' }, { name: 'Two' }, { name: 'Three' }] },
		);
		expect(result.error).toBeUndefined();
		expect(result.json).toHaveLength(3);
		expect(definitionReads().length - before).toBe(1);
	});

	test('definitions that cannot be read never block: the values go to Heffl, which judges them', async () => {
		ctx.sandbox.faults.queue('403', 1, ['GET']);
		const result = await company(
			{
				customFieldsMapping: mapping({ cf_industry: 'Retail' }),
				additionalFields: { extraFields: '{"cf_not_a_field": "x"}' },
				options: { maxRetries: 0 },
			},
			{ continueOnFail: true },
		);
		expect(result.hints.join(' ')).toMatch(/could not be read .*sent as given, unchecked/);
		// The create was sent; Heffl's own validation refused the unknown key, naming it.
		expect(result.json[0]).toMatchObject({ code: 'VALIDATION_ERROR', httpCode: 400 });
		expect(String(result.json[0].error)).toContain('cf_not_a_field');
	});
});

describe('§11.1 contacts: Create or Update checks custom fields on both paths', () => {
	test('created, then updated: values converted, an unknown key refused before anything is written', async () => {
		const parameters = {
			resource: 'contact',
			operation: 'upsert',
			email: 'mapper.person@example.com',
			firstName: 'Mapper',
			customFieldsMapping: mapping({ cf_preferred_language: 'english', cf_newsletter: 'true' }),
		};
		const created = await heffl(parameters);
		expect(created.error).toBeUndefined();
		expect(created.json[0]).toMatchObject({
			email: 'mapper.person@example.com',
			cf_preferred_language: 'English',
			cf_newsletter: true,
		});
		const updated = await heffl({
			...parameters,
			customFieldsMapping: mapping({ cf_preferred_language: 'GERMAN' }),
		});
		expect(updated.error).toBeUndefined();
		expect(updated.json[0]).toMatchObject({
			id: created.json[0].id,
			cf_preferred_language: 'German',
			cf_newsletter: true,
		});
		const before = writes().length;
		const unknown = await heffl({
			...parameters,
			customFieldsMapping: mapping({ cf_shoe_size: '42' }),
		});
		expect(unknown.error?.message).toBe(
			"Custom Fields › cf_shoe_size: Heffl's contacts have no custom field with this key [item 0]",
		);
		expect(writes()).toHaveLength(before);
	});
});

describe('§11.3 deals: pipeline-scoped custom fields', () => {
	const [stageOf] = [(pipeline: IDataObject) => (pipeline.stages as IDataObject[])[0].id];

	test('Create in a pipeline with a required field: refused without it, created with it', async () => {
		const pipeline = pipelines()[0];
		const required = definitions('deals', String(pipeline.id)).find(
			(definition) => definition.pipelineId && definition.required,
		)!;
		const parameters = {
			resource: 'deal',
			operation: 'create',
			title: 'Custom field deal',
			client: byId(firstId('clients')),
			pipeline: String(pipeline.id),
			additionalFields: { stage: String(stageOf(pipeline)) },
		};
		const missing = await heffl(parameters);
		expect(missing.error?.message).toBe(
			`Custom Fields: deals in pipeline ${String(pipeline.id)} require ${String(required.label)} (${String(required.key)}) [item 0]`,
		);
		const created = await heffl({
			...parameters,
			customFieldsMapping: mapping({ [String(required.key)]: '7', cf_budget_range: '10K-50K' }),
		});
		expect(created.error).toBeUndefined();
		expect(created.json[0]).toMatchObject({
			[String(required.key)]: 7,
			cf_budget_range: '10k-50k',
		});
	});

	test('a field of the other pipeline is refused on Create; Update without the pipeline leaves the judgement to Heffl', async () => {
		const [first, second] = pipelines();
		const otherKey = String(
			definitions('deals', String(second.id)).find((definition) => definition.pipelineId)!.key,
		);
		const wrong = await heffl({
			resource: 'deal',
			operation: 'create',
			title: 'Wrong pipeline field',
			client: byId(firstId('clients')),
			pipeline: String(first.id),
			customFieldsMapping: mapping({ [otherKey]: 'Gold' }),
		});
		expect(wrong.error?.message).toBe(
			`Custom Fields › ${otherKey}: deals in pipeline ${String(first.id)} have no custom field with this key [item 0]`,
		);
		// Update: the node is not told the deal's pipeline, so only Heffl knows whether the key applies.
		const deal = ctx.sandbox.records('deals').find((record) => record.pipelineId === second.id)!;
		const update = (value: string) =>
			heffl({
				resource: 'deal',
				operation: 'update',
				dealId: byId(String(deal.id)),
				customFieldsMapping: mapping({ [otherKey]: value }),
			});
		const updated = await update('Platinum');
		expect(updated.error).toBeUndefined();
		expect(updated.json[0][otherKey]).toBe('Platinum');
		// Not converted either (its definition is not known here): Heffl's VALIDATION_ERROR names it.
		const refused = await update('platinum');
		expect(refused.error?.description).toContain(
			`${otherKey}: must be one of Silver, Gold, Platinum`,
		);
	});
});

describe('§11.4, §11.13 quotations: the template’s custom fields', () => {
	test('Create from the template: required fields refused when missing, converted when given', async () => {
		const base = {
			resource: 'quotation',
			operation: 'create',
			client: byId(firstId('clients')),
			template: String(template().id),
			date: '2027-01-15',
			additionalFields: {
				lineItemsJson: '[{"name": "Audit", "quantity": 1, "price": 500}]',
			},
		};
		const missing = await heffl(base);
		expect(missing.error?.message).toBe(
			`Custom Fields: the quotation template ${String(template().id)} requires Project Code (cf_project_code), Payment Terms (cf_payment_terms) [item 0]`,
		);
		const created = await heffl({
			...base,
			customFieldsMapping: mapping({
				cf_project_code: 'PRJ-7',
				cf_payment_terms: 'net 30',
				cf_delivery_date: '2027-02-01',
				cf_signed_copy_received: 'true',
			}),
		});
		expect(created.error).toBeUndefined();
		expect(created.json[0]).toMatchObject({
			templateId: template().id,
			cf_project_code: 'PRJ-7',
			cf_payment_terms: 'Net 30',
			cf_delivery_date: '2027-02-01',
			cf_signed_copy_received: true,
		});
	});
});
