/* eslint-disable @n8n/community-nodes/no-restricted-imports -- demo and test tooling, not shipped */
/**
 * The sample workflows are the files in examples/, as a user imports them (n8n's Import
 * from File, or `n8n import:workflow`): each node in its one version, the Heffl
 * credential referenced by type and by the name n8n gives a new one ("Heffl account").
 * `npm start`, the e2e and hosts tiers and the harness tests all read those files; the
 * only changes made for the sandbox are `forSandbox`'s, which are what a user sets after
 * importing (a quotation template and its custom fields) and the sandbox's base URLs in
 * place of Heffl's in the HTTP Request node.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { nodeNameToToolName } from 'n8n-workflow';

import { API_VERSIONS } from '../nodes/shared/transport/apiVersions';
import { ROOT } from './real-n8n.mjs';
import { mapped } from './resourceMapperValue';

/** The resource mapper's value as the editor saves it (drivers/resourceMapperValue.ts). */
export { mapped } from './resourceMapperValue';

export const EXAMPLES_DIR = join(ROOT as string, 'examples');

/**
 * The samples test/e2e/examples.test.ts imports and runs, by file name in examples/;
 * `npm start` imports and checks them, and MCP_SERVER_EXAMPLE.
 */
export const EXAMPLE = {
	newLead: 'new-lead-follow-up-task.json',
	wonDeal: 'deal-won-quotation.json',
	newCompany: 'new-company-welcome-call.json',
	contacts: 'list-all-contacts.json',
	httpRequest: 'http-request-heffl-credential.json',
} as const;

/**
 * The MCP Server Trigger serving six Heffl tools: `npm start` imports, activates and
 * checks it too; its e2e is test/e2e/mcp.test.ts (an MCP client, not a Heffl event).
 */
export const MCP_SERVER_EXAMPLE = 'heffl-mcp-server.json';

/**
 * The credentials the examples name. On import n8n (1.123 and 2.41 alike, editor and CLI)
 * keeps a credential of that type with this id, else takes the one credential of that
 * type with this name: "Heffl account" is the name n8n proposes for a user's first Heffl
 * credential, so such a user sets nothing. `npm start` imports its sandbox credential
 * with this id. The MCP server's Bearer Auth credential has a name of its own (n8n
 * proposes "Bearer Auth account", which could be a token for anything else): a user
 * who names theirs so has it picked up, any other user picks theirs in the trigger.
 */
export const credentials = {
	hefflApi: { id: 'hefflAccount', name: 'Heffl account' },
	httpBearerAuth: { id: 'hefflMcpToken', name: 'Heffl MCP server token' },
};

export interface ExampleNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	[setting: string]: unknown;
}

export interface ExampleWorkflow {
	id: string;
	name: string;
	active: boolean;
	nodes: ExampleNode[];
	connections: Record<string, unknown>;
	settings: Record<string, unknown>;
	[more: string]: unknown;
}

/** Every workflow file in examples/, by name. */
export function exampleFiles(): string[] {
	return readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort();
}

/** One file of examples/, as it is on disk. */
export function example(file: string): ExampleWorkflow {
	return JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as ExampleWorkflow;
}

export const HEFFL_NODE = 'n8n-nodes-heffl.heffl';
export const HEFFL_TOOL = 'n8n-nodes-heffl.hefflTool';
export const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';
export const STICKY_NOTE = 'n8n-nodes-base.stickyNote';

/** The nodes that run (the sticky notes that explain the example left out). */
export const runnable = (workflow: ExampleWorkflow) =>
	workflow.nodes.filter((node) => node.type !== STICKY_NOTE);

/**
 * The URL n8n (at `base`) registers with Heffl for the workflow's webhook trigger, its
 * first node. The examples' Heffl Trigger nodes carry a webhookId, as n8n's own export
 * does: without one, `n8n import:workflow` (2.41.1) leaves the node to listen under
 * `<workflow id>/<node name, percent-encoded>` and then answers Heffl's deliveries to
 * that URL 404 ("new%20lead" registered, "new lead" looked up), measured with `npm start`.
 */
export function webhookUrl(base: string, workflow: ExampleWorkflow): string {
	return `${base.replace(/\/$/, '')}/webhook/${String(workflow.nodes[0].webhookId)}/webhook`;
}

/** The MCP Server Trigger of a workflow, and the Heffl tools it serves (by tool name, as n8n names them). */
export function mcpServer(workflow: ExampleWorkflow) {
	const trigger = workflow.nodes.find((node) => node.type === MCP_TRIGGER);
	if (!trigger) throw new Error(`${workflow.name} has no MCP Server Trigger`);
	const tools = workflow.nodes.filter((node) => node.type === HEFFL_TOOL);
	return { trigger, tools, toolNames: tools.map((node) => nodeNameToToolName(node.name)) };
}

/** The production URL an MCP client connects to: `<n8n>/mcp/<the trigger's path>`. */
export function mcpUrl(base: string, workflow: ExampleWorkflow): string {
	return `${base.replace(/\/$/, '')}/mcp/${String(mcpServer(workflow).trigger.parameters.path)}`;
}

/** One `$fromAI()` argument of a tool node, as written in its parameters. */
export interface FromAiArgument {
	key: string;
	description: string;
	type: string;
	/** Given: the argument is optional. */
	defaultValue?: string;
}

/** The `$fromAI('key', 'description', 'type'[, 'default'])` calls in a node's parameters. */
export function fromAiArguments(node: ExampleNode): FromAiArgument[] {
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

/** Where the sandbox differs from a user's Heffl. */
export interface SandboxTarget {
	urls: { v1: string; v2: string };
	/** The sandbox's quotation template (sandbox/v2/seed.ts: "Project Quotation"). */
	quotationTemplateId: string;
}

/** The sandbox's side of `forSandbox`, read from a running sandbox. */
export function sandboxTarget(sandbox: {
	urls: { v1: string; v2: string };
	records(kind: string): Array<Record<string, unknown>>;
}): SandboxTarget {
	const template = sandbox
		.records('templates')
		.find((record) => record.type === 'quotations' && record.name === 'Project Quotation');
	if (!template) throw new Error('the sandbox has no quotation template named "Project Quotation"');
	return { urls: sandbox.urls, quotationTemplateId: String(template.id) };
}

/**
 * An example as it runs against the sandbox; every change is listed here:
 * - an HTTP Request node's URL on Heffl's base URL gets the sandbox's (the credential
 *   sends the key only to its own base URLs);
 * - Quotation → Create gets the sandbox's template and the custom fields that template
 *   requires: what the example's note asks a user to set after importing.
 * A node such a change is meant for that does not look as expected fails loudly, so an
 * edited example cannot quietly run against Heffl's production URL.
 */
export function forSandbox(workflow: ExampleWorkflow, sandbox: SandboxTarget): ExampleWorkflow {
	const copy = structuredClone(workflow);
	for (const node of copy.nodes) {
		if (node.type === 'n8n-nodes-base.httpRequest') {
			const url = String(node.parameters.url);
			const api = Object.entries(API_VERSIONS).find(([, { defaultBaseUrl }]) =>
				url.startsWith(`${defaultBaseUrl}/`),
			);
			if (!api)
				throw new Error(`${workflow.name} › ${node.name}: ${url} is not on Heffl's base URLs`);
			const [version, { defaultBaseUrl }] = api;
			node.parameters.url = sandbox.urls[version as 'v1' | 'v2'] + url.slice(defaultBaseUrl.length);
		}
		if (
			node.type === HEFFL_NODE &&
			node.parameters.resource === 'quotation' &&
			node.parameters.operation === 'create'
		) {
			if (node.parameters.template !== '')
				throw new Error(`${workflow.name} › ${node.name}: the example should leave Template empty`);
			node.parameters.template = sandbox.quotationTemplateId;
			node.parameters.customFieldsMapping = SANDBOX_QUOTATION_FIELDS;
		}
	}
	return copy;
}

/** The six samples of `npm start`, each as it runs against the sandbox. */
export function sandboxExamples(sandbox: SandboxTarget) {
	const prepared = (file: string) => forSandbox(example(file), sandbox);
	return {
		newLead: prepared(EXAMPLE.newLead),
		wonDeal: prepared(EXAMPLE.wonDeal),
		newCompany: prepared(EXAMPLE.newCompany),
		contacts: prepared(EXAMPLE.contacts),
		httpRequest: prepared(EXAMPLE.httpRequest),
		mcpServer: prepared(MCP_SERVER_EXAMPLE),
	};
}

/**
 * The ID of the task tag "Follow-up" (§11.9: type `project_tasks`, the type the task's tag
 * picker lists), created in the workspace when it has none: the new-lead example tags its
 * task with it when the workspace has it.
 */
export async function followUpTaskTag(v2BaseUrl: string, apiKey: string): Promise<string> {
	const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
	const call = async (path: string, init: RequestInit = {}) => {
		const answer = await fetch(`${v2BaseUrl}${path}`, { ...init, headers });
		const text = await answer.text();
		if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${answer.status} ${text}`);
		return JSON.parse(text) as { id: string; data?: Array<{ id: string; name: string }> };
	};
	const existing = (await call('/tags?type=project_tasks')).data?.find(
		(tag) => tag.name === 'Follow-up',
	);
	if (existing) return existing.id;
	const body = JSON.stringify({ name: 'Follow-up', type: 'project_tasks', color: '#2563eb' });
	return (await call('/tags', { method: 'POST', body })).id;
}

/**
 * The sandbox template's custom fields (sandbox/v2/seed.ts) as a user fills them in
 * Create Quotation: the two it requires, and a delivery date; the mapper's columns as the
 * editor lists them.
 */
const SANDBOX_QUOTATION_FIELDS = mapped(
	{
		cf_project_code: "={{ $('Get Deal').item.json.number }}",
		cf_payment_terms: 'Net 30',
		cf_delivery_date: "={{ $now.plus(14, 'days').toISODate() }}",
	},
	[
		['cf_delivery_date', 'Delivery Date', 'dateTime', false, false],
		['cf_discount_percent', 'Discount Percent', 'number', false, true],
		['cf_payment_terms', 'Payment Terms', 'options', true, false],
		['cf_project_code', 'Project Code', 'string', true, false],
		['cf_signed_copy_received', 'Signed Copy Received', 'boolean', false, true],
	],
	{ cf_payment_terms: ['Net 15', 'Net 30', 'Net 60'] },
);

/**
 * The shapes scripts/screenshots.mjs reads: the new-lead, contacts and HTTP Request
 * samples for the sandbox at `v1BaseUrl` (the new-lead sample finds its tag at run time
 * now; the first argument is kept for that script), and the deal-won sample with the
 * sandbox's `templateId`.
 */
export function sampleWorkflows(_followUpTagId: string, v1BaseUrl: string) {
	const target = {
		urls: { v1: v1BaseUrl, v2: v1BaseUrl.replace(/v1$/, 'v2') },
		quotationTemplateId: '',
	};
	return [EXAMPLE.newLead, EXAMPLE.contacts, EXAMPLE.httpRequest].map((file) =>
		forSandbox(example(file), target),
	);
}

export function wonDealQuotation(templateId: string) {
	return forSandbox(example(EXAMPLE.wonDeal), {
		urls: { v1: '', v2: '' },
		quotationTemplateId: templateId,
	});
}
