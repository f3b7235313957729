/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * Which test imports and runs each file of examples/ in real n8n, so that an example
 * cannot rot: test/e2e/examples.test.ts exercises those it lists in EXERCISED_HERE, and
 * a test named in EXERCISED_ELSEWHERE the others. A file in examples/ that is in neither
 * list fails both examples.test.ts and test/node/demoWorkflows.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { EXAMPLE, exampleFiles, EXAMPLES_DIR } from '../../drivers/demo-workflows';

/** The examples test/e2e/examples.test.ts imports with `n8n import:workflow` and runs. */
export const EXERCISED_HERE: readonly string[] = Object.values(EXAMPLE);

/**
 * Examples another e2e test imports and runs: file name in examples/ → that test's path
 * (it must name the file). Add one line per such example.
 */
export const EXERCISED_ELSEWHERE: Readonly<Record<string, string>> = {
	'heffl-mcp-server.json': 'test/e2e/mcp.test.ts',
};

/** What is wrong with the coverage: files nobody exercises, and entries that do not hold. */
export function coverageProblems(): string[] {
	const root = join(EXAMPLES_DIR, '..');
	const files = exampleFiles();
	const problems = files
		.filter((file) => !EXERCISED_HERE.includes(file) && !(file in EXERCISED_ELSEWHERE))
		.map(
			(file) =>
				`examples/${file} is exercised by no test: run it in test/e2e/examples.test.ts, or name its test in EXERCISED_ELSEWHERE (test/e2e/exampleCoverage.ts)`,
		);
	for (const file of [...EXERCISED_HERE, ...Object.keys(EXERCISED_ELSEWHERE)])
		if (!files.includes(file)) problems.push(`examples/${file} is listed but not in examples/`);
	for (const [file, test] of Object.entries(EXERCISED_ELSEWHERE)) {
		const path = join(root, test);
		if (!existsSync(path)) problems.push(`${test} (named for examples/${file}) does not exist`);
		else if (!readFileSync(path, 'utf8').includes(file))
			problems.push(`${test} does not name examples/${file}, which it is said to exercise`);
	}
	return problems;
}
