// The package as npm publishes it, built from scratch in a private copy of the project
// and packed there. Runs that pack at the same time (CI runs real-n8n tiers side by
// side) never see one build empty dist/ under another's `npm pack`, and this
// checkout's dist/ is never touched.
import { spawnSync } from 'node:child_process';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	rmSync,
	symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

import { ROOT } from './n8n-install.mjs';

function run(command, args, cwd) {
	const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	if (result.status !== 0)
		throw new Error(
			`${command} ${args.join(' ')} (in ${cwd}) failed with ${result.status ?? result.signal}:\n${result.stdout}${result.stderr}${result.error?.message ?? ''}`,
		);
	return result.stdout;
}

/** Folders no copy needs: installed, built or git's own. */
const NOT_SOURCES = new Set(['node_modules', 'dist', '.git']);

/**
 * The project's files as a clone has them: every file git knows (tracked, or new and
 * not ignored: work in progress included); in a folder that is not a git checkout (a
 * downloaded archive), every file outside node_modules, dist and .git.
 */
function projectFiles() {
	const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
		cwd: ROOT,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	const listed = git.status === 0 ? git.stdout.split('\0').filter(Boolean) : [];
	if (listed.includes('package.json')) return listed.filter((file) => existsSync(join(ROOT, file)));
	const walk = (folder) =>
		readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
			if (NOT_SOURCES.has(entry.name)) return [];
			const path = join(folder, entry.name);
			if (entry.isDirectory()) return walk(path);
			return entry.isFile() ? [relative(ROOT, path)] : [];
		});
	return walk(ROOT);
}

/**
 * Copies the project into a temporary folder that borrows this checkout's node_modules,
 * builds it there with `n8n-node build` (which copies every png and svg it finds into
 * dist/) and packs it there. Returns npm's report (files with their sizes, `size`
 * packed, `unpackedSize`), the tarball's path and the copy's folder.
 */
export function packCopy() {
	const copy = mkdtempSync(join(tmpdir(), 'heffl-pack-copy-'));
	for (const file of projectFiles()) {
		mkdirSync(dirname(join(copy, file)), { recursive: true });
		copyFileSync(join(ROOT, file), join(copy, file));
	}
	symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
	run(join(ROOT, 'node_modules', '.bin', 'n8n-node'), ['build'], copy);
	const [report] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', copy], copy));
	return { ...report, tarball: join(copy, report.filename), folder: copy };
}

/** Builds and packs the package (packCopy) into `folder`, a new temporary one by default; returns the tarball's path. */
export function packPackage(folder = mkdtempSync(join(tmpdir(), 'heffl-pack-'))) {
	const packed = packCopy();
	mkdirSync(folder, { recursive: true });
	const tarball = join(folder, packed.filename);
	copyFileSync(packed.tarball, tarball);
	rmSync(packed.folder, { recursive: true, force: true });
	return tarball;
}
