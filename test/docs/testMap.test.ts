/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: reads the tree and test/README.md */
/**
 * test/README.md is a map of rooms, not a list of files: every folder of test/ is named in its
 * rooms (as `folder/`), every door (a file of test/ that another room of test/ imports) is named
 * on the page, and every file it names exists: a renamed or moved file is renamed there too.
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
import { dirname, join, normalize, relative } from 'node:path';

import { expect, test } from 'vitest';

const TEST = join(import.meta.dirname, '..');
const ROOT = join(TEST, '..');
const MAP = readFileSync(join(TEST, 'README.md'), 'utf8');
const ROOMS = MAP.slice(
	MAP.indexOf('## The rooms'),
	MAP.indexOf('\n## ', MAP.indexOf('## The rooms') + 1),
);

/** Every file under `folder`, relative to `root`. */
function allFiles(folder: string, root = folder): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		return entry.isDirectory() ? allFiles(path, root) : [relative(root, path)];
	});
}

/** The rooms (folders, as `name/`) a rooms section does not name. */
const unnamedRooms = (files: string[], rooms: string) =>
	[...new Set(files.map(dirname).filter((folder) => folder !== '.'))]
		.map((folder) => `${folder.split('/').pop()}/`)
		.filter((room) => !rooms.includes(`\`${room}\``));

/** The doors under `root`: files another room imports (`../room/file`), as `room/file.ts`. */
function doorsOf(root: string): string[] {
	const doors = allFiles(root)
		.filter((path) => /\.(m?ts)$/.test(path))
		.flatMap((path) =>
			[...readFileSync(join(root, path), 'utf8').matchAll(/from '(\.\.\/[^']+)'/g)]
				.map(([, target]) => normalize(join(dirname(path), target)))
				.filter(
					(target) => !target.startsWith('..') && target.split('/')[0] !== path.split('/')[0],
				),
		)
		.map((target) =>
			[`${target}.ts`, join(target, 'index.ts'), target].find((file) =>
				existsSync(join(root, file)),
			),
		)
		.filter((door): door is string => door !== undefined);
	return [...new Set(doors)].sort();
}

/** The files a map does not name: a name counts only whole, in backquotes. */
const unnamed = (files: string[], map: string) =>
	files.filter((path) => !map.includes(`\`${path}\``));

/** The files a map names (in backquotes) that exist neither under test/ nor at the root. */
const missing = (map: string) =>
	[...map.matchAll(/`([\w./-]+\.(?:m?ts|mjs|json))`/g)]
		.map(([, path]) => path)
		.filter((path) => !existsSync(join(TEST, path)) && !existsSync(join(ROOT, path)));

test('test/README.md names every room of test/', () => {
	expect(unnamedRooms(allFiles(TEST), ROOMS)).toEqual([]);
});

test("test/README.md names every room's doors", () => {
	const doors = doorsOf(TEST);
	expect(doors.length).toBeGreaterThan(5);
	expect(unnamed(doors, MAP)).toEqual([]);
});

test('every file test/README.md names exists', () => {
	expect(missing(MAP)).toEqual([]);
});

test('the checks bite: an unnamed room, an unnamed door, a named file that is gone', () => {
	const planted = mkdtempSync(join(tmpdir(), 'heffl-test-map-'));
	try {
		mkdirSync(join(planted, 'node', 'crm'), { recursive: true });
		mkdirSync(join(planted, 'helpers'));
		writeFileSync(
			join(planted, 'node/crm/leads.test.ts'),
			"import { x } from '../../helpers/shared';",
		);
		writeFileSync(join(planted, 'helpers/shared.ts'), '');
		const rooms = '`node/`, `crm/`';
		expect(unnamedRooms(allFiles(planted), rooms)).toEqual(['helpers/']);
		expect(unnamed(doorsOf(planted), rooms)).toEqual(['helpers/shared.ts']);
	} finally {
		rmSync(planted, { recursive: true, force: true });
	}
	expect(missing('`resources/lead.test.ts`, `node/gone.test.ts`, `e2e/gone.json`')).toEqual([
		'node/gone.test.ts',
		'e2e/gone.json',
	]);
});
