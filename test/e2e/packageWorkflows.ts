/**
 * The workflows of test/e2e/n8n.test.ts, built for its sandbox before they go into the
 * shared n8n: a round trip per resource, custom fields and a filtered list, Return All,
 * an error item, hostile values, the HTTP Request node with the Heffl credential, and the
 * trigger that makes a follow-up task; and how a test runs one by its webhook.
 */
import type { IDataObject } from 'n8n-workflow';
import { expect } from 'vitest';

import type { Session, Workflow } from '../../drivers/real-n8n.mjs';
import { callWebhook, hefflTriggerWorkflow, webhookWorkflow } from '../../drivers/real-n8n.mjs';
import { mapped } from '../../drivers/demo-workflows';
import type { CrudResource } from '../../drivers/roundTrips';
import { CRUD } from '../../drivers/roundTrips';
import type { StartedSandbox } from '../../sandbox';

type Node = { name: string; type: string; parameters?: IDataObject; [key: string]: unknown };
export type { Workflow } from '../../drivers/real-n8n.mjs';

export const credentials = { hefflApi: { id: 'hefflSandbox1', name: 'Heffl sandbox' } };
const heffl = (name: string, parameters: IDataObject, extra: IDataObject = {}): Node => ({
	name,
	type: 'n8n-nodes-heffl.heffl',
	parameters,
	credentials,
	...extra,
});
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const createdId = '={{ $("Create").item.json.id }}';
const onFail = { onError: 'continueRegularOutput' };

/** A workflow started by a POST to its production webhook: Webhook → nodes. */
function byWebhook(name: string, nodes: Node[]) {
	return webhookWorkflow(`wf${name}`, name, name.toLowerCase(), nodes);
}

/** Activates a webhook workflow in `n8n`, calls its webhook, returns every node's output of that execution. */
export async function runByWebhook(n8n: { url: string; session: Session }, workflow: Workflow) {
	const { session } = n8n;
	await session.activate(workflow.id);
	const answer = await callWebhook(n8n.url, workflow);
	await answer.arrayBuffer();
	const [latest] = await session.executions(workflow.id);
	const { outputs, error } = await session.outputs(latest.id);
	expect({ status: answer.status, error }).toEqual({ status: 200, error: undefined });
	return outputs as Record<string, IDataObject[]>;
}

/** The workflows the tests run, built for `sandbox` before they go into n8n; `all` lists them. */
export function packageWorkflows(sandbox: StartedSandbox) {
	const roundTrips = Object.fromEntries(
		(Object.keys(CRUD) as CrudResource[]).map((resource) => [
			resource,
			roundTripWorkflow(sandbox, resource),
		]),
	) as Record<CrudResource, Workflow>;
	const named = {
		customFields: customFieldsWorkflow(),
		contacts: byWebhook('Contacts', [
			heffl('Contacts', { resource: 'contact', operation: 'getAll', returnAll: true }),
		]),
		error: byWebhook('MissingLead', [
			heffl(
				'Missing',
				{ resource: 'lead', operation: 'get', leadId: byId('ld_missing0000000000000') },
				onFail,
			),
		]),
		hostileValues: hostileValuesWorkflow(sandbox),
		http: httpRequestWorkflow(sandbox),
		trigger: leadTriggerWorkflow(),
	};
	return { roundTrips, ...named, all: [...Object.values(roundTrips), ...Object.values(named)] };
}

/** Webhook → Create → Get → Update → Delete, each step on the record Create made. */
function roundTripWorkflow(sandbox: StartedSandbox, resource: CrudResource) {
	const record = { resource, [`${resource}Id`]: byId(createdId) };
	return byWebhook(`${resource}RoundTrip`, [
		heffl('Create', { resource, operation: 'create', ...CRUD[resource].create(sandbox) }),
		heffl('Get', { ...record, operation: 'get', simplify: false }),
		heffl('Update', { ...record, operation: 'update', updateFields: CRUD[resource].update }),
		heffl('Delete', { ...record, operation: 'delete' }),
	]);
}

/** Custom fields from their definitions (the resource mapper), a v2 filter builder. */
function customFieldsWorkflow() {
	return byWebhook('CustomFields', [
		heffl('Company', {
			resource: 'company',
			operation: 'create',
			name: 'E2E Trading',
			customFieldsMapping: mapped(
				{
					cf_industry: 'Retail',
					cf_company_size: '=12',
					cf_contract_end_date: '2027-03-31',
					cf_regions: 'emea, APAC',
				},
				[
					['cf_industry', 'Industry', 'options', true],
					['cf_company_size', 'Company Size', 'number', false],
					['cf_contract_end_date', 'Contract End Date', 'dateTime', false],
					['cf_regions', 'Regions', 'string', false],
				],
				{ cf_industry: ['Software', 'Retail', 'Manufacturing', 'Healthcare', 'Finance'] },
			),
		}),
		heffl('Won Deals', {
			resource: 'deal',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
			sort: { orderBy: 'price', orderDir: 'asc' },
			filters: {
				conditions: { condition: [{ field: 'status', operator: 'is', values: 'WON' }] },
			},
		}),
	]);
}

/**
 * Issue 29's hostile shapes through n8n's own expression engine (the `vm` isolate on 2.x),
 * which hands values over differently from n8n-core's harness: each node continues on fail.
 */
function hostileValuesWorkflow(sandbox: StartedSandbox) {
	const deep = `={{ JSON.parse('{"a":'.repeat(5000) + '1' + '}'.repeat(5000)) }}`;
	const lead = String(sandbox.records('leads')[0].id);
	return byWebhook('HostileValues', [
		heffl(
			'Deep Filters',
			{ resource: 'company', operation: 'getAll', filters: { filtersJson: deep } },
			onFail,
		),
		heffl(
			'Deep Value',
			{ resource: 'lead', operation: 'create', name: 'x', additionalFields: { value: deep } },
			onFail,
		),
		heffl(
			'Empty Value',
			{
				resource: 'lead',
				operation: 'create',
				name: 'x',
				additionalFields: { value: "={{ JSON.parse('{}') }}" },
			},
			onFail,
		),
		heffl('NaN ID', { resource: 'deal', operation: 'delete', dealId: byId('={{ NaN }}') }, onFail),
		heffl(
			'Object Tags',
			{
				resource: 'task',
				operation: 'create',
				title: 'x',
				additionalFields: { tags: `={{ JSON.parse('[{"name":"VIP"}]') }}` },
			},
			onFail,
		),
		heffl(
			'Lead as ID',
			{
				resource: 'lead',
				operation: 'get',
				leadId: byId(`={{ JSON.parse('{"id":"${lead}","name":"x"}') }}`),
			},
			onFail,
		),
	]);
}

/** The HTTP Request node with the Heffl API credential. */
function httpRequestWorkflow(sandbox: StartedSandbox) {
	return byWebhook('HttpRequest', [
		{
			name: 'HTTP',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				url: `${sandbox.urls.v1}/tags`,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: 'hefflApi',
				options: {},
			},
			credentials,
		},
	]);
}

/** Heffl Trigger on lead.created → a follow-up task linked to the lead. */
function leadTriggerWorkflow() {
	const trigger = { parameters: { events: ['lead.created'] }, credentials };
	return hefflTriggerWorkflow('wfLeadTrigger', 'New lead: follow-up task', trigger, [
		heffl('Follow-up Task', {
			resource: 'task',
			operation: 'create',
			title: '=E2E follow-up: {{ $json.record.name }}',
			additionalFields: { linkedTo: 'leads', linkedId: byId('={{ $json.record.id }}') },
		}),
	]);
}
