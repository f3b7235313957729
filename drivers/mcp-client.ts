/* eslint-disable @n8n/community-nodes/no-restricted-globals -- demo and test tooling, not shipped */
/**
 * The official MCP client (`@modelcontextprotocol/sdk`) connected to an n8n MCP Server
 * Trigger as n8n documents it: the production URL `<n8n>/mcp/<path>` of the activated
 * workflow, over Streamable HTTP or SSE, with the Bearer token of the trigger's
 * credential. `npm start` (its MCP self-check) and test/e2e/mcp.test.ts both connect
 * through it.
 */
// The SDK's entry points are in its package.json `exports`, which the lint's resolver does not read.
// eslint-disable-next-line import-x/no-unresolved
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
// eslint-disable-next-line import-x/no-unresolved
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
// eslint-disable-next-line import-x/no-unresolved
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export type TransportName = 'streamableHttp' | 'sse';

/** How each transport is named to a person configuring a client. */
export const TRANSPORTS: Record<TransportName, string> = {
	streamableHttp: 'Streamable HTTP',
	sse: 'SSE',
};

/** The official MCP client, connected to `url` with the token (none when `token` is null). */
export async function connectMcp(
	url: string,
	token: string | null,
	transport: TransportName = 'streamableHttp',
): Promise<Client> {
	const client = new Client({ name: 'heffl-mcp-check', version: '1.0.0' });
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

/** tools/call, as an agent makes it; `timeout` in ms (the SDK's default: 60 s). */
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

/**
 * Until n8n answers the MCP URL with something else than "not registered" (20 s at most):
 * n8n registers an activated workflow's webhooks a moment after the activation answers.
 */
export async function untilMcpRegistered(url: string) {
	for (let attempt = 0; attempt < 100; attempt++) {
		const answer = await fetch(url, { method: 'DELETE' });
		const text = await answer.text();
		if (answer.status !== 404 || !/not registered/i.test(text)) return;
		await new Promise((done) => setTimeout(done, 200));
	}
	throw new Error(`n8n did not register ${url} in 20 s`);
}
