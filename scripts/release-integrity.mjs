// A release's npm integrity (`dist.integrity`, the sha512 of the published tarball): the
// `checksum` n8n needs to install this package from N8N_COMMUNITY_PACKAGES when unverified
// packages are off (n8n 3.0's default; README, Installation; measured in the hosts tier).
//
//   node scripts/release-integrity.mjs summary --tarball FILE [--published]
//       markdown for the publish job's summary: the tarball's integrity and the
//       N8N_COMMUNITY_PACKAGES entry with it; --published also asks npm (`npm view
//       <name>@<version> dist.integrity`, 10 tries 6 s apart) and exits 1 when npm answers
//       another integrity (what was published is not what was checked).
//   npm run release:integrity -- <version>
//       asks npm for that published version's integrity and writes it into its CHANGELOG.md
//       section (commit it): a tarball cannot hold its own checksum, so each release's entry
//       gets its line once published, and the next release's tarball carries it.
//       `release-metadata.mjs check` refuses a release while an earlier entry lacks it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** How a CHANGELOG section states its release's integrity (one line, right under its heading). */
export const INTEGRITY_LINE = 'npm integrity (the `checksum` of `N8N_COMMUNITY_PACKAGES`): ';
const SRI = /^sha512-[A-Za-z0-9+/]{86}==$/;

/**
 * The integrity npm records for a tarball it publishes as it is: the sha512 of its bytes.
 * @param {string} tarball
 */
export function integrityOf(tarball) {
	return `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
}

/**
 * The README's N8N_COMMUNITY_PACKAGES value pinning one version by its checksum.
 * @param {string} name
 * @param {string} version
 * @param {string} integrity
 */
export function envEntry(name, version, integrity) {
	return JSON.stringify([{ name, version, checksum: integrity }]);
}

/**
 * What npm answers for `name@version`'s dist.integrity, or undefined when it does not.
 * @param {string} name
 * @param {string} version
 * @returns {string | undefined}
 */
function npmIntegrity(name, version) {
	const view = spawnSync('npm', ['view', `${name}@${version}`, 'dist.integrity'], {
		encoding: 'utf8',
		timeout: 60_000,
	});
	const answer = view.stdout?.trim() ?? '';
	return view.status === 0 && SRI.test(answer) ? answer : undefined;
}

/**
 * The CHANGELOG's release sections: heading `## <version> …`, the text up to the next one.
 * @param {string} changelog
 */
function sections(changelog) {
	const headings = [...changelog.matchAll(/^## (\d+\.\d+\.\d+\S*)[^\n]*$/gm)];
	return headings.map((heading, at) => ({
		version: heading[1],
		start: heading.index,
		end: headings[at + 1]?.index ?? changelog.length,
	}));
}

/**
 * Why CHANGELOG.md is not ready for releasing `releasing`: every entry under its own (a
 * version published before) carries its integrity line; one line per entry that does not.
 * @param {string} changelog
 * @param {string} releasing
 * @returns {string[]}
 */
export function changelogProblems(changelog, releasing) {
	const entries = sections(changelog);
	// Newest first: the entries under the one being released are the published ones.
	const releasingAt = entries.findIndex(({ version }) => version === releasing);
	return entries
		.slice(releasingAt + 1)
		.filter(({ start, end }) => {
			const line = changelog
				.slice(start, end)
				.split('\n')
				.find((row) => row.startsWith(INTEGRITY_LINE));
			return !SRI.test(/^`([^`]*)`$/.exec(line?.slice(INTEGRITY_LINE.length) ?? '')?.[1] ?? '');
		})
		.map(
			({ version }) =>
				`CHANGELOG.md: the entry of ${version} lacks its npm integrity; npm run release:integrity -- ${version}, then commit CHANGELOG.md`,
		);
}

/**
 * CHANGELOG.md with `version`'s integrity line written under its heading (or kept, if the same).
 * @param {string} changelog
 * @param {string} version
 * @param {string} integrity
 */
export function withIntegrity(changelog, version, integrity) {
	const section = sections(changelog).find((entry) => entry.version === version);
	if (!section) throw new Error(`CHANGELOG.md has no entry "## ${version}"`);
	const text = changelog.slice(section.start, section.end);
	const line = `${INTEGRITY_LINE}\`${integrity}\``;
	const present = text.split('\n').find((row) => row.startsWith(INTEGRITY_LINE));
	if (present === line) return changelog;
	if (present)
		throw new Error(
			`CHANGELOG.md already gives ${version} another integrity (${present.slice(INTEGRITY_LINE.length)}); a published version's never changes: check which is npm's`,
		);
	const [heading, ...rest] = text.split('\n');
	const entry = [heading, '', line, ...rest].join('\n');
	return changelog.slice(0, section.start) + entry + changelog.slice(section.end);
}

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * `summary`: the job summary's markdown; exit status 1 when npm's integrity differs.
 * @param {string[]} args
 * @param {string} cwd
 */
async function summary(args, cwd) {
	const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
	const at = args.indexOf('--tarball');
	const tarball = at === -1 ? undefined : args[at + 1];
	if (!tarball) throw new Error('--tarball FILE: the tarball the job checked');
	const integrity = integrityOf(tarball);
	const lines = [
		`### ${pkg.name}@${pkg.version}: its integrity`,
		'',
		`\`${integrity}\` (sha512 of \`${tarball}\`)`,
		'',
		'With unverified packages off (n8n 3.0), n8n installs it from:',
		'',
		`\`N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV=true N8N_COMMUNITY_PACKAGES='${envEntry(pkg.name, pkg.version, integrity)}'\``,
		'',
	];
	let status = 0;
	if (args.includes('--published')) {
		const interval = Number(process.env.RELEASE_NPM_VIEW_INTERVAL_MS ?? 6000);
		let answered;
		for (let attempt = 1; attempt <= 10 && !answered; attempt++) {
			if (attempt > 1) await sleep(interval);
			answered = npmIntegrity(pkg.name, pkg.version);
		}
		if (!answered) {
			lines.push(
				`npm did not answer \`npm view ${pkg.name}@${pkg.version} dist.integrity\` within a minute: ask it again; it must be the value above.`,
			);
			process.stderr.write(
				`::warning::npm did not answer ${pkg.name}@${pkg.version}'s integrity yet\n`,
			);
		} else if (answered !== integrity) {
			lines.push(
				`npm answers **another integrity**: \`${answered}\`. What npm serves is not the tarball this job checked.`,
			);
			process.stderr.write(
				`::error::npm's integrity of ${pkg.name}@${pkg.version} is ${answered}, not the checked tarball's ${integrity}\n`,
			);
			status = 1;
		} else {
			lines.push('npm answers the same (`npm view … dist.integrity`).');
		}
	}
	lines.push(
		'',
		`Then: \`npm run release:integrity -- ${pkg.version}\` writes it into the CHANGELOG entry; commit it before the next release.`,
	);
	process.stdout.write(`${lines.join('\n')}\n`);
	return status;
}

/**
 * `changelog <version>`: npm's integrity of that version, written into its CHANGELOG entry.
 * @param {string[]} args
 * @param {string} cwd
 */
function changelog(args, cwd) {
	const [version] = args;
	if (!/^\d+\.\d+\.\d+\S*$/.test(version ?? ''))
		throw new Error('a version: npm run release:integrity -- 0.1.0');
	const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
	const integrity = npmIntegrity(pkg.name, version);
	if (!integrity)
		throw new Error(
			`npm view ${pkg.name}@${version} dist.integrity gave no integrity: is that version published?`,
		);
	const file = join(cwd, 'CHANGELOG.md');
	writeFileSync(file, withIntegrity(readFileSync(file, 'utf8'), version, integrity));
	process.stdout.write(
		`CHANGELOG.md: ${version} is ${integrity}; commit it (git commit -m "CHANGELOG: ${version}'s npm integrity" CHANGELOG.md)\n`,
	);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const [command, ...args] = process.argv.slice(2);
	try {
		if (command === 'summary') process.exitCode = await summary(args, process.cwd());
		else if (command === 'changelog') changelog(args, process.cwd());
		else throw new Error('summary or changelog (see the top of scripts/release-integrity.mjs)');
	} catch (error) {
		process.stderr.write(`release-integrity ${command ?? ''}: ${error.message}\n`);
		process.exitCode = 1;
	}
}
