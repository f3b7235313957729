/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test tooling, not shipped */
/**
 * `npm run verify` (scripts/verify.mjs) lints as n8n's scanner does, but fails on a
 * warning too: the scanner passes a package whose package.json lacks a homepage (a
 * warning of its require-homepage rule); verify does not. Each test starts the scanner's
 * ESLint in a child process: about 2 s on a quiet machine, 30 s at a load of 20, hence
 * the long timeouts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';

import { analyzePackage } from '@n8n/scan-community-package/scanner/scanner.mjs';

const ROOT = resolve(__dirname, '../..');
const folders: string[] = [];

afterAll(() => {
	for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** An extracted package: this project's package.json (changed by `edit`) and one module. */
function extracted(edit: (pkg: Record<string, unknown>) => void) {
	const folder = mkdtempSync(join(tmpdir(), 'heffl-verify-test-'));
	folders.push(folder);
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
	edit(pkg);
	writeFileSync(join(folder, 'package.json'), JSON.stringify(pkg, null, 2));
	writeFileSync(join(folder, 'index.js'), "'use strict';\nmodule.exports = {};\n");
	return folder;
}

const verify = (folder: string) => {
	const result = spawnSync(
		process.execPath,
		[join(ROOT, 'scripts', 'verify.mjs'), '--dir', folder],
		{
			encoding: 'utf8',
		},
	);
	return { status: result.status, out: `${result.stdout}${result.stderr}` };
};

test('a warning fails verify, where the scanner passes it', async () => {
	const folder = extracted((pkg) => delete pkg.homepage);
	expect((await analyzePackage(folder, ['**/*.js', 'package.json'])).passed).toBe(true);
	const { status, out } = verify(folder);
	expect(status).toBe(1);
	expect(out).toContain('0 errors, 1 warnings');
	expect(out).toMatch(/require-homepage/);
	expect(out).toContain('verify: FAILED');
}, 120_000);

test('a package without findings passes', () => {
	expect(verify(extracted(() => {}))).toMatchObject({
		status: 0,
		out: expect.stringContaining('0 errors, 0 warnings'),
	});
}, 120_000);
