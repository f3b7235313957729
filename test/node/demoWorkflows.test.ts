/**
 * The sample workflows, the files in examples/, as a user imports them: what they hold
 * (each node in its one version, a note, nothing of the sandbox) and the MCP server's tools.
 * Their Heffl nodes run against the sandbox in demoWorkflowRuns.test.ts; n8n's own nodes run
 * in real n8n (test/e2e/examples.test.ts, which imports and runs every file).
 */
import { describe, expect, test } from 'vitest';

import {
	credentials,
	EXAMPLE,
	example,
	exampleFiles,
	forSandbox,
	fromAiArguments,
	MCP_SERVER_EXAMPLE,
	MCP_TRIGGER,
	mcpServer,
	runnable,
	sandboxTarget,
	STICKY_NOTE,
} from '../../drivers/demo-workflows';
import { coverageProblems } from '../e2e/exampleCoverage';
import { useSandbox } from '../../drivers/harness/context';

const ctx = useSandbox();

/** n8n's own nodes the examples use, each in a version both 1.123.81 and 2.41.1 have. */
const BASE_NODE_VERSIONS: Record<string, number> = {
	'n8n-nodes-base.manualTrigger': 1,
	'n8n-nodes-base.filter': 2.2,
	'n8n-nodes-base.httpRequest': 4.2,
	[MCP_TRIGGER]: 2,
	[STICKY_NOTE]: 1,
};

describe('the files in examples/, as a user imports them', () => {
	const files = exampleFiles();

	test('the six samples of npm start are there', () => {
		expect(files).toEqual(expect.arrayContaining([...Object.values(EXAMPLE), MCP_SERVER_EXAMPLE]));
	});

	test('each is imported and run in real n8n by an e2e test (test/e2e/exampleCoverage.ts)', () => {
		expect(coverageProblems()).toEqual([]);
	});

	test.each(files)(
		'%s: a workflow n8n imports, each node in its one version, each credential by type and name',
		(file) => {
			const workflow = example(file);
			expect(workflow).toMatchObject({
				name: expect.any(String),
				active: false,
				nodes: expect.any(Array),
				connections: expect.any(Object),
			});
			// n8n 1.123.81 keeps static data (a trigger's signing secret) only for ids of 16 characters or fewer.
			expect(workflow.id.length).toBeLessThanOrEqual(16);
			for (const node of workflow.nodes) {
				if (node.type.startsWith('n8n-nodes-heffl.'))
					expect([node.name, node.typeVersion]).toEqual([node.name, 1]);
				else
					expect([node.name, node.typeVersion]).toEqual([node.name, BASE_NODE_VERSIONS[node.type]]);
				for (const [type, reference] of Object.entries(node.credentials ?? {}))
					expect({ type, reference }).toEqual({
						type,
						reference: credentials[type as keyof typeof credentials],
					});
			}
			// A note that says what the example does and what to set after importing.
			expect(workflow.nodes.filter((node) => node.type === STICKY_NOTE)).not.toHaveLength(0);
			// A webhook trigger carries its webhookId (examples.test.ts and demo-workflows.ts say why).
			for (const node of workflow.nodes.filter(
				(each) => each.type === 'n8n-nodes-heffl.hefflTrigger',
			))
				expect(node.webhookId).toMatch(/^[0-9a-f-]{36}$/);
		},
	);

	test.each(files)('%s: nothing of the sandbox: no local URL, no seeded record ID', (file) => {
		const text = JSON.stringify(example(file));
		expect(text).not.toMatch(/127\.0\.0\.1|localhost|sandbox/i);
		// Heffl's ID prefixes (tpl_, tag_, ld_, clt_, dl_, ...) only inside expressions, never as values.
		expect(text).not.toMatch(/"(?:tpl|tag|ld|clt|dl|qtn|tsk|ctc|cmp|usr|pl|stg)_[A-Za-z0-9]+"/);
	});

	test('forSandbox changes only the HTTP Request URL and the quotation template with its custom fields', () => {
		const target = sandboxTarget(ctx.sandbox);
		for (const file of files) {
			const original = example(file);
			const prepared = forSandbox(original, target);
			const changed = prepared.nodes
				.filter((node, index) => JSON.stringify(node) !== JSON.stringify(original.nodes[index]))
				.map((node) => [
					node.name,
					Object.keys(node.parameters).filter(
						(key) =>
							JSON.stringify(node.parameters[key]) !==
							JSON.stringify(original.nodes.find((each) => each.id === node.id)!.parameters[key]),
					),
				]);
			expect({ file, changed }).toEqual({
				file,
				changed:
					file === EXAMPLE.httpRequest
						? [['Lead Tags', ['url']]]
						: file === EXAMPLE.wonDeal
							? [['Create Quotation', ['template', 'customFieldsMapping']]]
							: [],
			});
		}
		const http = forSandbox(example(EXAMPLE.httpRequest), target).nodes.find(
			(node) => node.name === 'Lead Tags',
		)!;
		expect(http.parameters.url).toBe(`${ctx.sandbox.urls.v1}/tags`);
		expect(
			example(EXAMPLE.httpRequest).nodes.find((node) => node.name === 'Lead Tags')!.parameters.url,
		).toBe('https://api.heffl.com/api/v1/tags');
		// The credential sends the key only to its base URLs: the note says to change the URL.
		const note = example(EXAMPLE.httpRequest).nodes.find((node) => node.type === STICKY_NOTE)!;
		expect(String(note.parameters.content)).toMatch(
			/change the start of \*\*URL\*\* to your v1 Base URL/,
		);
	});
});

describe('the MCP server', () => {
	const workflow = example(MCP_SERVER_EXAMPLE);
	const { trigger, tools, toolNames } = mcpServer(workflow);

	test('an MCP Server Trigger on the path heffl behind Bearer Auth (its own named credential), serving six Heffl tools, each connected to it as a tool', () => {
		expect(trigger.parameters).toMatchObject({ authentication: 'bearerAuth', path: 'heffl' });
		expect(trigger.credentials).toEqual({ httpBearerAuth: credentials.httpBearerAuth });
		expect(toolNames.sort()).toEqual(
			[
				'Create_Lead',
				'Create_Task',
				'Find_Contacts_by_Email',
				'Find_Leads_by_Email',
				'Get_Quotation',
				'List_Open_Deals',
			].sort(),
		);
		expect(runnable(workflow)).toHaveLength(tools.length + 1);
		for (const tool of tools)
			expect({ tool: tool.name, connections: workflow.connections[tool.name] }).toEqual({
				tool: tool.name,
				connections: { ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] },
			});
	});

	test('each tool says what it does and returns (Set Manually); every $fromAI() argument is described; lists have Return All off and a limit of at most 10; nothing deletes', () => {
		for (const tool of tools) {
			const { descriptionType, toolDescription, operation, returnAll, limit } = tool.parameters;
			expect({ tool: tool.name, descriptionType }).toEqual({
				tool: tool.name,
				descriptionType: 'manual',
			});
			expect(toolDescription).toMatch(/^(Find|Create|List|Get) .+\. Returns .+\.$/);
			expect(operation).not.toBe('delete');
			if (operation === 'getAll') {
				expect({ tool: tool.name, returnAll }).toEqual({ tool: tool.name, returnAll: false });
				expect(limit).toBeGreaterThan(0);
				expect(limit).toBeLessThanOrEqual(10);
			}
			const args = fromAiArguments(tool);
			expect(args.length, tool.name).toBeGreaterThan(0);
			// Every $fromAI() call is one the parser reads (a description holds no quote).
			expect(JSON.stringify(tool.parameters).split('$fromAI(').length - 1).toBe(args.length);
			for (const arg of args) {
				expect(['string', 'number', 'boolean', 'json']).toContain(arg.type);
				expect(arg.description.length, `${tool.name}.${arg.key}`).toBeGreaterThan(20);
			}
		}
	});

	test('its note says what to set: the Heffl credential, the Bearer Auth token, then activate, and what a client needs', () => {
		const [note] = workflow.nodes.filter((node) => node.type === STICKY_NOTE);
		const content = String(note.parameters.content);
		for (const words of [
			/Heffl credential/,
			/Bearer Auth credential/,
			new RegExp(credentials.httpBearerAuth.name),
			/activate/,
			/\/mcp\/heffl/,
			/Authorization: Bearer <token>/,
		])
			expect(content).toMatch(words);
	});
});
