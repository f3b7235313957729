/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * The calls test/e2e/mcp.test.ts makes as an agent would, and what they measure: each
 * counted for the figures (printed at the end, written to MCP_FIGURES when set), the
 * twelve kinds of bad argument, and bursts of 20 calls at once on one key.
 */
import { writeFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { nodeNameToToolName } from 'n8n-workflow';
import { expect } from 'vitest';

import type { McpStack } from '../../drivers/mcpServer';
import { callTool } from '../../drivers/mcpServer';
import { BAD_ARGUMENTS } from '../harness/badArguments';

/** The figures docs/ai-agents.md shows: filled by the tests, printed at the end. */
export const figures = {
	host: '',
	measured: new Date().toISOString(),
	toolsListed: 0,
	callsMade: 0,
	errorsNamed: [] as string[],
	answerBytes: {} as Record<string, number>,
	bursts: [] as Array<{
		limit: string;
		calls: number;
		failures: number;
		answered429: number;
		slowestMs: number;
		totalMs: number;
	}>,
	/** Contact → Get Many of 50, bytes the client receives per Output, and each as a ratio to Raw. */
	outputBytes: {} as Record<string, { bytes: number; ofRaw: number }>,
	inputSchemaDialect: '',
	instructions: false,
	timedOutCallStillWrote: false,
};

/** Prints the figures, and writes them to MCP_FIGURES when set. */
export function reportFigures() {
	process.stdout.write(`\nMCP figures (${figures.host}):\n${JSON.stringify(figures, null, 2)}\n`);
	if (process.env.MCP_FIGURES) writeFileSync(process.env.MCP_FIGURES, JSON.stringify(figures));
}

/** A tool call, counted for the figures. */
export async function call(
	client: Client,
	name: string,
	args: Record<string, unknown>,
	timeout?: number,
) {
	figures.callsMade += 1;
	return await callTool(client, name, args, timeout);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Twelve kinds of bad argument, what each answer must say, and whether n8n's schema refuses it. */
export const BAD_CALLS: Array<{
	what: string;
	tool: string;
	args: Record<string, unknown>;
	says: RegExp[];
	schema?: boolean;
}> = [
	// The node's and Heffl's refusals (the harness runs the same: test/node/toolArguments.test.ts).
	...BAD_ARGUMENTS.map((bad) => ({
		what: bad.what,
		tool: nodeNameToToolName(bad.tool),
		args: bad.args,
		says: [new RegExp(escaped(bad.starts)), ...bad.says],
	})),
	// n8n's schema, built from the $fromAI() calls: nothing reaches Heffl.
	{
		what: 'a missing required argument',
		tool: 'Create_Lead',
		args: { email: 'nameless@example.com' },
		says: [/did not match expected schema/, /Required/, /at name/],
		schema: true,
	},
	{
		what: 'an argument of the wrong type',
		tool: 'Create_Lead',
		args: { name: 42 },
		says: [/Expected string, received number/, /at name/],
		schema: true,
	},
];

/**
 * 20 tool calls at once from one client on one key, of every tool, two of each create
 * named apart. `limit` is the sandbox's rate limit for the burst (a fresh window, or
 * one `spend` used up first). The client waits up to 130 s per call: longer than
 * Heffl's 60-second window.
 */
export async function burst(
	stack: McpStack,
	client: Client,
	label: string,
	limit: { limit: number; windowMs: number },
	tools: string[],
	spend = false,
) {
	const sandbox = stack.sandbox;
	const lead = sandbox.records('leads')[0];
	const quotation = sandbox.records('quotations')[0];
	const tag = `${label} ${Date.now()}`;
	const argsFor = (tool: string, index: number): Record<string, unknown> =>
		({
			Create_Lead: { name: `Burst lead ${index} ${tag}` },
			Create_Task: { title: `Burst task ${index} ${tag}`, linkedTo: 'leads', linkedId: lead.id },
			List_Open_Deals: {},
			Get_Quotation: { quotationId: quotation.id },
			Find_Leads_by_Email: { email: lead.email },
			Find_Contacts_by_Email: { email: 'example' },
		})[tool]!;
	sandbox.setRateLimit(limit);
	// The key's window is spent before the burst (the agent's other work): its first
	// requests meet the limit whatever the machine's speed.
	for (let spent = 0; spent < (spend ? limit.limit : 0); spent++)
		await fetch(`${sandbox.urls.v2}/users`, { headers: { 'x-api-key': sandbox.apiKey } });
	sandbox.clearRequests();
	const started = Date.now();
	const calls = Array.from({ length: 20 }, (_, index) => {
		const tool = tools[index % tools.length];
		return call(client, tool, argsFor(tool, index), 130_000).then(
			(answer) => ({ tool, index, answer }),
			(error: Error) => ({ tool, index, answer: { isError: true, text: error.message, ms: 0 } }),
		);
	});
	const results = await Promise.all(calls);
	const failures = results.filter(({ answer }) => answer.isError);
	const answered429 = sandbox.requests.filter((request) => request.status === 429).length;
	figures.bursts.push({
		limit: `${limit.limit} per ${limit.windowMs / 1000} s${spend ? ', spent before the burst' : ''}`,
		calls: results.length,
		failures: failures.length,
		answered429,
		slowestMs: Math.max(...results.map(({ answer }) => answer.ms)),
		totalMs: Date.now() - started,
	});
	expect(failures.map(({ tool, answer }) => `${tool}: ${answer.text}`)).toEqual([]);
	// Every create made its record exactly once, whatever the rate limit did to it.
	for (const { tool, index } of results) {
		if (tool === 'Create_Lead')
			expect(
				sandbox.records('leads').filter((record) => record.name === `Burst lead ${index} ${tag}`),
			).toHaveLength(1);
		if (tool === 'Create_Task')
			expect(
				sandbox.records('tasks').filter((record) => record.title === `Burst task ${index} ${tag}`),
			).toHaveLength(1);
	}
	sandbox.setRateLimit({ limit: 60, windowMs: 60_000 });
	return { answered429 };
}
