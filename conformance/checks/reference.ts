/**
 * Reference data: v1 reference paths (§10.6, contract), tags (contract, §11.9), then document
 * templates (templates.ts, §11.13) and custom-field definitions and v1 values
 * (customFieldDefinitions.ts, §11.12, §9.2), then v1's treatment of unknown query parameters
 * (§7) and the webhook list (contract).
 */
import {
	listing,
	names,
	pageOf,
	plural,
	recordsOf,
	refusal,
	resource,
	resourceFile,
} from '../reads';
import type { Check } from '../types';
import { differs, holds, notChecked } from '../types';
import { CUSTOM_FIELD_READ_CHECKS } from './customFieldDefinitions';
import { TEMPLATE_CHECKS } from './templates';

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
	sandbox: 'sandbox/v1/webhooks.ts',
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
	...TEMPLATE_CHECKS,
	...CUSTOM_FIELD_READ_CHECKS,
	unknownQuery,
	webhookList,
];
