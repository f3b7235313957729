/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test tooling, not shipped */
/**
 * A real npm registry on loopback (Verdaccio from npm) holding the packed package,
 * and the one shim n8n's installer runs through to reach it.
 *
 * Verdaccio is installed beside the n8n installs (not a devDependency: its
 * verdaccio-audit asks for node-fetch@cjs, a dist-tag the registry lacks, and the
 * npm override that fixes it is a field the community lint rules refuse in the
 * package's own package.json), proved by `verdaccio --version` before it is used.
 *
 * n8n's installer (Settings → Community Nodes → Install; 1.123.81 and 2.41.x alike)
 * runs `npm view`, `npm pack` and `npm install` from its PATH, each with an explicit
 * `--registry=<N8N_COMMUNITY_PACKAGES_REGISTRY>`, and any registry but the public
 * one needs an enterprise licence (getNpmRegistry throws FeatureNotLicensedError).
 * So the `npm` first on n8n's PATH here is a shell script that replaces the value of
 * that one flag with the loopback registry, logs the command line n8n gave it, and
 * runs the real npm: everything else is n8n's own installer.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

import { freePort, N8N_DIR } from './real-n8n.mjs';

/** Verdaccio 5 runs on the Node running the tests (6 wants Node 22+, CI has Node 20). */
const VERDACCIO_MANIFEST = `${JSON.stringify(
	{
		name: 'heffl-test-registry',
		private: true,
		dependencies: { verdaccio: '5.33.0' },
		overrides: { 'verdaccio-audit': { 'node-fetch': '2.7.0' } },
	},
	null,
	2,
)}\n`;
const VERDACCIO_DIR = join(dirname(N8N_DIR), 'verdaccio-5.33.0');
const VERDACCIO_BIN = join(VERDACCIO_DIR, 'node_modules', 'verdaccio', 'bin', 'verdaccio');

const answers = (bin: string) =>
	spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8', timeout: 60_000 }).status ===
	0;

/** Verdaccio in VERDACCIO_DIR, installed (about 30 s) unless a stamped copy answers. */
function ensureVerdaccio(): string {
	const stamped = () => {
		try {
			return readFileSync(join(VERDACCIO_DIR, '.installed'), 'utf8') === VERDACCIO_MANIFEST;
		} catch {
			return false;
		}
	};
	if (stamped() && answers(VERDACCIO_BIN)) return VERDACCIO_BIN;
	const partial = `${VERDACCIO_DIR}.partial-${process.pid}`;
	rmSync(partial, { recursive: true, force: true });
	mkdirSync(partial, { recursive: true });
	writeFileSync(join(partial, 'package.json'), VERDACCIO_MANIFEST);
	const install = spawnSync(
		'npm',
		['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-update-notifier'],
		{ cwd: partial, encoding: 'utf8' },
	);
	if (
		install.status !== 0 ||
		!answers(join(partial, 'node_modules', 'verdaccio', 'bin', 'verdaccio'))
	) {
		rmSync(partial, { recursive: true, force: true });
		throw new Error(`installing Verdaccio into ${partial} failed:\n${install.stderr}`);
	}
	writeFileSync(join(partial, '.installed'), VERDACCIO_MANIFEST);
	// CI's hosts tiers run side by side: when the other one installed it meanwhile, its
	// Verdaccio may be running from VERDACCIO_DIR, which must not be replaced under it.
	if (stamped() && answers(VERDACCIO_BIN)) {
		rmSync(partial, { recursive: true, force: true });
		return VERDACCIO_BIN;
	}
	rmSync(VERDACCIO_DIR, { recursive: true, force: true });
	renameSync(partial, VERDACCIO_DIR);
	if (!existsSync(VERDACCIO_BIN)) throw new Error(`Verdaccio is missing from ${VERDACCIO_DIR}`);
	return VERDACCIO_BIN;
}

export type Registry = {
	url: string;
	/** Publishes a packed tarball (`npm publish`, as a maintainer would). */
	publish: (tarball: string) => void;
	/** What `npm view <name>@<version> dist.integrity` answers here (the README's command). */
	integrity: (name: string, version: string) => string;
	close: () => Promise<void>;
};

/** Verdaccio with local storage only (no uplink): what it holds is what we published. */
export async function startRegistry(): Promise<Registry> {
	const bin = ensureVerdaccio();
	const work = mkdtempSync(join(tmpdir(), 'heffl-registry-'));
	const port = await freePort();
	writeFileSync(
		join(work, 'config.yaml'),
		[
			`storage: ${join(work, 'storage')}`,
			'auth:',
			`  htpasswd: { file: ${join(work, 'htpasswd')}, max_users: -1 }`,
			'uplinks: {}',
			'packages:',
			"  '**': { access: $all, publish: $all, unpublish: $all }",
			'log: { type: stdout, format: pretty, level: warn }',
			'',
		].join('\n'),
	);
	const child = spawn(
		process.execPath,
		[bin, '--config', join(work, 'config.yaml'), '--listen', `127.0.0.1:${port}`],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	const url = `http://127.0.0.1:${port}/`;
	const close = async () => {
		if (child.exitCode === null) {
			child.kill('SIGTERM');
			await new Promise((done) => child.once('exit', done));
		}
		rmSync(work, { recursive: true, force: true });
	};
	for (let attempt = 0; ; attempt++) {
		try {
			if ((await fetch(`${url}-/ping`)).ok) break;
		} catch {
			// not listening yet
		}
		if (attempt > 60 || child.exitCode !== null) {
			await close();
			throw new Error(`Verdaccio did not start:\n${output}`);
		}
		await new Promise((done) => setTimeout(done, 500));
	}
	return {
		url,
		publish(tarball) {
			const result = spawnSync(
				'npm',
				[
					'publish',
					tarball,
					`--registry=${url}`,
					// Verdaccio lets anyone publish here; npm still wants a token to send.
					`--//127.0.0.1:${port}/:_authToken=heffl-loopback`,
					'--ignore-scripts',
					'--provenance=false',
				],
				{ encoding: 'utf8' },
			);
			if (result.status !== 0) throw new Error(`npm publish failed: ${result.stderr}`);
		},
		integrity(name, version) {
			const result = spawnSync(
				'npm',
				['view', `${name}@${version}`, 'dist.integrity', `--registry=${url}`],
				{ encoding: 'utf8' },
			);
			if (result.status !== 0) throw new Error(`npm view failed: ${result.stderr}`);
			return result.stdout.trim();
		},
		close,
	};
}

/** A copy of the packed tarball as another version (the package as 0.1.1 would ship). */
export function repack(tarball: string, version: string): string {
	const work = mkdtempSync(join(tmpdir(), 'heffl-repack-'));
	const run = (command: string, args: string[], cwd = work) => {
		const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
		if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}`);
		return result.stdout;
	};
	run('tar', ['-xzf', tarball]);
	const manifest = join(work, 'package', 'package.json');
	writeFileSync(
		manifest,
		JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), version }, null, 2),
	);
	const name = run(
		'npm',
		['pack', '--ignore-scripts', '--pack-destination', work],
		join(work, 'package'),
	)
		.trim()
		.split('\n')
		.pop() as string;
	return join(work, name);
}

export type NpmShim = {
	/** Put this first on n8n's PATH. */
	dir: string;
	/** The npm command lines n8n ran, as n8n wrote them (before the rewrite). */
	calls: () => string[];
};

/**
 * The `npm` n8n runs: the real npm with `--registry=<anything>` pointed at
 * `registryUrl` (n8n writes the flag in that one form). Nothing else is changed.
 */
export function npmShim(registryUrl: string): NpmShim {
	const dir = mkdtempSync(join(tmpdir(), 'heffl-npm-shim-'));
	const realNpm = spawnSync('sh', ['-c', 'command -v npm'], {
		encoding: 'utf8',
		env: {
			...process.env,
			PATH: (process.env.PATH ?? '')
				.split(delimiter)
				.filter((entry) => !entry.includes('node_modules/.bin'))
				.join(delimiter),
		},
	}).stdout.trim();
	if (!realNpm) throw new Error('no npm on PATH');
	const log = join(dir, 'calls.log');
	mkdirSync(dir, { recursive: true });
	writeFileSync(
		join(dir, 'npm'),
		`#!/bin/sh
# Test shim (drivers/registry.ts): n8n's installer passes --registry=<its
# configured registry>; only that value is replaced, by the loopback Verdaccio.
printf '%s\\n' "npm $*" >> '${log}'
for arg in "$@"; do
  shift
  case "$arg" in
    --registry=*) set -- "$@" "--registry=${registryUrl}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec '${realNpm}' "$@"
`,
	);
	chmodSync(join(dir, 'npm'), 0o755);
	return {
		dir,
		calls: () => {
			try {
				return readFileSync(log, 'utf8').trim().split('\n').filter(Boolean);
			} catch {
				return [];
			}
		},
	};
}
