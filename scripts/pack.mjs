// Builds and packs this package into a folder of the caller's own (a fresh temporary
// one by default), so that several runs packing at once never share a tarball folder
// (real-n8n.mjs's packPackage() always uses the same one).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ROOT } from './real-n8n.mjs';

/** Builds, packs into `folder` (default: a new temporary folder) and returns the tarball's path. */
export function packPackageInto(folder = mkdtempSync(join(tmpdir(), 'heffl-pack-'))) {
	const build = spawnSync('npm', ['run', 'build'], {
		cwd: ROOT,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	if (build.status !== 0) throw new Error(`npm run build failed with exit code ${build.status}`);
	const pack = spawnSync('npm', ['pack', '--pack-destination', folder], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
	return join(folder, pack.stdout.trim().split('\n').pop());
}
