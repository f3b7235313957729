// @ts-check
// Plain Node, no dependency: CI may run ensureN8n from here before `npm ci`, so this file
// and everything it imports must import nothing from node_modules (node: modules and the
// scripts beside it only; n8n's own packages are loaded from its install, N8N_DIR).
//
// Real n8n for the demo and the end-to-end tests, on the host drivers/n8n-install.mjs
// installs: this package fed to it as the community catalog installs it (packed, then
// installed into <user folder>/.n8n/nodes without peer dependencies; the hosts tier,
// test/e2e-hosts, installs it through n8n's own installer instead), n8n started with
// an owner, and a session that drives it through the editor's REST API.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import {
	ensureN8n,
	INSTALL_HINT,
	N8N_BIN,
	N8N_DIR,
	NODE_BIN,
	npmEnv,
	run,
	tail,
	withoutRunnerOptions,
} from './n8n-install.mjs';
import { login, OWNER, setUpOwner } from './n8n-session.mjs';
import { packPackage } from './pack.mjs';

export { ensureN8n, HOST, N8N_DIR, NODE_BIN, proveN8n, ROOT, SetupError } from './n8n-install.mjs';
export { login, OWNER } from './n8n-session.mjs';
export { hefflCredential, linearWorkflow } from './n8n-workflows.mjs';
/** @typedef {import('./n8n-workflows.mjs').NodeSpec} NodeSpec */
/** @typedef {import('./n8n-workflows.mjs').Workflow} Workflow */
export { packPackage } from './pack.mjs';
/** @typedef {import('./n8n-session.mjs').Session} Session */

/** Where installed nodes folders are kept, by their tarballs' contents (beside n8n). */
const INSTALLED_NODES = join(dirname(N8N_DIR), 'installed-nodes');
const A_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A nodes folder with these tarballs installed as the catalog does, made once per set of
 * tarballs and then copied: npm resolves n8n-workflow's whole tree from the registry even
 * with peers omitted (14 s, 6 s of CPU, quiet), and one CI run fills about twenty user
 * folders with the same tarball.
 * @param {string[]} tarballs
 * @returns {string}
 */
function installedNodes(tarballs) {
	const hash = createHash('sha256');
	for (const tarball of tarballs) hash.update(readFileSync(tarball));
	const ready = join(INSTALLED_NODES, hash.digest('hex').slice(0, 16));
	if (existsSync(ready)) return ready;
	mkdirSync(INSTALLED_NODES, { recursive: true });
	for (const entry of readdirSync(INSTALLED_NODES)) {
		const old = join(INSTALLED_NODES, entry);
		if (Date.now() - statSync(old).mtimeMs > A_DAY_MS)
			rmSync(old, { recursive: true, force: true });
	}
	// Made aside and renamed: a reader sees a whole folder or none.
	const partial = `${ready}.partial-${process.pid}`;
	rmSync(partial, { recursive: true, force: true });
	mkdirSync(partial);
	writeFileSync(
		join(partial, 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true }),
	);
	run(
		'npm',
		['install', '--ignore-scripts', '--omit=peer', '--no-audit', '--no-fund', ...tarballs],
		{ cwd: partial, env: npmEnv(), hint: INSTALL_HINT },
	);
	try {
		renameSync(partial, ready);
	} catch {
		rmSync(partial, { recursive: true, force: true }); // another process made it first
	}
	return ready;
}

/**
 * A fresh n8n user folder with the packed package (or several: an array) installed as the catalog does.
 * @param {string} folder
 * @param {string | string[]} tarball
 * @returns {string} the folder
 */
export function prepareUserFolder(folder, tarball) {
	rmSync(folder, { recursive: true, force: true });
	mkdirSync(join(folder, '.n8n'), { recursive: true });
	cpSync(installedNodes([tarball].flat()), join(folder, '.n8n', 'nodes'), { recursive: true });
	return folder;
}

/**
 * The environment n8n runs in: this user folder, loopback only, nothing phoned home.
 * @param {string} folder
 * @param {Env} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
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
 * @param {string} folder
 * @param {string[]} args
 * @param {Env} [extra]
 * @returns {{ status: number | null, stdout: string, stderr: string, failure: string | null }}
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

const READY_WITHIN_MS = 420_000;

/**
 * Starts `n8n start` (or another command: `['worker']`); resolves once n8n is ready:
 * /healthz/readiness answers ok and, for `start`, its REST API is mounted (n8n 1.x
 * answers the readiness check first) and has an owner (set up through n8n's
 * owner-setup call where the version takes no owner from the environment).
 * @param {string} folder
 * @param {number} port
 * @param {Env} [extra]
 * @param {string[]} [command]
 * @returns {Promise<StartedN8n>}
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
	/** @type {Promise<void>} */
	const exited = new Promise((done) => child.once('exit', () => done()));
	const stop = async () => {
		if (child.exitCode === null) child.kill('SIGTERM');
		await Promise.race([exited, sleep(20_000)]);
		if (child.exitCode === null) child.kill('SIGKILL');
	};
	const url = `http://127.0.0.1:${port}`;
	// Generous: when CI's streams start their n8n at one moment (ten n8n boots on 2 cores),
	// one took longer than 180 s.
	const deadline = Date.now() + READY_WITHIN_MS;
	let notYet = 'no answer yet';
	const ready = async () => {
		if (!(await fetch(`${url}/healthz/readiness`)).ok) return false;
		if (command[0] !== 'start') return true;
		// Before its routes are mounted, n8n 1.x answers /rest/* with 404 or its HTML.
		const settings = await fetch(`${url}/rest/settings`);
		if (!settings.ok || !/json/.test(settings.headers.get('content-type') ?? '')) return false;
		const { data } =
			/** @type {{ data?: { userManagement?: { showSetupOnFirstLoad?: boolean } } }} */ (
				await settings.json()
			);
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
		if (!last) await sleep(1000);
	}
	await stop();
	throw new Error(
		`n8n did not become ready in ${READY_WITHIN_MS / 1000} s (last: ${notYet}):\n${output.slice(-2000)}`,
	);
}

function ownerEnv() {
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

/** @typedef {Record<string, string | undefined>} Env Environment variables to set. */

/**
 * A running n8n process, from startN8n().
 * @typedef {object} StartedN8n
 * @property {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable>} child
 * @property {() => string} output what it printed so far (stdout and stderr)
 * @property {string} url http://127.0.0.1:<port>
 * @property {() => Promise<void>} stop SIGTERM, SIGKILL after 20 s
 */

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * Imports credentials and workflows through n8n's CLI (before `n8n start`); `extra`: more env.
 * @param {string} folder
 * @param {{ credentials?: readonly object[], workflows?: readonly object[] }} what
 * @param {Env} [extra]
 */
export function importIntoN8n(folder, { credentials = [], workflows = [] }, extra = {}) {
	/** @type {Array<[string, readonly object[]]>} */
	const lists = [
		['credentials', credentials],
		['workflow', workflows],
	];
	for (const [what, list] of lists) {
		if (list.length === 0) continue;
		const file = join(folder, `import-${what}.json`);
		writeFileSync(file, JSON.stringify(list));
		const result = n8nCli(folder, [`import:${what}`, `--input=${file}`], extra);
		rmSync(file);
		if (result.failure) throw new Error(result.failure);
	}
}

/**
 * A TCP port nothing listens on right now (for n8n, its task broker, a sandbox).
 * @returns {Promise<number>}
 */
export async function freePort() {
	const server = createServer();
	await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
	const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
	await new Promise((done) => server.close(() => done(undefined)));
	return port;
}

/**
 * What startRealN8n starts.
 * @typedef {object} RealN8nOptions
 * @property {string} [name] the prefix of its temporary user folder (heffl-e2e-trigger-…)
 * @property {string[]} [tarballs] more packages installed beside this one (test probes)
 * @property {readonly object[]} [credentials] imported with n8n's CLI before it starts
 * @property {readonly object[]} [workflows] imported with n8n's CLI before it starts
 * @property {Env} [env] more environment for every start of this n8n
 */

/**
 * One real n8n, its owner logged in. `current` and `session` are those of the process
 * running now; stop() and start() (or restart()) keep its user folder and ports.
 * @typedef {object} RealN8n
 * @property {string} folder its user folder
 * @property {number} port
 * @property {string} url http://127.0.0.1:<port>
 * @property {StartedN8n} current the process running now (its output(): since it started)
 * @property {Session} session logged in on the process running now
 * @property {() => string} output what each of its processes printed, in order
 * @property {() => Promise<void>} stop
 * @property {(env?: Env) => Promise<void>} start starts it again, `env` added for this
 *   start only, and logs in
 * @property {(whileDown?: () => Promise<void>, env?: Env) => Promise<void>} restart
 *   stop(), `whileDown`, start(env)
 */

/**
 * The real-n8n preamble the end-to-end files, the benchmarks and the screenshots share: n8n
 * installed (ensureN8n), the package packed (packPackage: once per process, or
 * HEFFL_TARBALL) and installed as the catalog does into a fresh user folder,
 * credentials and workflows imported, n8n started and its owner logged in.
 * @param {RealN8nOptions} [options]
 * @returns {Promise<RealN8n>}
 */
export async function startRealN8n({
	name = 'heffl-e2e',
	tarballs = [],
	credentials = [],
	workflows = [],
	env = {},
} = {}) {
	ensureN8n();
	const folder = prepareUserFolder(mkdtempSync(join(tmpdir(), `${name}-`)), [
		packPackage(),
		...tarballs,
	]);
	importIntoN8n(folder, { credentials, workflows });
	const n8nPort = await freePort();
	const brokerPort = await freePort();
	let printedBefore = '';
	/** @type {StartedN8n | undefined} */
	let running;
	/** @type {Session | undefined} */
	let session;
	/** @param {Env} [extra] */
	const start = async (extra = {}) => {
		const started = await startN8n(folder, n8nPort, {
			N8N_RUNNERS_BROKER_PORT: String(brokerPort),
			...env,
			...extra,
		});
		try {
			session = await login(started.url);
		} catch (error) {
			await started.stop();
			throw error;
		}
		running = started;
	};
	const stop = async () => {
		if (!running) return;
		const stopping = running;
		running = undefined;
		session = undefined;
		await stopping.stop();
		printedBefore += stopping.output();
	};
	/** @type {<T>(value: T | undefined) => T} */
	const whileRunning = (value) => {
		if (value === undefined) throw new Error(`n8n in ${folder} is not running (start() it)`);
		return value;
	};
	await start();
	return {
		folder,
		port: n8nPort,
		url: `http://127.0.0.1:${n8nPort}`,
		get current() {
			return whileRunning(running);
		},
		get session() {
			return whileRunning(session);
		},
		output: () => printedBefore + (running?.output() ?? ''),
		stop,
		start,
		async restart(whileDown, extra) {
			await stop();
			await whileDown?.();
			await start(extra);
		},
	};
}
