/**
 * `bulkCreate` makes N companies, deals, tasks or quotations at once for Return All
 * benchmarks: valid records straight in the store (no request, no event), created a second
 * apart and ending now, so a list of thousands needs no thousands of rate-limited creates.
 */
import { intBetween, newId, pick, prng } from '../random';
import type { Rand } from '../random';
import type { Store, Workspace } from '../store';
import type { JsonObject, WorkspaceId } from '../types';
import { TASKS } from './crm/tasks';
import { QUOTATION_TEMPLATE_NAME } from './seed';

export const BULK_RESOURCES = ['companies', 'deals', 'tasks', 'quotations'] as const;
export type BulkResource = (typeof BULK_RESOURCES)[number];

/** What every record of one bulk run is made from: the workspace's companies, pipeline, template. */
interface Batch {
	rand: Rand;
	companies: JsonObject[];
	counts: { deals: number; tasks: number; quotations: number };
	pipeline: JsonObject | undefined;
	stage: JsonObject | undefined;
	template: JsonObject | undefined;
}

type Make = (batch: Batch, index: number, createdAt: string) => JsonObject;

const makeCompany: Make = ({ rand, companies }, _index, createdAt) => {
	const number = companies.length + 1;
	return {
		id: newId('clt_'),
		number: `C-${String(number).padStart(4, '0')}`,
		type: 'company',
		name: `Bulk Company ${number}`,
		email: `accounts${number}@bulk.example`,
		cf_industry: pick(rand, ['Software', 'Retail', 'Manufacturing', 'Healthcare', 'Finance']),
		createdAt,
		updatedAt: createdAt,
	};
};

const makeDeal: Make = ({ rand, companies, counts, pipeline, stage }, index, createdAt) => {
	const client = companies[index % Math.max(1, companies.length)];
	return {
		id: newId('dl_'),
		number: `D-${String(++counts.deals).padStart(4, '0')}`,
		title: `Bulk Deal ${index + 1}`,
		clientId: (client?.id ?? null) as string | null,
		pipelineId: (pipeline?.id ?? null) as string | null,
		stageId: (stage?.id ?? null) as string | null,
		status: 'ACTIVE',
		priority: pick(rand, ['LOW', 'MEDIUM', 'HIGH']),
		price: intBetween(rand, 1, 100) * 100,
		currency: 'USD',
		position: counts.deals,
		cf_lead_score: intBetween(rand, 1, 100),
		createdAt,
		updatedAt: createdAt,
	};
};

const makeTask: Make = ({ counts }, index, createdAt) => ({
	id: newId('tsk_'),
	number: `T-${String(++counts.tasks).padStart(4, '0')}`,
	title: `Bulk Task ${index + 1}`,
	// The defaults a create sending only a title gets.
	...TASKS.defaults,
	createdAt,
	updatedAt: createdAt,
});

const makeQuotation: Make = ({ companies, counts, template }, index, createdAt) => {
	const client = companies[index % Math.max(1, companies.length)];
	return {
		id: newId('qtn_'),
		number: `QT-${String(++counts.quotations).padStart(4, '0')}`,
		clientId: (client?.id ?? null) as string | null,
		templateId: (template?.id ?? null) as string | null,
		date: createdAt,
		status: 'DRAFT',
		currency: 'USD',
		conversionRate: 1,
		isInclusiveTax: false,
		tags: [],
		quotationProducts: [
			{
				name: 'Consulting',
				description: null,
				productId: null,
				quantity: 1,
				price: 100,
				discount: 0,
				tax: 0,
				taxRateId: null,
				scope: null,
			},
		],
		cf_project_code: `BULK-${index + 1}`,
		cf_payment_terms: 'Net 30',
		createdAt,
		updatedAt: createdAt,
	};
};

const MAKE: Record<BulkResource, Make> = {
	companies: makeCompany,
	deals: makeDeal,
	tasks: makeTask,
	quotations: makeQuotation,
};

function batchOf(space: Workspace, count: number): Batch {
	const pipeline = space.all('pipelines')[0];
	return {
		rand: prng(count + space.all('clients').length),
		companies: space.all('clients').filter((client) => client.type === 'company'),
		counts: {
			deals: space.all('deals').length,
			tasks: space.all('tasks').length,
			quotations: space.all('quotations').length,
		},
		pipeline,
		stage: ((pipeline?.stages ?? []) as JsonObject[])[0],
		template: space
			.all('templates')
			.find((candidate) => candidate.name === QUOTATION_TEMPLATE_NAME),
	};
}

/** Creates `count` valid records of a v2 resource straight in the store; returns their IDs. */
export function bulkCreate(
	store: Store,
	workspace: WorkspaceId,
	resource: BulkResource,
	count: number,
): string[] {
	const batch = batchOf(store.workspace(workspace), count);
	const now = Date.now();
	const ids: string[] = [];
	for (let index = 0; index < count; index++) {
		const record = MAKE[resource](batch, index, store.now(now - (count - index) * 1000));
		store.insert(workspace, resource === 'companies' ? 'clients' : resource, record);
		if (resource === 'companies') batch.companies.push(record);
		ids.push(String(record.id));
	}
	return ids;
}
