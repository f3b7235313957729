/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * docs/assumptions.md and the kit's checks are one list: every row of its tables names a
 * check the kit has, or says why the choice is not checked; every check has a row.
 */
import { readFileSync } from 'node:fs';

import { describe, expect, test } from 'vitest';

import { CHECKS } from '../../conformance/checks';

interface Row {
	table: string;
	question: string;
	check: string;
}

/** The rows of every table whose last column is "Check". */
function rows(markdown: string): Row[] {
	const found: Row[] = [];
	let table = '';
	let header: string[] | undefined;
	const cells = (line: string) =>
		line
			.replace(/^\|/, '')
			.replace(/\|\s*$/, '')
			.split(/(?<!\\)\|/)
			.map((cell) => cell.trim());
	for (const line of markdown.split('\n')) {
		if (line.startsWith('#')) table = line.replace(/^#+\s*/, '');
		if (!line.startsWith('|')) {
			header = undefined;
			continue;
		}
		if (!header) {
			header = cells(line);
			continue;
		}
		if (/^\|[-|\s]+\|$/.test(line) || header[header.length - 1] !== 'Check') continue;
		const row = cells(line);
		expect(row, `${table}: ${line}`).toHaveLength(header.length);
		found.push({ table, question: row[0], check: row[row.length - 1] });
	}
	return found;
}

const ID = /^[a-z0-9-]+\.[a-z0-9.-]+$/;
const idsIn = (cell: string) =>
	[...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]).filter((token) => ID.test(token));

const markdown = readFileSync('docs/assumptions.md', 'utf8');
const table = rows(markdown);
const known = new Set(CHECKS.map((check) => check.id));

describe('docs/assumptions.md and conformance/checks are one list', () => {
	test('both tables are there, with every row', () => {
		expect(new Set(table.map((row) => row.table))).toEqual(
			new Set(['Assumptions', 'v2 sandbox choices']),
		);
		expect(table.length).toBeGreaterThan(80);
	});

	test('every row names a check of the kit, or says why it is not checked', () => {
		const neither = table.filter(
			(row) => !idsIn(row.check).length && !/not checked: \S.{10,}/.test(row.check),
		);
		expect(neither.map((row) => `${row.table}: ${row.question}`)).toEqual([]);
	});

	test('every check a row names exists', () => {
		const unknown = table.flatMap((row) =>
			idsIn(row.check)
				.filter((id) => !known.has(id))
				.map((id) => `${row.question}: ${id}`),
		);
		expect(unknown).toEqual([]);
	});

	test('every check of the kit has a row', () => {
		const named = new Set(table.flatMap((row) => idsIn(row.check)));
		expect([...known].filter((id) => !named.has(id))).toEqual([]);
	});

	test('check ids are unique', () => {
		expect(CHECKS.length).toBe(known.size);
	});
});
