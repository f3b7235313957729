// Builds and packs this package into a folder of the caller's own (a fresh temporary
// one by default), so that several runs packing at once never share a tarball folder
// (real-n8n.mjs's packPackage() always uses the same one). packCopy() does the same in a
// temporary copy of the project, leaving this checkout's dist/ alone.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

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

function run(command, args, cwd) {
	const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	if (result.status !== 0)
		throw new Error(
			`${command} ${args.join(' ')} (in ${cwd}) failed with ${result.status ?? result.signal}:\n${result.stdout}${result.stderr}${result.error?.message ?? ''}`,
		);
	return result.stdout;
}

/**
 * The package as `npm pack` makes it from a fresh build, without touching this
 * checkout: every file of the project that git knows (tracked, or new and not ignored:
 * what a clone has, plus work in progress) is copied into a temporary folder that
 * borrows this checkout's node_modules, built there with `n8n-node build` (which copies
 * every png and svg it finds into dist/), and packed there. Returns npm's report (files
 * with their sizes, `size` packed, `unpackedSize`) and the tarball's path.
 */
export function packCopy() {
	const copy = mkdtempSync(join(tmpdir(), 'heffl-pack-copy-'));
	const listed = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], ROOT)
		.split('\0')
		.filter((file) => file && existsSync(join(ROOT, file)));
	if (!listed.includes('package.json'))
		throw new Error(`git ls-files in ${ROOT} does not list package.json: not a clone?`);
	for (const file of listed) {
		mkdirSync(dirname(join(copy, file)), { recursive: true });
		copyFileSync(join(ROOT, file), join(copy, file));
	}
	symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
	run(join(ROOT, 'node_modules', '.bin', 'n8n-node'), ['build'], copy);
	const [report] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', copy], copy));
	return { ...report, tarball: join(copy, report.filename), folder: copy };
}
