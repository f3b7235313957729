/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test tooling, not shipped */
/**
 * The publish workflow, offline (scripts/release-workflow.mjs; docs/release.md names npm's
 * rules): permissions with id-token: write, --provenance, the tag-to-version check before
 * publishing, no npm token. Its own tag and registry steps run here with bash: the tag check
 * refuses a tag that is not v<package.json version>, and the registry step tells a package
 * npm does not have (the first version, published by hand) from one it has (trusted
 * publishing) and from a registry that did not answer (the job fails, publishing nothing).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

import { stepScript, WORKFLOW, workflowProblems } from '../../scripts/release-workflow.mjs';

const ROOT = resolve(__dirname, '../..');
const text = readFileSync(WORKFLOW, 'utf8');
const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
const folder = mkdtempSync(join(tmpdir(), 'heffl-workflow-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A step of the workflow run by bash in the project, as the runner runs it (`bash -e`). */
function runStep(name: string, env: Record<string, string>) {
	const output = join(folder, `output-${Math.random().toString(36).slice(2)}`);
	writeFileSync(output, '');
	const result = spawnSync('bash', ['-e', '-c', stepScript(text, name)], {
		cwd: ROOT,
		encoding: 'utf8',
		env: { ...process.env, GITHUB_OUTPUT: output, ...env },
	});
	return {
		status: result.status,
		out: `${result.stdout}${result.stderr}`,
		output: readFileSync(output, 'utf8'),
	};
}

describe('the publish workflow', () => {
	test('passes the offline check: tag, permissions, pinned npm, checks first, one publish with provenance, no token', () => {
		expect(workflowProblems(text)).toEqual([]);
		expect(text).toMatch(/^ {2}id-token: write/m);
		expect(text).toMatch(/run: npm publish "\$TARBALL" --provenance --access public$/m);
	});

	test.each([
		[
			'no id-token',
			(t: string) => t.replace(/^ {2}id-token: write.*$/m, ''),
			/id-token: write is missing/,
		],
		['no --provenance', (t: string) => t.replace(' --provenance', ''), /without --provenance/],
		[
			'a token secret',
			(t: string) => `${t}          NODE_AUTH_TOKEN: \${{ secrets.NPM_TOKEN }}\n`,
			/no npm token/,
		],
		[
			'registry-url',
			(t: string) =>
				t.replace(
					'node-version: 24',
					"node-version: 24\n          registry-url: 'https://registry.npmjs.org'",
				),
			/registry-url/,
		],
		[
			'no tag check',
			(t: string) => t.replace(/"\$GITHUB_REF_NAME" != "v\$version"/, 'true'),
			/the tag check must run before npm publish/,
		],
		[
			'npm too old',
			(t: string) => t.replace(/npm@11\.\d+\.\d+/g, 'npm@11.4.2'),
			/npm must be pinned at 11\.5\.1/,
		],
		[
			'a self-hosted runner',
			(t: string) => t.replace(/runs-on: ubuntu-latest/, 'runs-on: self-hosted'),
			/GitHub-hosted runners only/,
		],
		[
			'no integrity in the summary after publishing',
			(t: string) => t.replace(/\n {6}# The checksum N8N_COMMUNITY_PACKAGES[\s\S]*$/, '\n'),
			/integrity \(N8N_COMMUNITY_PACKAGES' checksum\) must go into the job summary after npm publish/,
		],
		[
			'tests after publishing',
			(t: string) =>
				t
					.replace('      - run: npm test\n', '')
					.replace('RELEASE_MODE', 'X')
					.concat('      - run: npm test\n'),
			/npm test must run before npm publish/,
		],
	])('refuses a workflow with %s', (_, plant, problem) => {
		const planted = plant(text);
		expect(planted).not.toBe(text);
		expect(workflowProblems(planted).join('\n')).toMatch(problem);
		const file = join(folder, 'publish.yml');
		writeFileSync(file, planted);
		const cli = spawnSync(
			process.execPath,
			[join(ROOT, 'scripts/release-workflow.mjs'), '--file', file],
			{
				encoding: 'utf8',
			},
		);
		expect(cli.status).toBe(1);
		expect(cli.stderr).toMatch(problem);
	});

	test("docs/release.md's steps publish with no token: the first version by hand with 2FA, then trusted publishing", () => {
		const release = readFileSync(join(ROOT, 'docs/release.md'), 'utf8');
		const steps = release.slice(release.indexOf('## Once'), release.indexOf('## The newer'));
		expect(steps).not.toMatch(
			/NPM_TOKEN|NODE_AUTH_TOKEN|_authToken|Access Tokens|Generate New Token|Granular/i,
		);
		expect(steps).toMatch(/npm publish \.\/n8n-nodes-heffl-0\.1\.0\.tgz --access public/);
		expect(steps).toMatch(/Trusted Publisher →\s+GitHub Actions/);
		expect(steps).toMatch(/workflow filename\s+`publish\.yml`/);
	});

	test('the tag check passes v<version> and refuses any other tag, naming both', () => {
		expect(
			runStep('Tag matches package.json version', { GITHUB_REF_NAME: `v${version}` }).status,
		).toBe(0);
		const wrong = runStep('Tag matches package.json version', { GITHUB_REF_NAME: 'v9.9.9' });
		expect(wrong.status).toBe(1);
		expect(wrong.out).toContain(
			`::error::tag v9.9.9 does not match package.json version ${version}`,
		);
	});

	test('the registry step: E404 is the first version (published by hand), an answer is trusted publishing, no answer fails', () => {
		const npm = (script: string) => {
			const bin = mkdtempSync(join(folder, 'bin-'));
			writeFileSync(join(bin, 'npm'), `#!/usr/bin/env bash\n${script}\n`);
			chmodSync(join(bin, 'npm'), 0o755);
			return { PATH: `${bin}:${process.env.PATH}` };
		};
		const step = 'Is the package on npm yet';
		const absent = runStep(
			step,
			npm(
				"echo 'npm error code E404' >&2; echo 'npm error 404 Not Found - GET https://registry.npmjs.org/n8n-nodes-heffl' >&2; exit 1",
			),
		);
		expect(absent).toMatchObject({ status: 0, output: 'exists=false\n' });
		expect(runStep(step, npm('echo n8n-nodes-heffl'))).toMatchObject({
			status: 0,
			output: 'exists=true\n',
		});
		const offline = runStep(step, npm("echo 'npm error code ETIMEDOUT' >&2; exit 1"));
		expect(offline.status).toBe(1);
		expect(offline.output).toBe('');
		expect(offline.out).toContain('::error::npm view n8n-nodes-heffl failed');
		// The first version stops the job before npm publish, which runs only when the package exists.
		expect(text).toMatch(
			/- name: First version, published by hand\n\s+if: steps\.registry\.outputs\.exists == 'false'/,
		);
		expect(text).toMatch(
			/- name: Publish through trusted publishing, with provenance\n\s+if: steps\.registry\.outputs\.exists == 'true'/,
		);
	});

	test("the job summary gives the tarball's integrity: before the first version is published by hand, and npm's answer after trusted publishing", () => {
		const tarball = join(folder, 'n8n-nodes-heffl.tgz');
		writeFileSync(tarball, 'the checked tarball');
		const integrity = `sha512-${createHash('sha512').update('the checked tarball').digest('base64')}`;
		const summaryOf = (name: string, env: Record<string, string>) => {
			const summary = join(folder, `summary-${Math.random().toString(36).slice(2)}`);
			const run = runStep(name, { TARBALL: tarball, GITHUB_STEP_SUMMARY: summary, ...env });
			return { ...run, summary: readFileSync(summary, 'utf8') };
		};
		const first = summaryOf('First version, published by hand', {});
		expect(first.status).toBe(1);
		expect(first.out).toContain('is not on npm yet, and npm lets no workflow create a package');
		expect(first.summary).toContain(`\`${integrity}\``);

		const bin = mkdtempSync(join(folder, 'bin-'));
		writeFileSync(join(bin, 'npm'), `#!/usr/bin/env bash\necho '${integrity}'\n`);
		chmodSync(join(bin, 'npm'), 0o755);
		const published = summaryOf("The published version's integrity, in the job summary", {
			PATH: `${bin}:${process.env.PATH}`,
		});
		expect(published.status).toBe(0);
		expect(published.summary).toContain(
			`N8N_COMMUNITY_PACKAGES='[{"name":"n8n-nodes-heffl","version":"${version}","checksum":"${integrity}"}]'`,
		);
		expect(published.summary).toContain('npm answers the same');
		expect(text).toMatch(
			/- name: The published version's integrity, in the job summary\n\s+if: steps\.registry\.outputs\.exists == 'true'/,
		);
	});
});
