// @ts-check
// n8n in queue mode for the end-to-end tier and the benchmark: Redis and Postgres
// from Debian's packages (installed here when missing), one main instance, workers
// and a webhook processor, each with its own user folder holding the packed package
// as the community catalog installs it. Everything listens on free loopback ports
// and lives in one temporary folder that stop() deletes.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
	chmodSync,
	chownSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
	ensureN8n,
	freePort,
	importIntoN8n,
	packPackage,
	prepareUserFolder,
	startN8n,
} from './real-n8n.mjs';

/** @param {string} message */
const log = (message) => process.stderr.write(`[queue-stack] ${message}\n`);
const isRoot = () => process.getuid?.() === 0;

/**
 * @param {string} command
 * @param {string[]} args
 * @param {Omit<import('node:child_process').SpawnSyncOptions, 'encoding'>} [options]
 * @returns {string} its stdout
 */
function run(command, args, options = {}) {
	const result = spawnSync(command, args, { ...options, encoding: 'utf8' });
	if (result.status !== 0) {
		const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`;
		throw new Error(
			`${command} ${args.join(' ')} failed (${result.status}):\n${output.slice(-3000)}`,
		);
	}
	return result.stdout;
}

/** The newest installed PostgreSQL's bin folder (Debian keeps each major version apart). */
function postgresBin() {
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return undefined;
	const versions = readdirSync(root)
		.filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? join(root, versions[0], 'bin') : undefined;
}

const REDIS_SERVER = '/usr/bin/redis-server';

/**
 * Installs Debian's redis-server and postgresql when their binaries are missing
 * (apt-get update first, only then). Needs root, as CI runs.
 */
export function ensureDebianPackages() {
	const missing = [
		...(existsSync(REDIS_SERVER) ? [] : ['redis-server']),
		...(postgresBin() ? [] : ['postgresql']),
	];
	if (missing.length === 0) return;
	if (!isRoot()) {
		throw new Error(
			`queue mode needs ${missing.join(' and ')}: run \`sudo apt-get install -y ${missing.join(' ')}\``,
		);
	}
	log(`installing ${missing.join(', ')} from Debian's packages`);
	/** @param {string[]} args */
	const apt = (args) =>
		run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], {
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
	apt(['update', '-q']);
	apt(['install', '-y', '-q', '--no-install-recommends', ...missing]);
	if (!existsSync(REDIS_SERVER) || !postgresBin())
		throw new Error(`apt-get installed ${missing.join(', ')} but the binaries are still missing`);
}

/**
 * A child process whose stdout and stderr are collected; `stdin`: 'ignore' or 'pipe'.
 * @param {string} command
 * @param {string[]} args
 * @param {'ignore' | 'pipe'} stdin
 */
function started(command, args, stdin) {
	const child = spawn(command, args, { stdio: [stdin, 'pipe', 'pipe'] });
	let output = '';
	// Both are pipes (stdio above); the typings cannot tell from a stdin chosen at run time.
	const streams = /** @type {import('node:stream').Readable[]} */ ([child.stdout, child.stderr]);
	for (const stream of streams) stream.on('data', (chunk) => (output += chunk));
	/** @type {Promise<void>} */
	const exited = new Promise((done) => child.once('exit', () => done()));
	return { child, output: () => output, exited };
}

/**
 * Waits until `check` resolves true, or throws after `timeoutMs`. Past the deadline it
 * reads what arrived meanwhile before it checks once more: a caller's synchronous work
 * (an npm install into n8n's user folder, when stacks start side by side on a loaded
 * machine) can hold the event loop past the deadline, and a timer runs before the
 * output that came in while the loop was held is read (CI failed on it once at load 11).
 * @param {string} what
 * @param {() => boolean | Promise<boolean>} check
 * @param {number} [timeoutMs]
 */
async function until(what, check, timeoutMs = 120_000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (await check()) return;
		if (Date.now() >= deadline) {
			// setImmediate runs after the event loop's I/O phase: the pipes' data is read by then.
			await new Promise((done) => setImmediate(done));
			if (await check()) return;
			throw new Error(`${what} not ready after ${timeoutMs / 1000} s`);
		}
		await new Promise((done) => setTimeout(done, 200));
	}
}

/**
 * redis-server in the foreground, without persistence; stop() ends it.
 * @param {string} folder
 */
export async function startRedis(folder) {
	const port = await freePort();
	mkdirSync(folder, { recursive: true });
	const { child, output, exited } = started(
		REDIS_SERVER,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--dir',
			folder,
			'--save',
			'',
			'--appendonly',
			'no',
		],
		'ignore',
	);
	await until('redis-server', () => {
		if (child.exitCode !== null) throw new Error(`redis-server exited:\n${output().slice(-2000)}`);
		return /Ready to accept connections/i.test(output());
	});
	const kill = () => child.exitCode === null && child.kill('SIGKILL');
	return {
		port,
		kill,
		async stop() {
			kill();
			await exited;
		},
	};
}

/**
 * A throwaway cluster: initdb + pg_ctl as the `postgres` user when root (Postgres refuses root).
 * @param {string} folder
 */
export async function startPostgres(folder) {
	const bin = postgresBin();
	if (!bin) throw new Error('PostgreSQL is not installed: ensureDebianPackages() first');
	const port = await freePort();
	const data = join(folder, 'data');
	mkdirSync(folder, { recursive: true });
	/** @type {[string | undefined, string[]]} */
	const asOwner = isRoot() ? ['runuser', ['-u', 'postgres', '--']] : [undefined, []];
	if (isRoot())
		chownSync(
			folder,
			Number(run('id', ['-u', 'postgres']).trim()),
			Number(run('id', ['-g', 'postgres']).trim()),
		);
	/**
	 * @param {string} tool
	 * @param {string[]} args
	 */
	const pg = (tool, args) => {
		const [wrapper, prefix] = asOwner;
		return wrapper
			? run(wrapper, [...prefix, join(bin, tool), ...args], { cwd: folder })
			: run(join(bin, tool), args, { cwd: folder });
	};
	pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
	const options = [
		`-p ${port}`,
		"-c listen_addresses='127.0.0.1'",
		`-c unix_socket_directories='${folder}'`,
		'-c fsync=off',
		'-c synchronous_commit=off',
		'-c full_page_writes=off',
	].join(' ');
	pg('pg_ctl', [
		'-D',
		data,
		'-o',
		options,
		'-l',
		join(folder, 'postgres.log'),
		'-w',
		'-t',
		'60',
		'start',
	]);
	pg('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'n8n']);
	const stop = () => {
		try {
			pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
		} catch (error) {
			log(`pg_ctl stop: ${error.message}`);
		}
	};
	const psql = join(bin, 'psql');
	const connect = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'n8n', '-At'];
	/** One query's rows, tab-separated, as psql prints them unaligned. */
	/** @param {string} query */
	const sql = (query) => run(psql, [...connect, '-c', query]);
	/**
	 * Runs `statements` in a psql session that stays open (a lock held by its transaction);
	 * `release()` ends the session, and with it the transaction.
	 */
	/** @param {string} statements */
	const hold = async (statements) => {
		const { child, output, exited } = started(psql, [...connect, '-v', 'ON_ERROR_STOP=1'], 'pipe');
		const stdin = /** @type {import('node:stream').Writable} */ (child.stdin);
		stdin.write(`${statements}\n\\echo held\n`);
		await until('psql holding its session', () => {
			if (child.exitCode !== null) throw new Error(`psql exited:\n${output()}`);
			return /^held$/m.test(output());
		});
		return {
			release: async () => {
				stdin.end('ROLLBACK;\n');
				await exited;
			},
		};
	};
	return { port, sql, hold, kill: stop, stop: async () => stop() };
}

/**
 * Redis, Postgres, and n8n in queue mode: `n8n start` (main: editor, REST API,
 * activation; its production webhooks off so every delivery goes through the
 * webhook processor), `workers` × `n8n worker`, and one `n8n webhook`. Credentials
 * and workflows are imported into Postgres before anything starts.
 *
 * `workerConcurrency` 1 makes two executions queued together run on two workers.
 * `extraTarballs`: more packages every process installs beside this one (test probes).
 * @param {object} [options]
 * @param {readonly object[]} [options.credentials]
 * @param {readonly object[]} [options.workflows]
 * @param {number} [options.workers]
 * @param {number} [options.workerConcurrency]
 * @param {string[]} [options.extraTarballs]
 * @param {boolean} [options.webhook] whether to start the webhook processor
 * @param {import('./real-n8n.mjs').Env} [options.env] more environment for every process
 */
export async function startQueueStack({
	credentials = [],
	workflows = [],
	workers = 2,
	workerConcurrency = 1,
	extraTarballs = [],
	webhook: withWebhook = true,
	env = {},
} = {}) {
	ensureN8n();
	ensureDebianPackages();
	const base = mkdtempSync(join(tmpdir(), 'heffl-queue-'));
	chmodSync(base, 0o711); // the postgres user must reach its data folder inside
	/** @type {Array<{ stop: () => Promise<void>, kill?: () => unknown }>} */
	const started = [];
	const stopAll = async () => {
		for (const service of started.splice(0).reverse()) await service.stop();
		rmSync(base, { recursive: true, force: true });
	};
	// A test runner killed mid-run still leaves no server behind.
	const onExit = () => {
		for (const service of started) service.kill?.();
	};
	process.once('exit', onExit);
	try {
		const tarball = packPackage(join(base, 'pack'));
		const redis = await startRedis(join(base, 'redis'));
		started.push(redis);
		const postgres = await startPostgres(join(base, 'postgres'));
		started.push(postgres);

		const shared = {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: 'n8n',
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: '',
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			// Every process must decrypt the credentials the main instance stored.
			N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
			N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
			N8N_LOG_LEVEL: 'info',
			// n8n's default of 2 connections queues a burst of webhooks behind each other.
			DB_POSTGRESDB_POOL_SIZE: process.env.HEFFL_QUEUE_DB_POOL ?? '10',
			...env,
		};
		// One user folder per process, each with the package installed as the catalog does.
		/** @param {string} name */
		const folder = (name) => prepareUserFolder(join(base, name), [tarball, ...extraTarballs]);
		const mainFolder = folder('main');
		importIntoN8n(mainFolder, { credentials, workflows }, shared);

		const webhookPort = await freePort();
		const webhookUrl = `http://127.0.0.1:${webhookPort}`;
		/** @type {Map<string, string>} */
		const folders = new Map();
		/**
		 * @param {string} name
		 * @param {number} port
		 * @param {import('./real-n8n.mjs').Env} extra
		 * @param {string[]} [command]
		 * @returns {Promise<QueueProcess>}
		 */
		const start = async (name, port, extra, command) => {
			if (!folders.has(name)) folders.set(name, name === 'main' ? mainFolder : folder(name));
			const n8n = await startN8n(
				/** @type {string} */ (folders.get(name)),
				port,
				{ ...shared, N8N_RUNNERS_BROKER_PORT: String(await freePort()), ...extra },
				command,
			);
			const service = {
				name,
				...n8n,
				kill: () => n8n.child.exitCode === null && n8n.child.kill('SIGKILL'),
				restartWith: () => start(name, port, extra, command),
			};
			started.push(service);
			return service;
		};
		const [main, webhook, ...workerProcesses] = await Promise.all([
			start('main', await freePort(), {
				N8N_WEBHOOK_URL: `${webhookUrl}/`,
				N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
			}),
			withWebhook
				? start('webhook', webhookPort, { N8N_WEBHOOK_URL: `${webhookUrl}/` }, ['webhook'])
				: undefined,
			...Array.from({ length: workers }, async (_, index) => {
				const port = await freePort();
				return start(
					`worker${index + 1}`,
					port,
					{
						QUEUE_HEALTH_CHECK_ACTIVE: 'true',
						QUEUE_HEALTH_CHECK_PORT: String(port),
						N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
					},
					['worker', `--concurrency=${workerConcurrency}`],
				);
			}),
		]);
		return {
			main,
			webhook,
			sql: postgres.sql,
			holdInPostgres: postgres.hold,
			workers: workerProcesses,
			/**
			 * Stops the main instance (SIGTERM, as a deploy does; SIGKILL, as a crash, with
			 * `kill`), runs `whileDown`, starts it again on the same port and folder;
			 * `stack.main` is the new process afterwards.
			 */
			async restartMain(whileDown = async () => {}, { kill = false } = {}) {
				const old = this.main;
				if (kill) old.kill();
				await old.stop();
				started.splice(started.indexOf(old), 1);
				await whileDown();
				this.main = await old.restartWith();
				return this.main;
			},
			/**
			 * Which worker ran each execution, from the workers' own logs.
			 * @param {string} executionId
			 */
			workerOf(executionId) {
				const line = new RegExp(`Worker started execution ${executionId} \\(job`);
				return workerProcesses.find((worker) => line.test(worker.output()))?.name;
			},
			async stop() {
				process.removeListener('exit', onExit);
				await stopAll();
			},
		};
	} catch (error) {
		process.removeListener('exit', onExit);
		await stopAll();
		throw error;
	}
}

/**
 * One n8n process of the stack (main, webhook, workerN).
 * @typedef {import('./real-n8n.mjs').StartedN8n & { name: string, kill: () => unknown, restartWith: () => Promise<QueueProcess> }} QueueProcess
 */
