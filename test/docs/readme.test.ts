/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: reads the repository's Markdown */
/**
 * The README is the product page n8n users read on npm (issue 26): it keeps its sections
 * and its length, its Operations table is the node's own table, and every relative link in
 * it and in docs/ leads somewhere. The pages for maintainers stay readable in one sitting.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

import { HefflApi } from '../../credentials/HefflApi.credentials';
import { HefflWebhookSigningSecretApi } from '../../credentials/HefflWebhookSigningSecretApi.credentials';
import { RESOURCES } from '../../nodes/shared/table/resources';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const README = 'README.md';
const README_MAX_LINES = 300;
const DOCS_PAGE_MAX_LINES = 400;

/** Pages that are not read in one sitting but looked things up in: Heffl's reference, § by §. */
const LONG_REFERENCE_PAGES = new Set(['docs/heffl-reference.md']);

/**
 * Written by other work of issue 26 at the same time as this test. A link to one of these is
 * accepted while the file is missing, and checked like any other once it exists: drop an
 * entry when its file lands.
 */
const PENDING_TARGETS: string[] = [];

/**
 * The README's sections, in order (issue 26's list). `Credentials`, `Operations`, `Trigger`
 * and `Polling trigger` are also the anchors the nodes' and credentials' documentation links
 * point at (checked below); `Node versions` is the table ARCHITECTURE.md tells maintainers to
 * extend.
 */
const README_SECTIONS = [
	'## Installation',
	'## Credentials',
	'## Operations',
	'## Which trigger to pick',
	'## Trigger',
	'## Polling trigger',
	'## Compatibility',
	'## Examples',
	'## Use with AI agents',
	'## Limits and known issues',
	'## Version history',
	'### Node versions',
	'## Links',
	'## License',
];

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const lineCount = (text: string) => text.trimEnd().split('\n').length;
const docsPages = () =>
	readdirSync(join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `docs/${name}`);

/** Markdown without fenced code blocks and inline code, where `](` is not a link. */
function withoutCode(markdown: string): string {
	return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's (and npm's) heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
	for (const [, heading] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
		const text = heading
			.replace(/!\[[^\]]*\]\([^)]*\)/g, '')
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.replace(/[`*_]/g, '');
		const slug = text
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s-]/gu, '')
			.replace(/\s/g, '-');
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count === 0 ? slug : `${slug}-${count}`);
	}
	return anchors;
}

/** Every relative link target of a Markdown file (images included), as written. */
function relativeLinks(markdown: string): string[] {
	const targets = [
		...withoutCode(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
	].map(([, target]) => target);
	return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

function brokenLinks(file: string, markdown = read(file)): string[] {
	const broken: string[] = [];
	for (const link of relativeLinks(markdown)) {
		const [path, anchor] = link.split('#', 2) as [string, string | undefined];
		const target =
			path === '' ? file : relative(ROOT, resolve(ROOT, dirname(file), decodeURI(path)));
		const absolute = join(ROOT, target);
		if (path !== '' && !existsSync(absolute)) {
			const pending = PENDING_TARGETS.some((entry) =>
				entry.endsWith('/') ? `${target}/`.startsWith(entry) : target === entry,
			);
			if (!pending) broken.push(`${file}: ${link} (no file ${target})`);
			continue;
		}
		if (anchor === undefined) continue;
		if (!target.endsWith('.md') || (path !== '' && statSync(absolute).isDirectory())) {
			broken.push(`${file}: ${link} (an anchor into a file that is not Markdown)`);
		} else if (!anchorsOf(target === file ? markdown : read(target)).has(anchor)) {
			broken.push(`${file}: ${link} (no heading #${anchor} in ${target})`);
		}
	}
	return broken;
}

describe('README.md, the npm page', () => {
	const readme = read(README);

	test(`is at most ${README_MAX_LINES} lines`, () => {
		expect(lineCount(readme)).toBeLessThanOrEqual(README_MAX_LINES);
	});

	test("has issue 26's sections, in order", () => {
		const headings = readme.split('\n').filter((line) => /^#{2,3} /.test(line));
		expect(headings.filter((line) => README_SECTIONS.includes(line))).toEqual(README_SECTIONS);
	});

	test('says what the package is, then shows the two commands, before any section', () => {
		const top = readme.slice(0, readme.indexOf('\n## '));
		expect(top).toMatch(/community package/);
		const block = top.match(/```bash\n([\s\S]*?)```/)?.[1] ?? '';
		expect(block).toMatch(/^npm install && npm start\b/m);
		expect(block).toMatch(/^npm test\b/m);
		expect(lineCount(top.slice(0, top.indexOf('```bash')))).toBeLessThanOrEqual(10);
	});

	test("shows the node, both triggers, the tool, the tool's Output and the credential", () => {
		for (const picture of [
			'node',
			'trigger',
			'polling-trigger',
			'tool',
			'tool-output',
			'credential',
		]) {
			expect(readme).toContain(`](docs/screenshots/${picture}.png)`);
		}
	});

	test("its Operations table is the node's: every resource once, with exactly its operations", () => {
		const section = readme.slice(readme.indexOf('## Operations'));
		const rows = section
			.slice(0, section.indexOf('\n\n', section.indexOf('\n|')))
			.split('\n')
			.filter((line) => line.startsWith('|'))
			.map((line) =>
				line
					.slice(1, -1)
					.split('|')
					.map((cell) => cell.trim()),
			);
		const [header, , ...body] = rows;
		const operationOf: Record<string, string> = {
			Create: 'create',
			'Create or Update': 'upsert',
			Get: 'get',
			'Get Many': 'getAll',
			Update: 'update',
			Delete: 'delete',
		};
		expect(header.slice(1).every((name) => name in operationOf)).toBe(true);
		const table = Object.fromEntries(
			body.map(([resource, ...marks]) => [
				resource.replace(/\s*\(.*\)$/, ''),
				header
					.slice(1)
					.filter((_, index) => marks[index] === '✓')
					.map((name) => operationOf[name])
					.sort(),
			]),
		);
		expect(body).toHaveLength(RESOURCES.length);
		expect(table).toEqual(
			Object.fromEntries(
				RESOURCES.map((resource) => [resource.displayName, [...resource.operations].sort()]),
			),
		);
	});

	test("has every anchor the nodes' and credentials' documentation links point at", () => {
		const npmPage = 'https://www.npmjs.com/package/n8n-nodes-heffl';
		const urls = [
			new HefflApi().documentationUrl,
			new HefflWebhookSigningSecretApi().documentationUrl,
		];
		for (const node of ['Heffl', 'HefflTrigger', 'HefflPollingTrigger']) {
			const codex = read(`nodes/${node}/${node}.node.json`);
			urls.push(...[...codex.matchAll(/"url":\s*"([^"]+)"/g)].map(([, url]) => url));
		}
		const anchors = urls
			.filter((url) => url.startsWith(`${npmPage}#`))
			.map((url) => url.slice(npmPage.length + 1));
		expect(anchors.length).toBeGreaterThanOrEqual(5);
		const missing = anchors.filter((anchor) => !anchorsOf(readme).has(anchor));
		expect(missing).toEqual([]);
	});
});

describe('docs/', () => {
	test('has an index that links every page', () => {
		const index = read('docs/README.md');
		const unlinked = docsPages()
			.filter((page) => page !== 'docs/README.md')
			.filter((page) => !index.includes(`](${page.slice('docs/'.length)})`));
		expect(unlinked).toEqual([]);
	});

	test(`each page is readable in one sitting: at most ${DOCS_PAGE_MAX_LINES} lines`, () => {
		const long = docsPages()
			.filter((page) => !LONG_REFERENCE_PAGES.has(page))
			.map((page) => ({ page, lines: lineCount(read(page)) }))
			.filter(({ lines }) => lines > DOCS_PAGE_MAX_LINES);
		expect(long).toEqual([]);
	});
});

describe('relative links', () => {
	const files = [README, 'ARCHITECTURE.md', ...docsPages()];

	test.each(files)('%s: every relative link and anchor leads somewhere', (file) => {
		expect(brokenLinks(file)).toEqual([]);
	});

	test('the link checker finds a missing file and a missing anchor (it can fail)', () => {
		const probe = [
			'## Here',
			'[a](nowhere.md) [b](../README.md#no-such-heading) [c](#here) [d](#gone) `[e](nope.md)`',
			'![f](screenshots/node.png) [g](../README.md#credentials) [h](https://example.com/x.md)',
		].join('\n');
		expect(brokenLinks('docs/probe.md', probe)).toEqual([
			'docs/probe.md: nowhere.md (no file docs/nowhere.md)',
			'docs/probe.md: ../README.md#no-such-heading (no heading #no-such-heading in README.md)',
			'docs/probe.md: #gone (no heading #gone in docs/probe.md)',
		]);
		expect(
			anchorsOf('## Which trigger to pick\n### What a ✓ means\n## The demo: `npm start`'),
		).toEqual(new Set(['which-trigger-to-pick', 'what-a--means', 'the-demo-npm-start']));
	});
});
