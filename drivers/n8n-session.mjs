// @ts-check
// Plain Node, no dependency (as real-n8n.mjs, which re-exports it): node: modules and the
// scripts beside it only; n8n's own packages are loaded from its install (N8N_DIR).
//
// n8n's own REST API (the editor's) as its owner: the session the demo, the tests and the
// benchmarks drive a real n8n with, and the owner account n8n is started with.
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { N8N_DIR } from './n8n-install.mjs';

/** How long a call waits out n8n's "Database is not ready!" (its database ping timed out). */
const DATABASE_WAIT_MS = 60_000;

/**
 * fetch, sent again while n8n answers 503 "Database is not ready!": n8n refuses every
 * request before routing it while its database ping fails, as on a starved machine (a CI
 * run at load 13 met it on SQLite), so nothing was done and sending again is safe.
 * @param {string} url
 * @param {RequestInit} init
 * @returns {Promise<{ response: Response, text: string }>}
 */
async function fetchWhenDatabaseReady(url, init) {
	const deadline = Date.now() + DATABASE_WAIT_MS;
	for (;;) {
		const response = await fetch(url, init);
		const text = await response.text();
		if (response.status !== 503 || !text.includes('Database is not ready') || Date.now() > deadline)
			return { response, text };
		await sleep(1000);
	}
}

/**
 * n8n's owner-setup call, as its sign-up screen makes it (n8n 1.x has no owner from the environment).
 * @param {string} url
 */
export async function setUpOwner(url) {
	const answer = await fetch(`${url}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'browser-id': 'heffl-scripts' },
		body: JSON.stringify({ ...OWNER, firstName: 'Heffl', lastName: 'Demo' }),
	});
	if (!answer.ok) throw new Error(`n8n owner setup: ${answer.status} ${await answer.text()}`);
}

/** The owner account n8n sets up from the environment, so no sign-up screen appears. */
export const OWNER = { email: 'demo@heffl.example', password: 'Heffl-sandbox-1' };

/**
 * n8n's own REST API (the editor's), logged in as the owner.
 * @param {string} url
 */
export async function login(url) {
	const headers = { 'content-type': 'application/json', 'browser-id': 'heffl-scripts' };
	const answer = await fetch(`${url}/rest/login`, {
		method: 'POST',
		headers,
		body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
	});
	if (!answer.ok) throw new Error(`n8n login failed: ${answer.status} ${await answer.text()}`);
	const cookie = answer.headers
		.getSetCookie()
		.map((entry) => entry.split(';')[0])
		.join('; ');
	/**
	 * One call of n8n's REST API; its `data`, as n8n's JSON has it (T: what the caller knows of it).
	 * @template [T=unknown]
	 * @param {string} method
	 * @param {string} path
	 * @param {unknown} [body]
	 * @returns {Promise<T>}
	 */
	const call = async (method, path, body) => {
		const { response, text } = await fetchWhenDatabaseReady(`${url}/rest${path}`, {
			method,
			headers: { ...headers, cookie },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok) throw new Error(`n8n ${method} ${path}: ${response.status} ${text}`);
		return JSON.parse(text).data;
	};
	/** @type {Session} */
	const session = {
		call,
		async activate(workflowId) {
			const { versionId } = /** @type {{ versionId: string }} */ (
				await call('GET', `/workflows/${workflowId}`)
			);
			return call('POST', `/workflows/${workflowId}/activate`, { versionId });
		},
		deactivate: (workflowId) => call('POST', `/workflows/${workflowId}/deactivate`, {}),
		async executions(workflowId) {
			const filter = encodeURIComponent(JSON.stringify({ workflowId }));
			const { results } = /** @type {{ results: ExecutionSummary[] }} */ (
				await call('GET', `/executions?filter=${filter}&limit=100`)
			);
			return results;
		},
		typeDescriptions: (what) => typeDescriptionsOf(url, { ...headers, cookie }, what),
		async loadedTypes() {
			const nodes = await this.typeDescriptions('nodes');
			/** @type {Record<string, number[]>} */
			const versions = {};
			for (const { name, version } of nodes)
				versions[name] = [...(versions[name] ?? []), ...[version].flat()].sort((a, b) => a - b);
			return {
				nodes: Object.keys(versions),
				versions,
				credentials: (await this.typeDescriptions('credentials')).map((type) => type.name),
			};
		},
		outputs: (executionId) => outputsOf(call, executionId),
		async runManually(workflowId, lastNode) {
			const { executionId } = /** @type {{ executionId: string }} */ (
				await call('POST', `/workflows/${workflowId}/run`, {
					workflowData: await call('GET', `/workflows/${workflowId}`),
					destinationNode: { nodeName: lastNode, mode: 'inclusive' },
				})
			);
			for (let attempt = 0; attempt < 150; attempt++) {
				// n8n 2.20 answers 500 for an execution whose data is not written yet.
				const status = await call('GET', `/executions/${executionId}`).then(
					(execution) => /** @type {{ status: string }} */ (execution).status,
					() => 'new',
				);
				if (!['new', 'running'].includes(status))
					return { status, ...(await this.outputs(executionId)) };
				await sleep(200);
			}
			throw new Error(`execution ${executionId} of workflow ${workflowId} did not end in 30 s`);
		},
	};
	return session;
}

/**
 * The descriptions n8n serves to its editor (`nodes` or `credentials`). n8n 1.x rewrites
 * this file after installing a package: a read can catch it half written, so a body that
 * does not parse is read again (5 s at most); a loaded n8n serving the large file may
 * also close the socket midway (seen in CI at load 17).
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {'nodes' | 'credentials'} what
 * @returns {Promise<TypeDescription[]>}
 */
async function typeDescriptionsOf(url, headers, what) {
	for (let attempt = 1; ; attempt++) {
		try {
			const answer = await fetch(`${url}/types/${what}.json`, { headers });
			if (!answer.ok) throw new Error(`n8n GET /types/${what}.json: ${answer.status}`);
			return JSON.parse(await answer.text());
		} catch (error) {
			const passing = error instanceof SyntaxError || error?.message === 'fetch failed';
			if (!passing || attempt === 20) throw error;
			await sleep(250);
		}
	}
}

/**
 * Each node's output items (json only) of one execution, and its error.
 * @param {Session['call']} call
 * @param {string} executionId
 * @returns {Promise<ExecutionOutputs>}
 */
async function outputsOf(call, executionId) {
	/** @type {{ parse: (text: string) => { resultData: { runData: Record<string, TaskRun[]>, error?: ExecutionError } } }} n8n's own flatted */
	const flatted = createRequire(join(N8N_DIR, 'package.json'))('flatted');
	const execution = /** @type {{ data: string }} */ (
		await call('GET', `/executions/${executionId}`)
	);
	const { runData, error } = flatted.parse(execution.data).resultData;
	const outputs = Object.fromEntries(
		Object.entries(runData).map(([name, runs]) => [
			name,
			(runs[0]?.data?.main?.[0] ?? []).map((item) => item.json),
		]),
	);
	return {
		outputs,
		error: error && {
			message: error.message,
			description: error.description,
			node: error.node?.name,
		},
	};
}

/**
 * The environment that gives n8n its owner account (OWNER) at start, so no sign-up
 * screen appears (n8n 2.x; 1.x ignores it and gets setUpOwner).
 * @returns {Record<string, string>}
 */
export function ownerEnv() {
	/** @type {{ hashSync: (text: string, rounds: number) => string }} n8n's own bcryptjs */
	const bcrypt = createRequire(join(N8N_DIR, 'package.json'))('bcryptjs');
	return {
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: OWNER.email,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: bcrypt.hashSync(OWNER.password, 10),
		N8N_INSTANCE_OWNER_FIRST_NAME: 'Heffl',
		N8N_INSTANCE_OWNER_LAST_NAME: 'Demo',
	};
}

/**
 * n8n's REST API as the owner, from login().
 * @typedef {object} Session
 * @property {<T = unknown>(method: string, path: string, body?: unknown) => Promise<T>} call
 *   One call; its `data` (T: what the caller knows of it).
 * @property {(workflowId: string) => Promise<unknown>} activate
 * @property {(workflowId: string) => Promise<unknown>} deactivate
 * @property {(workflowId: string) => Promise<ExecutionSummary[]>} executions
 *   Executions of a workflow, newest first.
 * @property {(what: 'nodes' | 'credentials') => Promise<TypeDescription[]>} typeDescriptions
 *   The descriptions n8n serves to its editor: `nodes` or `credentials`.
 * @property {() => Promise<{ nodes: string[], versions: Record<string, number[]>, credentials: string[] }>} loadedTypes
 *   The node types (with the versions of each) and credential types n8n serves to its editor.
 * @property {(executionId: string) => Promise<ExecutionOutputs>} outputs
 *   Each node's output items (json only) of one execution.
 * @property {(workflowId: string, lastNode: string) => Promise<ExecutionOutputs & { status: string }>} runManually
 *   Runs a saved workflow as the editor's "Execute workflow" does, up to and with
 *   `lastNode`; waits (30 s at most) for the end. Its status, and each node's output.
 *   n8n 1.x runs the workflow sent in the body (2.x reads the saved one and ignores it).
 */

/**
 * One execution as n8n lists it (id, status, mode, startedAt, …). Types from n8n-workflow
 * are named in comments only: nothing is imported at run time.
 * @typedef {import('n8n-workflow').IDataObject & { id: string, status: string }} ExecutionSummary
 */
/**
 * A node or credential type as n8n serves it to its editor (what these scripts read of it).
 * @typedef {{ name: string, version: number | number[], displayName?: string, [key: string]: unknown }} TypeDescription
 */
/** @typedef {{ json: import('n8n-workflow').IDataObject }} Item */
/** @typedef {{ data?: { main?: Array<Item[] | null> } }} TaskRun */
/** @typedef {{ message: string, description?: string, node?: { name: string } }} ExecutionError */
/**
 * Each node's output items of one execution (json only), and its error.
 * @typedef {object} ExecutionOutputs
 * @property {Record<string, import('n8n-workflow').IDataObject[]>} outputs
 * @property {{ message: string, description?: string, node?: string }} [error]
 */

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
