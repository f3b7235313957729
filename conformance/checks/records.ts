/**
 * What records look like and where they are read: ID prefixes (§8), createdAt precision,
 * v2 lead rows, lead stages by name, one record in two views
 * (§15), reference-data paths, tags (contract, §11.9), templates (§11.13), v1 custom fields.
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
	timeOf,
} from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';

const lower = (value: unknown) =>
	String(value ?? '')
		.trim()
		.toLowerCase();

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
	sandbox: 'sandbox/seed.ts',
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

const leadRows: Check = {
	id: 'leads.v2-rows',
	title:
		'v2 GET /leads rows have id and createdAt, and show what Lead filters check (stage, source, archived)',
	depends: ['nodes/HefflPollingTrigger/readNew.ts', resourceFile('lead')],
	sandbox: 'sandbox/v2/refdata.ts',
	async run(kit) {
		const list = POLLED_LISTS.find((candidate) => candidate.value === 'lead');
		const reply = await newestFirst(kit, list ?? { api: 'v2', path: '/leads' });
		if (!reply.ok) return differs(`GET /v2/leads: ${refusal(reply)}`);
		const rows = recordsOf('v2', reply);
		if (!rows.length) return notChecked('the account has no leads');
		const broken = rows.filter(
			(row) => typeof row.id !== 'string' || timeOf(row.createdAt) === undefined,
		);
		if (broken.length)
			return differs(`${plural(broken.length, 'row')} without a string id or an ISO createdAt`);
		const missing = ['stage', 'source', 'archived'].filter(
			(key) => !rows.some((row) => key in row),
		);
		if (missing.length)
			return differs(
				`rows show no ${listing(missing)}`,
				'a poll with a Lead filter on a field its rows do not show fails with a message naming it (readNew.ts)',
			);
		return holds(`${plural(rows.length, 'row')} with id, createdAt, stage, source and archived`);
	},
};

const stageNames: Check = {
	id: 'leads.stage-names',
	title:
		'a v1 lead shows its stage and source by name, as /leads/stages and /leads/sources list them',
	depends: [resourceFile('lead')],
	sandbox: 'sandbox/resources.ts',
	async run(kit) {
		const leads = recordsOf('v1', await kit.probe.get('v1', '/leads', { limit: 50 }));
		const problems: string[] = [];
		let compared = 0;
		for (const [key, path] of [
			['stage', '/leads/stages'],
			['source', '/leads/sources'],
		]) {
			const names = new Set(
				recordsOf('v1', await kit.probe.get('v1', path, { limit: 100 })).map((record) =>
					lower(record.name ?? record.label),
				),
			);
			const values = leads
				.map((lead) => lead[key])
				.filter((value) => value !== null && value !== undefined);
			compared += values.length;
			const unknown = values.filter((value) => !names.has(lower(value)));
			if (unknown.length)
				problems.push(`${key} ${JSON.stringify(unknown[0])} is not a name in ${path}`);
		}
		if (problems.length) return differs(problems.join('; '));
		if (!compared) return notChecked('no lead read shows a stage or a source');
		return holds(
			`${plural(compared, 'stage and source value')} on ${plural(leads.length, 'lead')}, each a listed name`,
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
	sandbox: 'sandbox/v2/refdata.ts',
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
	leadRows,
	stageNames,
	twoViews,
	companyGet,
	productGet,
	pipelineStages,
];

/** Runs after every other check: the tasks the write checks created tell the precision. */
export const LATE_RECORD_CHECKS: Check[] = [precision];
