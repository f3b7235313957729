/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: reads the tree and test/README.md */
/**
 * test/README.md, the tests by feature, names every test file (and every real-n8n script),
 * and every file it names exists: a renamed or moved file is renamed there too.
 */
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { expect, test } from 'vitest';

const TEST = join(import.meta.dirname, '..');
const ROOT = join(TEST, '..');
const MAP = readFileSync(join(TEST, 'README.md'), 'utf8');

/** The test files and real-n8n scripts under `folder`, relative to `root` (as the map names them). */
function testFiles(folder: string, root = folder): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return testFiles(path, root);
		return /\.test\.ts$|\.mts$/.test(entry.name) ? [relative(root, path)] : [];
	});
}

/** The files a map does not name: a name counts only whole, in backquotes. */
const unnamed = (files: string[], map: string) =>
	files.filter((path) => !map.includes(`\`${path}\``));

/** The files a map names (in backquotes) that exist neither under test/ nor at the root. */
const missing = (map: string) =>
	[...map.matchAll(/`([\w./-]+\.(?:m?ts|mjs|json))`/g)]
		.map(([, path]) => path)
		.filter((path) => !existsSync(join(TEST, path)) && !existsSync(join(ROOT, path)));

test('test/README.md names every test file', () => {
	expect(unnamed(testFiles(TEST), MAP)).toEqual([]);
});

test('every file test/README.md names exists', () => {
	expect(missing(MAP)).toEqual([]);
});

test('the checks bite: an unnamed test file, a name not in backquotes, a named file that is gone', () => {
	const planted = mkdtempSync(join(tmpdir(), 'heffl-test-map-'));
	try {
		mkdirSync(join(planted, 'node', 'crm'), { recursive: true });
		for (const file of [
			'node/crm/leads.test.ts',
			'node/planted.test.ts',
			'node/helper.ts',
			'run.mts',
		])
			writeFileSync(join(planted, file), '');
		const map = '`node/crm/leads.test.ts`, node/planted.test.ts, `crm/leads.test.ts`';
		expect(unnamed(testFiles(planted), map).sort()).toEqual(['node/planted.test.ts', 'run.mts']);
	} finally {
		rmSync(planted, { recursive: true, force: true });
	}
	expect(missing('`resources/lead.test.ts`, `node/gone.test.ts`, `e2e/gone.json`')).toEqual([
		'node/gone.test.ts',
		'e2e/gone.json',
	]);
});
