// @ts-check
// Plain Node, no dependency: CI runs ensureDebianPackages (through queue-stack.mjs) before
// `npm ci`, so this file imports node: modules and the scripts beside it only.
//
// The services n8n's queue mode needs, for drivers/queue-stack.mjs: Redis and Postgres
// from Debian's packages (installed here when missing), each on a free loopback port,
// in a folder of the caller's.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { freePort } from './real-n8n.mjs';

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
