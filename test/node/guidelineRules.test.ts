/**
 * n8n's UX guidelines, rule by rule, each with the guideline's own sentence: what can be
 * read from the descriptions of the node, the Heffl Tool (the variant n8n makes from
 * `usableAsTool`, read through n8n-workflow's `@tool` display option), the triggers and
 * the credentials, and what the node hands back (a delete, a failed item's message), run
 * against the sandbox. The rules checked by hand are listed in docs/development.md.
 */
import type {
	ICredentialType,
	IDataObject,
	INodeProperties,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { HefflApi } from '../../credentials/HefflApi.credentials';
import { HefflWebhookSigningSecretApi } from '../../credentials/HefflWebhookSigningSecretApi.credentials';
import { nodeProperties } from '../../nodes/Heffl/descriptions';
import { Heffl } from '../../nodes/Heffl/Heffl.node';
import { RESOURCES } from '../../nodes/shared/table/resources';
import { plural } from '../../nodes/shared/table/schema';
import { HefflPollingTrigger } from '../../nodes/HefflPollingTrigger/HefflPollingTrigger.node';
import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';
import { leftToHeffl, refusedBeforeSending } from '../reliability/badInputCorpus';
import { COMMUNITY_RULES, everything } from './communityRules';
import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

/** The guidelines' sentences, as docs.n8n.io words them. */
export const SAYS = {
	titleCase:
		'Use Title Case for the node name, parameters display names (labels), dropdown titles.',
	sentenceCase:
		'Use Sentence case for node action names, node descriptions, parameters descriptions (tooltips), hints, dropdown descriptions.',
	action:
		'Action: ... It must be in sentence case and must include the resource (for example, "Delete record").',
	articles: 'Omit articles: To keep the text shorter, get rid of articles (a, an, the…).',
	operationName: "Don't repeat the resource (if the resource selection is above)",
	boolean: "Start the description of boolean components with 'Whether...'",
	placeholder: 'These should start with "e.g."',
	locator:
		'The default option for the Resource Locator Component should be From list (if available).',
	password: 'API key and sensitive credentials should always be password fields.',
	deleted:
		'When deleting an item (like a record or a row), return an array with a single object: {"deleted": true}.',
	simplify:
		'When an endpoint returns data with more than 10 fields, add the "Simplify" boolean parameter to return a simplified version of the output with max 10 fields.',
	output:
		"When an endpoint returns data with more than 10 fields, add the 'Output' option parameter with 3 modes.",
	selectedId: 'By default, this option always returns the ID of the record/entity.',
	sorting: 'Add sorting in a dedicated collection (below the "Options" collection).',
	words: 'Avoid using words like "error", "problem", "failure", "mistake".',
	item: 'Item index: if you have the ID of the item that triggered the error, append [Item X] to the error message.',
};

const node = new Heffl().description;
/** The Heffl Tool as n8n makes it: the replacements applied, the name ending in Tool. */
const tool = {
	...node,
	...(typeof node.usableAsTool === 'object' ? node.usableAsTool.replacements : {}),
	name: `${node.name}Tool`,
} as INodeTypeDescription;
const NODES: Array<[string, INodeProperties[]]> = [
	['node', nodeProperties],
	['trigger', new HefflTrigger().description.properties],
	['pollingTrigger', new HefflPollingTrigger().description.properties],
];
const CREDENTIALS: ICredentialType[] = [new HefflApi(), new HefflWebhookSigningSecretApi()];

const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'to']);
/** Title Case: every word but the small ones starts with a capital or a digit. */
const isTitleCase = (text: string) =>
	text
		.replace(/\([^)]*\)/g, '')
		.split(/\s+/)
		.filter(Boolean)
		// Heffl's API versions are named as Heffl writes them (v1, v2).
		.every((word, index) => /^([A-Z0-9(]|v\d$)/.test(word) || (index > 0 && SMALL.has(word)));
/** Sentence case: a capital (or a digit) first, and not every later word capitalised. */
const isSentenceCase = (text: string) => {
	const words = text.split(/\s+/).filter(Boolean);
	return (
		/^[A-Z0-9"'(]/.test(text) &&
		(words.length < 4 || words.slice(1).some((word) => /^[a-z]/.test(word)))
	);
};
const shown = (
	description: INodeTypeDescription,
	property: INodeProperties,
	values: Record<string, unknown>,
) =>
	NodeHelpers.displayParameter(values as never, property, { typeVersion: 1 } as never, description);

describe("n8n's UX guidelines, rule by rule", () => {
	test(`"${SAYS.titleCase}" Labels and dropdown titles are Title Case`, () => {
		const findings: string[] = [];
		for (const [kind, properties] of NODES)
			for (const [where, property] of everything(properties, `${kind}.`)) {
				if (['notice', 'callout', 'hidden'].includes(property.type)) continue;
				if (!isTitleCase(property.displayName))
					findings.push(`${where}: '${property.displayName}'`);
				for (const option of (property.options ?? []) as INodePropertyOptions[])
					if (typeof option.name === 'string' && 'value' in option && !isTitleCase(option.name))
						findings.push(`${where}: option '${option.name}'`);
			}
		for (const credential of CREDENTIALS)
			for (const [where, property] of everything(credential.properties, `${credential.name}.`))
				if (property.type !== 'notice' && !isTitleCase(property.displayName))
					findings.push(`${where}: '${property.displayName}'`);
		expect(findings).toEqual([]);
	});

	test(`"${SAYS.sentenceCase}" Descriptions, hints and dropdown descriptions are sentence case`, () => {
		const findings: string[] = [];
		const check = (where: string, text: string | undefined) => {
			if (text && !isSentenceCase(text)) findings.push(`${where}: '${text.slice(0, 60)}'`);
		};
		check('node.description', node.description);
		check('tool.description', tool.description);
		for (const [kind, properties] of NODES)
			for (const [where, property] of everything(properties, `${kind}.`)) {
				if (['notice', 'callout'].includes(property.type)) continue;
				check(where, property.description);
				check(`${where} (hint)`, property.hint);
				for (const option of (property.options ?? []) as INodePropertyOptions[])
					if ('value' in option) check(`${where}: ${option.name}`, option.description);
			}
		expect(findings).toEqual([]);
	});

	test(`"${SAYS.action}" "${SAYS.articles}" "${SAYS.operationName}"`, () => {
		const findings: string[] = [];
		for (const resource of RESOURCES) {
			const operation = nodeProperties.find(
				(property) =>
					property.name === 'operation' &&
					property.displayOptions?.show?.resource?.includes(resource.value),
			);
			for (const option of operation?.options as INodePropertyOptions[]) {
				const where = `${resource.value}.${String(option.value)}`;
				const names = [resource.label, plural(resource.label)];
				if (!option.action || !isSentenceCase(option.action))
					findings.push(`${where}: action '${option.action}' is not sentence case`);
				if (!names.some((name) => option.action?.includes(name)))
					findings.push(`${where}: action '${option.action}' does not name the ${resource.label}`);
				if (/\b(a|an|the)\b/i.test(option.action ?? ''))
					findings.push(`${where}: action '${option.action}' has an article`);
				if (!names.some((name) => option.description?.includes(name)))
					findings.push(`${where}: description '${option.description}' does not name it`);
				if (option.name.includes(resource.displayName))
					findings.push(`${where}: the name '${option.name}' repeats the resource`);
			}
		}
		expect(findings).toEqual([]);
	});

	test(`"${SAYS.boolean}" "${SAYS.placeholder}" "${SAYS.locator}" "${SAYS.password}"`, () => {
		const findings: string[] = [];
		const all = [
			...NODES.flatMap(([kind, properties]) => [...everything(properties, `${kind}.`)]),
			...CREDENTIALS.flatMap((credential) => [
				...everything(credential.properties, `${credential.name}.`),
			]),
		];
		for (const [where, property] of all) {
			if (property.type === 'boolean' && !/^Whether /.test(property.description ?? ''))
				findings.push(`${where}: boolean described '${property.description}'`);
			const placeholders = [
				property.placeholder,
				...(property.modes ?? []).map((mode) => mode.placeholder),
			];
			const container = ['collection', 'fixedCollection', 'multiOptions'].includes(property.type);
			for (const placeholder of placeholders)
				if (placeholder && !container && !/^e\.g\. /.test(placeholder))
					findings.push(`${where}: placeholder '${placeholder}'`);
			if (property.type === 'resourceLocator') {
				const listed = property.modes?.some((mode) => mode.name === 'list');
				const mode = (property.default as { mode?: string }).mode;
				if (listed && mode !== 'list') findings.push(`${where}: opens on '${mode}', not From List`);
			}
		}
		for (const credential of CREDENTIALS)
			for (const property of credential.properties)
				if (/key|secret|token|password/i.test(property.name) && !property.typeOptions?.password)
					findings.push(`${credential.name}.${property.name}: not a password field`);
		expect(findings).toEqual([]);
	});

	test(`"${SAYS.sorting}" Sort is a collection after Options on every Get Many that sorts; no filters hold sorting (the polling trigger offers none)`, () => {
		const names = nodeProperties.map((property) => property.name);
		const sorts = nodeProperties.filter((property) => property.name === 'sort');
		expect(sorts.map((sort) => sort.displayOptions?.show?.resource?.[0]).sort()).toEqual(
			RESOURCES.filter((resource) => resource.listing && resource.operations.includes('getAll'))
				.map((resource) => resource.value)
				.sort(),
		);
		for (const sort of sorts) {
			expect(sort.type).toBe('collection');
			expect(sort.displayOptions?.show?.operation).toEqual(['getAll']);
			expect(nodeProperties.indexOf(sort)).toBeGreaterThan(names.indexOf('options'));
		}
		const sorting = /^(order|sort)/i;
		const misplaced: string[] = [];
		for (const [kind, properties] of NODES)
			for (const [where, property] of everything(properties, `${kind}.`))
				if (/(^|\.)filters\./.test(where) && sorting.test(property.name)) misplaced.push(where);
		expect(misplaced).toEqual([]);
	});

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

describe("n8n's community-node lint rules newer than @n8n/eslint-plugin-community-nodes 0.32.0 (n8n-io/n8n's docs/rules; the others: docs/release.md)", () => {
	for (const { rule, says, findings } of COMMUNITY_RULES)
		test(`${rule}: "${says}"`, () => expect(findings()).toEqual([]));

	test('The Filters hint, where an Updated event is chosen: every edit of a matching record runs; "changed to" needs the change event', () => {
		const filters = new HefflTrigger().description.properties.filter((p) =>
			/Filters$/.test(p.name),
		);
		expect(filters.length).toBe(5);
		for (const collection of filters) {
			const events = collection.displayOptions?.show?.events as string[];
			const updated = events.find((event) => event.endsWith('.updated'));
			const change = events.find((event) => /\.(stage|status)Changed$/.test(event));
			expect(updated, collection.name).toBeDefined();
			const kind = collection.displayName.replace(/ Filters$/, '');
			expect(collection.hint, collection.name).toMatch(
				new RegExp(`^${kind} Updated runs at every edit of a matching ${kind.toLowerCase()}`),
			);
			if (change)
				expect(collection.hint, collection.name).toMatch(
					new RegExp(`"changed to".*use ${kind} (Stage|Status) Changed$`),
				);
		}
	});
});

const ctx = useSandbox();

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
