// @ts-check
// Plain Node, no dependency (as real-n8n.mjs, which re-exports it): node: modules and the
// scripts beside it only.
//
// Workflows as n8n imports them, built for the demo, the tests and the benchmarks.
import { randomUUID } from 'node:crypto';

import { hefflCredentialData } from './heffl-credential.mjs';
import { HOST } from './n8n-install.mjs';
import { isV1 } from './n8n-hosts.mjs';

/**
 * The longest workflow id whose static data n8n saves (its isWorkflowIdValid): 16
 * characters in 1.123.81, 21 in 2.41.1. A trigger of a workflow with a longer id
 * loses the subscription secret it stored on activation, so every delivery fails.
 */
const MAX_WORKFLOW_ID = isV1(HOST) ? 16 : 21;

/**
 * A node as a workflow file holds it (what these scripts set of it).
 * @typedef {{ name: string, type: string, typeVersion?: number, parameters?: Record<string, unknown>, credentials?: Record<string, unknown>, [key: string]: unknown }} NodeSpec
 */
/**
 * A node of a workflow built here: every field the editor gives it.
 * @typedef {NodeSpec & { id: string, typeVersion: number, parameters: Record<string, unknown>, position: [number, number], webhookId?: string }} WorkflowNode
 */
/**
 * A workflow as n8n imports it.
 * @typedef {object} Workflow
 * @property {string} id
 * @property {string} name
 * @property {boolean} active
 * @property {WorkflowNode[]} nodes
 * @property {Record<string, Record<string, Array<Array<{ node: string, type: string, index: number }>>>>} connections
 *   by source node, then by kind of connection (main, ai_tool, …)
 * @property {{ executionOrder: string }} settings
 */

/**
 * A workflow whose nodes run one after the other. Webhook-like nodes get a webhookId,
 * as the editor gives them.
 * @param {string} id
 * @param {string} name
 * @param {NodeSpec[]} nodes
 * @returns {Workflow}
 */
export function linearWorkflow(id, name, nodes) {
	if (id.length > MAX_WORKFLOW_ID)
		throw new Error(
			`workflow id ${id} is longer than the ${MAX_WORKFLOW_ID} characters n8n ${HOST.n8n} keeps static data for: shorten it`,
		);
	const all = nodes.map(
		(node, index) =>
			/** @type {WorkflowNode} */ ({
				typeVersion: 1,
				parameters: {},
				...node,
				id: randomUUID(),
				position: /** @type {[number, number]} */ ([index * 220, 0]),
				...(/webhook|trigger/i.test(node.type) && !/manualTrigger/.test(node.type)
					? { webhookId: randomUUID() }
					: {}),
			}),
	);
	const connections = Object.fromEntries(
		all
			.slice(0, -1)
			.map((node, index) => [
				node.name,
				{ main: [[{ node: all[index + 1].name, type: 'main', index: 0 }]] },
			]),
	);
	return { id, name, active: false, nodes: all, connections, settings: { executionOrder: 'v1' } };
}

/**
 * n8n's Webhook node, started by a POST to its production path. By default it answers with
 * every item of the last node; `responseMode: 'onReceived'` answers at once.
 * @param {string} path
 * @param {{ responseMode?: 'lastNode' | 'onReceived', responseData?: string, options?: Record<string, unknown> }} [settings]
 * @returns {NodeSpec}
 */
export function webhookNode(path, settings = {}) {
	const { responseMode = 'lastNode', options = {} } = settings;
	const responseData = responseMode === 'lastNode' ? (settings.responseData ?? 'allEntries') : undefined;
	return {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		parameters: {
			httpMethod: 'POST',
			path,
			responseMode,
			...(responseData ? { responseData } : {}),
			options,
		},
	};
}

/**
 * A workflow started by a POST to its production webhook at `path` (webhookNode), then
 * `nodes` one after the other.
 * @param {string} id
 * @param {string} name
 * @param {string} path
 * @param {NodeSpec[]} nodes
 * @param {Parameters<typeof webhookNode>[1]} [settings]
 * @returns {Workflow}
 */
export function webhookWorkflow(id, name, path, nodes, settings) {
	return linearWorkflow(id, name, [webhookNode(path, settings), ...nodes]);
}

/** The node that ends a workflow and does nothing. */
export const DONE = { name: 'Done', type: 'n8n-nodes-base.noOp' };

/**
 * A workflow started by the Heffl Trigger (its parameters, the credentials it carries), then
 * `nodes` one after the other.
 * @param {string} id
 * @param {string} name
 * @param {{ parameters: Record<string, unknown>, credentials?: Record<string, unknown> }} trigger
 * @param {NodeSpec[]} nodes
 * @returns {Workflow}
 */
export function hefflTriggerWorkflow(id, name, { parameters, credentials = {} }, nodes) {
	return linearWorkflow(id, name, [
		{ name: 'Heffl Trigger', type: 'n8n-nodes-heffl.hefflTrigger', parameters, credentials },
		...nodes,
	]);
}

/**
 * POSTs `body` (none when absent) to an active webhook workflow's production webhook on
 * `baseUrl` (n8n's, or its webhook processor's), retrying while n8n registers it: it answers
 * 404 for a moment after the activation call. Bounded: `retries` more tries, 200 ms apart.
 * @param {string} baseUrl
 * @param {Workflow} workflow
 * @param {{ body?: unknown, retries?: number }} [options]
 * @returns {Promise<Response>}
 */
export async function callWebhook(baseUrl, workflow, { body, retries = 50 } = {}) {
	const url = `${baseUrl}/webhook/${String(workflow.nodes[0].parameters.path)}`;
	const post = () =>
		fetch(
			url,
			body === undefined
				? { method: 'POST' }
				: {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify(body),
					},
		);
	let answer = await post();
	for (let retry = 0; answer.status === 404 && retry < retries; retry++) {
		await answer.arrayBuffer();
		await new Promise((done) => setTimeout(done, 200));
		answer = await post();
	}
	return answer;
}

/**
 * A Heffl API credential as n8n imports it, aimed at a Heffl (the sandbox: its key and
 * base URLs).
 * @param {{ id: string, name: string }} credential
 * @param {{ apiKey: string, urls: { v1: string, v2: string } }} heffl
 */
export function hefflCredential({ id, name }, heffl) {
	return { id, name, type: 'hefflApi', data: hefflCredentialData(heffl) };
}

export { hefflCredentialData };
