/* eslint-disable @n8n/community-nodes/require-node-api-error -- test tooling, not shipped */
/**
 * The sample MCP server (examples/heffl-mcp-server.json) in a real n8n as a user gets it
 * there: their own Heffl and Bearer Auth credentials (named as the file names them, with
 * ids of this n8n), then the file imported as the editor imports one (Import from File,
 * then Save: POST /rest/workflows, where n8n wires each node's credential to the user's
 * one of that name and type, as `n8n import:workflow` does, with the same code) and
 * activated; the official MCP client (drivers/mcp-client.ts) connects to it as n8n
 * documents it. The n8n is the one the `e2e-shared` tier shares (sharedN8n.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

import type { ExampleWorkflow } from './demo-workflows';
import {
	credentials,
	example as exampleFile,
	MCP_SERVER_EXAMPLE,
	mcpServer,
	mcpUrl,
} from './demo-workflows';
import type { TransportName } from './mcp-client';
import { connectMcp, untilMcpRegistered } from './mcp-client';
import type { Session } from './real-n8n.mjs';
import { hefflCredential, HOST } from './real-n8n.mjs';
import type { StartedSandbox } from '../sandbox';
import { startSandbox } from '../sandbox';
import type { N8nTarget, SharedN8n } from './sharedN8n';
import { intoN8n, intoSharedN8n } from './sharedN8n';

export { callTool, type ToolAnswer } from './mcp-client';
export { fromAiArguments } from './demo-workflows';

/** The n8n this run starts (N8N_VERSION): test/e2e-hosts/hosts.json's entry. */
export const host = HOST as { n8n: string; node: string; role: string };

export const example = exampleFile(MCP_SERVER_EXAMPLE);
export const { trigger, tools: toolNodes } = mcpServer(example);

/**
 * The user's own credentials: the names the file gives (n8n proposes "Heffl account" for a
 * first Heffl credential; the Bearer Auth one is named by its user), so that n8n wires the
 * nodes to them by name. n8n gives them ids of its own (SharedN8n.reference).
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
	/** The shared n8n with this file's credentials and workflows. */
	n8n: SharedN8n;
	/** The id n8n saved the sample under (2.x keeps the file's, 1.x gives one). */
	sampleId: string;
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
 * The sandbox (Heffl's default limit: 60 requests a minute per key), the shared n8n with
 * the user's two credentials, the example file (as read: forSandbox changes nothing in it)
 * and its two variants put in as the editor imports a file, all three activated: their
 * MCP URLs answer. `target`: another running n8n than the shared one (the benchmarks').
 */
export async function startMcpStack(target?: N8nTarget): Promise<McpStack> {
	const sandbox = await startSandbox();
	const workflows = [example, derivedVariant(), outputVariant()];
	const contents = {
		credentials: [
			hefflCredential(USER_CREDENTIALS.hefflApi, sandbox),
			{ ...USER_CREDENTIALS.httpBearerAuth, type: 'httpBearerAuth', data: { token: TOKEN } },
		],
		workflows,
	};
	const n8n = await (target ? intoN8n(target, contents) : intoSharedN8n(contents)).catch(
		async (error: unknown) => {
			await sandbox.close();
			throw error;
		},
	);
	const { session } = n8n;
	const close = async () => {
		await n8n.remove();
		await sandbox.close();
	};
	try {
		for (const workflow of workflows) await session.activate(n8n.workflowIds[workflow.id]);
		const urls = workflows.map((workflow) => mcpUrl(n8n.url, workflow));
		for (const url of urls) await untilMcpRegistered(url);
		return {
			sandbox,
			n8n,
			sampleId: n8n.workflowIds[example.id],
			session,
			mcpUrl: urls[0],
			derivedUrl: urls[1],
			outputUrl: urls[2],
			host,
			close,
		};
	} catch (error) {
		await close();
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
