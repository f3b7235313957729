// What can be checked offline of the publish workflow (.github/workflows/publish.yml)
// against npm's rules and n8n's verification (docs/release.md names their sources):
//   - it runs on a v*.*.* tag, on a GitHub-hosted runner, with `id-token: write` (the OIDC
//     token of trusted publishing and of the provenance statement) and no job overriding it;
//   - npm is pinned at 11.5.1 or later (trusted publishing's floor);
//   - the tag is checked against package.json's version, and the metadata, lint (both),
//     build, tests and n8n's scan run, all before `npm publish`;
//   - `npm publish` runs once, with --provenance and --access public, and after it the
//     published version's integrity goes into the job summary (scripts/release-integrity.mjs);
//   - no npm token in the steady state: no secret, NPM_TOKEN, NODE_AUTH_TOKEN, _authToken,
//     nor setup-node's registry-url (which writes a token line npm would send instead).
//
//   node scripts/release-workflow.mjs [--file PATH]   exit 1, one line per problem
// `npm run release:prepare` refuses while this finds a problem; test/release/workflow.test.ts
// also runs the workflow's own tag and registry steps with bash.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const WORKFLOW = join(
	dirname(fileURLToPath(import.meta.url)),
	'..',
	'.github',
	'workflows',
	'publish.yml',
);
/** npm's floor for trusted publishing (docs.npmjs.com/trusted-publishers). */
const NPM_FLOOR = [11, 5, 1];
/** What must run before `npm publish`. @type {Array<[string, RegExp]>} */
const BEFORE_PUBLISH = [
	['the tag check', /GITHUB_REF_NAME" != "v\$version"/],
	['the release metadata check', /release-metadata\.mjs check/],
	['npm run lint', /run: npm run lint$/m],
	['npm run lint:source', /run: npm run lint:source$/m],
	['npm run build', /run: npm run build$/m],
	['npm test', /run: npm test$/m],
	['npm run verify', /run: npm run verify$/m],
];

/**
 * The workflow without its comment lines (a comment may name what the code must not hold).
 * @param {string} text
 */
const code = (text) =>
	text
		.split('\n')
		.filter((line) => !/^\s*#/.test(line))
		.map((line) => line.replace(/\s+#.*$/, ''))
		.join('\n');

/**
 * Why the workflow text is not a publish that npm and n8n accept: one line per problem.
 * @param {string} text
 * @returns {string[]}
 */
export function workflowProblems(text) {
	const yaml = code(text);
	const found = [];
	if (!/^on:\n\s+push:\n\s+tags: \['v\*\.\*\.\*'\]$/m.test(yaml))
		found.push("on: must be a push of tags 'v*.*.*' (the tag names the version)");
	if (!/^permissions:\n(?: {2}\S.*\n)*? {2}id-token: write$/m.test(yaml))
		found.push(
			'permissions: id-token: write is missing (trusted publishing and provenance need the OIDC token)',
		);
	if (/^ {4,}permissions:/m.test(yaml))
		found.push(
			'a job sets its own permissions: the workflow-level id-token: write would not apply',
		);
	const runners = [...yaml.matchAll(/runs-on: (.+)$/gm)].map(([, runner]) => runner.trim());
	if (runners.length === 0 || runners.some((runner) => !/^(ubuntu|windows|macos)-/.test(runner)))
		found.push(
			`runs-on: ${runners.join(', ') || 'none'}: trusted publishing accepts GitHub-hosted runners only`,
		);
	const npm = /npm install --global npm@(\d+)\.(\d+)\.(\d+)/.exec(yaml);
	const pinned = npm?.slice(1).map(Number);
	/** @param {number[]} version */
	const below = (version) =>
		version[0] - NPM_FLOOR[0] || version[1] - NPM_FLOOR[1] || version[2] - NPM_FLOOR[2];
	if (!pinned || below(pinned) < 0)
		found.push(
			`npm must be pinned at ${NPM_FLOOR.join('.')} or later (trusted publishing), found ${npm?.[0] ?? 'none'}`,
		);
	const publishes = [...yaml.matchAll(/^.*\bnpm publish\b.*$/gm)];
	if (publishes.length !== 1) found.push(`npm publish runs ${publishes.length} times, not once`);
	const [publish] = publishes;
	if (publish && !/--provenance\b/.test(publish[0]))
		found.push(
			'npm publish without --provenance: n8n fails a package without a provenance statement',
		);
	if (publish && !/--access public\b/.test(publish[0]))
		found.push('npm publish without --access public');
	const integrity =
		/release-integrity\.mjs summary --tarball "\$TARBALL" --published >> "\$GITHUB_STEP_SUMMARY"/.exec(
			yaml,
		);
	if (!integrity || (publish && integrity.index < publish.index))
		found.push(
			"the published version's integrity (N8N_COMMUNITY_PACKAGES' checksum) must go into the job summary after npm publish",
		);
	for (const [what, pattern] of BEFORE_PUBLISH) {
		const at = pattern.exec(yaml)?.index;
		if (at === undefined || (publish && at > publish.index))
			found.push(`${what} must run before npm publish`);
	}
	/** @type {Array<[string, RegExp]>} */
	const tokens = [
		['a secret', /\$\{\{\s*secrets\./],
		['NPM_TOKEN', /NPM_TOKEN/],
		['NODE_AUTH_TOKEN', /NODE_AUTH_TOKEN/],
		['an _authToken line', /_authToken/],
		["setup-node's registry-url (it writes a token line)", /registry-url:/],
	];
	for (const [what, pattern] of tokens)
		if (pattern.test(yaml))
			found.push(
				`${what}: no npm token in the steady state (trusted publishing only; docs/release.md)`,
			);
	return found;
}

/**
 * The shell script of the step named `name` (its `run:`, one line or a `|` block), dedented.
 * @param {string} text
 * @param {string} name
 * @returns {string}
 */
export function stepScript(text, name) {
	const lines = text.split('\n');
	const start = lines.findIndex((line) => line.trim() === `- name: ${name}`);
	if (start === -1) throw new Error(`no step named '${name}'`);
	const indent = lines[start].indexOf('-') + 2;
	for (let at = start + 1; at < lines.length; at++) {
		const line = lines[at];
		if (line.trim() && line.search(/\S/) < indent) break;
		const run = /^\s*run: (.*)$/.exec(line);
		if (!run) continue;
		if (run[1] !== '|') return run[1];
		const body = [];
		for (let next = at + 1; next < lines.length; next++) {
			if (lines[next].trim() && lines[next].search(/\S/) <= line.search(/\S/)) break;
			body.push(lines[next]);
		}
		const margin = Math.min(...body.filter((l) => l.trim()).map((l) => l.search(/\S/)));
		return body.map((l) => l.slice(margin)).join('\n');
	}
	throw new Error(`step '${name}' runs no script`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const at = process.argv.indexOf('--file');
	const file = at === -1 ? WORKFLOW : process.argv[at + 1];
	const found = workflowProblems(readFileSync(file, 'utf8'));
	for (const line of found) process.stderr.write(`${file}: ${line}\n`);
	if (found.length === 0)
		process.stdout.write(
			`${file}: publishes through trusted publishing with provenance, tag checked, no token\n`,
		);
	process.exitCode = found.length > 0 ? 1 : 0;
}
