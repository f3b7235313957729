// @ts-check
// Plain Node, no dependency: CI may run ensureN8n from here before `npm ci`, so this file
// and everything it imports must import nothing from node_modules (node: modules and the
// scripts beside it only; n8n's own packages are loaded from its install, N8N_DIR).
//
// THE real-n8n fixture: startRealN8n starts every real n8n (the end-to-end tiers, the
// hosts tier, queue mode's main, workers and webhook processor, the demo, the
// screenshots, the benchmarks), and this file is the only one that runs n8n's binary
// (test/architecture/realN8nBoot.test.ts checks it). Its defaults: n8n installed
// (drivers/n8n-install.mjs), this package packed and installed as the community catalog
// installs it into a fresh user folder (drivers/n8n-user-folder.mjs), credentials and
// workflows imported with n8n's CLI, `n8n start` on free loopback ports, its owner
// logged in (drivers/n8n-session.mjs). Each boot site passes only what differs.
//
// Over 300 lines: the one place n8n's binary runs (its environment, the CLI imports, the
// spawn and its readiness, the fixture), read together.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureN8n } from './n8n-install.mjs';
import { N8N_BIN, NODE_BIN, tail, withoutRunnerOptions } from './n8n-installed.mjs';
import { login, ownerEnv, setUpOwner } from './n8n-session.mjs';
import { prepareUserFolder } from './n8n-user-folder.mjs';
import { packPackage } from './pack.mjs';

export { ensureN8n, HOST, N8N_DIR, NODE_BIN, proveN8n, ROOT, SetupError } from './n8n-install.mjs';
export { login, OWNER } from './n8n-session.mjs';
export {
	callWebhook,
	DONE,
	hefflCredential,
	hefflCredentialData,
	hefflTriggerWorkflow,
	linearWorkflow,
	webhookNode,
	webhookWorkflow,
} from './n8n-workflows.mjs';
/** @typedef {import('./n8n-workflows.mjs').NodeSpec} NodeSpec */
/** @typedef {import('./n8n-workflows.mjs').Workflow} Workflow */
export { packPackage } from './pack.mjs';
/** @typedef {import('./n8n-session.mjs').Session} Session */

/**
 * The environment n8n runs in: this user folder, loopback only, nothing phoned home.
 * @param {string} folder
 * @param {Env} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
function n8nEnv(folder, extra = {}) {
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
function n8nCli(folder, args, extra = {}) {
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
 * Spawns one n8n process (`n8n start`, or another command: `['worker']`) and resolves once
 * it is ready. The only spawn of n8n's server in the project: startRealN8n calls it.
 * @param {string} folder
 * @param {number} port
 * @param {Env} env more environment (over the defaults below)
 * @param {string[]} command
 * @returns {Promise<StartedN8n>}
 */
async function spawnN8n(folder, port, env, command) {
	const child = spawn(join(NODE_BIN, 'node'), [N8N_BIN, ...command], {
		env: n8nEnv(folder, {
			N8N_PORT: String(port),
			// n8n 2.x reads N8N_WEBHOOK_URL, then WEBHOOK_URL; 1.123.81 reads only WEBHOOK_URL
			// (without it, 1.x registers http://localhost:<port>/ webhooks with Heffl).
			N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
			WEBHOOK_URL: `http://127.0.0.1:${port}/`,
			...ownerEnv(),
			...env,
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
	const started = { child, output: () => output, url: `http://127.0.0.1:${port}`, stop };
	try {
		await untilReady(started, command[0] === 'start');
	} catch (error) {
		await stop();
		throw error;
	}
	return started;
}

/**
 * Resolves once n8n is ready: /healthz/readiness answers ok and, for `start` (`serves`
 * the editor), its REST API is mounted (n8n 1.x answers the readiness check first) and
 * has an owner (set up through n8n's owner-setup call where the version takes no owner
 * from the environment). Throws when n8n exits first or is not ready in time.
 * @param {StartedN8n} n8n
 * @param {boolean} serves
 */
async function untilReady({ child, output, url }, serves) {
	// Generous: when CI's streams start their n8n at one moment (ten n8n boots on 2 cores),
	// one took longer than 180 s.
	const deadline = Date.now() + READY_WITHIN_MS;
	let notYet = 'no answer yet';
	const ready = async () => {
		if (!(await fetch(`${url}/healthz/readiness`)).ok) return false;
		if (!serves) return true;
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
		if (child.exitCode !== null) throw new Error(`n8n exited early:\n${output().slice(-2000)}`);
		try {
			if (await ready()) return;
		} catch (error) {
			notYet = error.message; // not listening yet
		}
		if (!last) await sleep(1000);
	}
	throw new Error(
		`n8n did not become ready in ${READY_WITHIN_MS / 1000} s (last: ${notYet}):\n${output().slice(-2000)}`,
	);
}

/** @typedef {Record<string, string | undefined>} Env Environment variables to set. */

/**
 * One running n8n process.
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
function importIntoN8n(folder, { credentials = [], workflows = [] }, extra = {}) {
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
 * What startRealN8n starts; each option's default is what the end-to-end files want.
 * @typedef {object} RealN8nOptions
 * @property {string} [name] the prefix of its temporary user folder (heffl-e2e-trigger-…)
 * @property {string} [folder] its user folder instead of a temporary one (made anew:
 *   what was in it is deleted, unless `catalog` is false)
 * @property {string | false} [catalog] the packed package installed as the catalog does
 *   (packPackage() by default); false: none, and the folder is used as it is (the hosts
 *   tier, where n8n's own installer installs the package)
 * @property {string[]} [tarballs] more packages installed beside it (test probes)
 * @property {readonly object[]} [credentials] imported with n8n's CLI before it starts
 * @property {readonly object[]} [workflows] imported with n8n's CLI before it starts
 * @property {Env} [env] more environment for every start of this n8n and for the imports
 * @property {number} [port] its port (a free one by default)
 * @property {number} [brokerPort] its task broker's port (a free one by default)
 * @property {string[]} [command] `['start']` by default; queue mode's `['worker', …]`,
 *   `['webhook']` (these have no editor: no session)
 */

/**
 * One real n8n, its owner logged in. `current` and `session` are those of the process
 * running now; stop() and start() (or restart()) keep its user folder and ports.
 * @typedef {object} RealN8n
 * @property {string} folder its user folder
 * @property {number} port
 * @property {string} url http://127.0.0.1:<port>
 * @property {StartedN8n} current the process running now (its output(): since it started)
 * @property {Session} session logged in on the process running now (`n8n start` only)
 * @property {() => string} output what each of its processes printed, in order
 * @property {() => Promise<void>} stop
 * @property {() => void} kill SIGKILL, as a crash (stop() or restart() after it)
 * @property {(env?: Env) => Promise<void>} start starts it again, `env` added for this
 *   start only, and logs in
 * @property {(whileDown?: () => Promise<void>, env?: Env) => Promise<void>} restart
 *   stop(), `whileDown`, start(env)
 */

/**
 * Starts a real n8n: n8n installed (ensureN8n), its user folder made (the package packed
 * once per process, or HEFFL_TARBALL, and installed as the catalog does), credentials
 * and workflows imported, n8n started and its owner logged in.
 * @param {RealN8nOptions} [options]
 * @returns {Promise<RealN8n>}
 */
export async function startRealN8n({
	name = 'heffl-e2e',
	folder: given,
	catalog = packPackage(),
	tarballs = [],
	credentials = [],
	workflows = [],
	env = {},
	port: givenPort,
	brokerPort: givenBroker,
	command = ['start'],
} = {}) {
	ensureN8n();
	const folder = given ?? mkdtempSync(join(tmpdir(), `${name}-`));
	if (catalog) prepareUserFolder(folder, [catalog, ...tarballs]);
	else mkdirSync(folder, { recursive: true });
	importIntoN8n(folder, { credentials, workflows }, env);
	const port = givenPort ?? (await freePort());
	const brokerPort = givenBroker ?? (await freePort());
	const url = `http://127.0.0.1:${port}`;
	const serves = command[0] === 'start';
	let printedBefore = '';
	/** @type {StartedN8n | undefined} */
	let running;
	/** @type {Session | undefined} */
	let session;
	/** @param {Env} [extra] */
	const start = async (extra = {}) => {
		const brokerEnv = { N8N_RUNNERS_BROKER_PORT: String(brokerPort) };
		const started = await spawnN8n(folder, port, { ...brokerEnv, ...env, ...extra }, command);
		try {
			if (serves) session = await login(url);
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
		if (value === undefined)
			throw new Error(
				running && !serves
					? `n8n ${command[0]} has no editor to log in to`
					: `n8n in ${folder} is not running (start() it)`,
			);
		return value;
	};
	await start();
	return {
		folder,
		port,
		url,
		get current() {
			return whileRunning(running);
		},
		get session() {
			return whileRunning(session);
		},
		output: () => printedBefore + (running?.output() ?? ''),
		stop,
		kill: () => void (running?.child.exitCode === null && running.child.kill('SIGKILL')),
		start,
		async restart(whileDown, extra) {
			await stop();
			await whileDown?.();
			await start(extra);
		},
	};
}
