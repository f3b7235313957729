/**
 * Making Heffl records in the sandbox over its HTTP API, as a user or another system
 * would, for the polling trigger's tests, the e2e tier and the bench: one valid create
 * body per watched kind (heffl-reference.md §10.1, §11.1–§11.5).
 */
import type { StartedSandbox } from './';

type Body = Record<string, unknown>;

/** The kinds the polling trigger watches, as its Trigger On values. */
export type Kind = 'contact' | 'company' | 'deal' | 'quotation' | 'lead' | 'task';

export const KINDS: Kind[] = ['contact', 'company', 'deal', 'quotation', 'lead', 'task'];

function bodyOf(sandbox: StartedSandbox, kind: Kind, label: string): { path: string; body: Body } {
	const company = () =>
		sandbox.records('clients').find((client) => client.type === 'company') as Body;
	const pipeline = sandbox.records('pipelines')[0] as Body;
	switch (kind) {
		case 'contact':
			return { path: '/v2/contacts', body: { firstName: label, email: `${label}@poll.example` } };
		case 'company':
			return { path: '/v2/companies', body: { name: label, cf_industry: 'Software' } };
		case 'deal':
			return {
				path: '/v2/deals',
				body: { title: label, clientId: company().id, pipelineId: pipeline.id, cf_lead_score: 5 },
			};
		case 'quotation': {
			const template = sandbox.records('templates').find((t) => t.name === 'Project Quotation');
			return {
				path: '/v2/quotations',
				body: {
					clientId: company().id,
					templateId: template?.id,
					date: new Date().toISOString(),
					subject: label,
					quotationProducts: [{ name: label, quantity: 1, price: 100 }],
					cf_project_code: 'PRJ-1',
					cf_payment_terms: 'Net 30',
				},
			};
		}
		case 'lead':
			return { path: '/v1/leads', body: { name: label, email: `${label}@poll.example` } };
		case 'task':
			return { path: '/v2/tasks', body: { title: label } };
	}
}

/** Creates one record of `kind` through the API with `apiKey` (the sandbox's by default). */
export async function createRecord(
	sandbox: StartedSandbox,
	kind: Kind,
	label: string,
	apiKey = sandbox.apiKey,
): Promise<Body> {
	const { path, body } = bodyOf(sandbox, kind, label);
	const response = await fetch(`${sandbox.urls.origin}/api${path}`, {
		method: 'POST',
		headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	const answer = (await response.json()) as Body;
	if (response.status !== 200) throw new Error(`create ${kind}: ${JSON.stringify(answer)}`);
	return answer;
}

/** Creates `count` records one after another; their ids, oldest first. */
export async function createRecords(
	sandbox: StartedSandbox,
	kind: Kind,
	count: number,
	prefix: string,
	apiKey?: string,
): Promise<string[]> {
	const ids: string[] = [];
	for (let index = 0; index < count; index++)
		ids.push(String((await createRecord(sandbox, kind, `${prefix}${index}`, apiKey)).id));
	return ids;
}

const PATHS: Record<Kind, string> = {
	contact: '/v2/contacts',
	company: '/v2/companies',
	deal: '/v2/deals',
	quotation: '/v2/quotations',
	lead: '/v1/leads',
	task: '/v2/tasks',
};

export async function deleteRecord(sandbox: StartedSandbox, kind: Kind, id: string) {
	const path = `${PATHS[kind]}/${id}`;
	const response = await fetch(`${sandbox.urls.origin}/api${path}`, {
		method: 'DELETE',
		headers: { 'x-api-key': sandbox.apiKey },
	});
	if (response.status !== 200) throw new Error(`delete ${kind} ${id}: ${await response.text()}`);
}

/** Where the sandbox keeps each kind (companies are clients of type company). */
const COLLECTIONS = {
	contact: 'contacts',
	company: 'clients',
	deal: 'deals',
	quotation: 'quotations',
	lead: 'leads',
	task: 'tasks',
} as const;

/** Gives these records one createdAt, as a bulk import or second-precision timestamps do. */
export function stampAll(sandbox: StartedSandbox, kind: Kind, ids: string[], createdAt: string) {
	const wanted = new Set(ids);
	for (const record of sandbox.records(COLLECTIONS[kind]))
		if (wanted.has(String(record.id))) record.createdAt = createdAt;
}

/** The createdAt the sandbox gave a record. */
export function createdAtOf(sandbox: StartedSandbox, kind: Kind, id: string): string {
	const record = sandbox.records(COLLECTIONS[kind]).find((candidate) => candidate.id === id);
	return String(record?.createdAt);
}
