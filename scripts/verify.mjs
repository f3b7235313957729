// npm run verify: the static analysis of @n8n/scan-community-package (the gate of
// n8n's community-node catalog), run offline on this package.
//
// The published CLI (`npx @n8n/scan-community-package <name>`) fetches the package,
// its provenance and its attested GitHub source from the network, so it cannot run
// on an unpublished package. Its exported `analyzePackage` needs no network: this
// script calls it the way `analyzePackageByName` does, on
//   1. the packed tarball (npm pack, extracted): compiled `**/*.js` + package.json;
//   2. the source the tarball is built from (this checkout): SOURCE_FILE_PATTERNS.
// Not checked here: the provenance attestation, which only exists once
// `npm publish --provenance` has run (see .github/workflows/publish.yml).
//
//   node scripts/verify.mjs               build, pack, extract, analyse
//   node scripts/verify.mjs --dir <path>  analyse an already extracted package folder
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

// The scanner makes a temp dir (via its own `tmp`) when imported: remove it on exit.
createRequire(import.meta.resolve('@n8n/scan-community-package/scanner/scanner.mjs'))(
	'tmp',
).setGracefulCleanup();

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json']; // as analyzePackageByName

function run(command, args, options = {}) {
	const result = spawnSync(command, args, { stdio: 'inherit', ...options });
	if (result.status !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
	}
	return result;
}

/** npm run build, npm pack into a temp dir, extract; returns the `package` folder. */
function buildPackAndExtract(tempDir) {
	run('npm', ['run', 'build'], { cwd: ROOT });
	const pack = run('npm', ['pack', '--json', '--pack-destination', tempDir], {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const [{ filename }] = JSON.parse(pack.stdout.toString());
	run('tar', ['-xzf', join(tempDir, filename), '-C', tempDir]);
	return join(tempDir, 'package');
}

/** Files the scanner would lint; analyzePackage passes silently when there are none. */
function countFiles(dir) {
	return readdirSync(dir, { recursive: true }).filter(
		(file) => file === 'package.json' || String(file).endsWith('.js'),
	).length;
}

async function main() {
	const dirFlag = process.argv.indexOf('--dir');
	const tempDir = dirFlag === -1 ? mkdtempSync(join(tmpdir(), 'heffl-verify-')) : null;
	try {
		const packageDir = tempDir ? buildPackAndExtract(tempDir) : resolve(process.argv[dirFlag + 1]);
		const fileCount = countFiles(packageDir);
		if (fileCount === 0) {
			throw new Error(`no .js files or package.json in ${packageDir}: nothing would be scanned`);
		}
		const legs = [
			{
				label: `packed package, ${fileCount} files (${packageDir})`,
				dir: packageDir,
				patterns: TARBALL_FILE_PATTERNS,
			},
		];
		if (tempDir)
			legs.push({ label: `source (${ROOT})`, dir: ROOT, patterns: SOURCE_FILE_PATTERNS });

		let failed = false;
		for (const { label, dir, patterns } of legs) {
			const result = await analyzePackage(dir, patterns);
			if (result.passed) {
				process.stdout.write(`scan-community-package, ${label}: no findings\n`);
				continue;
			}
			failed = true;
			process.stdout.write(`scan-community-package, ${label}: ${result.message}\n`);
			if (result.details) process.stdout.write(`${result.details}\n`);
		}
		if (failed) {
			process.stdout.write('verify: FAILED, the n8n community-package scan reports findings\n');
			return 1;
		}
		process.stdout.write('verify: OK, no findings from the n8n community-package scan\n');
		return 0;
	} finally {
		if (tempDir) rmSync(tempDir, { recursive: true, force: true });
	}
}

main().then(
	(code) => process.exit(code),
	(error) => {
		process.stderr.write(`verify: ${error.message}\n`);
		process.exit(1);
	},
);
