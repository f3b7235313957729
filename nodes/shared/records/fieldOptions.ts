/**
 * A resource's fields as dropdown options, for any node's editor: the keys of its records
 * (the table's `recordKeys`, in words) and its custom fields by label, read from Heffl's
 * definitions (§11.12 by entity; §11.13 every quotation template's). Definitions that cannot
 * be read leave the record's own keys: the list never fails for them.
 */
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import type { ResourceSpec } from '../table/schema';
import { definitionsOf } from '../table/schema';
import type { HefflContext } from '../transport';
import { hefflRequest } from '../transport';
import type { CustomFieldDefinition } from './customFields';
import { readDefinitions } from './customFields';

const ACRONYMS: Record<string, string> = { Id: 'ID', Ids: 'IDs', Crm: 'CRM', Html: 'HTML' };

/** "ownerUserId" → "Owner User ID". */
export function keyWords(key: string): string {
	return key
		.replace(/([A-Z])/g, ' $1')
		.replace(/^\w/, (c) => c.toUpperCase())
		.split(' ')
		.map((word) => ACRONYMS[word] ?? word)
		.join(' ');
}

/** The definitions of every quotation template (§11.13: each template has its own). */
async function templateDefinitions(context: HefflContext) {
	const list = await hefflRequest.call(context, {
		api: 'v2',
		method: 'GET',
		path: '/document-templates',
		qs: { type: 'quotations' },
	});
	const templates = (Array.isArray(list.data) ? list.data : []) as IDataObject[];
	const all: CustomFieldDefinition[] = [];
	for (const template of templates)
		all.push(...(await readDefinitions.call(context, { templateId: String(template.id) })));
	return all;
}

/** The resource's custom fields by label (their key as the value), or none when unread. */
export async function customFieldOptions(
	context: HefflContext,
	resource: ResourceSpec | undefined,
): Promise<INodePropertyOptions[]> {
	const source = resource && definitionsOf(resource);
	if (!source) return [];
	try {
		const definitions =
			'template' in source
				? await templateDefinitions(context)
				: await readDefinitions.call(context, { entity: source.entity });
		return definitions.map((definition) => ({
			name: definition.label,
			value: definition.key,
			description: `Custom field (${definition.key})`,
		}));
	} catch {
		return [];
	}
}

/** The record's keys (less `left`) and its custom fields by label, sorted by name; a key listed once. */
export async function fieldOptions(
	context: HefflContext,
	resource: ResourceSpec | undefined,
	left: readonly string[] = ['id'],
): Promise<INodePropertyOptions[]> {
	const own = (resource?.recordKeys ?? [])
		.filter((key) => !left.includes(key))
		.map((key) => ({ name: keyWords(key), value: key, description: key }));
	const custom = await customFieldOptions(context, resource);
	const taken = new Set(own.map((option) => option.value));
	return [...own, ...custom.filter((option) => !taken.has(String(option.value)))].sort((a, b) =>
		a.name.localeCompare(b.name),
	);
}
