/**
 * Custom fields from their definitions (heffl-reference.md §9.1, §9.2,
 * §11.12, §11.13): the resource mapper lists the sandbox's definitions per entity, per
 * deal pipeline and per quotation template; the execution converts values by type and
 * refuses unknown keys and missing required fields before anything is sent.
 */
import type { IDataObject, INodeParameters, ResourceMapperValue } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { resourceMapperFields, runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const heffl = (
	parameters: INodeParameters,
	options: { items?: IDataObject[]; continueOnFail?: boolean } = {},
) => runHeffl(parameters, ctx.credentials, options);
const mapper = (parameters: INodeParameters) =>
	resourceMapperFields('getCustomFieldColumns', parameters, ctx.credentials);
/** A Custom Fields resource mapper's value as the editor saves it, with `value`'s fields. */
const mapping = (value: NonNullable<ResourceMapperValue['value']>): ResourceMapperValue => ({
	mappingMode: 'defineBelow',
	value,
	matchingColumns: [],
	schema: [],
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});

/** The sandbox's definitions (its store, seeded from sandbox/v2/seed.ts). */
const definitions = (entity: string, pipelineId: string | null = null) =>
	ctx.sandbox
		.records('customFields' as never)
		.filter(
			(definition) =>
				definition.entity === entity &&
				(definition.pipelineId === null || definition.pipelineId === pipelineId),
		);
const pipelines = () => ctx.sandbox.records('pipelines');
const template = () =>
	ctx.sandbox
		.records('templates')
		.find((record) => record.name === 'Project Quotation') as IDataObject;
const firstId = (kind: string) => String(ctx.sandbox.records(kind as never)[0].id);
const writes = () => ctx.apiRequests().filter((request) => request.method !== 'GET');
const definitionReads = () =>
	ctx.apiRequests().filter((request) => request.path.includes('/custom-fields'));

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
