// @ts-check
// Plain Node, no dependency (as real-n8n.mjs, which uses it): node: modules and the
// scripts beside it only.
//
// An n8n user folder with packages installed as the community catalog installs them
// (packed, then installed into <user folder>/.n8n/nodes without peer dependencies):
// what startRealN8n gives each n8n it starts, unless the caller's n8n installs the
// package itself (the hosts tier, test/e2e-hosts, through n8n's own installer).
import { createHash } from 'node:crypto';
import {
	cpSync,
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

import { INSTALL_HINT, N8N_DIR, npmEnv, run } from './n8n-install.mjs';

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
 * A fresh n8n user folder (whatever was there is deleted) with these packed packages
 * installed as the catalog does.
 * @param {string} folder
 * @param {string[]} tarballs
 * @returns {string} the folder
 */
export function prepareUserFolder(folder, tarballs) {
	rmSync(folder, { recursive: true, force: true });
	mkdirSync(join(folder, '.n8n'), { recursive: true });
	cpSync(installedNodes(tarballs), join(folder, '.n8n', 'nodes'), { recursive: true });
	return folder;
}
