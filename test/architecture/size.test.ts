/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: reads the source files */
/**
 * Code you can read in one sitting (ARCHITECTURE.md): no function in nodes/ or
 * credentials/ over 100 lines, no file over 300. Read with TypeScript's own parser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';
import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const MAX_FUNCTION_LINES = 100;
const MAX_FILE_LINES = 300;

function sources(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sources(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** Every function, method and arrow longer than the limit, as "file:line name (N lines)". */
function longFunctions(path: string): string[] {
	const text = readFileSync(path, 'utf8');
	const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body) {
			const start = file.getLineAndCharacterOfPosition(node.getStart()).line;
			const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
			const lines = end - start + 1;
			const name = node.name?.getText() ?? '(anonymous)';
			if (lines > MAX_FUNCTION_LINES)
				found.push(`${relative(ROOT, path)}:${start + 1} ${name} (${lines} lines)`);
		}
		ts.forEachChild(node, visit);
	};
	visit(file);
	return found;
}

const files = [...sources(join(ROOT, 'nodes')), ...sources(join(ROOT, 'credentials'))];

test(`no function in nodes/ or credentials/ is over ${MAX_FUNCTION_LINES} lines`, () => {
	expect(files.flatMap(longFunctions)).toEqual([]);
});

test(`no file in nodes/ or credentials/ is over ${MAX_FILE_LINES} lines`, () => {
	const long = files
		.map((path) => ({ path, lines: readFileSync(path, 'utf8').split('\n').length }))
		.filter(({ lines }) => lines > MAX_FILE_LINES)
		.map(({ path, lines }) => `${relative(ROOT, path)} (${lines} lines)`);
	expect(long).toEqual([]);
});
