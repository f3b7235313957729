// @ts-check
// The package as npm publishes it, built from scratch in a private copy of the project
// and packed there. Runs that pack at the same time (CI runs real-n8n tiers side by
// side) never see one build empty dist/ under another's `npm pack`, and this
// checkout's dist/ is never touched.
//
// Packed once: HEFFL_TARBALL (the absolute path of a tarball CI packed once with
// `npm pack`) is used as it is, without a build; else one process packs at most once.
// test/release/tarball.test.ts always packs for itself (packCopy), to prove the pack.
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
import { basename, dirname, isAbsolute, join, relative } from 'node:path';

import { ROOT } from './n8n-install.mjs';

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @returns {string} its stdout
 */
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
	/** @type {(folder: string) => string[]} */
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
 * What `npm pack --json` reports of one tarball.
 * @typedef {object} PackReport
 * @property {string} name
 * @property {string} version
 * @property {string} filename the tarball's file name
 * @property {number} size packed, in bytes
 * @property {number} unpackedSize
 * @property {number} entryCount
 * @property {Array<{ path: string, size: number }>} files
 */

/**
 * Copies the project into a temporary folder that borrows this checkout's node_modules,
 * builds it there with `n8n-node build` (which copies every png and svg it finds into
 * dist/) and packs it there. Returns npm's report (files with their sizes, `size`
 * packed, `unpackedSize`), the tarball's path and the copy's folder.
 * @returns {PackReport & { tarball: string, folder: string }}
 */
export function packCopy() {
	const copy = mkdtempSync(join(tmpdir(), 'heffl-pack-copy-'));
	for (const file of projectFiles()) {
		mkdirSync(dirname(join(copy, file)), { recursive: true });
		copyFileSync(join(ROOT, file), join(copy, file));
	}
	symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
	run(join(ROOT, 'node_modules', '.bin', 'n8n-node'), ['build'], copy);
	/** @type {PackReport[]} */
	const [report] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', copy], copy));
	return { ...report, tarball: join(copy, report.filename), folder: copy };
}

/** @type {string | undefined} The tarball this process packed (packPackage), once. */
let packedHere;

/**
 * The packed package: HEFFL_TARBALL when it names an existing file, else the tarball
 * this process packed (packCopy), packed on the first call into a temporary folder that
 * outlives the process (a shell may copy it: CI's pack step). With `folder`, a copy in
 * that folder (a caller that deletes its folder deletes only its copy). Delete the
 * tarball itself only where it is not HEFFL_TARBALL; a later call packs again.
 * @param {string} [folder]
 * @returns {string} the tarball's absolute path
 */
export function packPackage(folder) {
	const tarball = givenTarball() ?? packOnce();
	if (folder === undefined) return tarball;
	mkdirSync(folder, { recursive: true });
	const copy = join(folder, basename(tarball));
	copyFileSync(tarball, copy);
	return copy;
}

/** HEFFL_TARBALL, when set to an existing file (a relative path is refused: say where it is). */
function givenTarball() {
	const given = process.env.HEFFL_TARBALL;
	if (!given) return undefined;
	if (!isAbsolute(given))
		throw new Error(
			`HEFFL_TARBALL=${given} is not an absolute path: name the tarball by its full path`,
		);
	if (existsSync(given)) return given;
	process.stderr.write(`[pack] HEFFL_TARBALL=${given} does not exist: packing the package here\n`);
	return undefined;
}

function packOnce() {
	if (packedHere && existsSync(packedHere)) return packedHere;
	const packed = packCopy();
	const folder = mkdtempSync(join(tmpdir(), 'heffl-pack-'));
	packedHere = join(folder, packed.filename);
	copyFileSync(packed.tarball, packedHere);
	rmSync(packed.folder, { recursive: true, force: true });
	return packedHere;
}
