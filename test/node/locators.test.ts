import type { IDataObject } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { listSearch, loadOptions } from '../../drivers/harness/n8n';

const ctx = useSandbox({ seed: { leads: 150 } });

describe('resource locators: From List with search', () => {
	test('leads are searched by Heffl and paged with its cursor', async () => {
		const first = await listSearch('searchLeads', ctx.credentials);
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toEqual(expect.any(String));
		const second = await listSearch(
			'searchLeads',
			ctx.credentials,
			undefined,
			first.paginationToken,
		);
		expect(second.results).toHaveLength(50);
		expect(second.paginationToken).toBeUndefined();

		const lead = (ctx.sandbox.records('leads') as IDataObject[])[42];
		const found = await listSearch('searchLeads', ctx.credentials, String(lead.email));
		expect(found.results).toContainEqual({
			name: `${String(lead.name)} · ${String(lead.email)}`,
			value: lead.id,
		});
	});

	test('every resource with IDs has a search method that lists its records', async () => {
		for (const [method, kind] of [
			['searchClients', 'clients'],
			['searchDeals', 'deals'],
			['searchTasks', 'tasks'],
			['searchPipelines', 'pipelines'],
			['searchProducts', 'products'],
		] as const) {
			const { results } = await listSearch(method, ctx.credentials);
			// Deals, tasks and products are listed by API v2, newest first: compare as sets.
			const ids = (ctx.sandbox.records(kind) as IDataObject[]).map((record) => String(record.id));
			const listed = results.map((result) => String(result.value));
			expect(listed.length).toBe(Math.min(100, ids.length));
			expect(new Set(listed).size).toBe(listed.length);
			expect(listed.every((id) => ids.includes(id))).toBe(true);
		}
		const templates = await listSearch('searchDocumentTemplates', ctx.credentials);
		expect(templates.results.every((result) => String(result.value).startsWith('tpl_'))).toBe(true);
	});

	test('contacts (v2) are searched by Heffl and listed with name and e-mail', async () => {
		const contact = (ctx.sandbox.records('contacts') as IDataObject[])[7];
		const found = await listSearch('searchContacts', ctx.credentials, String(contact.email));
		expect(found.results.map((result) => result.value)).toContain(contact.id);
		expect(found.results.find((result) => result.value === contact.id)?.name).toContain(
			String(contact.email),
		);
		expect(ctx.sandbox.requests.at(-1)?.path).toContain('search=');
	});

	test('pipelines, which Heffl cannot search, are filtered by name here', async () => {
		const pipelines = ctx.sandbox.records('pipelines') as IDataObject[];
		const { results } = await listSearch(
			'searchPipelines',
			ctx.credentials,
			String(pipelines[1].name).slice(0, 5).toUpperCase(),
		);
		expect(results.map((result) => result.value)).toContain(pipelines[1].id);
		expect(results.length).toBeLessThan(pipelines.length + 1);
	});
});

describe('dropdowns', () => {
	test('pipelines, and the stages of the chosen pipeline in order', async () => {
		const pipelines = ctx.sandbox.records('pipelines') as Array<{
			id: string;
			name: string;
			stages: IDataObject[];
		}>;
		const options = await loadOptions('getPipelines', {}, ctx.credentials);
		expect(options.map((option) => option.value).sort()).toEqual(
			pipelines.map((pipeline) => pipeline.id).sort(),
		);

		const stages = await loadOptions(
			'getPipelineStages',
			{ pipeline: pipelines[0].id },
			ctx.credentials,
		);
		expect(stages.map((stage) => stage.value)).toEqual(
			[...pipelines[0].stages]
				.sort((a, b) => Number(a.position) - Number(b.position))
				.map((stage) => stage.id),
		);
		const allStages = await loadOptions('getPipelineStages', {}, ctx.credentials);
		expect(allStages.length).toBe(
			pipelines.reduce((sum, pipeline) => sum + pipeline.stages.length, 0),
		);
		expect(allStages[0].name).toContain(' › ');
	});

	test('lead stages, lead sources and products', async () => {
		for (const [method, kind] of [
			['getLeadStages', 'leadStages'],
			['getLeadSources', 'leadSources'],
			['getProducts', 'products'],
		] as const) {
			const options = await loadOptions(method, {}, ctx.credentials);
			expect(options.map((option) => option.value).sort()).toEqual(
				(ctx.sandbox.records(kind) as IDataObject[]).map((record) => record.id).sort(),
			);
		}
	});

	test('tags (§11.9, `tag_` IDs) of the type that fits the resource', async () => {
		for (const [resource, type] of [
			['deal', 'deals'],
			['quotation', 'quotations'],
		]) {
			const tags = await loadOptions('getTags', { resource }, ctx.credentials);
			const expected = (ctx.sandbox.records('tags') as IDataObject[]).filter(
				(tag) => tag.type === type,
			);
			expect(tags.length, resource).toBe(expected.length);
			expect(tags.every((tag) => /^tag_/.test(String(tag.value)))).toBe(true);
			expect(tags.map((tag) => tag.description)).toEqual(expected.map(() => type));
		}
		// No tag of a task's type (project_tasks) is seeded: every tag is offered rather than none.
		const taskTags = await loadOptions('getTags', { resource: 'task' }, ctx.credentials);
		expect(taskTags).toHaveLength(ctx.sandbox.records('tags').length);
	});

	test('a task’s linked record is listed from the chosen record type (deals, leads), projects by ID only', async () => {
		const listSearchWith = async (method: string, parameters: IDataObject) =>
			await listSearch(method, ctx.credentials, undefined, undefined, parameters as never);
		const deals = await listSearchWith('searchTaskLinks', {
			additionalFields: { linkedTo: 'deals' },
		});
		expect(deals.results.length).toBeGreaterThan(0);
		expect(deals.results.every((result) => String(result.value).startsWith('dl_'))).toBe(true);
		const leads = await listSearchWith('searchTaskLinks', { updateFields: { linkedTo: 'leads' } });
		expect(leads.results.every((result) => String(result.value).startsWith('ld_'))).toBe(true);
		expect(leads.results.length).toBeGreaterThan(0);
		expect(
			(await listSearchWith('searchTaskLinks', { additionalFields: { linkedTo: 'projects' } }))
				.results,
		).toEqual([]);
		expect((await listSearchWith('searchTaskLinks', {})).results).toEqual([]);
	});
});
