// @ts-check
// Plain Node, no dependency (drivers/n8n-install.mjs runs before `npm ci`): node: modules
// and the scripts beside it only.
//
// The install's lock file: two installs of one host (npm start beside npm run test:e2e)
// never run at once; a lock left by a process that is gone is taken over, and so are the
// folders installs that were killed left behind.
import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

import { formatTime, log, N8N_DIR } from './n8n-installed.mjs';

export const LOCK_FILE = `${N8N_DIR}.lock`;
const LOCK_WAIT_MS = 30 * 60_000;
const LOCK_STALE_MS = 2 * 60 * 60_000;

/**
 * Holds LOCK_FILE; waits (bounded) while a live process holds it, takes over a stale one.
 * @returns {Promise<() => void>} the unlock
 */
export async function lock() {
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
export function removeLeftovers() {
	const prefix = `${basename(N8N_DIR)}.`;
	for (const name of readdirSync(dirname(N8N_DIR))) {
		const match =
			name.startsWith(prefix) && /^(partial|old)-(\d+)$/.exec(name.slice(prefix.length));
		if (match && isStale({ pid: Number(match[2]), host: hostname(), since: Date.now() }))
			rmSync(join(dirname(N8N_DIR), name), { recursive: true, force: true });
	}
}
