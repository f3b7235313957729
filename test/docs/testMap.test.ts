/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: reads the tree and test/README.md */
/** test/README.md, the tests by feature, names every test file (and every real-n8n script). */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { expect, test } from 'vitest';

const TEST = join(import.meta.dirname, '..');
const MAP = readFileSync(join(TEST, 'README.md'), 'utf8');

function testFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return testFiles(path);
		return /\.test\.ts$|\.mts$/.test(entry.name) ? [relative(TEST, path)] : [];
	});
}

test('test/README.md names every test file', () => {
	expect(testFiles(TEST).filter((path) => !MAP.includes(`\`${path}\``))).toEqual([]);
});
