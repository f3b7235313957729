/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test tooling, not shipped */
/**
 * Release metadata (scripts/release-metadata.mjs): the owner's one command writes author,
 * repository, bugs and homepage into package.json and commits that file alone; the check
 * the publish workflow runs refuses a package.json that lacks them, carries an author
 * nobody reaches, or names another repository, and a tarball whose package.json differs
 * from the tagged commit's. n8n's own package.json rules (the scanner's, the same as
 * `n8n-node lint`'s) judge the committed, the prepared and an author-less package.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

import { analyzePackage } from '@n8n/scan-community-package/scanner/scanner.mjs';

const ROOT = resolve(__dirname, '../..');
const SCRIPT = join(ROOT, 'scripts', 'release-metadata.mjs');
const committed = () => JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
/** An object without some of its keys. */
const without = (object: Record<string, unknown>, keys: string[]) =>
	Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
const RELEASE_FIELDS = ['author', 'repository', 'bugs', 'homepage'];
const folders: string[] = [];

afterAll(() => {
	for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function run(args: string[], cwd: string, env: Record<string, string> = {}) {
	const result = spawnSync(process.execPath, [SCRIPT, ...args], {
		cwd,
		encoding: 'utf8',
		env: { ...process.env, GITHUB_REPOSITORY: '', GITHUB_ACTIONS: '', ...env },
	});
	return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const git = (args: string[], cwd: string) =>
	spawnSync('git', args, { cwd, encoding: 'utf8' }).stdout.trim();

/** A git repository holding this project's package.json, committed. */
function repositoryWith(pkg: object = committed()) {
	const folder = mkdtempSync(join(tmpdir(), 'heffl-release-'));
	folders.push(folder);
	writeFileSync(join(folder, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
	for (const args of [
		['init', '--quiet'],
		['config', 'user.email', 'ci@heffl.test'],
		['config', 'user.name', 'CI'],
		['add', 'package.json'],
		['commit', '--quiet', '-m', 'start'],
	])
		git(args, folder);
	return folder;
}

/** What n8n's scanner says of a package.json alone: passed, or its findings. */
async function scanned(pkg: object) {
	const folder = mkdtempSync(join(tmpdir(), 'heffl-release-scan-'));
	folders.push(folder);
	writeFileSync(join(folder, 'package.json'), JSON.stringify(pkg, null, 2));
	const result = await analyzePackage(folder, ['package.json']);
	return result.passed ? 'passed' : String(result.details);
}

describe('the committed package.json', () => {
	test('carries no placeholder, and an author with a name and an e-mail (n8n’s lint and scanner want both)', async () => {
		const text = readFileSync(join(ROOT, 'package.json'), 'utf8');
		expect(text).not.toMatch(/not[ -]set|\.invalid"|fills it in/i);
		expect(committed().author).toEqual({ name: expect.any(String), email: expect.any(String) });
		expect(await scanned(committed())).toBe('passed');
	});

	test('without an author n8n’s scanner fails it (valid-author; `n8n-node lint` also, with community-package-json-author-missing)', async () => {
		expect(await scanned(without(committed(), ['author']))).toMatch(
			/"author" field with a non-empty name and email .*valid-author/,
		);
	});

	test('is publishable only once the owner has prepared it: the check passes for the repository it names, else names author and repository', () => {
		const { status, out } = run(['check'], ROOT);
		if (committed().repository) {
			expect({ status, out }).toMatchObject({ status: 0 });
		} else {
			expect(status).toBe(1);
			expect(out).toMatch(/not publishable: author: .* reaches nobody/);
			expect(out).toMatch(/not publishable: repository: /);
			expect(out).toContain('npm run release:prepare -- --repository OWNER/NAME --author');
		}
	});

	test('the check refuses it without the release fields, or with a placeholder author, naming each', () => {
		const folder = repositoryWith({
			...without(committed(), RELEASE_FIELDS),
			author: { name: 'Ada Lovelace', email: 'ada@example.com' },
		});
		const { status, out } = run(['check'], folder, { GITHUB_REPOSITORY: 'ada-l/n8n-nodes-heffl' });
		expect(status).toBe(1);
		expect(out.match(/^not publishable: \w+/gm)).toEqual([
			'not publishable: author',
			'not publishable: repository',
			'not publishable: bugs',
			'not publishable: homepage',
		]);
	});
});

describe('npm run release:prepare -- --repository OWNER/NAME --author "NAME <EMAIL>"', () => {
	const prepared = {
		author: { name: 'Ada Lovelace', email: 'ada@lovelace.dev' },
		repository: { type: 'git', url: 'git+https://github.com/ada-l/n8n-nodes-heffl.git' },
		bugs: { url: 'https://github.com/ada-l/n8n-nodes-heffl/issues' },
		homepage: 'https://github.com/ada-l/n8n-nodes-heffl#readme',
	};

	test('writes author, repository, bugs and homepage, and commits package.json alone; the rest of it unchanged', () => {
		const folder = repositoryWith();
		writeFileSync(join(folder, 'other.txt'), 'work in progress'); // not committed with it
		const { status, out } = run(
			[
				'prepare',
				'--repository',
				'ada-l/n8n-nodes-heffl',
				'--author',
				'Ada Lovelace <ada@lovelace.dev>',
			],
			folder,
		);
		expect({ status, out }).toMatchObject({ status: 0 });
		expect(out).toContain('git tag v0.1.0');
		const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
		expect(pkg).toMatchObject(prepared);
		expect(without(pkg, RELEASE_FIELDS)).toEqual(without(committed(), RELEASE_FIELDS));
		expect(git(['log', '--format=%s'], folder).split('\n')).toEqual([
			'Release metadata: Ada Lovelace, github.com/ada-l/n8n-nodes-heffl',
			'start',
		]);
		expect(git(['show', '--name-only', '--format=', 'HEAD'], folder)).toBe('package.json');
		expect(git(['status', '--porcelain'], folder)).toBe('?? other.txt');

		// Now the publish workflow's check passes in that repository, and fails in another.
		expect(run(['check'], folder, { GITHUB_REPOSITORY: 'ada-l/n8n-nodes-heffl' }).status).toBe(0);
		const elsewhere = run(['check'], folder, { GITHUB_REPOSITORY: 'mallory/n8n-nodes-heffl' });
		expect(elsewhere.status).toBe(1);
		for (const field of ['repository', 'bugs', 'homepage'])
			expect(elsewhere.out).toMatch(
				new RegExp(`not publishable: ${field}: .* mallory/n8n-nodes-heffl`),
			);
	});

	test('the prepared package.json passes n8n’s scanner', async () => {
		expect(await scanned({ ...committed(), ...prepared })).toBe('passed');
	});

	test.each([
		[['--repository', 'ada-l/n8n-nodes-heffl'], /--author "NAME <EMAIL>"/],
		[
			['--repository', 'not a repository', '--author', 'Ada <ada@lovelace.dev>'],
			/--repository OWNER\/NAME/,
		],
		[['--repository', 'ada-l/x', '--author', 'ada@lovelace.dev'], /--author "NAME <EMAIL>"/],
		[['--repository', 'ada-l/x', '--author', 'Ada <ada@example.com>'], /reaches nobody/],
	])('refuses %j and changes nothing', (args, message) => {
		const folder = repositoryWith();
		const before = readFileSync(join(folder, 'package.json'), 'utf8');
		const { status, out } = run(['prepare', ...args], folder);
		expect(status).toBe(1);
		expect(out).toMatch(message);
		expect(readFileSync(join(folder, 'package.json'), 'utf8')).toBe(before);
	});

	test('refuses while package.json has uncommitted changes', () => {
		const folder = repositoryWith();
		writeFileSync(
			join(folder, 'package.json'),
			JSON.stringify({ ...committed(), version: '0.1.1' }),
		);
		const { status, out } = run(
			['prepare', '--repository', 'ada-l/n8n-nodes-heffl', '--author', 'Ada <ada@lovelace.dev>'],
			folder,
		);
		expect({ status, out }).toMatchObject({ status: 1, out: expect.stringMatching(/uncommitted/) });
		expect(git(['log', '--format=%s'], folder)).toBe('start');
	});
});

test('check --tarball refuses a tarball whose package.json differs from the tagged commit’s', () => {
	const pkg = {
		...committed(),
		author: { name: 'Ada Lovelace', email: 'ada@lovelace.dev' },
		repository: { type: 'git', url: 'git+https://github.com/ada-l/n8n-nodes-heffl.git' },
		bugs: { url: 'https://github.com/ada-l/n8n-nodes-heffl/issues' },
		homepage: 'https://github.com/ada-l/n8n-nodes-heffl#readme',
	};
	const folder = repositoryWith(pkg);
	const tarball = (packed: object) => {
		mkdirSync(join(folder, 'package'), { recursive: true });
		writeFileSync(join(folder, 'package', 'package.json'), JSON.stringify(packed));
		spawnSync('tar', ['-czf', 'out.tgz', 'package'], { cwd: folder });
		return join(folder, 'out.tgz');
	};
	const env = { GITHUB_REPOSITORY: 'ada-l/n8n-nodes-heffl' };
	expect(run(['check', '--tarball', tarball(pkg)], folder, env).status).toBe(0);
	const rewritten = run(
		['check', '--tarball', tarball({ ...pkg, author: { name: 'Someone Else', email: 'x@y.dev' } })],
		folder,
		env,
	);
	expect(rewritten).toMatchObject({
		status: 1,
		out: expect.stringMatching(/author in .*out\.tgz differs from the tagged commit/),
	});
});
