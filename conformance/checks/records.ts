/**
 * What records look like and where they are read: the reference lists' shapes, ID prefixes
 * (§8), then lead rows and stage names (leads.ts), one record in two views (§15), the single
 * reads of companies and products, pipelines' stages, and last createdAt precision.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	isObject,
	listing,
	newestFirst,
	firstOf,
	plural,
	POLLED_LISTS,
	recordsOf,
	REFERENCE_LISTS,
	refusal,
	resource,
	resourceFile,
} from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';
import { LEAD_READ_CHECKS } from './leads';

async function firstRecord(kit: Kit, value: string): Promise<IDataObject | undefined> {
	const list = POLLED_LISTS.find((candidate) => candidate.value === value);
	if (list) return recordsOf(list.api, await newestFirst(kit, list))[0];
	return recordsOf('v2', await firstOf(kit, resource(value).path))[0];
}

/** Every ID the run read, by the resource whose prefix it should carry. */
async function idsSeen(kit: Kit): Promise<Array<{ where: string; id: unknown; prefix: string }>> {
	const seen: Array<{ where: string; id: unknown; prefix: string }> = [];
	for (const list of POLLED_LISTS) {
		for (const record of recordsOf(list.api, await newestFirst(kit, list)).slice(0, 3)) {
			seen.push({ where: `${list.path} id`, id: record.id, prefix: list.idPrefix ?? '' });
			if (list.value === 'deal') {
				seen.push({ where: '/deals pipelineId', id: record.pipelineId, prefix: 'dpl_' });
				seen.push({ where: '/deals stageId', id: record.stageId, prefix: 'dps_' });
			}
		}
	}
	for (const list of REFERENCE_LISTS)
		for (const record of recordsOf('v2', await firstOf(kit, list.path)))
			seen.push({ where: `${list.path} id`, id: record.id, prefix: list.idPrefix ?? '' });
	for (const value of ['lead', 'client']) {
		const { path, idPrefix } = resource(value);
		for (const record of recordsOf('v1', await kit.probe.get('v1', path, { limit: 2 })))
			seen.push({ where: `v1 ${path} id`, id: record.id, prefix: idPrefix ?? '' });
	}
	return seen.filter((entry) => entry.prefix && entry.id !== null && entry.id !== undefined);
}

const idPrefixes: Check = {
	id: 'ids.prefixes',
	title:
		'IDs carry the prefixes of §8.1 (shown in placeholders and used to read pasted addresses, never enforced)',
	depends: ['nodes/shared/records/recordIds.ts'],
	sandbox: 'sandbox/seedRecords.ts',
	async run(kit) {
		const seen = await idsSeen(kit);
		if (!seen.length) return notChecked('no records were read');
		const other = seen.filter((entry) => !String(entry.id).startsWith(entry.prefix));
		if (other.length)
			return differs(
				other
					.slice(0, 6)
					.map((entry) => `${entry.where} ${JSON.stringify(entry.id)} (expected ${entry.prefix}…)`)
					.join('; '),
				'IDs of any shape are taken; a pasted address falls back to its last segment (recordIds.ts); change idPrefix in the resource file for the placeholders',
			);
		const prefixes = [...new Set(seen.map((entry) => entry.prefix))];
		return holds(
			`${plural(seen.length, 'ID')} read, all with their prefix (${prefixes.join(' ')})`,
		);
	},
};

const precision: Check = {
	id: 'timestamps.precision',
	title: 'createdAt has milliseconds (many records may otherwise share one)',
	depends: ['nodes/HefflPollingTrigger/cursor.ts'],
	sandbox: 'sandbox/behaviours.ts',
	async run(kit) {
		const created = (Array.isArray(kit.shared.tasks) ? kit.shared.tasks : []) as IDataObject[];
		const stamps = created
			.map((task) => task.createdAt)
			.filter((value) => typeof value === 'string');
		const adapts =
			'records sharing a createdAt are told apart by ID within 60 s of the newest handled one (cursor.ts)';
		if (stamps.length >= 2) {
			const whole = stamps.filter((stamp) => /:\d\d(\.0+)?(Z|[+-]\d\d:?\d\d)$/.test(String(stamp)));
			return whole.length === stamps.length
				? differs(
						`the ${stamps.length} tasks this run created have whole-second createdAt (${String(stamps[0])})`,
						adapts,
					)
				: holds(`new tasks have milliseconds (${String(stamps[0])})`);
		}
		for (const list of POLLED_LISTS) {
			for (const record of recordsOf(list.api, await newestFirst(kit, list))) {
				const stamp = String(record.createdAt ?? '');
				if (/\.\d*[1-9]\d*(Z|[+-])/.test(stamp)) return holds(`${list.path} shows ${stamp}`);
			}
		}
		return notChecked(
			'every createdAt read is a whole second, which imported or seeded records show too; --write creates records to tell',
		);
	},
};

const twoViews: Check = {
	id: 'clients.reads-companies',
	title:
		'a v2 company is the v1 client with the same clt_ ID (Client → Get reads it; no Company → Get)',
	depends: [resourceFile('company'), resourceFile('client')],
	sandbox: 'sandbox/v2/crm/companies.ts',
	async run(kit) {
		const company = await firstRecord(kit, 'company');
		if (!company) return notChecked('the account has no companies');
		const reply = await kit.probe.get('v1', kit.probe.pathOf('/clients', String(company.id)));
		if (!reply.ok) return differs(`GET /v1/clients/${String(company.id)}: ${refusal(reply)}`);
		const client = isObject(reply.body) ? reply.body : {};
		return client.id === company.id
			? holds(
					`GET /v1/clients/${String(company.id)} answered the company (type ${String(client.type)})`,
				)
			: differs(`GET /v1/clients/${String(company.id)} answered ${String(client.id)}`);
	},
};

const companyGet: Check = {
	id: 'companies.get',
	title: 'v2 has no GET /companies/{id} (§11.2), so the node offers none',
	depends: [],
	sandbox: 'sandbox/v2/crm/companies.ts',
	async run(kit) {
		const company = await firstRecord(kit, 'company');
		if (!company) return notChecked('the account has no companies');
		const reply = await kit.probe.get('v2', kit.probe.pathOf('/companies', String(company.id)));
		if (reply.ok)
			return differs(
				`GET /v2/companies/${String(company.id)} answered the company`,
				'Company → Get could be offered (nodes/shared/table/resources/company.ts); Client → Get reads it meanwhile',
			);
		return reply.status === 404 || reply.status === 405
			? holds(`GET /v2/companies/{id} answered ${reply.status}`)
			: differs(`GET /v2/companies/{id}: ${refusal(reply)}`);
	},
};

const productGet: Check = {
	id: 'products.get-v1',
	title: 'Product → Get reads v1 GET /products/{id} with the prd_ ID of the v2 list',
	depends: [resourceFile('product')],
	sandbox: 'sandbox/v1/routes.ts',
	async run(kit) {
		const product = await firstRecord(kit, 'product');
		if (!product) return notChecked('the account has no products');
		const reply = await kit.probe.get('v1', kit.probe.pathOf('/products', String(product.id)));
		if (!reply.ok) return differs(`GET /v1/products/${String(product.id)}: ${refusal(reply)}`);
		return holds(
			`GET /v1/products/${String(product.id)} answered ${String((reply.body as IDataObject).name)}`,
		);
	},
};

const pipelineStages: Check = {
	id: 'pipelines.stages',
	title:
		'GET /v2/pipelines shows each pipeline with its stages (id, type): the stage picker reads them (§11.7)',
	depends: [resourceFile('pipelineStage')],
	sandbox: 'sandbox/v2/pipelines.ts',
	async run(kit) {
		const pipeline = await firstRecord(kit, 'pipeline');
		if (!pipeline) return notChecked('the account has no pipelines');
		const stages = pipeline.stages;
		if (!Array.isArray(stages))
			return differs(`pipeline ${String(pipeline.id)} has no stages list`);
		const odd = (stages as IDataObject[]).filter(
			(stage) =>
				typeof stage.id !== 'string' || !['ACTIVE', 'WON', 'LOST'].includes(String(stage.type)),
		);
		return odd.length
			? differs(`stages without an id or an ACTIVE/WON/LOST type: ${JSON.stringify(odd[0])}`)
			: holds(
					`pipeline ${String(pipeline.id)}: ${plural(stages.length, 'stage')} with id and type`,
				);
	},
};

/** The fields pickers show, per reference list: the sandbox's shapes (§11.9, §11.11, §13 show none). */
const SHAPES: Record<string, string[]> = {
	user: ['id', 'name', 'email'],
	clientStage: ['id', 'name'],
	crmSource: ['id', 'name'],
	tag: ['id', 'name', 'type', 'color'],
};

const referenceShapes: Check = {
	id: 'reference.shapes',
	title:
		'users show id, name and email; client stages and sources id and name; tags id, name, type and color',
	depends: ['nodes/Heffl/methods/loadOptions.ts'],
	sandbox: 'sandbox/v2/refdata.ts',
	async run(kit) {
		const missing: string[] = [];
		const read: string[] = [];
		for (const [value, keys] of Object.entries(SHAPES)) {
			const { path } = resource(value);
			const record = recordsOf('v2', await firstOf(kit, path))[0];
			if (!record) continue;
			const absent = keys.filter((key) => !(key in record));
			if (absent.length) missing.push(`${path} without ${listing(absent)}`);
			else read.push(path);
		}
		if (missing.length)
			return differs(
				missing.join('; '),
				missing.some((entry) => / without (id|name)\b/.test(entry))
					? undefined
					: 'pickers show the name; the rest is only shown when there',
			);
		return read.length
			? holds(`as expected on ${listing(read)}`)
			: notChecked('the reference lists are empty');
	},
};

export const RECORD_CHECKS: Check[] = [
	referenceShapes,
	idPrefixes,
	...LEAD_READ_CHECKS,
	twoViews,
	companyGet,
	productGet,
	pipelineStages,
];

/** Runs after every other check: the tasks the write checks created tell the precision. */
export const LATE_RECORD_CHECKS: Check[] = [precision];
