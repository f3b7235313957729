/**
 * The one comparison (nodes/shared/records/recordChanges.ts) against records the sandbox
 * wrote and read back: each rule of "the same value in Heffl's terms" once, with a case that
 * must count as a change beside it (a value the record does not show, a line item changed).
 */
import { describe, expect, test } from 'vitest';

import { changedFields, sameValue } from '../../nodes/shared/records/recordChanges';
import { readDefinition } from '../../nodes/shared/records/customFields';
import { company } from '../../nodes/shared/table/resources/company';
import { deal } from '../../nodes/shared/table/resources/deal';
import { task } from '../../nodes/shared/table/resources/task';
import type { Body } from '../sandbox/v2Client';
import { useV2Sandbox } from '../sandbox/v2Client';

const v2 = useV2Sandbox({ seed: { contacts: 4 } });

/** A record written, then read back from its list, as a lookup finds it. */
async function writtenAndRead(path: string, body: Body): Promise<Body> {
	const created = await v2.call(path, 'POST', body);
	expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
	const id = (created.body.data ?? created.body).id as string;
	const { items } = await v2.all(path);
	return items.find((item) => item.id === id) as Body;
}

const changed = (
	resource: Parameters<typeof changedFields>[0],
	held: Body,
	next: Body,
	definitions?: Parameters<typeof changedFields>[3]['definitions'],
) => Object.keys(changedFields(resource, held, next, { absent: 'changed', definitions }));

describe('the same value in Heffl terms, on records the sandbox holds', () => {
	test('a company: numeric text, e-mail and currency case, the same web address; a number changed is a change', async () => {
		const held = await writtenAndRead('/companies', {
			name: 'Comparison Co',
			email: 'ada@example.com',
			website: 'https://firm175.com',
			openingBalance: 12.5,
			currency: 'USD',
			cf_industry: 'Software',
		});
		expect(
			changed(company, held, {
				name: 'Comparison Co',
				email: 'ADA@Example.com',
				website: 'https://FIRM175.com/',
				openingBalance: '12.5',
				currency: 'usd',
			}),
		).toEqual([]);
		expect(changed(company, held, { openingBalance: 13, website: 'http://firm175.com' })).toEqual([
			'openingBalance',
			'website',
		]);
	});

	test('custom fields by their definition: number, date, select, multiselect as a set', async () => {
		const answer = await v2.call('/custom-fields?entity=companies');
		const definitions = (answer.body.data as Body[])
			.map(readDefinition)
			.filter((d) => d !== undefined);
		const held = await writtenAndRead('/companies', {
			name: 'Custom Co',
			cf_industry: 'Retail',
			cf_company_size: 40,
			cf_contract_end_date: '2027-03-31',
			cf_regions: ['EMEA', 'APAC'],
		});
		const same = {
			cf_industry: 'retail',
			cf_company_size: '40',
			cf_contract_end_date: '2027-03-31T00:00:00.000Z',
			cf_regions: ['APAC', 'EMEA'],
		};
		expect(changed(company, held, same, definitions)).toEqual([]);
		expect(
			changed(
				company,
				held,
				{ cf_company_size: 41, cf_contract_end_date: '2027-04-01', cf_regions: ['EMEA'] },
				definitions,
			),
		).toEqual(['cf_company_size', 'cf_contract_end_date', 'cf_regions']);
	});

	test('a task: a date-time in another zone, tags as a set; a tag taken away is a change', async () => {
		const tags = v2
			.records('tags')
			.slice(0, 2)
			.map((tag) => `tag_${String(tag.id)}`);
		const held = await writtenAndRead('/tasks', {
			title: 'Compare me',
			dueDate: '2027-01-01T00:00:00.000Z',
			tagIds: tags,
		});
		expect(
			changed(task, held, { dueDate: '2026-12-31T21:00:00-03:00', tagIds: [...tags].reverse() }),
		).toEqual([]);
		expect(changed(task, held, { dueDate: '2027-01-01T00:00:01Z', tagIds: [tags[0]] })).toEqual([
			'dueDate',
			'tagIds',
		]);
	});

	test('a deal: line items as Heffl returns them (its own keys on a line not compared); a quantity changed is a change', async () => {
		v2.sandbox().setBehaviours({ dealLineItems: 'products' });
		const held = await writtenAndRead('/deals', {
			title: 'Lines deal',
			clientId: v2.company().id,
			pipelineId: v2.pipeline().id,
			cf_lead_score: 10,
			products: [
				{ name: 'Audit', quantity: 1, price: 500 },
				{ name: 'Report', quantity: 2, price: 100 },
			],
		});
		v2.sandbox().setBehaviours({});
		const lines = [
			{ name: 'Audit', quantity: '1', price: 500 },
			{ name: 'Report', quantity: 2, price: '100' },
		];
		expect(changed(deal, held, { products: lines })).toEqual([]);
		expect(changed(deal, held, { products: [lines[0], { ...lines[1], quantity: 3 }] })).toEqual([
			'products',
		]);
		expect(changed(deal, held, { products: [lines[1], lines[0]] })).toEqual(['products']);
	});

	test('a value the record does not show counts as changed for a write, as empty for two records', async () => {
		const held = await writtenAndRead('/companies', {
			name: 'Shows little',
			cf_industry: 'Finance',
		});
		delete held.description;
		expect(changed(company, held, { description: 'About', cf_not_shown: 'x' })).toEqual([
			'description',
			'cf_not_shown',
		]);
		const asRecords = changedFields(
			company,
			held,
			{ description: null, cf_not_shown: 'x' },
			{
				absent: 'empty',
			},
		);
		expect(asRecords).toEqual({ cf_not_shown: { from: undefined, to: 'x' } });
	});

	test('empty text, null and absent are alike; 0 and false are values', () => {
		expect(sameValue(undefined, '', null)).toBe(true);
		expect(sameValue(undefined, [], undefined)).toBe(true);
		expect(
			sameValue(
				company.fields?.find((f) => f.name === 'openingBalance'),
				0,
				null,
			),
		).toBe(false);
		expect(sameValue(undefined, false, null)).toBe(false);
	});
});
