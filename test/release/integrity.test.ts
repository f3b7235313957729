/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test tooling, not shipped */
/**
 * A release's npm integrity (scripts/release-integrity.mjs), the checksum n8n's
 * N8N_COMMUNITY_PACKAGES needs where unverified packages are off (the hosts tier proves n8n
 * 2.41.1 takes it). The publish job's summary gives the tarball's integrity and the README's
 * entry with it, and fails when npm answers another; `release:integrity` writes npm's answer
 * into the CHANGELOG entry once, and `release-metadata.mjs check` refuses a release while an
 * earlier entry lacks it. npm is a script on PATH here, answering as npm does.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SCRIPTS = join(ROOT, 'scripts');
const folders: string[] = [];
afterAll(() => {
	for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const CHANGELOG = `# Changelog

Newest first.

## 0.1.1

- A fix.

## 0.1.0 (first release)

Proven on n8n 2.41.1.

### Nodes

- Heffl.
`;

/** A project folder: a prepared package.json at `version`, the CHANGELOG, a tarball. */
function project(version = '0.1.1') {
	const folder = mkdtempSync(join(tmpdir(), 'heffl-integrity-'));
	folders.push(folder);
	const pkg = {
		name: 'n8n-nodes-heffl',
		version,
		license: 'MIT',
		keywords: ['n8n-community-node-package'],
		author: { name: 'Ada', email: 'ada@heffl.com' },
		repository: { type: 'git', url: 'git+https://github.com/heffl/n8n-nodes-heffl.git' },
		bugs: { url: 'https://github.com/heffl/n8n-nodes-heffl/issues' },
		homepage: 'https://github.com/heffl/n8n-nodes-heffl#readme',
	};
	writeFileSync(join(folder, 'package.json'), JSON.stringify(pkg));
	writeFileSync(join(folder, 'CHANGELOG.md'), CHANGELOG);
	writeFileSync(join(folder, 'package.tgz'), `the bytes of ${version}`);
	return folder;
}

const sha512 = (text: string) => `sha512-${createHash('sha512').update(text).digest('base64')}`;
const OF_010 = sha512('the bytes of 0.1.0');
const CHECK = ['check', '--repository', 'heffl/n8n-nodes-heffl'];

/** `npm` on PATH as a script: its command line logged, then `script`. */
function npmAnswering(folder: string, script: string) {
	writeFileSync(
		join(folder, 'npm'),
		`#!/usr/bin/env bash\necho "$*" >> '${folder}/npm.log'\n${script}\n`,
	);
	chmodSync(join(folder, 'npm'), 0o755);
	return { PATH: `${folder}:${process.env.PATH}` };
}

function run(script: string, args: string[], cwd: string, env: Record<string, string> = {}) {
	const result = spawnSync(process.execPath, [join(SCRIPTS, script), ...args], {
		cwd,
		encoding: 'utf8',
		env: { ...process.env, GITHUB_REPOSITORY: '', RELEASE_NPM_VIEW_INTERVAL_MS: '1', ...env },
	});
	return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the publish job summary (release-integrity.mjs summary)', () => {
	test("gives the tarball's sha512 and the N8N_COMMUNITY_PACKAGES entry with it", () => {
		const folder = project();
		const summary = run('release-integrity.mjs', ['summary', '--tarball', 'package.tgz'], folder);
		expect(summary.status).toBe(0);
		const integrity = sha512('the bytes of 0.1.1');
		expect(summary.stdout).toContain(`\`${integrity}\``);
		const entry = /N8N_COMMUNITY_PACKAGES='([^']+)'/.exec(summary.stdout)?.[1] ?? '';
		expect(JSON.parse(entry)).toEqual([
			{ name: 'n8n-nodes-heffl', version: '0.1.1', checksum: integrity },
		]);
		expect(summary.stdout).toContain('npm run release:integrity -- 0.1.1');
	});

	test('--published: npm answering the same passes; another integrity fails the job; no answer warns after 10 tries', () => {
		const folder = project();
		const same = npmAnswering(folder, `echo '${sha512('the bytes of 0.1.1')}'`);
		const args = ['summary', '--tarball', 'package.tgz', '--published'];
		const passed = run('release-integrity.mjs', args, folder, same);
		expect(passed.status).toBe(0);
		expect(passed.stdout).toContain('npm answers the same');
		expect(readFileSync(join(folder, 'npm.log'), 'utf8')).toBe(
			'view n8n-nodes-heffl@0.1.1 dist.integrity\n',
		);

		const other = run(
			'release-integrity.mjs',
			args,
			folder,
			npmAnswering(folder, `echo '${OF_010}'`),
		);
		expect(other.status).toBe(1);
		expect(other.stderr).toContain(
			`::error::npm's integrity of n8n-nodes-heffl@0.1.1 is ${OF_010}`,
		);
		expect(other.stdout).toContain('another integrity');

		rmSync(join(folder, 'npm.log'));
		const silent = npmAnswering(folder, "echo 'npm error code E404' >&2; exit 1");
		const unanswered = run('release-integrity.mjs', args, folder, silent);
		expect(unanswered.status).toBe(0);
		expect(unanswered.stderr).toContain('::warning::npm did not answer');
		expect(readFileSync(join(folder, 'npm.log'), 'utf8').trim().split('\n')).toHaveLength(10);
	});
});

describe('npm run release:integrity -- <version>, and the check before a release', () => {
	test("writes npm's integrity under the version's heading; run again it changes nothing", () => {
		const folder = project();
		const npm = npmAnswering(folder, `echo '${OF_010}'`);
		const written = run('release-integrity.mjs', ['changelog', '0.1.0'], folder, npm);
		expect(written.status, written.stderr).toBe(0);
		const changelog = readFileSync(join(folder, 'CHANGELOG.md'), 'utf8');
		expect(changelog).toBe(
			CHANGELOG.replace(
				'## 0.1.0 (first release)\n',
				`## 0.1.0 (first release)\n\nnpm integrity (the \`checksum\` of \`N8N_COMMUNITY_PACKAGES\`): \`${OF_010}\`\n`,
			),
		);
		expect(run('release-integrity.mjs', ['changelog', '0.1.0'], folder, npm).status).toBe(0);
		expect(readFileSync(join(folder, 'CHANGELOG.md'), 'utf8')).toBe(changelog);
	});

	test('refuses, writing nothing: a version npm does not have, one the CHANGELOG lacks, another integrity than the one written', () => {
		const folder = project();
		const absent = run(
			'release-integrity.mjs',
			['changelog', '0.1.0'],
			folder,
			npmAnswering(folder, "echo 'npm error code E404' >&2; exit 1"),
		);
		expect(absent.status).toBe(1);
		expect(absent.stderr).toContain(
			'npm view n8n-nodes-heffl@0.1.0 dist.integrity gave no integrity',
		);
		expect(readFileSync(join(folder, 'CHANGELOG.md'), 'utf8')).toBe(CHANGELOG);

		const npm = npmAnswering(folder, `echo '${OF_010}'`);
		const unknown = run('release-integrity.mjs', ['changelog', '0.0.9'], folder, npm);
		expect(unknown.stderr).toContain('CHANGELOG.md has no entry "## 0.0.9"');
		expect(run('release-integrity.mjs', ['changelog', '0.1.0'], folder, npm).status).toBe(0);
		const once = readFileSync(join(folder, 'CHANGELOG.md'), 'utf8');
		const other = npmAnswering(folder, `echo '${sha512('other bytes')}'`);
		const changed = run('release-integrity.mjs', ['changelog', '0.1.0'], folder, other);
		expect(changed.status).toBe(1);
		expect(changed.stderr).toContain(`already gives 0.1.0 another integrity (\`${OF_010}\`)`);
		expect(readFileSync(join(folder, 'CHANGELOG.md'), 'utf8')).toBe(once);
	});

	test("check refuses releasing 0.1.1 while 0.1.0's entry lacks its integrity (or holds no sha512), naming the command", () => {
		const folder = project('0.1.1');
		const refused = run('release-metadata.mjs', CHECK, folder);
		expect(refused.status).toBe(1);
		expect(refused.stderr.trim()).toBe(
			'not publishable: CHANGELOG.md: the entry of 0.1.0 lacks its npm integrity; npm run release:integrity -- 0.1.0, then commit CHANGELOG.md',
		);
		const garbled = CHANGELOG.replace(
			'## 0.1.0 (first release)\n',
			'## 0.1.0 (first release)\n\nnpm integrity (the `checksum` of `N8N_COMMUNITY_PACKAGES`): `sha512-abc`\n',
		);
		writeFileSync(join(folder, 'CHANGELOG.md'), garbled);
		expect(run('release-metadata.mjs', CHECK, folder).status).toBe(1);

		writeFileSync(join(folder, 'CHANGELOG.md'), CHANGELOG);
		const npm = npmAnswering(folder, `echo '${OF_010}'`);
		expect(run('release-integrity.mjs', ['changelog', '0.1.0'], folder, npm).status).toBe(0);
		const passed = run('release-metadata.mjs', CHECK, folder);
		expect(passed.status, passed.stderr).toBe(0);
		// The version being released cannot carry its own integrity: its entry is not asked.
		expect(run('release-metadata.mjs', CHECK, project('0.1.0')).status).toBe(0);
	});
});
