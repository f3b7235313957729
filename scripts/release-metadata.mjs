// The release's package.json fields that only the owner can know, filled in at
// release time (.github/workflows/publish.yml), never invented in the repository:
//   repository, homepage, bugs   from the GitHub repository the workflow runs in
//                                (GITHUB_SERVER_URL, GITHUB_REPOSITORY); npm
//                                provenance refuses a repository.url that differs
//   author                       from NPM_AUTHOR_NAME / NPM_AUTHOR_EMAIL (repository
//                                variables), else package.json's own when the owner
//                                has replaced the "not set" one
// Then it refuses, naming every missing field, while anything npm provenance or
// n8n's community-package verification needs is missing.
//
//   node scripts/release-metadata.mjs           fill package.json in place, then check
//   node scripts/release-metadata.mjs --check   only check (changes nothing)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'package.json');
const env = process.env;
const pkg = JSON.parse(readFileSync(FILE, 'utf8'));
const github =
	env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY
		? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}`
		: null;
/** package.json's author until the owner sets one: lint needs a name and an e-mail. */
const notSet = (author) => !author?.email || /\.invalid$/i.test(author.email);

if (!process.argv.includes('--check')) {
	if (github) {
		pkg.repository = { type: 'git', url: `git+${github}.git` };
		pkg.homepage = `${github}#readme`;
		pkg.bugs = { url: `${github}/issues` };
	}
	if (env.NPM_AUTHOR_NAME || env.NPM_AUTHOR_EMAIL)
		pkg.author = { name: env.NPM_AUTHOR_NAME ?? '', email: env.NPM_AUTHOR_EMAIL ?? '' };
	writeFileSync(FILE, `${JSON.stringify(pkg, null, 2)}\n`);
}

const missing = [];
if (!pkg.author?.name || notSet(pkg.author))
	missing.push(
		'author (name and e-mail, required by n8n\'s verification and its lint): set the repository variables NPM_AUTHOR_NAME and NPM_AUTHOR_EMAIL, or the "author" field in package.json',
	);
if (!pkg.repository?.url)
	missing.push(
		'repository.url (npm provenance checks it against the GitHub repository that publishes): filled in only when run by GitHub Actions',
	);
else if (github && pkg.repository.url.replace(/^git\+|\.git$/g, '') !== github)
	missing.push(`repository.url is ${pkg.repository.url}, npm provenance needs ${github}`);
if (!pkg.homepage?.startsWith('http')) missing.push('homepage');
if (!pkg.bugs?.url) missing.push('bugs.url');
if (!pkg.license) missing.push('license');
if (!pkg.name?.startsWith('n8n-nodes-') && !/^@[^/]+\/n8n-nodes-/.test(pkg.name ?? ''))
	missing.push('name (n8n community packages are named n8n-nodes-* or @scope/n8n-nodes-*)');
if (!pkg.keywords?.includes('n8n-community-node-package'))
	missing.push('keywords: n8n-community-node-package');

if (missing.length > 0) {
	const prefix = env.GITHUB_ACTIONS ? '::error::' : '';
	for (const field of missing) console.error(`${prefix}not published, missing: ${field}`);
	process.exit(1);
}
console.log(
	`release metadata: ${pkg.name}@${pkg.version} by ${pkg.author.name} <${pkg.author.email}>, ${pkg.repository.url}`,
);
