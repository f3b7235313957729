/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: reads the tree and ARCHITECTURE.md */
/**
 * ARCHITECTURE.md is a map of rooms, not a list of files: every folder of nodes/ (a room) is
 * named on it with its door files (a folder's index.ts, a node's .node.ts, each credential),
 * and every file it names exists. A file added inside a room needs no line; a new room, or a
 * new door, does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const MAP = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');

function files(folder: string, named = /\.ts$/): string[] {
	return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path, named);
		return named.test(entry.name) ? [relative(ROOT, join(ROOT, path))] : [];
	});
}

/** A room's doors: what the rooms around it import it by. */
const isDoor = (path: string) => /(^|\/)(index|[\w]+\.node|[\w]+\.credentials)\.ts$/.test(path);

/** The rooms (folders, as `name/`) and doors (by file name) of `paths` that `map` does not name. */
export function unnamedRoomsAndDoors(paths: string[], map: string): string[] {
	const rooms = new Set(
		paths.map((path) => path.split('/').slice(0, -1)).filter((parts) => parts.length > 0),
	);
	const unnamedRooms = [...rooms]
		.map((parts) => `${parts[parts.length - 1]}/`)
		.filter((room) => !map.includes(room));
	const unnamedDoors = paths
		.filter(isDoor)
		.map((path) => path.split('/').pop() as string)
		.filter((door) => !map.includes(door));
	return [...new Set([...unnamedRooms, ...unnamedDoors])];
}

test('every room of nodes/ and credentials/, and each room’s door files, is named in ARCHITECTURE.md', () => {
	expect(unnamedRoomsAndDoors([...files('nodes'), ...files('credentials')], MAP)).toEqual([]);
});

test('the check bites: a planted room and a planted door go unnamed', () => {
	const planted = ['nodes/shared/planted/index.ts', 'nodes/Planted/Planted.node.ts'];
	expect(unnamedRoomsAndDoors([...files('nodes'), ...planted], MAP)).toEqual([
		'planted/',
		'Planted/',
		'Planted.node.ts',
	]);
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

test("every room of the proof's tooling is named in ARCHITECTURE.md", () => {
	const map = MAP.slice(MAP.indexOf('## The rooms of the proof'), MAP.indexOf('## The layers'));
	const rooms = ['test', 'scripts', 'bench', 'conformance', 'drivers', 'sandbox'].flatMap(
		(folder) => [
			`${folder}/`,
			...readdirSync(join(ROOT, folder), { withFileTypes: true })
				.filter((entry) => entry.isDirectory() && folder !== 'test')
				.map((entry) => `${entry.name}/`),
		],
	);
	expect(rooms.filter((room) => !map.includes(room))).toEqual([]);
});
