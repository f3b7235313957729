/**
 * n8n's UX guidelines ("UX guidelines for community nodes", docs.n8n.io), checked on every
 * generated parameter of the node, its tool variant, the triggers and the credentials:
 * each rule that can be read from the descriptions (and from what the node hands back),
 * with the guideline's own sentence. The rules checked by hand: docs/development.md.
 */
import type {
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodePropertyRegexValidation,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { HefflApi } from '../../credentials/HefflApi.credentials';
import { nodeProperties, versionProperties } from '../../nodes/Heffl/descriptions';
import { Heffl } from '../../nodes/Heffl/Heffl.node';
import { HefflPollingTrigger } from '../../nodes/HefflPollingTrigger/HefflPollingTrigger.node';
import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';
import { HefflWebhookSigningSecretApi } from '../../credentials/HefflWebhookSigningSecretApi.credentials';
import { hefflNode, nodeTypes } from '../../drivers/harness/n8n';

type Finding = string;

/** A raw value (`lead.created`, `proforma_invoices`, `LOW`) or a name not in Title Case. */
function isRawName(name: string): boolean {
	if (/[_.]\w/.test(name) && !/\s/.test(name)) return true;
	if (/^[a-z]/.test(name)) return true;
	if (/^[A-Z_]{2,}$/.test(name) && !['URL', 'ID', 'JSON'].includes(name)) return true;
	// Title Case: every word but the small ones starts with a capital ("Proforma invoices" fails).
	const small = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'to']);
	return name
		.split(/[\s-]+/)
		.some((word, index) => /^[a-z]/.test(word) && (index === 0 || !small.has(word)));
}

function walk(properties: INodeProperties[], path: string, findings: Finding[], skip?: RegExp) {
	for (const property of properties) {
		if (['notice', 'callout', 'button', 'hidden'].includes(property.type)) continue;
		const here = `${path}${property.name}`;
		if (skip?.test(here)) continue;
		const container = property.type === 'collection' || property.type === 'fixedCollection';
		if (!container && !property.noDataExpression && !property.description?.trim())
			findings.push(`${here}: no description`);
		if (property.placeholder && !container && !/^e\.g\. /.test(property.placeholder))
			findings.push(`${here}: placeholder '${property.placeholder}' does not start with "e.g."`);
		if (property.type === 'resourceLocator')
			for (const mode of property.modes ?? [])
				if (mode.placeholder && !/^e\.g\. /.test(mode.placeholder))
					findings.push(`${here} (${mode.name}): placeholder '${mode.placeholder}'`);
		if (property.type === 'options' || property.type === 'multiOptions') {
			const options = (property.options ?? []) as INodePropertyOptions[];
			for (const option of options)
				if (isRawName(option.name))
					findings.push(`${here}: option '${option.name}' is a raw value, not a Title Case name`);
			const names = options.map((option) => option.name);
			// n8n's lint: operations sorted by name; resources too; the rest alphabetical.
			const sorted = [...names].sort((a, b) => a.localeCompare(b));
			if (names.join('\n') !== sorted.join('\n'))
				findings.push(`${here}: options not alphabetical (${names.join(', ')})`);
			if (property.name === 'operation')
				for (const option of options)
					if (!option.action?.trim()) findings.push(`${here}: '${option.name}' has no action`);
		}
		if (property.type === 'collection') {
			const options = property.options as INodeProperties[];
			const names = options.map((option) => option.displayName);
			if (names.join('\n') !== [...names].sort((a, b) => a.localeCompare(b)).join('\n'))
				findings.push(`${here}: fields not alphabetical (${names.join(', ')})`);
			walk(options, `${here}.`, findings, skip);
		}
		if (property.type === 'fixedCollection')
			for (const group of property.options as INodePropertyCollection[])
				walk(group.values as INodeProperties[], `${here}.${group.name}.`, findings, skip);
	}
}

describe("n8n's UX guidelines on the generated descriptions", () => {
	test('action node: Title Case options, "e.g." placeholders, sorted lists, every field described', () => {
		const findings: Finding[] = [];
		walk(nodeProperties, '', findings);
		expect(findings).toEqual([]);
	});

	test('action node: the subtitle shows display names, every Delete says it is permanent, Notes and Description are multi-line', () => {
		const { description } = new Heffl();
		// Resolved by n8n's own expression engine, as the editor does for the canvas.
		const subtitle = (resource: string, operation: string) => {
			const node = hefflNode({ resource, operation });
			const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
			return workflow.expression.getSimpleParameterValue(
				node,
				description.subtitle as string,
				'internal',
				{},
			);
		};
		expect(subtitle('contact', 'getAll')).toBe('Get many contacts');
		expect(subtitle('lead', 'delete')).toBe('Delete lead by ID');
		expect(subtitle('webhookSubscription', 'create')).toBe('Create webhook subscription');
		expect(description.description).not.toMatch(/^Create and read/);
		const operations = versionProperties()
			.filter((property) => property.name === 'operation')
			.flatMap((property) => property.options as INodePropertyOptions[]);
		const deletes = operations.filter((option) => option.value === 'delete');
		expect(deletes.length).toBeGreaterThan(0);
		for (const option of deletes) expect(option.description).toMatch(/permanent/i);
		const long: INodeProperties[] = [];
		const collect = (properties: INodeProperties[]) => {
			for (const property of properties) {
				if (['notes', 'description'].includes(property.name) && property.type === 'string')
					long.push(property);
				if (property.type === 'collection') collect(property.options as INodeProperties[]);
				if (property.type === 'fixedCollection')
					for (const group of property.options as INodePropertyCollection[])
						collect(group.values as INodeProperties[]);
			}
		};
		collect(versionProperties());
		expect(long.length).toBeGreaterThan(0);
		for (const property of long) expect(property.typeOptions?.rows).toBeGreaterThan(1);
	});

	test('linked records are record pickers named "<Record> Name or ID"; By ID takes an ID or a Heffl address', () => {
		const pickers: Record<string, string[]> = {};
		const collect = (properties: INodeProperties[], path: string) => {
			for (const property of properties) {
				const resource = property.displayOptions?.show?.resource?.[0] as string | undefined;
				const here = resource ? `${resource}.${property.name}` : `${path}${property.name}`;
				if (property.type === 'resourceLocator')
					pickers[here] = [property.displayName, ...(property.modes ?? []).map((m) => m.name)];
				if (property.type === 'collection')
					collect(property.options as INodeProperties[], `${here}.`);
			}
		};
		collect(versionProperties(), '');
		expect(pickers).toMatchObject({
			'deal.client': ['Client Name or ID', 'list', 'id'],
			'deal.additionalFields.lead': ['Lead Name or ID', 'list', 'id'],
			'task.additionalFields.linkedId': ['Linked Record Name or ID', 'list', 'id'],
			'task.updateFields.linkedId': ['Linked Record Name or ID', 'list', 'id'],
			'contact.additionalFields.company': ['Company Name or ID', 'list', 'id'],
			'contact.updateFields.owner': ['Owner Name or ID', 'list', 'id'],
			'contact.updateFields.clientStage': ['Client Stage Name or ID', 'list', 'id'],
			'invoice.additionalFields.contact': ['Contact Name or ID', 'list', 'id'],
		});
		const byId = versionProperties()
			.find((property) => property.name === 'leadId')
			?.modes?.find((mode) => mode.name === 'id');
		const pattern = new RegExp(
			(byId?.validation?.[0] as INodePropertyRegexValidation).properties.regex,
		);
		expect(pattern.test('ld_1')).toBe(true);
		expect(pattern.test('https://app.heffl.com/crm/leads/ld_1?tab=x')).toBe(true);
		expect(pattern.test('ld_1/..')).toBe(false);
		expect(pattern.test('..')).toBe(false);
	});

	test('Create or Update asks for the e-mail once: at the top, not again under Additional Fields', () => {
		for (const resource of ['lead', 'contact']) {
			const properties = versionProperties().filter(
				(property) => property.displayOptions?.show?.resource?.[0] === resource,
			);
			const top = properties.find(
				(property) =>
					property.name === 'email' && property.displayOptions?.show?.operation?.includes('upsert'),
			);
			expect(top).toMatchObject({ required: true, description: expect.stringMatching(/exact/) });
			const additional = properties.find((property) => property.name === 'additionalFields');
			expect(additional?.displayOptions?.show?.operation).toEqual(['create', 'upsert']);
			const nested = (additional?.options as INodeProperties[]).find(
				(property) => property.name === 'email',
			);
			expect(nested?.displayOptions).toEqual({ hide: { '/operation': ['upsert'] } });
		}
	});

	test('credential: every field described, placeholders with "e.g."', () => {
		const findings: Finding[] = [];
		walk(new HefflApi().properties, 'credential.', findings);
		expect(findings).toEqual([]);
	});

	test('trigger and its signing-secret credential: the same rules', () => {
		const findings: Finding[] = [];
		walk(new HefflTrigger().description.properties, 'trigger.', findings);
		walk(new HefflWebhookSigningSecretApi().properties, 'secretCredential.', findings);
		// The one field n8n's trigger convention leaves without a tooltip: Trigger On.
		expect(findings).toEqual(['trigger.events: no description']);
		const subscription = new HefflTrigger().description.properties.find(
			(property) => property.name === 'subscription',
		);
		expect(subscription?.description).toMatch(/Heffl/);
	});

	test('polling trigger: the same rules; its subtitle names the watched kind; Get Many’s filters without sorting', () => {
		const { description } = new HefflPollingTrigger();
		const findings: Finding[] = [];
		walk(description.properties, 'pollingTrigger.', findings);
		expect(findings).toEqual([]);
		const node = { ...hefflNode({ event: 'deal' }), type: 'n8n-nodes-heffl.hefflPollingTrigger' };
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		expect(
			workflow.expression.getSimpleParameterValue(
				node,
				description.subtitle as string,
				'internal',
				{},
			),
		).toBe('New Deal');
		const dealFilters = description.properties.find(
			(property) =>
				property.name === 'filters' && property.displayOptions?.show?.event?.[0] === 'deal',
		);
		const names = (dealFilters?.options as INodeProperties[]).map((option) => option.name);
		expect(names).toEqual(['conditions', 'filtersJson', 'search']);
		expect(description.polling).toBe(true);
		expect(description.description).toMatch(/no public URL/);
	});
});
