/**
 * Custom fields as read: v2's definitions (§11.12 shows no shape) and where v1 records carry
 * their values (§9.2).
 */
import type { IDataObject } from 'n8n-workflow';

import { readDefinition } from '../../nodes/shared/records/customFields';
import { isObject, listing, pageOf, plural, recordsOf, refusal } from '../reads';
import type { Check } from '../types';
import { differs, holds, notChecked } from '../types';

const CUSTOM_FIELDS = 'nodes/shared/records/customFields.ts';

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

export const CUSTOM_FIELD_READ_CHECKS: Check[] = [definitions, v1CustomFields];
