/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- test tooling, not shipped */
/**
 * The sample MCP server (examples/heffl-mcp-server.json) in a real n8n, and the official
 * MCP client (`@modelcontextprotocol/sdk`) connected to it as n8n documents it: the
 * production URL `<n8n>/mcp/<path>` of the activated workflow, over Streamable HTTP or
 * SSE, with the Bearer token of the trigger's credential.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The SDK's entry points are in its package.json `exports`, which the lint's resolver does not read.
// eslint-disable-next-line import-x/no-unresolved
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
// eslint-disable-next-line import-x/no-unresolved
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
// eslint-disable-next-line import-x/no-unresolved
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

// @ts-expect-error -- plain ESM script shared with the screenshots script
import { packPackageInto } from '../../scripts/pack.mjs';
import {
	ensureN8n,
	freePort,
	HOST,
	importIntoN8n,
	login,
	prepareUserFolder,
	ROOT,
	startN8n,
	// @ts-expect-error -- plain ESM script shared with `npm start`
} from '../../scripts/real-n8n.mjs';
import type { StartedSandbox } from '../sandbox';
import { startSandbox } from '../sandbox';

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: number[];
	webhookId?: string;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
}

/** A workflow file as n8n's Import from File reads it. */
export interface WorkflowFile {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
}

/** The n8n this run starts (N8N_VERSION): e2e/hosts.json's entry. */
export const host = HOST as { n8n: string; node: string; role: string };

export const EXAMPLE_FILE = join(ROOT as string, 'examples', 'heffl-mcp-server.json');
export const example = JSON.parse(readFileSync(EXAMPLE_FILE, 'utf8')) as WorkflowFile;
export const trigger = example.nodes.find((node) => node.type.endsWith('.mcpTrigger'))!;
export const toolNodes = example.nodes.filter((node) => node.type === 'n8n-nodes-heffl.hefflTool');

/** One `$fromAI()` argument of a tool node, as written in its parameters. */
export interface FromAiArgument {
	key: string;
	description: string;
	type: string;
	/** Given: the argument is optional. */
	defaultValue?: string;
}

/** The `$fromAI('key', 'description', 'type'[, 'default'])` calls in a node's parameters. */
export function fromAiArguments(node: WorkflowNode): FromAiArgument[] {
	const calls = JSON.stringify(node.parameters).matchAll(
		/\$fromAI\('([^']+)', '([^']*)', '([^']+)'(?:, '([^']*)')?\)/g,
	);
	return [...calls].map(([, key, description, type, defaultValue]) => ({
		key,
		description,
		type,
		...(defaultValue !== undefined && { defaultValue }),
	}));
}

/**
 * The sample with every tool left on "Set Automatically" and another path: what n8n
 * derives from the node's table, served beside the sample.
 */
export function derivedVariant(): WorkflowFile {
	return {
		...example,
		id: 'demoMcpDerived',
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

/** The token an MCP client sends (`Authorization: Bearer …`); the trigger's credential holds it. */
export const TOKEN = randomUUID();

export interface McpStack {
	sandbox: StartedSandbox;
	n8n: { url: string; output: () => string; stop: () => Promise<void> };
	/** The production MCP URL of the sample: `<n8n>/mcp/<path>`. */
	mcpUrl: string;
	/** The same tools on "Set Automatically". */
	derivedUrl: string;
	/** The n8n host it runs: e2e/hosts.json's entry. */
	host: { n8n: string; node: string; role: string };
	close: () => Promise<void>;
}

/**
 * The sandbox (Heffl's default limit: 60 requests a minute per key), a real n8n with the
 * packed package and the two credentials the sample refers to (by their ids, as `npm
 * start` makes them), the sample saved through the editor's API as Import from File
 * saves it, and activated: its MCP URL answers.
 */
export async function startMcpStack(): Promise<McpStack> {
	ensureN8n();
	const folder = prepareUserFolder(
		mkdtempSync(join(tmpdir(), 'heffl-mcp-e2e-')),
		packPackageInto(),
	);
	const sandbox = await startSandbox();
	const heffl = toolNodes[0].credentials!.hefflApi;
	const bearer = trigger.credentials!.httpBearerAuth;
	importIntoN8n(folder, {
		credentials: [
			{
				...heffl,
				type: 'hefflApi',
				data: { apiKey: sandbox.apiKey, v1BaseUrl: sandbox.urls.v1, v2BaseUrl: sandbox.urls.v2 },
			},
			{ ...bearer, type: 'httpBearerAuth', data: { token: TOKEN } },
		],
	});
	const n8n = await startN8n(folder, await freePort(), {
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
	});
	try {
		const session = await login(n8n.url);
		const urls: string[] = [];
		for (const workflow of [example, derivedVariant()]) {
			const saved = (await session.call('POST', '/workflows', {
				name: workflow.name,
				nodes: workflow.nodes,
				connections: workflow.connections,
				settings: workflow.settings,
				active: false,
			})) as { id: string };
			await session.activate(saved.id);
			const path = workflow.nodes.find((node) => node.type === trigger.type)!.parameters.path;
			urls.push(`${n8n.url}/mcp/${String(path)}`);
		}
		// n8n registers an activated workflow's webhooks a moment after the call answers.
		for (const url of urls) await untilRegistered(url);
		return {
			sandbox,
			n8n,
			mcpUrl: urls[0],
			derivedUrl: urls[1],
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

/** Until n8n answers the MCP URL with something else than "not registered" (20 s at most). */
async function untilRegistered(url: string) {
	for (let attempt = 0; attempt < 100; attempt++) {
		const answer = await fetch(url, { method: 'DELETE' });
		const text = await answer.text();
		if (answer.status !== 404 || !/not registered/i.test(text)) return;
		await new Promise((done) => setTimeout(done, 200));
	}
	throw new Error(`n8n did not register ${url} in 20 s`);
}

export type TransportName = 'streamableHttp' | 'sse';

/** The official MCP client, connected to `url` with the token (none when `token` is null). */
export async function connect(
	url: string,
	transport: TransportName = 'streamableHttp',
	token: string | null = TOKEN,
): Promise<Client> {
	const client = new Client({ name: 'heffl-e2e', version: '1.0.0' });
	const requestInit = token ? { headers: { authorization: `Bearer ${token}` } } : {};
	await client.connect(
		transport === 'sse'
			? new SSEClientTransport(new URL(url), { requestInit })
			: new StreamableHTTPClientTransport(new URL(url), { requestInit }),
	);
	return client;
}

/** One tool call's outcome: the text the agent reads, whether it is an error, its size. */
export interface ToolAnswer {
	isError: boolean;
	text: string;
	bytes: number;
	/** The text as JSON, when it is. */
	json?: unknown;
	ms: number;
}

export async function callTool(
	client: Client,
	name: string,
	args: Record<string, unknown>,
	timeout?: number,
): Promise<ToolAnswer> {
	const started = Date.now();
	const result = await client.callTool({ name, arguments: args }, undefined, { timeout });
	const content = result.content as Array<{ type: string; text?: string }>;
	const text = content.map((part) => part.text ?? '').join('');
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return {
		isError: result.isError === true,
		text,
		bytes: Buffer.byteLength(text, 'utf8'),
		json,
		ms: Date.now() - started,
	};
}
