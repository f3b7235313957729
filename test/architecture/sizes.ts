/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: reads the source files */
/**
 * Code you can read in one sitting, measured with TypeScript's own parser: the files over a
 * bound, the functions over 100 lines, and the files over 300 lines that do not say why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';

export const MAX_FUNCTION_LINES = 100;
/** A file of the proof's rooms over this many lines says why at its top (REASON). */
export const EXPLAINED_FILE_LINES = 300;
/** The line, in a file's first comment, that says why it is longer than 300 lines. */
export const REASON = 'Over 300 lines:';

const CODE = /\.(ts|mts|mjs|js)$/;

/** Every code file under `folder` (node_modules left out), as absolute paths. */
export function sources(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
		return CODE.test(entry.name) ? [path] : [];
	});
}

/** A file's length as the bounds count it: its lines, a trailing newline making one more. */
export const lineCount = (path: string) => readFileSync(path, 'utf8').split('\n').length;

/** Whether a function is the body of a `describe(...)`: a section of its file, bounded by it. */
function isDescribeBody(node: ts.Node, file: ts.SourceFile): boolean {
	return (
		ts.isCallExpression(node.parent) &&
		/^describe(\.\w+)*$/.test(node.parent.expression.getText(file))
	);
}

/**
 * Every function, method and arrow of a file longer than 100 lines, as "file:line name (N
 * lines)"; with `sections`, the bodies of `describe(...)` are not counted as functions.
 */
export function longFunctions(root: string, path: string, sections = false): string[] {
	const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body) {
			const start = file.getLineAndCharacterOfPosition(node.getStart()).line;
			const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
			const lines = end - start + 1;
			const name = node.name?.getText() ?? '(anonymous)';
			if (lines > MAX_FUNCTION_LINES && !(sections && isDescribeBody(node, file)))
				found.push(`${relative(root, path)}:${start + 1} ${name} (${lines} lines)`);
		}
		ts.forEachChild(node, visit);
	};
	visit(file);
	return found;
}

/** The files over `max` lines, as "file (N lines)". */
export function longFiles(root: string, paths: string[], max: number): string[] {
	return paths
		.map((path) => ({ path, lines: lineCount(path) }))
		.filter(({ lines }) => lines > max)
		.map(({ path, lines }) => `${relative(root, path)} (${lines} lines)`);
}

/** The files over 300 lines whose first comment does not say why (REASON). */
export function unexplainedFiles(root: string, paths: string[]): string[] {
	return paths
		.filter((path) => lineCount(path) > EXPLAINED_FILE_LINES)
		.filter((path) => {
			const text = readFileSync(path, 'utf8');
			const firstComment =
				ts.getLeadingCommentRanges(text, text.startsWith('#!') ? text.indexOf('\n') + 1 : 0) ?? [];
			const comments = firstComment.map((range) => text.slice(range.pos, range.end)).join('\n');
			return !new RegExp(`^\\s*(\\*|//)?\\s*${REASON}\\s*\\S`, 'm').test(comments);
		})
		.map((path) => relative(root, path));
}
