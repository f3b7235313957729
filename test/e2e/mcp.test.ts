/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * Heffl for any AI agent: the sample MCP server (examples/heffl-mcp-server.json) in a real
 * n8n (N8N_VERSION: the newest by default; `N8N_VERSION=oldest` runs 1.123.81), driven by
 * the official MCP client (`@modelcontextprotocol/sdk`) the way an assistant connects to
 * it. The file is imported as a user gets it there (as the editor imports a file: POST
 * /rest/workflows, beside the user's Heffl and Bearer Auth credentials, which n8n wires it
 * to by name) in the n8n the `e2e-shared` tier shares (mcpServer.ts), and activated;
 * the client uses the production URL with the Bearer token, Streamable HTTP (and SSE), tools/list,
 * tools/call. What it checks is what an agent meets: the tools' names, descriptions and
 * input schemas, the records its calls make in the sandbox, the answers' sizes, the tool
 * errors of bad arguments (and that they write nothing), and bursts of 20 calls on one
 * key against Heffl's rate limit.
 *
 * Figures for docs/ai-agents.md: printed at the end, and written to MCP_FIGURES when set
 * (mcpCalls.ts, with the bad arguments and the bursts).
 * Over 300 lines: one MCP stack (the sample imported and activated) its tests share in
 * order, and one table of figures they fill.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { IDataObject } from 'n8n-workflow';
import { nodeNameToToolName } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { contact as contactResource } from '../../nodes/shared/table/resources/contact';
import { deal } from '../../nodes/shared/table/resources/deal';
import { lead as leadResource } from '../../nodes/shared/table/resources/lead';
import { quotation as quotationResource } from '../../nodes/shared/table/resources/quotation';
import type { ExampleWorkflow } from '../../drivers/demo-workflows';
import type { McpStack, ToolAnswer } from '../../drivers/mcpServer';
import { BAD_CALLS, burst, call as countedCall, figures, reportFigures } from './mcpCalls';
import {
	callTool,
	connect,
	example,
	fromAiArguments,
	host,
	OUTPUT_TOOLS,
	startMcpStack,
	toolNodes,
	trigger,
	USER_CREDENTIALS,
} from '../../drivers/mcpServer';

let stack: McpStack;
let client: Client;
/** A tool call, counted for the figures. */
const call = (name: string, args: Record<string, unknown>, timeout?: number) =>
	countedCall(client, name, args, timeout);

const toolName = (node: { name: string }) => nodeNameToToolName(node.name);
const byName = (name: string) => toolNodes.find((node) => toolName(node) === name)!;
const count = (kind: 'leads' | 'tasks') => stack.sandbox.records(kind).length;
/** What Heffl was asked to write since the last clearRequests(). */
const writes = () =>
	stack.sandbox.requests.filter(
		(request) => request.apiVersion !== 'control' && request.method !== 'GET',
	);

beforeAll(async () => {
	stack = await startMcpStack();
	figures.host = `n8n ${stack.host.n8n} on Node ${stack.host.node}`;
	client = await connect(stack.mcpUrl);
}, 900_000);

afterAll(async () => {
	await client?.close();
	await stack?.close();
	reportFigures();
});

describe(`the sample MCP server in real n8n ${host.n8n}, through the official MCP client`, () => {
	test('n8n takes the file as the editor imports it and wires it to the user\'s credentials by name: each tool to their "Heffl account", the trigger to their Bearer Auth credential (the file\'s ids are not in this n8n)', async () => {
		const saved = (await stack.session.call(
			'GET',
			`/workflows/${stack.sampleId}`,
		)) as ExampleWorkflow;
		const wiring = (workflow: ExampleWorkflow) =>
			Object.fromEntries(workflow.nodes.map((node) => [node.name, node.credentials]));
		expect(wiring(saved)).toEqual(
			Object.fromEntries(
				example.nodes.map((node) => [
					node.name,
					node.credentials &&
						Object.fromEntries(
							Object.keys(node.credentials).map((type) => [
								type,
								stack.n8n.reference(USER_CREDENTIALS[type as keyof typeof USER_CREDENTIALS]),
							]),
						),
				]),
			),
		);
		expect(Object.values(wiring(saved)).filter(Boolean)).toHaveLength(toolNodes.length + 1);
	});

	test("the MCP URL refuses a client without the trigger's Bearer token or with another; with it, Streamable HTTP connects to the server named after the trigger node", async () => {
		stack.sandbox.clearRequests();
		for (const token of [null, 'not-the-token']) {
			await expect(connect(stack.mcpUrl, 'streamableHttp', token)).rejects.toThrow(
				/Authorization data is wrong/,
			);
			const answer = await fetch(stack.mcpUrl, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					accept: 'application/json, text/event-stream',
					...(token ? { authorization: `Bearer ${token}` } : {}),
				},
				body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
			});
			expect(answer.status).toBe(403);
		}
		expect(stack.sandbox.requests.filter((request) => request.apiVersion !== 'control')).toEqual(
			[],
		);
		expect(client.getServerVersion()?.name).toBe(toolName(trigger));
		// The trigger's Instructions reach the client where n8n has the parameter (2.x).
		figures.instructions = client.getInstructions() !== undefined;
		if (stack.host.role === 'newest')
			expect(client.getInstructions()).toBe(trigger.parameters.instructions);
	});

	test("tools/list: the sample's six tools, each described by what it does and returns, each argument described, typed as $fromAI() says, required unless it has a default", async () => {
		const { tools } = await client.listTools();
		figures.toolsListed = tools.length;
		expect(tools.map((tool) => tool.name).sort()).toEqual(toolNodes.map(toolName).sort());
		for (const tool of tools) {
			const node = byName(tool.name);
			expect(tool.description).toBe(node.parameters.toolDescription);
			expect(tool.description).toMatch(/^(Find|Create|List|Get) .+ Returns .+/);
			const schema = tool.inputSchema as {
				type: string;
				properties: Record<string, { type: string; description?: string; default?: unknown }>;
				required?: string[];
				$schema?: string;
			};
			figures.inputSchemaDialect = schema.$schema ?? '';
			expect(schema.type).toBe('object');
			const args = fromAiArguments(node);
			expect(Object.keys(schema.properties).sort()).toEqual(args.map((arg) => arg.key).sort());
			for (const arg of args) {
				const property = schema.properties[arg.key];
				expect(property, `${tool.name}.${arg.key}`).toMatchObject({
					type: arg.type,
					description: arg.description,
				});
				expect(property.description!.length).toBeGreaterThan(20);
				if (arg.defaultValue === undefined) expect(schema.required).toContain(arg.key);
				else {
					expect(schema.required ?? []).not.toContain(arg.key);
					expect(property.default).toBe(arg.defaultValue);
				}
			}
		}
	});

	test('what n8n derives from the node\'s table ("Set Automatically"): the action in Heffl, naming what an ID-keyed tool needs', async () => {
		const derived = await connect(stack.derivedUrl);
		try {
			const { tools } = await derived.listTools();
			expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.description]))).toEqual({
				Find_Contacts_by_Email: 'Get many contacts in Heffl',
				Find_Leads_by_Email: 'Get many leads in Heffl',
				Create_Lead: 'Create lead in Heffl',
				Create_Task: 'Create task in Heffl',
				List_Open_Deals: 'Get many deals in Heffl',
				Get_Quotation: 'Get quotation by ID in Heffl',
			});
		} finally {
			await derived.close();
		}
	});

	test("each tool, called with good arguments, does what its description says: the records in the sandbox, answers of Simplify's main fields, a few hundred bytes each", async () => {
		const sandbox = stack.sandbox;
		const contact = sandbox.records('contacts').find((record) => record.email)!;
		const seededLead = sandbox.records('leads').find((record) => record.email)!;
		const quotation = sandbox.records('quotations')[0];
		const answers: Record<string, ToolAnswer> = {};

		answers.Find_Contacts_by_Email = await call('Find_Contacts_by_Email', {
			email: contact.email,
		});
		const contacts = answers.Find_Contacts_by_Email.json as IDataObject[];
		expect(contacts.map((record) => record.id)).toContain(contact.id);
		expect(contacts.length).toBeLessThanOrEqual(5);

		// The most this tool hands back: 5 contacts (Output: Simplified, the tool's default).
		const fiveContacts = await call('Find_Contacts_by_Email', { email: 'example' });
		expect(fiveContacts.json).toHaveLength(5);
		figures.answerBytes['Find_Contacts_by_Email (5 matches)'] = fiveContacts.bytes;
		expect(fiveContacts.bytes).toBeLessThan(8 * 1024);

		answers.Find_Leads_by_Email = await call('Find_Leads_by_Email', { email: seededLead.email });
		expect(answers.Find_Leads_by_Email.json).toEqual([
			Object.fromEntries(
				leadResource
					.simplifyKeys!.filter((key) => key in seededLead)
					.map((key) => [key, seededLead[key]]),
			),
		]);

		const person = {
			name: 'Ada Agent',
			email: 'ada.agent@example.com',
			mobile: '+971501234567',
			jobTitle: 'Head of Sales',
		};
		const leadsBefore = count('leads');
		answers.Create_Lead = await call('Create_Lead', person);
		const created = sandbox.records('leads').filter((record) => record.email === person.email);
		expect(created).toEqual([
			expect.objectContaining({
				name: person.name,
				mobile: person.mobile,
				title: person.jobTitle,
			}),
		]);
		expect(count('leads')).toBe(leadsBefore + 1);
		expect(answers.Create_Lead.json).toEqual([expect.objectContaining({ id: created[0].id })]);

		const task = { title: 'Call Ada back about the quote', dueDate: '2026-12-31' };
		answers.Create_Task = await call('Create_Task', {
			...task,
			linkedTo: 'leads',
			linkedId: created[0].id,
		});
		const tasks = sandbox.records('tasks').filter((record) => record.title === task.title);
		expect(tasks).toEqual([expect.objectContaining({ entity: 'leads', entityId: created[0].id })]);
		expect(String(tasks[0].dueDate)).toMatch(/^2026-12-31/);
		expect(answers.Create_Task.json).toEqual([expect.objectContaining({ id: tasks[0].id })]);

		answers.List_Open_Deals = await call('List_Open_Deals', {});
		const open = sandbox.records('deals').filter((record) => record.status === 'ACTIVE');
		const listed = answers.List_Open_Deals.json as IDataObject[];
		expect(listed.length).toBe(Math.min(10, open.length));
		expect(listed.every((record) => record.status === 'ACTIVE')).toBe(true);
		expect(open.map((record) => record.id)).toEqual(
			expect.arrayContaining(listed.map((record) => record.id)),
		);
		for (const record of listed)
			expect(deal.simplifyKeys).toEqual(expect.arrayContaining(Object.keys(record)));
		const narrowed = await call('List_Open_Deals', { search: String(listed[0].title) });
		expect((narrowed.json as IDataObject[]).map((record) => record.id)).toContain(listed[0].id);

		answers.Get_Quotation = await call('Get_Quotation', { quotationId: quotation.id });
		const [got] = answers.Get_Quotation.json as IDataObject[];
		expect(got).toMatchObject({
			id: quotation.id,
			number: quotation.number,
			status: quotation.status,
			clientId: quotation.clientId,
		});
		expect(typeof got.totalAmount).toBe('number');
		expect(quotationResource.simplifyKeys).toEqual(expect.arrayContaining(Object.keys(got)));

		for (const [name, answer] of Object.entries(answers)) {
			expect(answer.isError, `${name}: ${answer.text}`).toBe(false);
			figures.answerBytes[name] = answer.bytes;
			// Context an agent pays for: 5 full contacts are the largest answer here.
			expect(answer.bytes, name).toBeLessThan(8 * 1024);
			expect(answer.text).not.toContain(stack.sandbox.apiKey);
		}
	});

	test('Output: 50 contacts as the agent receives them in Raw, Simplified and Selected Fields (id, name, e-mail); the same contacts, fewer bytes', async () => {
		const output = await connect(stack.outputUrl);
		try {
			const answers: Record<string, ToolAnswer> = {};
			for (const name of Object.keys(OUTPUT_TOOLS)) {
				figures.callsMade += 1;
				answers[name] = await callTool(output, name, {});
				expect(answers[name].isError, answers[name].text).toBe(false);
			}
			const records = (name: string) => answers[name].json as IDataObject[];
			const raw = records('Contacts_Raw');
			expect(raw).toHaveLength(50);
			const ids = raw.map((record) => record.id);
			expect(records('Contacts_Simplified').map((record) => record.id)).toEqual(ids);
			for (const record of records('Contacts_Simplified'))
				expect(contactResource.simplifyKeys).toEqual(expect.arrayContaining(Object.keys(record)));
			expect(records('Contacts_Selected')).toEqual(
				raw.map((record) => ({ id: record.id, name: record.name, email: record.email })),
			);
			for (const [name, answer] of Object.entries(answers))
				figures.outputBytes[name] = {
					bytes: answer.bytes,
					ofRaw: Math.round((answer.bytes / answers.Contacts_Raw.bytes) * 1000) / 1000,
				};
			expect(figures.outputBytes.Contacts_Simplified.ofRaw).toBeLessThan(0.5);
			expect(figures.outputBytes.Contacts_Selected.ofRaw).toBeLessThan(
				figures.outputBytes.Contacts_Simplified.ofRaw,
			);
		} finally {
			await output.close();
		}
	});

	test("twelve kinds of bad argument come back as tool errors naming the argument ($fromAI()'s key) first, then the field, and nothing is written", async () => {
		const sandbox = stack.sandbox;
		expect(BAD_CALLS).toHaveLength(12);
		for (const bad of BAD_CALLS) {
			sandbox.clearRequests();
			const before = { leads: count('leads'), tasks: count('tasks') };
			const answer = await call(bad.tool, bad.args);
			expect(answer.isError, `${bad.what}: ${answer.text}`).toBe(true);
			for (const pattern of bad.says) expect(answer.text, bad.what).toMatch(pattern);
			expect({ leads: count('leads'), tasks: count('tasks') }, bad.what).toEqual(before);
			expect(
				writes().filter((request) => request.status < 400),
				bad.what,
			).toEqual([]);
			if (bad.schema)
				expect(sandbox.requests.filter((request) => request.apiVersion !== 'control')).toEqual([]);
			expect(answer.text).not.toContain(sandbox.apiKey);
			figures.errorsNamed.push(`${bad.what}: ${answer.text.replace(/\s+/g, ' ')}`);
		}
		expect(stack.n8n.output()).not.toContain(sandbox.apiKey);
	});

	test("20 calls at once on one key, at Heffl's default limit (60 a minute, a fresh window): 0 failures, no 429, each created record once", async () => {
		const { answered429 } = await burst(stack, client, 'default', { limit: 60, windowMs: 60_000 }, [
			'Create_Lead',
			'Create_Task',
			'List_Open_Deals',
			'Get_Quotation',
			'Find_Leads_by_Email',
		]);
		expect(answered429).toBe(0);
	});

	test("20 calls at once when the key's window is spent (8 requests per 15 s, all used): the node's pacing waits for the next windows, 0 failures, no create twice", async () => {
		// 15 s, not less: at load 15 the burst's first request reached Heffl after a 4 s window
		// had already turned over, and no call met the limit.
		const { answered429 } = await burst(
			stack,
			client,
			'tight',
			{ limit: 8, windowMs: 15_000 },
			['Create_Lead', 'List_Open_Deals'],
			true,
		);
		// The limit was met (else this proves nothing) and absorbed: the failures above are 0.
		expect(answered429).toBeGreaterThan(0);
	});

	test("a client that stops waiting does not stop the call: with the key's window spent, a 2-second client timeout ends the request, and the lead is still created, once", async () => {
		const sandbox = stack.sandbox;
		sandbox.setRateLimit({ limit: 1, windowMs: 8000 });
		await fetch(`${sandbox.urls.v2}/users`, { headers: { 'x-api-key': sandbox.apiKey } });
		const name = `Impatient lead ${Date.now()}`;
		figures.callsMade += 1;
		await expect(callTool(client, 'Create_Lead', { name }, 2000)).rejects.toThrow(/timed out/i);
		try {
			// The node waits for the next window (8 s here, up to 60 s on Heffl), then creates.
			for (let waited = 0; waited < 30_000; waited += 250) {
				if (sandbox.records('leads').some((record) => record.name === name)) break;
				await new Promise((done) => setTimeout(done, 250));
			}
			expect(sandbox.records('leads').filter((record) => record.name === name)).toHaveLength(1);
			figures.timedOutCallStillWrote = true;
		} finally {
			sandbox.setRateLimit({ limit: 60, windowMs: 60_000 });
		}
	});

	test('the SSE transport n8n also serves: the same tools, and a call', async () => {
		const sse = await connect(stack.mcpUrl, 'sse');
		try {
			const { tools } = await sse.listTools();
			expect(tools.map((tool) => tool.name).sort()).toEqual(toolNodes.map(toolName).sort());
			const quotation = stack.sandbox.records('quotations')[1];
			figures.callsMade += 1;
			const answer = await callTool(sse, 'Get_Quotation', { quotationId: quotation.id });
			expect(answer).toMatchObject({
				isError: false,
				json: [expect.objectContaining({ id: quotation.id })],
			});
		} finally {
			await sse.close();
		}
	});
});
