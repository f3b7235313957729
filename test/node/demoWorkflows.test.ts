/**
 * The demo's sample workflows (as `npm start` imports them) run through n8n-core against
 * the sandbox built from Heffl's reference. Only their first node, a trigger, is replaced
 * by a node that emits what the trigger emits. The deal won → quotation sample has its
 * Heffl nodes run the same way; its Filter nodes are n8n's own and run in
 * test/e2e/quotation.test.ts, in real n8n.
 */
import type { IConnections, IDataObject, INode } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { followUpTaskTag, sampleWorkflows, wonDealQuotation } from '../../scripts/demo-workflows';
import { useSandbox } from '../harness/context';
import type { WorkflowJson } from '../harness/n8n';
import { executeWorkflow } from '../harness/n8n';

const ctx = useSandbox();

/** The workflow with its trigger replaced by a node emitting `items`, under the trigger's name. */
function fedWith(workflow: WorkflowJson, items: IDataObject[]): WorkflowJson {
	const [trigger, ...rest] = workflow.nodes;
	const feeder: INode = {
		...trigger,
		type: 'test.items',
		typeVersion: 1,
		parameters: { items: JSON.stringify(items) },
		credentials: undefined,
	};
	return { ...workflow, nodes: [feeder, ...rest] };
}

/** Only the Heffl nodes, one after the other, fed by `items` under the trigger's name. */
function hefflPart(workflow: WorkflowJson, items: IDataObject[]): WorkflowJson {
	const [feeder, ...rest] = fedWith(workflow, items).nodes;
	const nodes = [feeder, ...rest.filter((node) => node.type === 'n8n-nodes-heffl.heffl')];
	const connections: IConnections = {};
	nodes.slice(0, -1).forEach((node, index) => {
		connections[node.name] = { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] };
	});
	return { ...workflow, nodes, connections };
}

/** Today's date (YYYY-MM-DD) in a time zone. */
const todayIn = (timeZone: string) =>
	new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

const daysAfter = (date: string, days: number) =>
	new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);

function outputOf(run: Awaited<ReturnType<typeof executeWorkflow>>, node: string) {
	const task = run.data.resultData.runData[node]?.[0];
	return {
		error: task?.error ?? run.data.resultData.error,
		json: (task?.data?.main?.[0] ?? []).map((item) => item.json),
	};
}

describe('the demo workflows', () => {
	test('every Heffl node in them is in the node’s one version', () => {
		const workflows = [
			...(sampleWorkflows('tag_1', ctx.sandbox.urls.v1) as WorkflowJson[]),
			wonDealQuotation('tpl_x') as WorkflowJson,
		];
		const heffl = workflows
			.flatMap((workflow) => workflow.nodes)
			.filter((node) => node.type.startsWith('n8n-nodes-heffl.'));
		expect(heffl.length).toBeGreaterThan(0);
		expect(heffl.every((node) => node.typeVersion === 1)).toBe(true);
	});

	test('new lead → a follow-up task linked to it (§11.5), tagged Follow-up, priority HIGH, due tomorrow', async () => {
		const tagId = await followUpTaskTag(ctx.sandbox.urls.v2, ctx.sandbox.apiKey);
		const [newLead] = sampleWorkflows(tagId, ctx.sandbox.urls.v1) as WorkflowJson[];
		const answer = await fetch(`${ctx.sandbox.urls.v1}/leads`, {
			method: 'POST',
			headers: { 'x-api-key': ctx.sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com' }),
		});
		const lead = (await answer.json()) as IDataObject;
		ctx.sandbox.clearRequests();
		const run = await executeWorkflow(
			fedWith(newLead, [{ event: 'lead.created', record: lead }]),
			ctx.credentials,
		);

		const task = outputOf(run, 'Follow-up Task');
		expect(task.error).toBeUndefined();
		expect(task.json[0]).toMatchObject({
			title: 'Follow up with Ada Lovelace',
			entity: 'leads',
			entityId: lead.id,
			priority: 'HIGH',
			tagIds: [tagId],
		});
		expect(String(task.json[0].dueDate)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
		// The tasks' custom-field definitions (a create checks required ones), then one create
		// on API v2; the lead itself is not written.
		expect(ctx.apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /api/v2/custom-fields?entity=tasks',
			'POST /api/v2/tasks',
		]);
	});

	test('list all contacts (API v2): every contact once', async () => {
		const [, contacts] = sampleWorkflows('tag_1', ctx.sandbox.urls.v1) as WorkflowJson[];
		const run = await executeWorkflow(fedWith(contacts, [{}]), ctx.credentials);
		const listed = outputOf(run, 'All Contacts');
		expect(listed.error).toBeUndefined();
		// Every contact once; the order is the list's own (§7: createdAt desc by default).
		expect(listed.json.map((contact) => String(contact.id)).sort()).toEqual(
			ctx.sandbox
				.records('contacts')
				.map((contact) => String(contact.id))
				.sort(),
		);
	});
});

describe('the demo workflow deal won → quotation', () => {
	const template = () =>
		ctx.sandbox
			.records('templates')
			.find((record) => record.name === 'Project Quotation' && record.type === 'quotations')!;
	const v2 = async (method: string, path: string, body?: IDataObject) => {
		const answer = await fetch(`${ctx.sandbox.urls.v2}${path}`, {
			method,
			headers: { 'x-api-key': ctx.sandbox.apiKey, 'content-type': 'application/json' },
			body: body && JSON.stringify(body),
		});
		const json = (await answer.json()) as IDataObject;
		expect({ status: answer.status, json }).toMatchObject({ status: 200 });
		return json;
	};

	test('its Heffl nodes read the deal, look for its quotation and create one; its trigger listens to deal.updated only', () => {
		const { nodes } = wonDealQuotation('tpl_x') as WorkflowJson;
		const heffl = nodes.filter((node) => node.type === 'n8n-nodes-heffl.heffl');
		expect(heffl.map((node) => node.name)).toEqual([
			'Get Deal',
			'Existing Quotation',
			'Create Quotation',
		]);
		expect(nodes[0]).toMatchObject({
			type: 'n8n-nodes-heffl.hefflTrigger',
			parameters: { events: ['deal.updated'] },
		});
	});

	test('its Heffl nodes, fed a won deal as the trigger emits it, create one quotation from the template', async () => {
		const [client] = ctx.sandbox.records('clients');
		const [sales] = ctx.sandbox.records('pipelines');
		const [first] = ctx.sandbox.records('products');
		const created = await v2('POST', '/deals', {
			title: 'Harness rollout',
			clientId: client.id,
			pipelineId: sales.id,
			cf_lead_score: 70,
			products: [
				{ productId: first.id, quantity: 2 },
				{ name: 'Onboarding day', quantity: 1, price: 900 },
			],
		});
		const won = await v2('PATCH', `/deals/${String(created.id)}`, { status: 'WON' });
		const before = ctx.sandbox.records('quotations').length;

		const run = await executeWorkflow(
			hefflPart(wonDealQuotation(String(template().id)) as WorkflowJson, [
				{
					event: 'deal.updated',
					timestamp: new Date().toISOString(),
					webhookId: 'msg_1',
					record: won,
				},
			]),
			ctx.credentials,
		);
		for (const node of ['Get Deal', 'Existing Quotation', 'Create Quotation'])
			expect({ node, error: outputOf(run, node).error }).toEqual({ node, error: undefined });
		expect(outputOf(run, 'Existing Quotation').json).toEqual([{}]);

		const quotations = ctx.sandbox.records('quotations');
		expect(quotations).toHaveLength(before + 1);
		const quotation = quotations.find((record) => record.dealId === created.id)!;
		expect(quotation).toMatchObject({
			clientId: client.id,
			templateId: template().id,
			dealId: created.id,
			subject: 'Quotation for Harness rollout',
			cf_project_code: created.number,
			cf_payment_terms: 'Net 30',
		});
		// $now: in the workflow's time zone, n8n's default America/New_York.
		const today = todayIn('America/New_York');
		expect({
			date: String(quotation.date).slice(0, 10),
			expiryDate: String(quotation.expiryDate).slice(0, 10),
			deliveryDate: String(quotation.cf_delivery_date).slice(0, 10),
		}).toEqual({
			date: today,
			expiryDate: daysAfter(today, 30),
			deliveryDate: daysAfter(today, 14),
		});
		const line = ({ name, quantity, price, productId }: IDataObject) => ({
			name,
			quantity,
			price,
			productId,
		});
		expect((quotation.quotationProducts as IDataObject[]).map(line)).toEqual([
			{ name: first.name, quantity: 2, price: first.price, productId: first.id },
			{ name: 'Onboarding day', quantity: 1, price: 900, productId: null },
		]);
		expect((won.products as IDataObject[]).map(line)).toEqual(
			(quotation.quotationProducts as IDataObject[]).map(line),
		);
		expect(outputOf(run, 'Create Quotation').json[0]).toMatchObject({
			id: quotation.id,
			dealId: created.id,
		});
	});
});
