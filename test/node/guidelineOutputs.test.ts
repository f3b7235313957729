/**
 * n8n's UX guidelines on what the node hands back, each with the guideline's own sentence,
 * run against the sandbox: Simplify and Output wherever records carry more than 10 fields
 * (counted on the sandbox's records), `{deleted: true}` from every Delete, and every refusal
 * of the bad-input corpus free of blame words and naming its item. What can be read from the
 * descriptions alone: guidelineRules.test.ts.
 */
import type {
	IDataObject,
	INodeProperties,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { nodeProperties } from '../../nodes/Heffl/descriptions';
import { RESOURCES } from '../../nodes/shared/table/resources';
import { leftToHeffl, refusedBeforeSending } from '../reliability/badInputCorpus';
import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';
import { node, SAYS, tool } from './uxGuidelines';

const ctx = useSandbox();

const shown = (
	description: INodeTypeDescription,
	property: INodeProperties,
	values: Record<string, unknown>,
) =>
	NodeHelpers.displayParameter(values as never, property, { typeVersion: 1 } as never, description);

describe("n8n's UX guidelines, rule by rule", () => {
	test(`"${SAYS.simplify}" "${SAYS.output}" "${SAYS.selectedId}" Per resource whose records carry more than 10 fields (counted on the sandbox's records)`, async () => {
		const findings: string[] = [];
		for (const resource of RESOURCES) {
			const returning = resource.operations.filter((op) =>
				['create', 'get', 'getAll', 'update', 'upsert'].includes(op),
			);
			if (!returning.length) continue;
			const fields = await fieldsOfRecord(resource.value);
			if (fields === undefined && !resource.simplifyKeys) {
				findings.push(`${resource.value}: no record to count the fields of`);
				continue;
			}
			if (!resource.simplifyKeys) {
				if (fields! > 10) findings.push(`${resource.value}: ${fields} fields and no Simplify`);
				continue;
			}
			const keys = resource.simplifyKeys;
			if (keys.length > 10 || !keys.includes('id'))
				findings.push(`${resource.value}: Simplify keeps ${keys.length} fields (${keys})`);
			for (const operation of returning) {
				const values = { resource: resource.value, operation };
				const find = (name: string, description: INodeTypeDescription) =>
					nodeProperties.filter(
						(property) => property.name === name && shown(description, property, values),
					);
				const read = operation === 'get' || operation === 'getAll';
				if (read && find('simplify', node).length !== 1)
					findings.push(`${resource.value}.${operation}: no Simplify on the node`);
				if (find('simplify', tool).length || find('output', node).length)
					findings.push(
						`${resource.value}.${operation}: Simplify on the tool or Output on the node`,
					);
				const [output] = find('output', tool);
				const modes = ((output?.options ?? []) as INodePropertyOptions[]).map((o) => o.name);
				if (modes.join() !== 'Raw,Selected Fields,Simplified')
					findings.push(`${resource.value}.${operation}: the tool's Output offers ${modes}`);
				const selected = nodeProperties.filter(
					(property) =>
						property.name === 'outputFields' &&
						shown(tool, property, { ...values, output: 'selected' }),
				);
				if (selected.length !== 1 || !/ID is always|the ID always/.test(selected[0].description!))
					findings.push(`${resource.value}.${operation}: Selected Fields does not keep the ID`);
			}
			// An n8n without `@tool` reads it as an unset parameter: Simplify stays on the node there.
			for (const property of nodeProperties.filter((p) => p.name === 'simplify'))
				if (property.displayOptions?.show?.['@tool'] || !property.displayOptions?.hide?.['@tool'])
					findings.push(`${resource.value}: Simplify is not hidden by a hide on '@tool'`);
		}
		expect(findings).toEqual([]);
	});

	test(`"${SAYS.deleted}"`, async () => {
		const deletable = RESOURCES.filter((resource) => resource.operations.includes('delete'));
		expect(deletable.length).toBeGreaterThan(5);
		for (const resource of deletable) {
			const id = await freshRecord(resource.value);
			const deleted = await runHeffl(
				{
					resource: resource.value,
					operation: 'delete',
					[`${resource.value}Id`]: { __rl: true, mode: 'id', value: id },
				},
				ctx.credentials,
			);
			expect(deleted.error, resource.value).toBeUndefined();
			expect(deleted.json, resource.value).toEqual([expect.objectContaining({ deleted: true })]);
		}
	});

	test(`"${SAYS.words}" "${SAYS.item}" Every refusal of the bad-input corpus, the node's and Heffl's`, async () => {
		const findings: string[] = [];
		const cases = [...refusedBeforeSending, ...leftToHeffl].map(([parameters]) => parameters);
		let checked = 0;
		for (const parameters of cases) {
			const where = JSON.stringify(parameters).slice(0, 80);
			// An empty required parameter is n8n's own check (its words), before the node runs.
			const result = await runHeffl(parameters, ctx.credentials).catch((error: Error) => {
				if (error.name !== 'WorkflowHasIssuesError') throw error;
				return undefined;
			});
			if (!result) continue;
			checked++;
			const { message = '', description = '' } = result.error ?? {};
			if (!result.error) findings.push(`${where}: not refused`);
			// Heffl's own codes (VALIDATION_ERROR) are quoted as Heffl sends them.
			for (const text of [message, description])
				if (/\b(error|problem|failure|mistake)s?\b/i.test(text))
					findings.push(`${where}: '${text}'`);
			if (!/ \[item 0\]$/.test(message)) findings.push(`${where}: '${message}' names no item`);
		}
		expect(checked).toBeGreaterThan(60);
		expect(findings).toEqual([]);
	});
});

/** The number of fields of one record of the resource, as the sandbox's API hands it over. */
async function fieldsOfRecord(resource: string): Promise<number | undefined> {
	const spec = RESOURCES.find((candidate) => candidate.value === resource)!;
	const base = spec.api === 'v1' ? ctx.credentials.v1BaseUrl : ctx.credentials.v2BaseUrl;
	const paths: Record<string, string> = { customField: '/custom-fields?entity=contacts' };
	// Records listed inside others (a pipeline's stages) are counted there.
	const from = spec.pickFrom ?? (spec.operations.includes('getAll') ? undefined : null);
	if (from === null) return undefined;
	const url = from
		? `${from.api === 'v1' ? ctx.credentials.v1BaseUrl : ctx.credentials.v2BaseUrl}${from.path}`
		: `${base}${paths[resource] ?? spec.path}`;
	const answer = await fetch(url, { headers: { 'x-api-key': ctx.sandbox.apiKey } });
	const body = (await answer.json()) as Record<string, unknown>;
	const list = [body.data, body.items, body].find(Array.isArray) as IDataObject[] | undefined;
	const records = from ? (list ?? []).flatMap(from.records) : (list ?? []);
	return records[0] ? Object.keys(records[0]).length : 0;
}

/** A record of the resource that nothing links to, made in the sandbox for a delete. */
async function freshRecord(resource: string): Promise<string> {
	const id = `${resource}_guideline_${Math.random().toString(36).slice(2, 10)}`;
	const kinds: Record<string, Parameters<typeof ctx.sandbox.insert>[0]> = {
		lead: 'leads',
		client: 'clients',
		contact: 'contacts',
		company: 'clients',
		deal: 'deals',
		quotation: 'quotations',
		task: 'tasks',
		webhookSubscription: 'webhooks',
	};
	const shape: Record<string, object> = {
		company: { type: 'company', name: 'Guideline Ltd' },
		client: { type: 'company', name: 'Guideline Ltd' },
		contact: { type: 'contact', firstName: 'Guideline' },
	};
	ctx.sandbox.insert(kinds[resource], {
		id,
		name: 'Guideline',
		title: 'Guideline',
		...(shape[resource] ?? {}),
	} as never);
	return id;
}
