/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- maintainer's tooling, not shipped */
/**
 * `npm run conformance -- --key-env HEFFL_API_KEY [--write] [--json FILE]`: checks the
 * package's assumptions (docs/assumptions.md) against a Heffl account and prints one row per
 * check. docs/conformance.md says what it sends, creates and removes.
 */
import './nodeFiles';

import { writeFileSync } from 'node:fs';

import { API_VERSIONS } from '../nodes/shared/transport';
import { httpsProblem, normalizeBaseUrl } from '../nodes/shared/transport/origin';
import { json, redact, table } from './report';
import { Conformance } from './run';

const HELP = `Usage: npm run conformance -- [options]

  --key-env NAME    the environment variable holding the API key (default HEFFL_API_KEY);
                    the key itself is never an argument
  --base-url URL    Heffl's API origin (default https://api.heffl.com): v1 is URL/api/v1,
                    v2 is URL/api/v2, as the credential's defaults
  --v1-url URL      the v1 base URL itself (overrides --base-url for v1)
  --v2-url URL      the v2 base URL itself (overrides --base-url for v2)
  --json FILE       also write the report as JSON (attach it to an issue)
  --write           also run the checks that create records (marked, deleted before exit)
  --only ID,ID      run only these checks
  --sandbox         check the local sandbox instead (started here, 60 requests per second):
                    what CI runs, and a way to see the kit work without an account

Exit: 0 every assumption the package depends on holds, 1 one differs, 2 bad usage,
3 records could not be deleted (listed), 130 interrupted.`;

function fail(message: string): never {
	console.error(`conformance: ${message}\n\n${HELP}`);
	process.exit(2);
}

function parse(argv: string[]) {
	const options: Record<string, string | true> = {};
	const valued = ['--key-env', '--base-url', '--v1-url', '--v2-url', '--json', '--only'];
	for (let index = 0; index < argv.length; index++) {
		const [flag, inline] = argv[index].split(/=(.*)/s, 2);
		if (flag === '--help' || flag === '-h') {
			console.log(HELP);
			process.exit(0);
		}
		if (/^--(api-)?key$/.test(flag))
			fail(
				'the key is never an argument (it would stay in your shell history): put it in an environment variable and pass --key-env NAME',
			);
		if (flag === '--write' || flag === '--sandbox') options[flag.slice(2)] = true;
		else if (valued.includes(flag)) {
			const value = inline ?? argv[++index];
			if (value === undefined || value.startsWith('--')) fail(`${flag} needs a value`);
			options[flag.slice(2)] = value;
		} else fail(`unknown option ${flag}`);
	}
	return options;
}

/** v1 and v2 base URLs from an origin, as the credential's defaults derive them. */
function baseUrls(options: Record<string, string | true>) {
	const origin = normalizeBaseUrl(
		options['base-url'] ?? new URL(API_VERSIONS.v1.defaultBaseUrl).origin,
	).replace(/\/api\/v[12]$/, '');
	const v1 = normalizeBaseUrl(options['v1-url'] ?? `${origin}/api/v1`);
	const v2 = normalizeBaseUrl(options['v2-url'] ?? `${origin}/api/v2`);
	for (const url of [v1, v2]) {
		const problem = httpsProblem(url);
		if (problem) fail(problem);
	}
	return { v1, v2 };
}

/** The local sandbox (sandbox/), seeded, rate-limited per second so a run takes seconds. */
async function localSandbox() {
	const { startSandbox } = await import('../sandbox');
	const sandbox = await startSandbox({ rateLimit: { limit: 60, windowMs: 1000 } });
	return { sandbox, apiKey: sandbox.apiKey, v1: sandbox.urls.v1, v2: sandbox.urls.v2 };
}

async function target(options: Record<string, string | true>) {
	if (options.sandbox === true) return await localSandbox();
	const keyEnv = typeof options['key-env'] === 'string' ? options['key-env'] : 'HEFFL_API_KEY';
	const apiKey = (process.env[keyEnv] ?? '').trim();
	if (!apiKey) fail(`the environment variable ${keyEnv} holds no API key`);
	return { sandbox: undefined, apiKey, ...baseUrls(options) };
}

async function main() {
	const options = parse(process.argv.slice(2));
	const { sandbox, apiKey, v1, v2 } = await target(options);
	const only =
		typeof options.only === 'string' ? options.only.split(',').map((id) => id.trim()) : undefined;
	const write = options.write === true;
	console.error(
		`Checking ${v1} and ${v2}${write ? ' (with --write: records are created, marked and deleted)' : ' (read-only)'}…`,
	);
	const conformance = new Conformance({
		credentials: { apiKey, v1BaseUrl: v1, v2BaseUrl: v2 },
		write,
		only,
		progress: (line) => console.error(`  ${redact(line, apiKey)}`),
	});
	// Ctrl-C reaches this process twice at once, from the terminal and relayed by npm: a
	// signal within a second of the first is the same interruption. (package.json runs this
	// with `node --import tsx`: tsx's runner SIGKILLs a child slow to take a signal.)
	let firstSignal = 0;
	const onSignal = (signal: string) => {
		const now = Date.now();
		if (firstSignal && now - firstSignal < 1000) return;
		console.error(
			firstSignal
				? `\n${signal} again: giving up the clean-up; what is left is listed below`
				: `\n${signal}: stopping; deleting what this run created (again to give up)…`,
		);
		firstSignal ||= now;
		conformance.interrupt();
	};
	process.on('SIGINT', () => onSignal('SIGINT'));
	process.on('SIGTERM', () => onSignal('SIGTERM'));
	const report = await conformance.run();
	await sandbox?.close();
	console.log(table(report, apiKey));
	if (typeof options.json === 'string') {
		writeFileSync(options.json, `${json(report, apiKey)}\n`);
		console.error(`JSON written to ${options.json}`);
	}
	process.exitCode = report.exitCode;
}

void main().catch((error: Error) => {
	console.error(`conformance: ${error.message}`);
	process.exitCode = 2;
});
