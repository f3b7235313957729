/**
 * Custom Fields As → Labels gives a custom field one name in the whole output of an
 * execution, against the sandbox over loopback (issue 52): the names are decided once over
 * every definition the execution read for the entity (every deal pipeline, every quotation
 * template, §9.1, §11.12, §11.13), so a label shared in one pipeline is shared everywhere;
 * and a label that reads as another field's key never takes that key's place, on every
 * entity whose custom fields Heffl defines. And the option is offered only where it names
 * something: not under Simplify (the node) or Simplified (the tool), which keep no custom field.
 */
import type { IDataObject, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';
import { node, tool } from './uxGuidelines';

const ctx = useSandbox();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const labels = { options: { customFieldsAs: 'labels' } };

function define(entity: string, key: string, label: string, pipelineId: string | null = null) {
	ctx.sandbox.insert('customFields' as never, {
		id: `cfd_${key}_${String(pipelineId)}`,
		entity,
		key,
		label,
		dataType: 'text',
		required: false,
		values: [],
		pipelineId,
	});
}

/** The names the output gives the field of `key`, across every record (found by its values). */
const namesOf = (records: IDataObject[], marker: string) =>
	new Set(
		records.flatMap((record) =>
			Object.entries(record)
				.filter(([, value]) => typeof value === 'string' && value.startsWith(marker))
				.map(([name]) => name),
		),
	);

describe('one name per field in one execution', () => {
	test('a label shared in one deal pipeline keeps its key on the deals of every pipeline, Get Many and Get by item alike', async () => {
		const [sales, partners] = ctx.sandbox.records('pipelines');
		// Lead Score is defined in both pipelines; in Partnerships another field shares the label.
		define('deals', 'cf_lead_score', 'Lead Score', String(partners.id));
		define('deals', 'cf_partner_score', 'Lead Score', String(partners.id));
		const deals = ctx.sandbox.records('deals');
		const inSales = deals.filter((deal) => deal.pipelineId === sales.id).slice(0, 3);
		const inPartners = deals.filter((deal) => deal.pipelineId === partners.id).slice(0, 3);
		expect(inSales.length && inPartners.length).toBeTruthy();
		for (const [index, deal] of [...inSales, ...inPartners].entries()) {
			deal.cf_lead_score = `score-${index}`;
			if (deal.pipelineId === partners.id) deal.cf_partner_score = `partner-${index}`;
		}
		const many = await runHeffl(
			{ resource: 'deal', operation: 'getAll', returnAll: true, simplify: false, ...labels },
			ctx.credentials,
		);
		expect(many.error).toBeUndefined();
		expect(namesOf(many.json, 'score-')).toEqual(new Set(['Lead Score (cf_lead_score)']));
		expect(namesOf(many.json, 'partner-')).toEqual(new Set(['Lead Score (cf_partner_score)']));
		// A deal of Sales first: named before Partnerships' definitions are read, still the same.
		const items = [inSales[0], inPartners[0], inSales[1]].map((deal) => ({ id: deal.id }));
		const each = await runHeffl(
			{
				resource: 'deal',
				operation: 'get',
				dealId: byId('={{ $json.id }}'),
				simplify: false,
				...labels,
			},
			ctx.credentials,
			{ items },
		);
		expect(each.error).toBeUndefined();
		expect(namesOf(each.json, 'score-')).toEqual(new Set(['Lead Score (cf_lead_score)']));
		expect(each.json[0]).not.toHaveProperty('Lead Score');
	});
});

/** Each entity with custom fields (its sandbox collection), a field it defines (key, label). */
const ENTITIES = [
	{
		resource: 'contact',
		entity: 'contacts',
		store: 'contacts',
		key: 'cf_preferred_language',
		label: 'Preferred Language',
	},
	{
		resource: 'company',
		entity: 'companies',
		store: 'clients',
		key: 'cf_industry',
		label: 'Industry',
	},
	{ resource: 'deal', entity: 'deals', store: 'deals', key: 'cf_competitor', label: 'Competitor' },
	{
		resource: 'task',
		entity: 'tasks',
		store: 'tasks',
		key: 'cf_call_outcome',
		label: 'Call Outcome',
	},
	{
		resource: 'quotation',
		entity: 'quotations',
		store: 'quotations',
		key: 'cf_project_code',
		label: 'Project Code',
	},
] as const;

describe('a label that reads as another field’s key never takes its place', () => {
	test.each(ENTITIES)(
		'$entity: a field labelled $key',
		async ({ resource, entity, store, key, label }) => {
			const impostor = `cf_impostor_${resource}`;
			if (entity === 'quotations') {
				const template = ctx.sandbox
					.records('templates')
					.find((candidate) => candidate.name === 'Project Quotation')!;
				(template.customFields as IDataObject[]).push({
					key: impostor,
					label: key,
					dataType: 'text',
					required: false,
					values: [],
				});
			} else define(entity, impostor, key);
			const all = ctx.sandbox.records(store as never);
			const records = (
				entity === 'quotations' ? all.filter((record) => record.templateId) : all
			).slice(0, 2);
			for (const record of records) {
				record[key] = `real-${String(record.id)}`;
				record[impostor] = `other-${String(record.id)}`;
			}
			// Contacts and companies have no Get: their Get Many, every record; the others, each by its ID.
			const read =
				resource === 'contact' || resource === 'company'
					? { operation: 'getAll', returnAll: true }
					: { operation: 'get', [`${resource}Id`]: byId('={{ $json.id }}') };
			const run = await runHeffl(
				{ resource, ...read, simplify: false, ...labels },
				ctx.credentials,
				{ items: 'returnAll' in read ? [{}] : records.map((record) => ({ id: record.id })) },
			);
			expect(run.error).toBeUndefined();
			for (const record of records) {
				const id = String(record.id);
				const output = run.json.find((candidate) => candidate.id === record.id)!;
				expect(output[label]).toBe(`real-${id}`);
				expect(output[`${key} (${impostor})`]).toBe(`other-${id}`);
				// `$json.cf_industry` holds no other field's value: the key is gone, renamed to its label.
				expect(output).not.toHaveProperty(key);
				expect(output).not.toHaveProperty(impostor);
			}
			expect(run.json.some((output) => key in output)).toBe(false);
		},
	);
});

describe('Custom Fields As is offered where the output has custom fields', () => {
	/** Whether the editor shows the option, the parameters filled with their defaults as it does. */
	function offered(description: INodeTypeDescription, set: IDataObject): boolean {
		const parameters = NodeHelpers.getNodeParameters(
			description.properties,
			set as never,
			true,
			false,
			{ typeVersion: 1 } as never,
			description,
		)!;
		const options = description.properties.find((property) => property.name === 'options')!;
		const option = (options.options as INodeProperties[]).find(
			(candidate) => candidate.name === 'customFieldsAs',
		)!;
		return NodeHelpers.displayParameterPath(
			parameters,
			option,
			'options',
			{ typeVersion: 1 } as never,
			description,
		);
	}

	test.each([
		['the node, Get Many, Simplify as it comes (on)', node, { operation: 'getAll' }, false],
		['the node, Get Many, Simplify off', node, { operation: 'getAll', simplify: false }, true],
		['the node, Get, Simplify on', node, { resource: 'deal', operation: 'get' }, false],
		['the node, Create (the whole record)', node, { operation: 'create' }, true],
		['the tool, Get Many, Output as it comes (Simplified)', tool, { operation: 'getAll' }, false],
		['the tool, Output Raw', tool, { operation: 'getAll', output: 'raw' }, true],
		['the tool, Output Selected Fields', tool, { operation: 'getAll', output: 'selected' }, true],
	] as const)('%s: %s', (_, description, set, shown) => {
		expect(offered(description, { resource: 'contact', ...set })).toBe(shown);
	});

	test('a saved Labels under Simplify names nothing and reads no definition', async () => {
		ctx.sandbox.clearRequests();
		const run = await runHeffl(
			{ resource: 'contact', operation: 'getAll', limit: 3, ...labels },
			ctx.credentials,
		);
		expect(run.error).toBeUndefined();
		expect(
			run.json.flatMap((record) => Object.keys(record)).some((key) => key.startsWith('cf_')),
		).toBe(false);
		expect(ctx.apiRequests().filter((request) => request.path.includes('custom-fields'))).toEqual(
			[],
		);
	});
});
