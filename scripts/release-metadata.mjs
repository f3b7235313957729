// The release's package.json fields that only the owner can give: author, repository,
// bugs and homepage. The owner writes them once, committed before the tag; the publish
// workflow (.github/workflows/publish.yml) only checks them, so the npm page, the tarball
// and the tagged commit n8n's scanner lints all say the same.
//
//   npm run release:prepare -- --repository OWNER/NAME --author "NAME <EMAIL>"
//       writes the four fields into package.json and commits that file alone
//       (--no-commit: write only). Refuses while package.json has uncommitted changes, and
//       while the publish workflow fails scripts/release-workflow.mjs's offline check.
//   node scripts/release-metadata.mjs check [--repository OWNER/NAME] [--tarball FILE]
//       exit 1, one line per field, while a field is missing, not publishable (an e-mail
//       on a reserved domain such as .example or .invalid) or other than OWNER/NAME
//       (default: $GITHUB_REPOSITORY, else package.json's own repository) gives; with
//       --tarball, also while the packed package.json differs from package.json here; and
//       while an earlier release's CHANGELOG.md entry lacks its npm integrity
//       (scripts/release-integrity.mjs writes it).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { changelogProblems } from './release-integrity.mjs';
import { WORKFLOW, workflowProblems } from './release-workflow.mjs';

const FIELDS = ['author', 'repository', 'bugs', 'homepage'];
const REPOSITORY = /^([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100})$/;
/** Domains no mail reaches (RFC 2606, RFC 6761): an author there is a placeholder. */
const RESERVED = /(^|\.)(example|invalid|test|localhost)$|^example\.(com|net|org)$/i;

/** What the four fields are for the GitHub repository OWNER/NAME and an author. */
export function metadataFor(repository, author) {
	const github = `https://github.com/${repository}`;
	return {
		author,
		repository: { type: 'git', url: `git+${github}.git` },
		bugs: { url: `${github}/issues` },
		homepage: `${github}#readme`,
	};
}

/** "Name <e-mail>" (npm's person form) as { name, email }, or undefined. */
export function parseAuthor(text) {
	const match = /^\s*([^<>]*?)\s*<\s*([^<>\s]+@[^<>\s]+)\s*>\s*$/.exec(text ?? '');
	return match && match[1] ? { name: match[1], email: match[2] } : undefined;
}

/** An author as package.json may hold it (object or string), as { name, email }. */
function authorOf(pkg) {
	return typeof pkg.author === 'string' ? (parseAuthor(pkg.author) ?? {}) : (pkg.author ?? {});
}

/** OWNER/NAME from package.json's repository URL, or undefined. */
function repositoryOf(pkg) {
	const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
	return /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?$/.exec(url ?? '')?.[1];
}

/**
 * Why package.json cannot be published as the release of `repository` (OWNER/NAME): one
 * line per problem, none when it can.
 */
export function problems(pkg, repository = repositoryOf(pkg)) {
	const found = [];
	const fix = 'npm run release:prepare -- --repository OWNER/NAME --author "NAME <EMAIL>"';
	const { name, email } = authorOf(pkg);
	if (!name || !email)
		found.push(
			`author: needs a name and an e-mail (n8n's lint and verification ask for both); ${fix}`,
		);
	else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || RESERVED.test(email.split('@')[1]))
		found.push(`author: ${email} reaches nobody (a reserved domain); ${fix}`);
	if (!repository) {
		found.push(
			`repository: not a GitHub repository (npm provenance and n8n's scanner need it); ${fix}`,
		);
	} else {
		const wanted = metadataFor(repository, null);
		for (const field of ['repository', 'bugs', 'homepage'])
			if (JSON.stringify(pkg[field]) !== JSON.stringify(wanted[field]))
				found.push(
					`${field}: ${JSON.stringify(pkg[field] ?? null)}, the release of ${repository} needs ${JSON.stringify(wanted[field])}; ${fix}`,
				);
	}
	if (!pkg.license) found.push('license: missing');
	if (!/^(@[^/]+\/)?n8n-nodes-/.test(pkg.name ?? ''))
		found.push('name: n8n community packages are named n8n-nodes-* or @scope/n8n-nodes-*');
	if (!pkg.keywords?.includes('n8n-community-node-package'))
		found.push('keywords: n8n-community-node-package is missing');
	return found;
}

function option(args, flag) {
	const index = args.indexOf(flag);
	return index === -1 ? undefined : args[index + 1];
}

function git(args, cwd) {
	const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
	if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
	return result.stdout;
}

/** `release:prepare`: writes the four fields and commits package.json alone. */
function prepare(args, cwd) {
	const repository = option(args, '--repository');
	const author = parseAuthor(option(args, '--author'));
	if (!REPOSITORY.test(repository ?? ''))
		throw new Error('--repository OWNER/NAME: the GitHub repository the release is published from');
	if (!author) throw new Error('--author "NAME <EMAIL>": the name and e-mail npm and n8n show');
	// The workflow that will publish what this prepares: refused here, before anything is written.
	const workflow = workflowProblems(readFileSync(WORKFLOW, 'utf8'));
	if (workflow.length > 0)
		throw new Error(
			`.github/workflows/publish.yml: ${workflow.join('; ')} (scripts/release-workflow.mjs)`,
		);
	const commit = !args.includes('--no-commit');
	if (commit && git(['status', '--porcelain', '--', 'package.json'], cwd).trim())
		throw new Error('package.json has uncommitted changes: commit or discard them first');
	const file = join(cwd, 'package.json');
	const pkg = JSON.parse(readFileSync(file, 'utf8'));
	const metadata = metadataFor(repository, author);
	// Keep package.json's order; the fields it lacks go after `license`.
	const ordered = {};
	for (const [key, value] of Object.entries(pkg)) {
		ordered[key] = FIELDS.includes(key) ? metadata[key] : value;
		if (key === 'license')
			for (const field of FIELDS) if (!(field in pkg)) ordered[field] = metadata[field];
	}
	for (const field of FIELDS) ordered[field] ??= metadata[field];
	const left = problems(ordered, repository);
	if (left.length > 0) throw new Error(left.join('\n'));
	writeFileSync(file, `${JSON.stringify(ordered, null, 2)}\n`);
	if (commit) {
		git(
			[
				'commit',
				'--quiet',
				'-m',
				`Release metadata: ${author.name}, github.com/${repository}`,
				'--',
				'package.json',
			],
			cwd,
		);
		process.stdout.write(`committed package.json: ${git(['log', '-1', '--format=%h %s'], cwd)}`);
	}
	process.stdout.write(
		`author ${author.name} <${author.email}>, repository, bugs and homepage on github.com/${repository}.\n` +
			`Next (docs/release.md): git push, then git tag v${pkg.version} && git push origin v${pkg.version}\n`,
	);
}

/** `check`: refuses, naming each problem. */
function check(args, cwd) {
	const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
	const repository =
		option(args, '--repository') ?? process.env.GITHUB_REPOSITORY ?? repositoryOf(pkg);
	const found = problems(pkg, repository);
	const changelog = join(cwd, 'CHANGELOG.md');
	if (existsSync(changelog))
		found.push(...changelogProblems(readFileSync(changelog, 'utf8'), pkg.version));
	const tarball = option(args, '--tarball');
	if (tarball) {
		const packed = JSON.parse(
			spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout ||
				'{}',
		);
		for (const field of [...FIELDS, 'name', 'version'])
			if (JSON.stringify(packed[field]) !== JSON.stringify(pkg[field]))
				found.push(`${field} in ${tarball} differs from the tagged commit's package.json`);
	}
	if (found.length > 0) {
		const prefix = process.env.GITHUB_ACTIONS ? '::error::' : '';
		for (const line of found) process.stderr.write(`${prefix}not publishable: ${line}\n`);
		return 1;
	}
	const { name, email } = authorOf(pkg);
	process.stdout.write(
		`release metadata: ${pkg.name}@${pkg.version} by ${name} <${email}>, github.com/${repository}${tarball ? ', the tarball the same' : ''}\n`,
	);
	return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const [command, ...args] = process.argv.slice(2);
	try {
		if (command === 'prepare') prepare(args, process.cwd());
		else if (command === 'check') process.exitCode = check(args, process.cwd());
		else throw new Error('prepare or check (see the top of scripts/release-metadata.mjs)');
	} catch (error) {
		process.stderr.write(`release ${command ?? ''}: ${error.message}\n`);
		process.exitCode = 1;
	}
}
