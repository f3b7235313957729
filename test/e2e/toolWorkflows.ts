/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * The Heffl Tool's workflows of test/e2e/tool.test.ts, as a user builds them (Manual Trigger
 * → AI Agent, a Heffl tool attached), and how the editor reaches them: a tool call as its
 * "Execute step" makes one, the node descriptions it is served, the owner's session cookie.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { IDataObject, INodeTypeDescription } from 'n8n-workflow';
import { nodeNameToToolName } from 'n8n-workflow';
import { expect } from 'vitest';

import type { Session } from '../../drivers/real-n8n.mjs';
import { N8N_DIR, OWNER } from '../../drivers/real-n8n.mjs';

export const TOOL_TYPE = 'n8n-nodes-heffl.hefflTool';
export const credentials = { hefflApi: { id: 'hefflSandboxTool', name: 'Heffl sandbox' } };
/** `$fromAI()` as a user types it; n8n's parser takes no escaped quote inside the description. */
const fromAI = (key: string, description: string, type = 'string') => {
	if (description.includes("'")) throw new Error(`no ' in a $fromAI() description: ${description}`);
	return `={{ $fromAI('${key}', '${description}', '${type}') }}`;
};

/**
 * Manual Trigger → AI Agent, with a Heffl tool attached to the agent, as a user builds
 * it. The agent has no model: n8n swaps it for its Tool Executor when the tool runs.
 */
export function agentWorkflow(id: string, toolName: string, parameters: IDataObject) {
	const node = (name: string, type: string, typeVersion: number, x: number, y: number) => ({
		id: `${id}-${name.replace(/\W/g, '')}`,
		name,
		type,
		typeVersion,
		position: [x, y],
		parameters: {},
	});
	return {
		id,
		name: `Agent with ${toolName}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node('Run', 'n8n-nodes-base.manualTrigger', 1, 0, 0),
			node('Agent', '@n8n/n8n-nodes-langchain.agent', 2, 240, 0),
			{ ...node(toolName, TOOL_TYPE, 1, 240, 220), parameters, credentials },
		],
		connections: {
			Run: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
			[toolName]: { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] },
		},
	};
}

export const createLead = agentWorkflow('wfToolCreateLead', 'Create Lead', {
	resource: 'lead',
	operation: 'create',
	name: fromAI('name', 'the full name of the lead'),
	additionalFields: {
		email: fromAI('email', 'the e-mail address of the lead, e.g. ada@example.com'),
	},
});
export const getLead = agentWorkflow('wfToolGetLead', 'Get Lead', {
	resource: 'lead',
	operation: 'get',
	leadId: { __rl: true, mode: 'id', value: fromAI('leadId', 'the lead ID, e.g. ld_0123') },
});

/** Contact → Get Many as a tool, with one Output (`undefined`: the default, never set). */
const findContacts = (id: string, output?: string, outputFields?: string[]) =>
	agentWorkflow(id, `Find Contacts ${output ?? 'default'}`, {
		resource: 'contact',
		operation: 'getAll',
		limit: 3,
		filters: { search: fromAI('search', 'words of the name or e-mail, e.g. example') },
		...(output && { output }),
		...(outputFields && { outputFields }),
		// Saved by a user who switched the node's Simplify off: the tool has Output instead.
		simplify: false,
	});
export const outputs = {
	default: findContacts('wfToolOutputDefault'),
	raw: findContacts('wfToolOutputRaw', 'raw'),
	selected: findContacts('wfToolOutputSelected', 'selected', ['name', 'email']),
};

export type ToolRun = {
	status: string;
	/** The arguments the tool received (what an agent would have sent). */
	arguments?: IDataObject;
	/** What the tool handed back to the agent. */
	response?: unknown;
	error?: string;
};

/**
 * Calls the workflow's tool as the editor's "Execute step" does, with `args` as the
 * agent's arguments (omitted: no arguments at all), and waits for the execution.
 */
export async function callTool(
	session: Session,
	workflow: ReturnType<typeof agentWorkflow>,
	args?: IDataObject,
) {
	const tool = workflow.nodes[2];
	const toolName = nodeNameToToolName(tool.name);
	const { executionId } = (await session.call('POST', `/workflows/${workflow.id}/run`, {
		destinationNode: { nodeName: tool.name, mode: 'inclusive' },
		...(args && { agentRequest: { query: { [toolName]: args }, tool: { name: toolName } } }),
	})) as { executionId: string };
	const flatted = createRequire(join(N8N_DIR, 'package.json'))('flatted');
	for (let attempt = 0; attempt < 150; attempt++) {
		const execution = await session.call<{ status: string; data: string } | undefined>(
			'GET',
			`/executions/${executionId}`,
		);
		if (execution && !['new', 'running'].includes(execution.status)) {
			const { runData, error } = flatted.parse(execution.data).resultData;
			const toolRun = runData[tool.name]?.[0];
			return {
				status: execution.status,
				arguments: toolRun?.inputOverride?.ai_tool?.[0]?.[0]?.json,
				response: toolRun?.data?.ai_tool?.[0]?.[0]?.json?.response,
				error: error?.message,
			} as ToolRun;
		}
		await new Promise((done) => setTimeout(done, 200));
	}
	throw new Error(`execution ${executionId} did not finish in 30 s`);
}

/**
 * The node descriptions n8n serves to its editor (one per version of every type). A reused
 * keep-alive connection that n8n has just closed fails the read (ECONNRESET, twice on loaded
 * CI runs): read again, at most twice more.
 */
export async function readServedTypes(url: string, cookie: string) {
	for (let attempt = 1; ; attempt++) {
		try {
			const answer = await fetch(`${url}/types/nodes.json`, {
				headers: { cookie, 'browser-id': 'heffl-scripts' },
			});
			expect(answer.status).toBe(200);
			return (await answer.json()) as INodeTypeDescription[];
		} catch (error) {
			// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- test tooling
			if (attempt === 3 || !(error instanceof TypeError)) throw error;
			await new Promise((done) => setTimeout(done, 1000));
		}
	}
}

/** The owner's session cookie, which n8n's node-types file wants (login() keeps its own). */
export async function ownerCookie(url: string) {
	const answer = await fetch(`${url}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'browser-id': 'heffl-scripts' },
		body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
	});
	return answer.headers
		.getSetCookie()
		.map((entry) => entry.split(';')[0])
		.join('; ');
}
