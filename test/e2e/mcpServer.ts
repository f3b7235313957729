/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test tooling, not shipped */
/**
 * The sample MCP server (examples/heffl-mcp-server.json) in a real n8n as a user gets it
 * there: their own Heffl and Bearer Auth credentials (named as the file names them, with
 * ids of this n8n), then the file imported with n8n's own `n8n import:workflow` and
 * activated; the official MCP client (scripts/mcp-client.ts) connects to it as n8n
 * documents it.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

import type { ExampleWorkflow } from '../../scripts/demo-workflows';
import {
	credentials,
	example as exampleFile,
	EXAMPLES_DIR,
	MCP_SERVER_EXAMPLE,
	mcpServer,
	mcpUrl,
} from '../../scripts/demo-workflows';
import type { TransportName } from '../../scripts/mcp-client';
import { connectMcp, untilMcpRegistered } from '../../scripts/mcp-client';
import type { RealN8n, Session } from '../../scripts/real-n8n.mjs';
import { hefflCredential, HOST, startRealN8n } from '../../scripts/real-n8n.mjs';
import type { StartedSandbox } from '../sandbox';
import { startSandbox } from '../sandbox';

export { callTool, type ToolAnswer } from '../../scripts/mcp-client';
export { fromAiArguments } from '../../scripts/demo-workflows';

/** The n8n this run starts (N8N_VERSION): test/e2e-hosts/hosts.json's entry. */
export const host = HOST as { n8n: string; node: string; role: string };

export const example = exampleFile(MCP_SERVER_EXAMPLE);
export const { trigger, tools: toolNodes } = mcpServer(example);

/**
 * The user's own credentials: the names the file gives (n8n proposes "Heffl account" for a
 * first Heffl credential; the Bearer Auth one is named by its user), ids of this n8n, so
 * that n8n's import wires the nodes to them by name.
 */
export const USER_CREDENTIALS = {
	hefflApi: { id: 'usersOwnHeffl01', name: credentials.hefflApi.name },
	httpBearerAuth: { id: 'usersMcpToken01', name: credentials.httpBearerAuth.name },
};

/**
 * The sample with every tool left on "Set Automatically" and another path: what n8n
 * derives from the node's table, served beside the sample.
 */
export function derivedVariant(): ExampleWorkflow {
	return {
		...example,
		id: 'hefflMcpDerived',
		name: `${example.name} (derived tool descriptions)`,
		nodes: example.nodes.map((node) => {
			const { descriptionType, toolDescription, ...parameters } = node.parameters;
			void descriptionType;
			void toolDescription;
			return node === trigger
				? {
						...node,
						id: randomUUID(),
						webhookId: randomUUID(),
						parameters: { ...node.parameters, path: `${String(node.parameters.path)}-derived` },
					}
				: { ...node, id: randomUUID(), parameters };
		}),
	};
}

/** The three answers of Output measured over MCP: Contact → Get Many of 50, one tool each. */
export const OUTPUT_TOOLS = {
	Contacts_Raw: { output: 'raw' },
	Contacts_Simplified: { output: 'simplified' },
	Contacts_Selected: { output: 'selected', outputFields: ['name', 'email'] },
} as const;

/**
 * A second server beside the sample (its own path): the sample's Find Contacts tool as
 * Contact → Get Many of 50, once per Output, for the figures of docs/ai-agents.md.
 */
export function outputVariant(): ExampleWorkflow {
	const contacts = toolNodes.find((node) => node.parameters.resource === 'contact')!;
	const server = {
		...trigger,
		id: randomUUID(),
		webhookId: randomUUID(),
		parameters: { ...trigger.parameters, path: `${String(trigger.parameters.path)}-output` },
	};
	const tools = Object.entries(OUTPUT_TOOLS).map(([name, output], index) => ({
		...contacts,
		id: randomUUID(),
		name: name.replace(/_/g, ' '),
		position: [index * 200, 300] as [number, number],
		parameters: {
			descriptionType: 'manual',
			toolDescription: `Get 50 contacts from Heffl (Output: ${output.output}). Returns them.`,
			resource: 'contact',
			operation: 'getAll',
			returnAll: false,
			limit: 50,
			...output,
		},
	}));
	return {
		...example,
		id: 'hefflMcpOutput',
		name: `${example.name} (Output)`,
		nodes: [server, ...tools],
		connections: Object.fromEntries(
			tools.map((tool) => [
				tool.name,
				{ ai_tool: [[{ node: server.name, type: 'ai_tool', index: 0 }]] },
			]),
		),
	} as ExampleWorkflow;
}

/** The token an MCP client sends (`Authorization: Bearer …`); the user's Bearer Auth credential holds it. */
export const TOKEN = randomUUID();

export interface McpStack {
	sandbox: StartedSandbox;
	n8n: RealN8n;
	/** n8n's REST API, logged in as the owner. */
	session: Session;
	/** The production MCP URL of the sample: `<n8n>/mcp/<path>`. */
	mcpUrl: string;
	/** The same tools on "Set Automatically". */
	derivedUrl: string;
	/** Contact → Get Many of 50 in each Output (OUTPUT_TOOLS). */
	outputUrl: string;
	/** The n8n host it runs: test/e2e-hosts/hosts.json's entry. */
	host: { n8n: string; node: string; role: string };
	close: () => Promise<void>;
}

/**
 * The sandbox (Heffl's default limit: 60 requests a minute per key), a real n8n with the
 * packed package and the user's two credentials, the example file and its derived variant
 * imported with `n8n import:workflow` (one call, --separate), both activated: their MCP
 * URLs answer.
 */
export async function startMcpStack(): Promise<McpStack> {
	const sandbox = await startSandbox();
	// The example file itself (forSandbox changes nothing in it), and the derived variant.
	const files = mkdtempSync(join(tmpdir(), 'heffl-mcp-examples-'));
	copyFileSync(join(EXAMPLES_DIR, MCP_SERVER_EXAMPLE), join(files, MCP_SERVER_EXAMPLE));
	const derived = derivedVariant();
	writeFileSync(join(files, 'derived.json'), JSON.stringify(derived, null, '\t'));
	const output = outputVariant();
	writeFileSync(join(files, 'output.json'), JSON.stringify(output, null, '\t'));
	const n8n = await startRealN8n({
		name: 'heffl-mcp-e2e',
		credentials: [
			hefflCredential(USER_CREDENTIALS.hefflApi, sandbox),
			{ ...USER_CREDENTIALS.httpBearerAuth, type: 'httpBearerAuth', data: { token: TOKEN } },
		],
		workflowFiles: files,
	}).catch(async (error: unknown) => {
		await sandbox.close();
		throw error;
	});
	const { session } = n8n;
	try {
		for (const workflow of [example, derived, output]) await session.activate(workflow.id);
		const urls = [example, derived, output].map((workflow) => mcpUrl(n8n.url, workflow));
		for (const url of urls) await untilMcpRegistered(url);
		return {
			sandbox,
			n8n,
			session,
			mcpUrl: urls[0],
			derivedUrl: urls[1],
			outputUrl: urls[2],
			host,
			close: async () => {
				await n8n.stop();
				await sandbox.close();
			},
		};
	} catch (error) {
		await n8n.stop();
		await sandbox.close();
		throw error;
	}
}

/** The official MCP client, connected to `url` with the token (none when `token` is null). */
export async function connect(
	url: string,
	transport: TransportName = 'streamableHttp',
	token: string | null = TOKEN,
): Promise<Client> {
	return await connectMcp(url, token, transport);
}
