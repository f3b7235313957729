/**
 * The Heffl Tool's Output → Selected Fields: the keys of the resource's records (the
 * table's `recordKeys`) and its custom fields by their label, read from Heffl's
 * definitions (§11.12 by entity; §11.13 a quotation template's). Definitions that cannot be
 * read leave the record's own keys: the list never fails for them.
 */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { CustomFieldDefinition } from '../../shared/records/customFields';
import { readDefinitions } from '../../shared/records/customFields';
import { definitionsOf } from '../../shared/table/schema';
import { hefflRequest } from '../../shared/transport';
import { PICKABLE_RESOURCES } from '../versions';

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
async function templateDefinitions(context: ILoadOptionsFunctions) {
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

async function customFieldOptions(
	context: ILoadOptionsFunctions,
	resourceValue: string,
): Promise<INodePropertyOptions[]> {
	const resource = PICKABLE_RESOURCES.find((candidate) => candidate.value === resourceValue);
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

export async function getOutputFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const resourceValue = String(this.getCurrentNodeParameter('resource') ?? '');
	const resource = PICKABLE_RESOURCES.find((candidate) => candidate.value === resourceValue);
	const own = (resource?.recordKeys ?? [])
		.filter((key) => key !== 'id')
		.map((key) => ({ name: keyWords(key), value: key, description: key }));
	const custom = await customFieldOptions(this, resourceValue);
	const taken = new Set(own.map((option) => option.value));
	return [...own, ...custom.filter((option) => !taken.has(String(option.value)))].sort((a, b) =>
		a.name.localeCompare(b.name),
	);
}
