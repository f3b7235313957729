/**
 * Saved version-1 workflows keep running: the demo's sample workflows (saved with
 * typeVersion 1, as `npm start` imports them) run unchanged through n8n-core
 * against the sandbox built from Heffl's reference. Only their first node, a
 * trigger, is replaced by a node that emits what the trigger emits.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { versionProperties } from '../../nodes/Heffl/descriptions';
import { sampleWorkflows } from '../../scripts/demo-workflows';
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

function outputOf(run: Awaited<ReturnType<typeof executeWorkflow>>, node: string) {
	const task = run.data.resultData.runData[node]?.[0];
	return {
		error: task?.error ?? run.data.resultData.error,
		json: (task?.data?.main?.[0] ?? []).map((item) => item.json),
	};
}

describe('the demo workflows, saved with version 1', () => {
	test('every Heffl node in them is version 1', () => {
		const workflows = sampleWorkflows(1, ctx.sandbox.urls.v1) as WorkflowJson[];
		const heffl = workflows
			.flatMap((workflow) => workflow.nodes)
			.filter((node) => node.type === 'n8n-nodes-heffl.heffl');
		expect(heffl.length).toBeGreaterThan(0);
		expect(heffl.every((node) => node.typeVersion === 1)).toBe(true);
	});

	test('new lead → tag it, create a follow-up task: runs unchanged', async () => {
		const tag = ctx.sandbox
			.records('tags')
			.find((candidate) => candidate.type === 'leads' && candidate.name === 'Follow-up');
		const [newLead] = sampleWorkflows(Number(tag?.id), ctx.sandbox.urls.v1) as WorkflowJson[];
		const answer = await fetch(`${ctx.sandbox.urls.v1}/leads`, {
			method: 'POST',
			headers: { 'x-api-key': ctx.sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com' }),
		});
		const lead = (await answer.json()) as IDataObject;
		const run = await executeWorkflow(
			fedWith(newLead, [{ event: 'lead.created', record: lead }]),
			ctx.credentials,
		);

		const tagged = outputOf(run, 'Tag Lead');
		expect(tagged.error).toBeUndefined();
		expect(ctx.sandbox.records('leads').find((record) => record.id === lead.id)).toMatchObject({
			tags: [tag?.id],
		});
		// Lead update is PUT, the only method Heffl's page shows (heffl-reference.md §10.1).
		expect(
			ctx
				.apiRequests()
				.some((request) => request.method === 'PUT' && request.path.includes(String(lead.id))),
		).toBe(true);

		const task = outputOf(run, 'Follow-up Task');
		expect(task.error).toBeUndefined();
		expect(task.json[0]).toMatchObject({
			title: 'Follow up with Ada Lovelace',
			leadId: lead.id,
			priority: 'HIGH',
		});
	});

	test('list all contacts (v2): runs unchanged', async () => {
		const [, contacts] = sampleWorkflows(1, ctx.sandbox.urls.v1) as WorkflowJson[];
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

/** What a saved workflow means: texts (descriptions, placeholders, the By ID check) may improve. */
const meaning = (property: IDataObject): IDataObject => {
	const { description, placeholder, action, modes, ...rest } = property;
	void [description, placeholder, action, modes];
	for (const key of ['options', 'values'])
		if (Array.isArray(rest[key])) rest[key] = (rest[key] as IDataObject[]).map(meaning);
	return rest;
};

describe("version 1's parameters are frozen", () => {
	test('names, types, defaults, options and display conditions stay as saved workflows knew them', () => {
		// The snapshot was taken from the release before version 2 and compared with it (identical).
		expect(
			versionProperties(1).map((property) => meaning(property as unknown as IDataObject)),
		).toMatchSnapshot();
	});
});

describe("version 2's parameters are frozen", () => {
	test('names, types, defaults, options and display conditions stay as saved workflows knew them', () => {
		// Taken from the release before version 3 (a60e368) and compared with it (identical).
		expect(
			versionProperties(2).map((property) => meaning(property as unknown as IDataObject)),
		).toMatchSnapshot();
	});
});
