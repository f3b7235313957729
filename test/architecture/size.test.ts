/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: reads the source files and plants files to measure */
/**
 * Code you can read in one sitting (ARCHITECTURE.md): in what ships (nodes/, credentials/)
 * no function over 100 lines and no file over 300; in the proof's rooms (test/, bench/,
 * scripts/, sandbox/, drivers/, conformance/) no function over 100 lines (a describe's body is
 * a section of its file), no file over 400, and none over 300 that does not say why at its top.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, test } from 'vitest';

import {
	EXPLAINED_FILE_LINES,
	longFiles,
	longFunctions,
	MAX_FUNCTION_LINES,
	REASON,
	sources,
	unexplainedFiles,
} from './sizes';
import { ROOM_FOLDERS } from './rooms';

const ROOT = join(import.meta.dirname, '..', '..');
const MAX_SHIPPED_FILE_LINES = 300;
const MAX_PROOF_FILE_LINES = 400;

const shipped = ['nodes', 'credentials'].flatMap((folder) => sources(join(ROOT, folder)));
const proof = ['test', ...ROOM_FOLDERS].flatMap((folder) => sources(join(ROOT, folder)));

describe('what ships', () => {
	test(`no function in nodes/ or credentials/ is over ${MAX_FUNCTION_LINES} lines`, () => {
		expect(shipped.flatMap((path) => longFunctions(ROOT, path))).toEqual([]);
	});

	test(`no file in nodes/ or credentials/ is over ${MAX_SHIPPED_FILE_LINES} lines`, () => {
		expect(longFiles(ROOT, shipped, MAX_SHIPPED_FILE_LINES)).toEqual([]);
	});
});

describe("the proof's rooms: test/ and the rooms of rooms.ts", () => {
	test(`no function is over ${MAX_FUNCTION_LINES} lines (a describe's body excepted)`, () => {
		expect(proof.flatMap((path) => longFunctions(ROOT, path, true))).toEqual([]);
	});

	test(`no file is over ${MAX_PROOF_FILE_LINES} lines`, () => {
		expect(longFiles(ROOT, proof, MAX_PROOF_FILE_LINES)).toEqual([]);
	});

	test(`a file over ${EXPLAINED_FILE_LINES} lines says why at its top ("${REASON} …")`, () => {
		expect(unexplainedFiles(ROOT, proof)).toEqual([]);
	});
});

describe('the bounds bite on planted files', () => {
	const planted = mkdtempSync(join(tmpdir(), 'heffl-sizes-'));
	afterAll(() => rmSync(planted, { recursive: true, force: true }));
	const filler = (count: number) =>
		Array.from({ length: count }, (_, i) => `\tconst line${i} = ${i};`);
	const plant = (name: string, lines: string[]) => {
		writeFileSync(join(planted, name), `${lines.join('\n')}\n`);
		return join(planted, name);
	};
	const long = plant('long.ts', ['/** A file too long. */', ...filler(400)]);
	const unexplained = plant('unexplained.ts', ['/** Long, and silent on why. */', ...filler(320)]);
	const explained = plant('explained.mjs', [
		'/**',
		` * ${REASON} one table read top to bottom.`,
		' */',
		...filler(320),
	]);
	const functions = plant('functions.ts', [
		"describe('a section', () => {",
		...filler(120),
		"\ttest('a long test', () => {",
		...filler(101),
		'\t});',
		'});',
	]);

	test('a file over 400 lines, one over 300 without a reason, a long test but not a long describe', () => {
		const files = [long, unexplained, explained, functions];
		expect(longFiles(planted, files, MAX_PROOF_FILE_LINES)).toEqual(['long.ts (402 lines)']);
		expect(unexplainedFiles(planted, files)).toEqual(['long.ts', 'unexplained.ts']);
		expect(longFunctions(planted, functions, true)).toEqual([
			'functions.ts:122 (anonymous) (103 lines)',
		]);
		expect(longFunctions(planted, functions)).toHaveLength(2);
	});
});
