// Real n8n for the demo and the end-to-end tests, on the host scripts/n8n-install.mjs
// installs: this package fed to it as the community catalog installs it (packed, then
// installed into <user folder>/.n8n/nodes without peer dependencies; the hosts tier,
// test/e2e-hosts, installs it through n8n's own installer instead), n8n started with
// an owner, and a session that drives it through the editor's REST API.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';

import {
	HOST,
	INSTALL_HINT,
	N8N_BIN,
	N8N_DIR,
	NODE_BIN,
	npmEnv,
	run,
	tail,
	withoutRunnerOptions,
} from './n8n-install.mjs';
import { isV1 } from './n8n-hosts.mjs';

export { ensureN8n, HOST, N8N_DIR, NODE_BIN, proveN8n, ROOT, SetupError } from './n8n-install.mjs';
export { packPackage } from './pack.mjs';

/** A fresh n8n user folder with the packed package (or several: an array) installed as the catalog does. */
export function prepareUserFolder(folder, tarball) {
	rmSync(folder, { recursive: true, force: true });
	const nodes = join(folder, '.n8n', 'nodes');
	mkdirSync(nodes, { recursive: true });
	writeFileSync(
		join(nodes, 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true }),
	);
	run(
		'npm',
		['install', '--ignore-scripts', '--omit=peer', '--no-audit', '--no-fund', ...[tarball].flat()],
		{
			cwd: nodes,
			env: npmEnv(),
			hint: INSTALL_HINT,
		},
	);
	return folder;
}

export function n8nEnv(folder, extra = {}) {
	return {
		...withoutRunnerOptions(process.env),
		PATH: `${NODE_BIN}:${process.env.PATH}`,
		N8N_USER_FOLDER: folder,
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_RUNNERS_BROKER_PORT: String(extra.N8N_RUNNERS_BROKER_PORT ?? 5679),
		...extra,
	};
}

/**
 * Runs an n8n CLI command (import:credentials, import:workflow, execute, ...).
 * `failure` describes a non-zero exit with the end of both stdout and stderr (n8n
 * prints many of its errors, such as a missing SQLite, on stdout).
 */
export function n8nCli(folder, args, extra = {}) {
	const result = spawnSync(join(NODE_BIN, 'node'), [N8N_BIN, ...args], {
		env: n8nEnv(folder, extra),
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	const stdout = result.stdout ?? '';
	const stderr = `${result.stderr ?? ''}${result.error ? `\n${result.error.message}` : ''}`;
	return {
		status: result.status,
		stdout,
		stderr,
		failure:
			result.status === 0
				? null
				: `n8n ${args[0]} exited with ${result.status === null ? `signal ${result.signal}` : `code ${result.status}`}\n` +
					`  n8n's stdout (end):\n${tail(stdout)}\n  n8n's stderr (end):\n${tail(stderr)}`,
	};
}

/**
 * Starts `n8n start` (or another command: `['worker']`); resolves once n8n is ready:
 * /healthz/readiness answers ok and, for `start`, its REST API is mounted (n8n 1.x
 * answers the readiness check first) and has an owner (set up through n8n's
 * owner-setup call where the version takes no owner from the environment).
 */
export async function startN8n(folder, port, extra = {}, command = ['start']) {
	const child = spawn(join(NODE_BIN, 'node'), [N8N_BIN, ...command], {
		env: n8nEnv(folder, {
			N8N_PORT: String(port),
			// n8n 2.x reads N8N_WEBHOOK_URL, then WEBHOOK_URL; 1.123.81 reads only WEBHOOK_URL
			// (without it, 1.x registers http://localhost:<port>/ webhooks with Heffl).
			N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
			WEBHOOK_URL: `http://127.0.0.1:${port}/`,
			...ownerEnv(),
			...extra,
		}),
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	const exited = new Promise((done) => child.once('exit', done));
	const stop = async () => {
		if (child.exitCode === null) child.kill('SIGTERM');
		await Promise.race([exited, new Promise((done) => setTimeout(done, 20_000))]);
		if (child.exitCode === null) child.kill('SIGKILL');
	};
	const url = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + 180_000;
	let notYet = 'no answer yet';
	const ready = async () => {
		if (!(await fetch(`${url}/healthz/readiness`)).ok) return false;
		if (command[0] !== 'start') return true;
		// Before its routes are mounted, n8n 1.x answers /rest/* with 404 or its HTML.
		const settings = await fetch(`${url}/rest/settings`);
		if (!settings.ok || !/json/.test(settings.headers.get('content-type') ?? '')) return false;
		const { data } = await settings.json();
		if (data?.userManagement?.showSetupOnFirstLoad) await setUpOwner(url);
		return true;
	};
	// Checked once more after the deadline: synchronous work elsewhere in this process
	// (another n8n's npm install) can hold the event loop past it.
	for (let last = false; !last; ) {
		last = Date.now() >= deadline;
		if (child.exitCode !== null) throw new Error(`n8n exited early:\n${output.slice(-2000)}`);
		try {
			if (await ready()) return { child, output: () => output, url, stop };
		} catch (error) {
			notYet = error.message; // not listening yet
		}
		if (!last) await new Promise((done) => setTimeout(done, 1000));
	}
	await stop();
	throw new Error(`n8n did not become ready in 180 s (last: ${notYet}):\n${output.slice(-2000)}`);
}

/** n8n's owner-setup call, as its sign-up screen makes it (n8n 1.x has no owner from the environment). */
async function setUpOwner(url) {
	const answer = await fetch(`${url}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'browser-id': 'heffl-scripts' },
		body: JSON.stringify({ ...OWNER, firstName: 'Heffl', lastName: 'Demo' }),
	});
	if (!answer.ok) throw new Error(`n8n owner setup: ${answer.status} ${await answer.text()}`);
}

/** The owner account n8n sets up from the environment, so no sign-up screen appears. */
export const OWNER = { email: 'demo@heffl.example', password: 'Heffl-sandbox-1' };

function ownerEnv() {
	const bcrypt = createRequire(join(N8N_DIR, 'package.json'))('bcryptjs');
	return {
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: OWNER.email,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: bcrypt.hashSync(OWNER.password, 10),
		N8N_INSTANCE_OWNER_FIRST_NAME: 'Heffl',
		N8N_INSTANCE_OWNER_LAST_NAME: 'Demo',
	};
}

/** n8n's own REST API (the editor's), logged in as the owner. */
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
	const call = async (method, path, body) => {
		const response = await fetch(`${url}/rest${path}`, {
			method,
			headers: { ...headers, cookie },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`n8n ${method} ${path}: ${response.status} ${text}`);
		return JSON.parse(text).data;
	};
	const flatted = createRequire(join(N8N_DIR, 'package.json'))('flatted');
	return {
		call,
		async activate(workflowId) {
			const { versionId } = await call('GET', `/workflows/${workflowId}`);
			return call('POST', `/workflows/${workflowId}/activate`, { versionId });
		},
		deactivate: (workflowId) => call('POST', `/workflows/${workflowId}/deactivate`, {}),
		/** Executions of a workflow, newest first. */
		async executions(workflowId) {
			const filter = encodeURIComponent(JSON.stringify({ workflowId }));
			return (await call('GET', `/executions?filter=${filter}&limit=100`)).results;
		},
		/** The descriptions n8n serves to its editor: `nodes` or `credentials`. */
		async typeDescriptions(what) {
			// n8n 1.x rewrites this file after installing a package: a read can catch it half
			// written, so a body that does not parse is read again (5 s at most); a loaded
			// n8n serving the large file may also close the socket midway (seen in CI at load 17).
			for (let attempt = 1; ; attempt++) {
				try {
					const answer = await fetch(`${url}/types/${what}.json`, {
						headers: { ...headers, cookie },
					});
					if (!answer.ok) throw new Error(`n8n GET /types/${what}.json: ${answer.status}`);
					return JSON.parse(await answer.text());
				} catch (error) {
					const passing = error instanceof SyntaxError || error?.message === 'fetch failed';
					if (!passing || attempt === 20) throw error;
					await new Promise((done) => setTimeout(done, 250));
				}
			}
		},
		/** The node types (with the versions of each) and credential types n8n serves to its editor. */
		async loadedTypes() {
			const nodes = await this.typeDescriptions('nodes');
			const versions = {};
			for (const { name, version } of nodes)
				versions[name] = [...(versions[name] ?? []), ...[version].flat()].sort((a, b) => a - b);
			return {
				nodes: Object.keys(versions),
				versions,
				credentials: (await this.typeDescriptions('credentials')).map((type) => type.name),
			};
		},
		/** Each node's output items (json only) of one execution. */
		async outputs(executionId) {
			const execution = await call('GET', `/executions/${executionId}`);
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
		},
		/**
		 * Runs a saved workflow as the editor's "Execute workflow" does, up to and with
		 * `lastNode`; waits (30 s at most) for the end. Its status, and each node's output.
		 * n8n 1.x runs the workflow sent in the body (2.x reads the saved one and ignores it).
		 */
		async runManually(workflowId, lastNode) {
			const { executionId } = await call('POST', `/workflows/${workflowId}/run`, {
				workflowData: await call('GET', `/workflows/${workflowId}`),
				destinationNode: { nodeName: lastNode, mode: 'inclusive' },
			});
			for (let attempt = 0; attempt < 150; attempt++) {
				// n8n 2.20 answers 500 for an execution whose data is not written yet.
				const status = await call('GET', `/executions/${executionId}`).then(
					(execution) => execution.status,
					() => 'new',
				);
				if (!['new', 'running'].includes(status))
					return { status, ...(await this.outputs(executionId)) };
				await new Promise((done) => setTimeout(done, 200));
			}
			throw new Error(`execution ${executionId} of workflow ${workflowId} did not end in 30 s`);
		},
	};
}

/**
 * The longest workflow id whose static data n8n saves (its isWorkflowIdValid): 16
 * characters in 1.123.81, 21 in 2.41.1. A trigger of a workflow with a longer id
 * loses the subscription secret it stored on activation, so every delivery fails.
 */
const MAX_WORKFLOW_ID = isV1(HOST) ? 16 : 21;

/**
 * A workflow whose nodes run one after the other. Webhook-like nodes get a webhookId,
 * as the editor gives them.
 */
export function linearWorkflow(id, name, nodes) {
	if (id.length > MAX_WORKFLOW_ID)
		throw new Error(
			`workflow id ${id} is longer than the ${MAX_WORKFLOW_ID} characters n8n ${HOST.n8n} keeps static data for: shorten it`,
		);
	const all = nodes.map((node, index) => ({
		typeVersion: 1,
		parameters: {},
		...node,
		id: randomUUID(),
		position: [index * 220, 0],
		...(/webhook|trigger/i.test(node.type) && !/manualTrigger/.test(node.type)
			? { webhookId: randomUUID() }
			: {}),
	}));
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

/** Imports credentials and workflows through n8n's CLI (before `n8n start`); `extra`: more env. */
export function importIntoN8n(folder, { credentials = [], workflows = [] }, extra = {}) {
	for (const [what, list] of [
		['credentials', credentials],
		['workflow', workflows],
	]) {
		if (list.length === 0) continue;
		const file = join(folder, `import-${what}.json`);
		writeFileSync(file, JSON.stringify(list));
		const result = n8nCli(folder, [`import:${what}`, `--input=${file}`], extra);
		rmSync(file);
		if (result.failure) throw new Error(result.failure);
	}
}

/** A TCP port nothing listens on right now (for n8n, its task broker, a sandbox). */
export async function freePort() {
	const server = createServer();
	await new Promise((done) => server.listen(0, '127.0.0.1', done));
	const { port } = server.address();
	await new Promise((done) => server.close(done));
	return port;
}
