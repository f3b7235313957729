/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test tooling, not shipped */
/**
 * `npm run lint:source` (eslint.source.config.mjs, a step of .ci/run's static tier) lints
 * package.json, nodes/** and credentials/** with eslint-plugin-n8n-nodes-base's community,
 * credentials and nodes rulesets at the version package.json pins (2.0.0, the newest the
 * registry serves; n8n-node lint brings 1.16.7), with n8n-node lint's own 'off' overrides,
 * as n8n's scanner lints the attested source commit. The step itself proves the tree has 0
 * findings; this file proves the configuration is that one and that it bites.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ESLint, Linter } from 'eslint';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const requireHere = createRequire(join(ROOT, 'package.json'));
const requireFromCli = createRequire(requireHere.resolve('@n8n/node-cli/eslint'));
const newest = requireHere('eslint-plugin-n8n-nodes-base');
const cliCopy = requireFromCli('eslint-plugin-n8n-nodes-base');
const versionOf = (require: NodeRequire) =>
	require('eslint-plugin-n8n-nodes-base/package.json').version as string;

const load = async (file: string) => (await import(join(ROOT, file))).default as Linter.Config[];
const rulesFor = (config: Linter.Config[], files: string) =>
	config.find(
		(block) =>
			JSON.stringify(block.files) === JSON.stringify([files]) &&
			Object.keys(block.rules ?? {}).some((rule) => rule.startsWith('n8n-nodes-base/')),
	)?.rules;

describe('the source-tree lint', () => {
	test('pins the newest plugin the registry serves, whatever copy n8n-node lint brings', () => {
		expect(pkg.devDependencies['eslint-plugin-n8n-nodes-base']).toBe('2.0.0');
		expect(versionOf(requireHere)).toBe('2.0.0');
		expect(pkg.scripts['lint:source']).toMatch(/--max-warnings 0 package\.json nodes credentials$/);
		expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).toMatch(
			/tier_static\(\) \{.*npm run lint:source;/,
		);
	});

	test("applies each of the plugin's three rulesets whole, less exactly n8n-node lint's overrides", async () => {
		const source = await load('eslint.source.config.mjs');
		const cli = (await import('@n8n/node-cli/eslint')).config as Linter.Config[];
		expect(
			source.find((block) => block.plugins?.['n8n-nodes-base'])?.plugins?.['n8n-nodes-base'],
		).toBe(newest);
		for (const [files, ruleset] of [
			['package.json', 'community'],
			['./credentials/**/*.ts', 'credentials'],
			['./nodes/**/*.ts', 'nodes'],
		]) {
			const offInCli = Object.entries(rulesFor(cli, files)!).filter(([, level]) => level === 'off');
			expect(offInCli.length, files).toBeLessThan(4);
			expect(rulesFor(source, files), files).toEqual({
				...newest.configs[ruleset].rules,
				...Object.fromEntries(offInCli),
			});
		}
		// The same rule names as the copy n8n-node lint brings: the swap drops none.
		for (const ruleset of ['community', 'credentials', 'nodes'])
			expect(Object.keys(newest.configs[ruleset].rules).sort()).toEqual(
				Object.keys(cliCopy.configs[ruleset].rules).sort(),
			);
	});

	test('bites: a node, a credential and a package.json each with a finding of the plugin', () => {
		// The plugin's package.json rules stand down under NODE_ENV=test (vitest's): lint as
		// CI does, in a child process, with lint:source's own flags and the text on stdin.
		const [, ...flags] = (pkg.scripts['lint:source'] as string)
			.replace(/ package\.json nodes credentials$/, '')
			.split(' ');
		const env = { ...process.env };
		delete env.NODE_ENV;
		const lint = (text: string, filePath: string) => {
			const eslint = spawnSync(
				process.execPath,
				[
					join(ROOT, 'node_modules/eslint/bin/eslint.js'),
					...flags,
					'-f',
					'json',
					'--stdin',
					'--stdin-filename',
					filePath,
				],
				{ cwd: ROOT, input: text, encoding: 'utf8', env },
			);
			const [result] = JSON.parse(eslint.stdout) as ESLint.LintResult[];
			return result.messages
				.map((message) => message.ruleId)
				.filter((rule) => rule?.startsWith('n8n-nodes-base/'));
		};
		const node = `import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
export class Planted implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Planted', name: 'planted', icon: 'file:planted.svg', group: ['transform'],
		version: 1, description: 'Planted node', defaults: { name: 'Planted' },
		inputs: ['main'], outputs: ['main'],
		properties: [
			{ displayName: 'Simplify', name: 'simplify', type: 'boolean', default: false, description: 'Returns less' },
		],
	};
}`;
		expect(lint(node, 'nodes/Planted/Planted.node.ts')).toContain(
			'n8n-nodes-base/node-param-description-boolean-without-whether',
		);
		const credential = `import type { ICredentialType, INodeProperties } from 'n8n-workflow';
export class PlantedApi implements ICredentialType {
	name = 'plantedApi';
	displayName = 'Planted';
	properties: INodeProperties[] = [];
}`;
		expect(lint(credential, 'credentials/PlantedApi.credentials.ts')).toContain(
			'n8n-nodes-base/cred-class-field-display-name-missing-api',
		);
		const manifest = JSON.stringify({ ...pkg, keywords: ['n8n'] }, null, 2);
		expect(lint(manifest, 'package.json')).toContain(
			'n8n-nodes-base/community-package-json-keywords-without-official-tag',
		);
	}, 120_000);
});
