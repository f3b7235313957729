/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * The tarball every n8n that installs the package downloads and unpacks: only what n8n
 * loads (the built JavaScript, the codex JSON, the icons) and what a user reads (README,
 * LICENSE, CHANGELOG), within size bounds. Built from scratch in a temporary copy of the
 * project (drivers/pack.mjs's packCopy), so it holds on a fresh clone where nothing was
 * built yet as in CI after `npm run build`, and never looks at this checkout's dist/. It packs
 * for itself even where HEFFL_TARBALL hands the other tiers a tarball packed once: this file is
 * the proof of the pack they rely on.
 *
 * Left out, and why: source maps (they point at TypeScript sources that are not shipped,
 * and n8n runs Node without --enable-source-maps: they would give a user nothing), type
 * declarations (n8n loads JavaScript only), dist/tsconfig.tsbuildinfo, dist/package.json
 * and dist/index.js (no entry point: n8n loads the files package.json's `n8n` names), and
 * dist/docs/ (the README's screenshots, which `n8n-node build` copies with every png).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { packCopy } from '../../drivers/pack.mjs';

type PackReport = {
	name: string;
	version: string;
	size: number;
	unpackedSize: number;
	entryCount: number;
	files: Array<{ path: string; size: number }>;
	folder: string;
};

/** What may be in the tarball: every file matches one of these. */
const ALLOWED = [
	/^package\.json$/,
	/^README\.md$/,
	/^LICENSE\.md$/,
	/^CHANGELOG\.md$/,
	/^dist\/credentials\/[A-Za-z]+\.credentials\.js$/,
	/^dist\/nodes\/(?:[A-Za-z]+\/)+[A-Za-z]+(?:\.node|\.[A-Za-z]+\.operation)?\.js$/, // the nodes, the modules they load, own operations
	/^dist\/nodes\/([A-Za-z]+)\/\1\.node\.json$/, // a node's codex
	/^dist\/icons\/[a-z.]+\.svg$/,
];

/**
 * Bounds around the sizes measured on 2026-11-25 with the README of that day (93 kB):
 * 78 files, 93,084 bytes packed, 334,024 unpacked (226 files, 548 kB and 1.2 MB before;
 * 83 files, 75,285 and 294,062 on 2026-11-27 with the 300-line README; 103 files, 87,703 and
 * 344,042 later that day, once the core moved into nodes/shared and issues 35-37 landed):
 * room for the code to grow a fifth, none for a screenshot, a source map or a build cache
 * to come back.
 */
const MAX_PACKED = 120_000;
// 460,000 since issues 50–52 (the Changed kinds, the comparison of records): 435,713 on 2026-12-02.
const MAX_UNPACKED = 460_000;

let pack: PackReport;
let paths: string[];

beforeAll(() => {
	pack = packCopy() as PackReport;
	paths = pack.files.map((file) => file.path).sort();
}, 240_000);

afterAll(() => {
	if (pack?.folder) rmSync(pack.folder, { recursive: true, force: true }); // its node_modules is a link
});

test('every file of the tarball is on the allow-list (no source map, declaration, build cache or screenshot)', () => {
	expect(paths.filter((path) => !ALLOWED.some((pattern) => pattern.test(path)))).toEqual([]);
	expect(paths.filter((path) => /\.(map|d\.ts|tsbuildinfo|png)$/.test(path))).toEqual([]);
});

test('it holds what n8n loads and a user reads: every node and credential package.json names, each node’s codex, the icons they show, README, LICENSE, CHANGELOG', () => {
	const manifest = JSON.parse(readFileSync(join(pack.folder, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
	};
	const loaded = [...manifest.n8n.nodes, ...manifest.n8n.credentials];
	expect(loaded.length).toBeGreaterThanOrEqual(5);
	const codex = manifest.n8n.nodes.map((node) => node.replace(/\.js$/, '.json'));
	const icons = ['dist/icons/heffl.svg', 'dist/icons/heffl.dark.svg'];
	expect(paths).toEqual(
		expect.arrayContaining([
			...loaded,
			...codex,
			...icons,
			'package.json',
			'README.md',
			'LICENSE.md',
			'CHANGELOG.md',
		]),
	);
	// The icons the built nodes and credentials point at, resolved from where each file lies.
	for (const file of loaded) {
		const source = readFileSync(join(pack.folder, file), 'utf8');
		for (const [, icon] of source.matchAll(/'file:([^']+\.svg)'/g)) {
			const resolved = join(file, '..', icon);
			expect({ file, icon: resolved, shipped: paths.includes(resolved) }).toMatchObject({
				shipped: true,
			});
		}
	}
});

test(`it stays small: at most ${MAX_PACKED} bytes packed and ${MAX_UNPACKED} unpacked`, () => {
	// The figures of this run, for the README's statement of them.
	// eslint-disable-next-line no-console
	console.log(
		`npm pack ${pack.name}@${pack.version}: ${pack.entryCount} files, ${pack.size} bytes packed, ${pack.unpackedSize} bytes unpacked`,
	);
	expect(pack.size).toBeLessThanOrEqual(MAX_PACKED);
	expect(pack.unpackedSize).toBeLessThanOrEqual(MAX_UNPACKED);
});
