// npm run verify: the static analysis of @n8n/scan-community-package (the gate of
// n8n's community-node catalog), run offline on this package, with one difference: a
// warning fails it as an error does (the scanner itself fails only on errors).
//
// The published CLI (`npx @n8n/scan-community-package <name>`) fetches the package,
// its provenance and its attested GitHub source from the network, so it cannot run
// on an unpublished package (and 0.32.0 cannot run at all: docs/n8n-scanner-double-slash-bug.md).
// Its `analyzePackage` needs no network: this script lints as it does (its exported
// ESLint config, `buildScanConfig`, and its file patterns), the way
// `analyzePackageByName` calls it, on
//   1. the packed tarball (npm pack, extracted): compiled `**/*.js` + package.json;
//   2. the source the tarball is built from (this checkout): SOURCE_FILE_PATTERNS.
// Not checked here: the provenance attestation, which only exists once
// `npm publish --provenance` has run (see .github/workflows/publish.yml).
//
//   node scripts/verify.mjs               build, pack, extract, analyse
//   node scripts/verify.mjs --dir <path>  analyse an already extracted package folder
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
	buildScanConfig,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

// ESLint and fast-glob as the scanner resolves them; its `tmp` makes a temp dir when
// the scanner is imported: removed on exit.
const scannerRequire = createRequire(
	import.meta.resolve('@n8n/scan-community-package/scanner/scanner.mjs'),
);
scannerRequire('tmp').setGracefulCleanup();
const { ESLint } = scannerRequire('eslint');
const glob = scannerRequire('fast-glob');

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

/**
 * Lints `patterns` under `dir` as the scanner's analyzePackage does (its config, no
 * inline eslint-disable honoured, node_modules and package-lock.json left out); the
 * files linted, the errors and warnings, and the report of them.
 */
async function scan(dir, patterns) {
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: await buildScanConfig(),
	});
	const files = glob.sync(patterns, {
		cwd: dir,
		absolute: true,
		ignore: ['node_modules/**', '**/package-lock.json'],
	});
	// analyzePackage passes silently when there is nothing to lint: here that fails.
	if (files.length === 0) throw new Error(`no file matches ${patterns.join(', ')} in ${dir}`);
	const results = await eslint.lintFiles(files);
	const count = (key) => results.reduce((sum, result) => sum + result[key], 0);
	const errors = count('errorCount');
	const warnings = count('warningCount');
	const report =
		errors + warnings > 0 ? await (await eslint.loadFormatter('stylish')).format(results) : '';
	return { files: files.length, errors, warnings, report };
}

async function main() {
	const dirFlag = process.argv.indexOf('--dir');
	const tempDir = dirFlag === -1 ? mkdtempSync(join(tmpdir(), 'heffl-verify-')) : null;
	try {
		const packageDir = tempDir ? buildPackAndExtract(tempDir) : resolve(process.argv[dirFlag + 1]);
		const legs = [{ label: 'packed package', dir: packageDir, patterns: TARBALL_FILE_PATTERNS }];
		if (tempDir)
			legs.push({ label: `source (${ROOT})`, dir: ROOT, patterns: SOURCE_FILE_PATTERNS });

		let findings = 0;
		for (const { label, dir, patterns } of legs) {
			const { files, errors, warnings, report } = await scan(dir, patterns);
			process.stdout.write(
				`scan-community-package, ${label}: ${files} files, ${errors} errors, ${warnings} warnings\n`,
			);
			if (report) process.stdout.write(`${report}\n`);
			findings += errors + warnings;
		}
		if (findings > 0) {
			process.stdout.write(
				'verify: FAILED, the n8n community-package scan reports findings (warnings count as errors)\n',
			);
			return 1;
		}
		process.stdout.write(
			'verify: OK, no error and no warning from the n8n community-package scan\n',
		);
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
