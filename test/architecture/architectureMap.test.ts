/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: reads the tree and ARCHITECTURE.md */
/**
 * ARCHITECTURE.md shows every room: each file of nodes/ and credentials/ is named on it
 * (a resource file and an own operation by their folder), and each file it names exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const MAP = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
/** Named by their folder: one file per resource, one per own operation. */
const BY_FOLDER = [
	/^nodes\/shared\/table\/resources\//,
	/^nodes\/Heffl\/operations\/.*\.operation\.ts$/,
];

function files(folder: string, named = /\.ts$/): string[] {
	return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path, named);
		return named.test(entry.name) ? [relative(ROOT, join(ROOT, path))] : [];
	});
}

test('every file of nodes/ and credentials/ is named in ARCHITECTURE.md', () => {
	const unnamed = [...files('nodes'), ...files('credentials')].filter(
		(path) =>
			!BY_FOLDER.some((pattern) => pattern.test(path)) &&
			!path.startsWith('credentials/') &&
			!MAP.includes(path.split('/').pop() as string),
	);
	expect(unnamed).toEqual([]);
});

test('every .ts file the map of nodes/ in ARCHITECTURE.md names exists', () => {
	const existing = new Set(
		[...files('nodes'), ...files('credentials')].map((path) => path.split('/').pop()),
	);
	const map = MAP.slice(MAP.indexOf('## The rooms'), MAP.indexOf('## The rooms of the proof'));
	const named = [...map.matchAll(/\b([\w.]+\.ts)\b/g)].map((match) => match[1]);
	expect(named.filter((name) => !existing.has(name) && !/^(curl|mcp-client)/.test(name))).toEqual(
		[],
	);
});

test("every file the map of the proof's rooms in ARCHITECTURE.md names exists", () => {
	const map = MAP.slice(MAP.indexOf('## The rooms of the proof'), MAP.indexOf('## The layers'));
	const folders = ['test', 'scripts', 'bench', 'conformance', 'drivers', 'sandbox'];
	const existing = new Set(
		folders
			.flatMap((folder) => files(folder, /\.(ts|mts|mjs|md)$/))
			.map((path) => path.split('/').pop()),
	);
	const named = [...map.matchAll(/(?<![\w.-])([\w.-]+\.(?:ts|mts|mjs))\b/g)].map(
		(match) => match[1],
	);
	expect(named.length).toBeGreaterThan(20);
	expect(named.filter((name) => !existing.has(name))).toEqual([]);
});
