/**
 * n8n's UX guidelines, rule by rule, each with the guideline's own sentence: what can be
 * read from the descriptions of the node, the Heffl Tool (the variant n8n makes from
 * `usableAsTool`, read through n8n-workflow's `@tool` display option), the triggers and
 * the credentials; and n8n's newer community-node lint rules (communityRules.ts). What the
 * node hands back (Simplify and Output, a delete, a failed item's message), run against the
 * sandbox: guidelineOutputs.test.ts. The rules checked by hand are listed in
 * docs/development.md.
 */
import type { ICredentialType, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { HefflApi } from '../../credentials/HefflApi.credentials';
import { HefflWebhookSigningSecretApi } from '../../credentials/HefflWebhookSigningSecretApi.credentials';
import { nodeProperties } from '../../nodes/Heffl/descriptions';
import { RESOURCES } from '../../nodes/shared/table/resources';
import { plural } from '../../nodes/shared/table/schema';
import { HefflPollingTrigger } from '../../nodes/HefflPollingTrigger/HefflPollingTrigger.node';
import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';
import { COMMUNITY_FILE_RULES } from './communityFileRules';
import { COMMUNITY_RULES, everything } from './communityRules';
import { node, SAYS, tool } from './uxGuidelines';

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

});

describe("n8n's community-node lint rules newer than @n8n/eslint-plugin-community-nodes 0.32.0 (n8n-io/n8n's docs/rules; the others: docs/release.md)", () => {
	for (const { rule, says, findings } of [...COMMUNITY_RULES, ...COMMUNITY_FILE_RULES])
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
