/**
 * Reference data and definitions: v1 reference paths (§10.6, contract), tags (contract,
 * §11.9), document templates (§11.13), custom-field definitions (§11.12), v1 custom fields
 * (§9.2), v1's treatment of unknown query parameters (§7) and the webhook list (contract).
 */
import type { IDataObject } from 'n8n-workflow';

import { readDefinition } from '../../nodes/shared/records/customFields';
import { TEMPLATE_TYPES } from '../../nodes/shared/table/vocabularies';
import { unwrapRecord } from '../../nodes/shared/transport';
import {
	isObject,
	listing,
	names,
	pageOf,
	plural,
	recordsOf,
	refusal,
	resource,
	resourceFile,
} from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';

const CUSTOM_FIELDS = 'nodes/shared/records/customFields.ts';

const referencePaths: Check = {
	id: 'v1.reference-paths',
	title:
		'v1 lists pipelines, products, lead stages and lead sources at /pipelines, /products, /leads/stages, /leads/sources',
	depends: [
		'nodes/Heffl/methods/loadOptions.ts',
		resourceFile('leadStage'),
		resourceFile('leadSource'),
	],
	sandbox: 'sandbox/v1/routes.ts',
	async run(kit) {
		const answered: string[] = [];
		const refused: string[] = [];
		for (const path of ['/pipelines', '/products', '/leads/stages', '/leads/sources']) {
			const reply = await kit.probe.get('v1', path, { limit: 100 });
			const records = pageOf('v1', reply.body).records;
			if (!reply.ok || !records)
				refused.push(`${path} (${reply.ok ? 'no items list' : refusal(reply)})`);
			else answered.push(`${path} (${records.length})`);
		}
		return refused.length
			? differs(`not served: ${listing(refused)}`)
			: holds(`listed: ${listing(answered)}`);
	},
};

const v1Tags: Check = {
	id: 'v1.tags',
	title: 'v1 GET /tags?type= answers {items} of tags with numeric IDs, of that type (contract)',
	depends: [],
	sandbox: 'sandbox/v1/routes.ts',
	async run(kit) {
		const reply = await kit.probe.get('v1', '/tags', { type: 'deals' });
		if (!reply.ok) return differs(`GET /v1/tags?type=deals: ${refusal(reply)}`);
		const tags = pageOf('v1', reply.body).records;
		if (!tags) return differs('no items list');
		if (!tags.length) return notChecked('the account has no deal tags');
		const odd = tags.filter((tag) => typeof tag.id !== 'number' || tag.type !== 'deals');
		const v2 = recordsOf('v2', await kit.probe.get('v2', '/tags', { pageSize: 100 }));
		const unpaired = tags.filter(
			(tag) => !v2.some((other) => other.id === `tag_${String(tag.id)}`),
		);
		return odd.length
			? differs(
					`${plural(odd.length, 'tag')} not numeric or not of type deals, like ${JSON.stringify(odd[0].id)}`,
				)
			: unpaired.length
				? differs(
						`v1 tag ${String(unpaired[0].id)} has no v2 tag_${String(unpaired[0].id)}: the two views number tags differently`,
					)
				: holds(`${plural(tags.length, 'deal tag')}, numeric IDs, each the v2 tag_<ID>`);
	},
};

const v2TagType: Check = {
	id: 'tags.v2-type-query',
	title:
		'v2 GET /tags takes a type query (§11.9 lists no parameters; the node checks the type on the records)',
	depends: [],
	sandbox: 'sandbox/v2/refdata.ts',
	async run(kit) {
		const reply = await kit.probe.get('v2', '/tags', { type: 'deals' });
		if (reply.ok) {
			const tags = recordsOf('v2', reply);
			const other = tags.filter((tag) => tag.type !== 'deals');
			return other.length
				? differs(
						`type=deals ignored: ${plural(other.length, 'tag')} of other types came back`,
						'Tag → Get Many sends no type to v2 and checks it on the records (resources/tag.ts)',
					)
				: holds(`type=deals answered ${plural(tags.length, 'deal tag')}`);
		}
		return reply.status === 400 && names(reply, 'type')
			? differs(
					`refused, naming the parameter: ${refusal(reply)}`,
					'Tag → Get Many sends no type to v2 and checks it on the records (resources/tag.ts)',
				)
			: differs(`GET /v2/tags?type=deals: ${refusal(reply)}`);
	},
};

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

const SANDBOX_SHAPE = [
	'dataType',
	'entity',
	'id',
	'key',
	'label',
	'pipelineId',
	'required',
	'values',
];
const TEXT_TYPES = [
	'text',
	'longtext',
	'textarea',
	'string',
	'email',
	'phone',
	'phonenumber',
	'link',
	'url',
];

const definitions: Check = {
	id: 'custom-fields.definitions',
	title:
		'GET /v2/custom-fields?entity= answers {data, meta} of {id, entity, key, label, dataType, required, values, pipelineId} (§11.12 shows no shape)',
	depends: [CUSTOM_FIELDS],
	sandbox: 'sandbox/v2/refdata.ts',
	async run(kit) {
		const problems: string[] = [];
		const shapes = new Set<string>();
		let count = 0;
		const pipeline = recordsOf('v2', await kit.probe.get('v2', '/pipelines', { pageSize: 1 }))[0];
		const scopes: IDataObject[] = ['contacts', 'companies', 'deals', 'tasks'].map((entity) => ({
			entity,
		}));
		if (pipeline) scopes.push({ entity: 'deals', pipelineId: String(pipeline.id) });
		for (const scope of scopes) {
			const reply = await kit.probe.get('v2', '/custom-fields', scope);
			const where = `entity=${String(scope.entity)}${scope.pipelineId ? '&pipelineId' : ''}`;
			if (!reply.ok) {
				problems.push(`${where}: ${refusal(reply)}`);
				continue;
			}
			const page = pageOf('v2', reply.body);
			if (!page.records) {
				problems.push(`${where}: no data list`);
				continue;
			}
			for (const raw of page.records) {
				count++;
				shapes.add(Object.keys(raw).sort().join(', '));
				const read = readDefinition(raw);
				const type = String(raw.dataType ?? raw.type ?? raw.fieldType ?? '')
					.toLowerCase()
					.replace(/[^a-z]/g, '');
				if (!read) problems.push(`${where}: a definition without key or label`);
				else if (read.kind === 'text' && type && !TEXT_TYPES.includes(type))
					problems.push(
						`${where}: type '${type}' of ${read.key} is not understood (values go as text)`,
					);
			}
		}
		if (problems.length) return differs(problems.join('; '));
		if (!count) return notChecked('the account defines no custom fields');
		const other = [...shapes].filter((shape) => shape !== SANDBOX_SHAPE.join(', '));
		return other.length
			? differs(
					`${plural(count, 'definition')} with other properties: ${other.join(' / ')}`,
					'every one is read (key, label, type, required, values) by the lenient reader (customFields.ts)',
				)
			: holds(`${plural(count, 'definition')}, each {${SANDBOX_SHAPE.join(', ')}}`);
	},
};

const v1CustomFields: Check = {
	id: 'v1.custom-fields-out',
	title: 'v1 records carry custom fields inside customFields, keyed cf_… (§9.2)',
	depends: [],
	sandbox: 'sandbox/resources.ts',
	async run(kit) {
		const records = [
			...recordsOf('v1', await kit.probe.get('v1', '/leads', { limit: 50 })),
			...recordsOf('v1', await kit.probe.get('v1', '/clients', { limit: 2 })),
		];
		if (!records.length) return notChecked('no v1 leads or clients');
		const topLevel = records.filter((record) =>
			Object.keys(record).some((key) => key.startsWith('cf_')),
		);
		const inside = records.flatMap((record) =>
			Object.keys(isObject(record.customFields) ? record.customFields : {}),
		);
		const odd = inside.filter((key) => !key.startsWith('cf_'));
		if (topLevel.length)
			return differs(`${plural(topLevel.length, 'record')} with top-level cf_* keys`);
		if (odd.length)
			return differs(`customFields keyed otherwise: ${listing([...new Set(odd)].slice(0, 5))}`);
		return inside.length
			? holds(`${plural(inside.length, 'value')} inside customFields, all cf_ keys`)
			: notChecked(`none of ${plural(records.length, 'record')} read holds a custom-field value`);
	},
};

const unknownQuery: Check = {
	id: 'v1.unknown-query',
	title: 'v1 lists ignore query parameters they do not know (no v1 filter is documented, §7)',
	depends: [],
	sandbox: 'sandbox/v1/routes.ts',
	async run(kit) {
		const reply = await kit.probe.get('v1', '/leads', { limit: 1, hefflConformanceProbe: 1 });
		return reply.ok
			? holds('GET /v1/leads?hefflConformanceProbe=1 answered the list')
			: differs(
					`refused: ${refusal(reply)}`,
					'the node sends v1 lists no undocumented parameter (its filters are checked in n8n)',
				);
	},
};

const webhookList: Check = {
	id: 'webhooks.list',
	title:
		'webhook subscriptions are listed at v1 GET /webhooks (contract; not in the reference, §12.1)',
	depends: [resourceFile('webhookSubscription')],
	sandbox: 'sandbox/v1/routes.ts',
	async run(kit) {
		const { path } = resource('webhookSubscription');
		const reply = await kit.probe.get('v1', path, { limit: 20 });
		if (!reply.ok) return differs(`GET /v1${path}: ${refusal(reply)}`);
		const records = pageOf('v1', reply.body).records;
		return records
			? holds(`${plural(records.length, 'subscription')} on the first page`)
			: differs('no items list');
	},
};

export const REFERENCE_CHECKS: Check[] = [
	referencePaths,
	v1Tags,
	v2TagType,
	templateTypes,
	templateSearch,
	templateGet,
	definitions,
	v1CustomFields,
	unknownQuery,
	webhookList,
];
