// npm test: the tests' type check (tsc, about 30 s of one core) and the vitest suite at
// the same time, since most tests wait on loopback HTTP; the run fails when either does.
// The type check's output is shown once it ends, so it does not interleave with vitest's.
import { spawn } from 'node:child_process';

/** Runs a command; resolves with its exit code and, when `quiet`, what it printed. */
function run(command, args, quiet) {
	return new Promise((resolve) => {
		const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
		let output = '';
		child.stdout?.on('data', (chunk) => (output += chunk));
		child.stderr?.on('data', (chunk) => (output += chunk));
		child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
	});
}

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const [typecheck, tests] = await Promise.all([
	run(bin('tsc'), ['-p', 'tsconfig.test.json'], true),
	run(bin('vitest'), ['run', '--project', 'unit', ...process.argv.slice(2)], false),
]);
process.stdout.write(
	typecheck.code === 0
		? "\nThe tests' type check (tsc -p tsconfig.test.json) passed.\n"
		: `\nThe tests' type check (tsc -p tsconfig.test.json) failed:\n${typecheck.output}\n`,
);
process.exitCode = typecheck.code || tests.code;
