/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test tooling, not shipped: it runs the command as a maintainer does */
/**
 * `npm run conformance` as a maintainer runs it: a child process against a sandbox. The key
 * comes from an environment variable and never shows; the exit code says whether an
 * assumption the package depends on differs; Ctrl-C/SIGTERM and failed deletes still end
 * with nothing of the run left behind, or with what was left listed by ID.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sleep } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { StartedSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { ApiError } from '../../sandbox/errors';
import { KIT_SANDBOX, markedRecords } from './kit';

let sandbox: StartedSandbox;
/**
 * As package.json runs it: tsx's own runner would SIGKILL the command when it does not
 * acknowledge a signal within 60 ms, which a loaded machine missed (no clean-up, no output).
 */
const WITH_TSX = ['--import', 'tsx'];

beforeAll(async () => {
	sandbox = await startSandbox(KIT_SANDBOX);
});
afterAll(async () => await sandbox.close());

interface Ran {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** Runs the command; `during` gets the child to signal it. */
async function conformance(
	args: string[],
	during?: (child: ReturnType<typeof spawn>) => Promise<void>,
	ownGroup = false,
): Promise<Ran> {
	const options = ['--key-env', 'KIT_TEST_KEY', '--base-url', sandbox.urls.origin, ...args];
	// In its own process group, as a terminal starts it: through npm, which relays signals too.
	const [command, commandArgs] = ownGroup
		? ['npm', ['run', 'conformance', '--silent', '--', ...options]]
		: [process.execPath, [...WITH_TSX, 'conformance/cli.ts', ...options]];
	const child = spawn(command, commandArgs, {
		env: { ...process.env, KIT_TEST_KEY: sandbox.apiKey },
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: ownGroup,
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	// `close`, not `exit`: npm may end first, and the command's output goes on until it ends.
	const exited = new Promise<number | null>((resolve) =>
		child.on('close', (code, signal) => resolve(code ?? (signal ? -1 : null))),
	);
	if (during) await during(child);
	return { code: await exited, stdout, stderr };
}

describe('npm run conformance', () => {
	test('read-only: the table and the JSON, the request count, exit 0, and the key nowhere', async () => {
		const file = join(mkdtempSync(join(tmpdir(), 'conformance-')), 'report.json');
		const ran = await conformance(['--json', file]);
		expect(ran.code).toBe(0);
		expect(ran.stdout).toContain('| Check | Where the package depends on it | Result |');
		expect(ran.stdout).toMatch(/\d+ requests \(0 of them writes\)/);
		const report = JSON.parse(readFileSync(file, 'utf8')) as {
			requests: { total: number };
			exitCode: number;
		};
		expect(report.exitCode).toBe(0);
		expect(report.requests.total).toBeLessThan(100);
		for (const text of [ran.stdout, ran.stderr, readFileSync(file, 'utf8')])
			expect(text).not.toContain(sandbox.apiKey);
	}, 60_000);

	test('--sandbox: the local sandbox, started by the command (what CI runs)', async () => {
		const child = spawn(
			process.execPath,
			[...WITH_TSX, 'conformance/cli.ts', '--sandbox', '--only', 'v2.lists,lists.order'],
			{ stdio: ['ignore', 'pipe', 'pipe'] },
		);
		let stdout = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
		expect(stdout).toMatch(/\| `lists\.order` \| .* \| \*\*holds\*\*: newest first/);
		expect(stdout).toContain('2 hold, 0 differ');
	}, 60_000);

	test('the key is never an argument, and a missing one is named', async () => {
		const asArgument = await conformance(['--key', sandbox.apiKey]);
		expect(asArgument.code).toBe(2);
		expect(asArgument.stderr).toContain('the key is never an argument');
		expect(asArgument.stderr).not.toContain(sandbox.apiKey);
		const child = spawn(
			process.execPath,
			[...WITH_TSX, 'conformance/cli.ts', '--key-env', 'NO_SUCH_VARIABLE'],
			{
				env: { ...process.env, NO_SUCH_VARIABLE: '' },
			},
		);
		let stderr = '';
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
		expect(stderr).toContain('NO_SUCH_VARIABLE holds no API key');
	}, 60_000);

	test('an assumption the package depends on differs (orderDir ignored): exit 1, the row says which file', async () => {
		sandbox.setBehaviours({ ignoreOrderDir: true });
		try {
			const ran = await conformance(['--only', 'lists.order']);
			expect(ran.code).toBe(1);
			const row = ran.stdout.split('\n').find((line) => line.startsWith('| `lists.order`'));
			expect(row).toContain('`nodes/HefflPollingTrigger/watchedList.ts`');
			expect(row).toContain('**differs**: not newest first');
		} finally {
			sandbox.setBehaviours({});
		}
	}, 60_000);

	test.each([
		['SIGTERM to the command', 'SIGTERM', false],
		['Ctrl-C: SIGINT to the process group of npm run conformance', 'SIGINT', true],
	] as const)(
		'%s in the middle of --write: it stops, deletes what it created, exits 130',
		async (_, signal, group) => {
			sandbox.faults.set({ latencyMs: 120 });
			try {
				const ran = await conformance(
					['--write'],
					async (child) => {
						for (let waited = 0; markedRecords(sandbox).length < 3 && waited < 40_000; waited += 50)
							await sleep(50);
						expect(markedRecords(sandbox).length).toBeGreaterThanOrEqual(3);
						if (group) process.kill(-(child.pid as number), signal);
						else child.kill(signal);
					},
					group,
				);
				// npm itself ends by the signal; the command under it exits 130 after cleaning up.
				expect(ran.code).toBe(group ? -1 : 130);
				expect(ran.stderr).toContain(`${signal}: stopping`);
				expect(ran.stderr).not.toContain('giving up the clean-up');
				expect(ran.stdout).toContain('Interrupted');
				expect(ran.stdout).not.toContain('NOT DELETED');
				expect(ran.stdout).not.toContain('**differs**');
				expect(markedRecords(sandbox)).toEqual([]);
			} finally {
				sandbox.faults.clear();
			}
		},
		90_000,
	);

	test('a record it cannot delete is listed with its ID, and the run exits 3', async () => {
		const remove = sandbox.beforeRoute(({ method, path }) => {
			if (method === 'DELETE' && path.startsWith('/api/v1/leads/'))
				throw new ApiError('INTERNAL_SERVER_ERROR', 'deletes are failing today');
		});
		try {
			const ran = await conformance(['--write', '--only', 'lead.create,delete.answer']);
			expect(ran.code).toBe(3);
			const left = markedRecords(sandbox);
			expect(left).toHaveLength(1);
			expect(ran.stdout).toContain(
				`NOT DELETED: lead ${String(left[0].id)} (v1 /leads/${String(left[0].id)})`,
			);
		} finally {
			remove();
			for (const record of markedRecords(sandbox))
				await fetch(`${sandbox.urls.v1}/leads/${String(record.id)}`, {
					method: 'DELETE',
					headers: { 'x-api-key': sandbox.apiKey },
				});
		}
		expect(markedRecords(sandbox)).toEqual([]);
	}, 60_000);
});
