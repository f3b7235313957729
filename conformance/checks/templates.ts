/**
 * Document templates (§11.13): their types against the node's Type options, their search, and
 * a template read with its custom-field definitions (quotation custom fields).
 */
import type { IDataObject } from 'n8n-workflow';

import { readDefinition } from '../../nodes/shared/records/customFields';
import { TEMPLATE_TYPES } from '../../nodes/shared/table/vocabularies';
import { unwrapRecord } from '../../nodes/shared/transport';
import { listing, plural, recordsOf, refusal } from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';

const CUSTOM_FIELDS = 'nodes/shared/records/customFields.ts';

async function templates(kit: Kit) {
	return recordsOf('v2', await kit.probe.get('v2', '/document-templates'));
}

const templateTypes: Check = {
	id: 'templates.types',
	title: 'document templates\' types are among the node\'s Type options (§11.13: "and others")',
	depends: ['nodes/shared/table/vocabularies.ts'],
	sandbox: 'sandbox/v2/templates.ts',
	async run(kit) {
		const reply = await kit.probe.get('v2', '/document-templates');
		if (!reply.ok) return differs(`GET /v2/document-templates: ${refusal(reply)}`);
		const types = [...new Set((await templates(kit)).map((template) => String(template.type)))];
		if (!types.length) return notChecked('the account has no active templates');
		const unknown = types.filter((type) => !TEMPLATE_TYPES.includes(type));
		return unknown.length
			? differs(
					`types the node does not offer: ${listing(unknown)}`,
					'Get Many without a Type filter still lists them; add them to TEMPLATE_TYPES (fields.ts)',
				)
			: holds(`types seen: ${listing(types)}`);
	},
};

const templateSearch: Check = {
	id: 'templates.search',
	title: "document templates' search is a name prefix (§11.13); the node checks it on the records",
	depends: [],
	sandbox: 'sandbox/v2/templates.ts',
	async run(kit) {
		const template = (await templates(kit)).find((candidate) => String(candidate.name).length >= 4);
		if (!template) return notChecked('no template with a name of four letters or more');
		const name = String(template.name);
		const found = async (search: string) =>
			recordsOf('v2', await kit.probe.get('v2', '/document-templates', { search })).some(
				(record) => record.id === template.id,
			);
		const byPrefix = await found(name.slice(0, 3).toLowerCase());
		const byMiddle = await found(name.slice(1, 4));
		if (byPrefix && !byMiddle)
			return holds(`'${name}' found by its first letters, not by inner ones`);
		return differs(
			`'${name}': found by a prefix ${byPrefix ? 'yes' : 'no'}, by inner letters ${byMiddle ? 'yes' : 'no'}`,
			'the Search filter is checked as a name prefix on the records (resources/documentTemplate.ts)',
		);
	},
};

const templateGet: Check = {
	id: 'templates.get',
	title:
		'GET /v2/document-templates/{id} answers the template with its customFields (quotation custom fields)',
	depends: [CUSTOM_FIELDS],
	sandbox: 'sandbox/v2/seed.ts',
	async run(kit) {
		const template =
			(await templates(kit)).find((candidate) => candidate.type === 'quotations') ??
			(await templates(kit))[0];
		if (!template) return notChecked('the account has no active templates');
		const reply = await kit.probe.get(
			'v2',
			kit.probe.pathOf('/document-templates', String(template.id)),
		);
		if (!reply.ok)
			return differs(`GET /v2/document-templates/${String(template.id)}: ${refusal(reply)}`);
		const body = unwrapRecord(reply.body as IDataObject);
		const fields = body.customFields;
		if (!Array.isArray(fields))
			return differs(
				`template ${String(template.id)} has no customFields list`,
				"a template without definitions sends a quotation's cf_* keys as given (customFields.ts)",
			);
		const unread = fields.filter((field) => !readDefinition(field));
		return unread.length
			? differs(
					`${plural(unread.length, 'definition')} the package cannot read, like ${JSON.stringify(unread[0])}`,
				)
			: holds(`${String(template.id)}: ${plural(fields.length, 'custom field')} read`);
	},
};

export const TEMPLATE_CHECKS: Check[] = [templateTypes, templateSearch, templateGet];
