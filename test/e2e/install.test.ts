/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test tooling, not shipped */
/**
 * The n8n install behind `npm start` and `npm run test:e2e` repairs a cache that is
 * stamped but broken, as the one a nested `npm rebuild sqlite3` under npm's
 * exported `ignore-scripts=true` left behind: no SQLite binding, stamp written.
 * Works on a copy of the install, the real cache never touched: hard links (271,774
 * files: 7 s, where a full copy of its 2.9 GB took 130 s and its removal 70 s, quiet,
 * docs/measured.md), except what the repair writes in place (the manifests, the stamp,
 * sqlite3's build), which is copied for real. The last test proves no shared file was
 * written. Each ensureN8n runs in its own process, as `npm start` would, with the
 * environment npm gives its scripts.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
	chmodSync,
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { HOSTS, hostManifest } from '../../drivers/n8n-hosts.mjs';
import { ensureN8n, N8N_DIR, proveN8n, ROOT } from '../../drivers/real-n8n.mjs';

const work = mkdtempSync(join(tmpdir(), 'heffl-install-test-'));
const copy = join(work, 'n8n');
const binding = join(copy, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');
const stamp = join(copy, '.installed');
/** Written just before the copy: a shared file modified after it was written through a link. */
const copiedAt = join(work, 'copied-at');

/** What the repair (npm install, npm rebuild sqlite3) and this test write in place. */
const WRITTEN_IN_PLACE = [
	'package.json',
	'package-lock.json',
	'.installed',
	join('node_modules', '.package-lock.json'),
];

function run(command: string, args: string[]): { status: number | null; stderr: string } {
	return spawnSync(command, args, { encoding: 'utf8' });
}

/** The install copied as hard links, except what is written in place: real copies. */
function copyInstall(): void {
	writeFileSync(copiedAt, '');
	const linked = run('cp', ['-al', N8N_DIR, copy]);
	if (linked.status !== 0) {
		// Another file system: no hard links there.
		rmSync(copy, { recursive: true, force: true });
		const copied = run('cp', ['-a', N8N_DIR, copy]);
		if (copied.status !== 0) throw new Error(`copying ${N8N_DIR} failed: ${copied.stderr}`);
		return;
	}
	for (const file of WRITTEN_IN_PLACE) {
		if (!existsSync(join(N8N_DIR, file))) continue;
		rmSync(join(copy, file));
		copyFileSync(join(N8N_DIR, file), join(copy, file));
	}
	const sqlite = join('node_modules', 'sqlite3');
	rmSync(join(copy, sqlite), { recursive: true });
	const copied = run('cp', ['-a', join(N8N_DIR, sqlite), join(copy, sqlite)]);
	if (copied.status !== 0) throw new Error(`copying ${sqlite} failed: ${copied.stderr}`);
}

/** ensureN8n in a new process, in the environment `npm start` runs under. */
function ensureInChild(): Promise<{ code: number | null; output: string }> {
	const child = spawn(
		process.execPath,
		[
			'-e',
			`import(${JSON.stringify(join(ROOT, 'drivers', 'real-n8n.mjs'))}).then((m) => m.ensureN8n())`,
		],
		{
			env: {
				...process.env,
				HEFFL_N8N_DIR: copy,
				// What npm exports to `npm start` from this project's .npmrc: the cause of
				// the stamped-but-broken caches.
				npm_config_ignore_scripts: 'true',
				npm_lifecycle_event: 'start',
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	return new Promise((done) => child.once('close', (code) => done({ code, output })));
}

/** A process id that no process has right now. */
function deadPid(): number {
	return spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' })
		.stdout.trim()
		.split('\n')
		.map(Number)[0];
}

beforeAll(() => {
	ensureN8n();
	copyInstall();
}, 900_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

test('a stamped install without its SQLite binding fails the proof and is repaired once, by one of two racing starts', async () => {
	expect(proveN8n(copy)).toBeNull();
	rmSync(binding);
	expect(existsSync(stamp)).toBe(true);
	expect(proveN8n(copy)).toMatch(/^Node 24 cannot open an SQLite database/);

	const [first, second] = await Promise.all([ensureInChild(), ensureInChild()]);

	expect(first.code, first.output).toBe(0);
	expect(second.code, second.output).toBe(0);
	const outputs = [first.output, second.output];
	const repairs = outputs.filter((output) =>
		output.includes(`n8n in ${copy} fails its check (Node 24 cannot open an SQLite database`),
	);
	expect(repairs, outputs.join('\n-----\n')).toHaveLength(1);
	expect(repairs[0]).toMatch(/building sqlite3 for Node 24/);
	expect(repairs[0]).toMatch(/n8n 2\.\d+\.\d+ repaired in/);
	expect(outputs.find((output) => output !== repairs[0])).toMatch(
		/another install of n8n is running \(process \d+\): waiting for it/,
	);
	expect(existsSync(binding)).toBe(true);
	expect(proveN8n(copy)).toBeNull();

	const again = await ensureInChild();
	expect(again).toEqual({ code: 0, output: '' });
}, 900_000);

test('a stamp written by an older script is proved again and kept; a stale lock and a killed install are cleared', async () => {
	writeFileSync(stamp, 'a plain hash, as the first version of the script wrote');
	const gone = deadPid();
	writeFileSync(`${copy}.lock`, JSON.stringify({ pid: gone, host: hostname(), since: Date.now() }));
	mkdirSync(join(`${copy}.partial-${gone}`, 'node_modules'), { recursive: true });

	const { code, output } = await ensureInChild();

	expect(code, output).toBe(0);
	expect(output).toContain(`removing a stale lock left by process ${gone}`);
	expect(output).toContain('passes the check: kept');
	expect(output).not.toMatch(/npm install|building sqlite3/);
	expect(JSON.parse(readFileSync(stamp, 'utf8'))).toMatchObject({ format: expect.any(Number) });
	expect(existsSync(`${copy}.partial-${gone}`)).toBe(false);
	expect(existsSync(`${copy}.lock`)).toBe(false);
}, 300_000);

test('no file the copy shares with the real install was written', () => {
	// sqlite3's build links its own outputs to each other: a shared file is one whose
	// original has the same inode.
	const written = spawnSync('find', [copy, '-type', 'f', '-links', '+1', '-newer', copiedAt], {
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	expect(written.status, written.stderr).toBe(0);
	const shared = written.stdout
		.split('\n')
		.filter(Boolean)
		.filter((file) => {
			const original = join(N8N_DIR, relative(copy, file));
			return existsSync(original) && statSync(original).ino === statSync(file).ino;
		});
	expect(shared).toEqual([]);
});

test('each committed package lock pins every package of its host, as that host is installed', () => {
	const locks = join(ROOT, 'test', 'e2e-hosts', 'locks');
	const files = readdirSync(locks);
	expect(files.length).toBeGreaterThan(0);
	for (const file of files) {
		const host = HOSTS.find((listed) => file === `n8n-${listed.n8n}.json`);
		expect(host, `${file} names no host of test/e2e-hosts/hosts.json`).toBeDefined();
		if (!host) continue;
		const lock = JSON.parse(readFileSync(join(locks, file), 'utf8'));
		expect(lock.lockfileVersion, file).toBe(3);
		expect(lock.packages[''].dependencies, file).toEqual(
			JSON.parse(hostManifest(host)).dependencies,
		);
		// npm ci fetches exactly these versions and checks their hashes: nothing is resolved.
		const unpinned = Object.entries(lock.packages as Record<string, Record<string, unknown>>)
			.filter(([path, entry]) => path !== '' && !entry.link)
			.filter(
				([, entry]) => typeof entry.version !== 'string' || typeof entry.integrity !== 'string',
			)
			.map(([path]) => path);
		expect(unpinned, file).toEqual([]);
	}
});

test('an npm that never finishes is stopped at its limit, and the install says so and leaves nothing', async () => {
	const bin = join(work, 'stuck-npm');
	mkdirSync(bin);
	const pidFile = join(bin, 'pid');
	writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 300\n`);
	chmodSync(join(bin, 'npm'), 0o755);
	const target = join(work, 'stuck', 'n8n');

	const child = spawn(process.execPath, [join(ROOT, 'drivers', 'n8n-install.mjs'), 'install'], {
		env: {
			...process.env,
			HEFFL_N8N_DIR: target,
			HEFFL_NPM_LIMIT_MS: '2000',
			PATH: `${bin}:${process.env.PATH}`,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stderr.on('data', (chunk) => (output += chunk));
	const code = await new Promise((done) => child.once('close', done));

	expect(code, output).toBe(1);
	expect(output).toMatch(/installing n8n failed: npm ci did not finish in 2s/);
	const npmPid = Number(readFileSync(pidFile, 'utf8'));
	expect(() => process.kill(npmPid, 0)).toThrow(/ESRCH/);
	// No partial install and no lock left; the log stays, saying where npm was stopped.
	expect(readdirSync(join(work, 'stuck'))).toEqual(['n8n-install.log']);
	expect(readFileSync(`${target}-install.log`, 'utf8')).toContain(
		'(stopped: still running after 2s)',
	);
}, 60_000);
