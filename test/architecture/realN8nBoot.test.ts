/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: reads the source files */
/**
 * One real-n8n fixture starts every real n8n (ARCHITECTURE.md): drivers/real-n8n.mjs's
 * startRealN8n, for the end-to-end tiers, the hosts tier, queue mode, the demo, the
 * screenshots and the benchmarks. No other code file of the project runs n8n's binary: none
 * names N8N_BIN, builds the path of n8n's bin/n8n, or calls the fixture's own spawn
 * (spawnN8n, or startN8n as the copied preambles called it). drivers/n8n-installed.mjs
 * defines that path: it proves its install with `n8n --version`, which
 * boots nothing. Shown to bite on planted files.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

import { afterAll, describe, expect, test } from 'vitest';

import { sources } from './sizes';

const ROOT = join(import.meta.dirname, '..', '..');
/** The fixture, the installer that defines where n8n's binary is, and this check (it names them). */
const MAY_NAME_N8N = [
	'drivers/real-n8n.mjs',
	'drivers/n8n-installed.mjs',
	relative(ROOT, import.meta.filename),
];
const FOLDERS = ['drivers', 'scripts', 'bench', 'test', 'sandbox', 'conformance', 'nodes'];

/** What a boot of n8n outside the fixture looks like in code. */
const BOOT = [
	/\bN8N_BIN\b/, // the binary the fixture spawns
	/['"]n8n['"],\s*['"]bin['"],\s*['"]n8n['"]|n8n\/bin\/n8n/, // its path built anew
	/\b(spawnN8n|startN8n)\b/, // the fixture's spawn, under its old or new name
];

/** Each code file outside the fixture that boots n8n, as "file: what it names". */
function bootsOutsideFixture(root: string): string[] {
	return FOLDERS.filter((folder) => existsSync(join(root, folder)))
		.flatMap((folder) => sources(join(root, folder)))
		.filter((path) => !MAY_NAME_N8N.includes(relative(root, path)))
		.flatMap((path) => {
			const text = readFileSync(path, 'utf8');
			const found = BOOT.map((pattern) => text.match(pattern)?.[0]).filter(Boolean);
			return found.length ? [`${relative(root, path)}: ${found.join(', ')}`] : [];
		});
}

describe('one real-n8n fixture', () => {
	test('no file outside drivers/real-n8n.mjs runs n8n (its binary, or the fixture’s spawn)', () => {
		expect(bootsOutsideFixture(ROOT)).toEqual([]);
	});

	describe('the check bites on planted files', () => {
		const planted = mkdtempSync(join(tmpdir(), 'heffl-boot-'));
		afterAll(() => rmSync(planted, { recursive: true, force: true }));
		const plant = (path: string, text: string) => {
			mkdirSync(dirname(join(planted, path)), { recursive: true });
			writeFileSync(join(planted, path), text);
		};
		const bin = 'N8N_BIN';
		const start = 'startN8n';
		plant(
			'scripts/demo.ts',
			`import { ${bin} } from '../drivers/n8n-install.mjs';\nspawn(node, [${bin}, 'start']);\n`,
		);
		plant(
			'test/e2e-hosts/boot.ts',
			`const cli = join(dir, 'node_modules', 'n8n', 'bin', 'n8n');\nspawn(node, [cli, 'start']);\n`,
		);
		plant(
			'drivers/queue.mjs',
			`import { ${start} } from './real-n8n.mjs';\nawait ${start}(f, 1);\n`,
		);
		plant('drivers/real-n8n.mjs', `spawn(node, [${bin}, 'start']); // the fixture: allowed\n`);
		plant('bench/fine.ts', `import { startRealN8n } from '../drivers/real-n8n.mjs';\n`);

		test('a copied preamble naming the binary, building its path, or calling the spawn is named; the fixture is not', () => {
			expect(bootsOutsideFixture(planted).sort()).toEqual([
				`drivers/queue.mjs: ${start}`,
				`scripts/demo.ts: ${bin}`,
				"test/e2e-hosts/boot.ts: 'n8n', 'bin', 'n8n'",
			]);
		});
	});
});
