/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped: reads the codex files, icons and sources */
/**
 * n8n's community-node lint rules that @n8n/eslint-plugin-community-nodes 0.32.0 lacks and
 * that read files beside the descriptions (communityRules.ts has the others and says where
 * they come from): file names, codex JSON, package.json, icons and the shipped sources.
 * test/node/guidelineRules.test.ts runs them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { INodeTypeDescription } from 'n8n-workflow';

import type { CommunityRule } from './communityRules';
import { CREDENTIALS, NODES } from './communityRules';


const ROOT = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
/** The codex file beside each node's source, as n8n's loader reads it. */
const codexOf = (node: INodeTypeDescription) =>
	JSON.parse(
		readFileSync(join(ROOT, `${sourceOf(node).replace(/\.ts$/, '')}.json`), 'utf8'),
	) as Record<string, unknown>;
/** nodes/X/X.node.ts of a node, from package.json's n8n.nodes (dist/nodes/X/X.node.js). */
const sourceOf = (node: INodeTypeDescription) =>
	(pkg.n8n.nodes as string[])
		.map((path) => path.replace(/^dist\//, '').replace(/\.js$/, '.ts'))
		.find((path) => readFileSync(join(ROOT, path), 'utf8').includes(`name: '${node.name}'`))!;

/** WCAG's relative luminance of #rrggbb (or #rgb). */
function luminance(hex: string): number {
	const full = hex.length === 4 ? hex.replace(/(\w)/g, '$1$1') : hex;
	const [r, g, b] = [1, 3, 5].map((at) => parseInt(full.slice(at, at + 2), 16) / 255);
	const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
	return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}
const contrast = (a: string, b: string) => {
	const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
	return (high + 0.05) / (low + 0.05);
};
const NAMED: Record<string, string> = { white: '#ffffff', black: '#000000' };

/** The categories the rules accept (valid-node-categories' list, 'AI' left out: no-ai-codex-category). */
const CATEGORIES = [
	'Data & Storage',
	'Finance & Accounting',
	'Marketing & Content',
	'Productivity',
	'Miscellaneous',
	'Sales',
	'Development',
	'Analytics',
	'Communication',
	'Utility',
];

export const COMMUNITY_FILE_RULES: CommunityRule[] = [
	{
		rule: 'node-filename-against-convention',
		says: "Every `*.node.ts` file must be named after its node's `description.name`, with the first character upper-cased.",
		findings: () =>
			NODES.filter(
				(node) =>
					basename(sourceOf(node)) !== `${node.name[0].toUpperCase()}${node.name.slice(1)}.node.ts`,
			).map((node) => `${node.name}: ${sourceOf(node)}`),
	},
	{
		rule: 'cred-filename-against-convention',
		says: 'This rule enforces that the basename of a `*.credentials.ts` file (without the `.credentials.ts` extension) matches the name of the credential class it contains.',
		findings: () => {
			const files = readdirSync(join(ROOT, 'credentials')).filter((f) =>
				f.endsWith('.credentials.ts'),
			);
			const classes = CREDENTIALS.map((c) => `${c.constructor.name}.credentials.ts`);
			return files.sort().join() === classes.sort().join() ? [] : [`${files} hold ${classes}`];
		},
	},
	{
		rule: 'valid-node-categories, valid-codex-categories, no-ai-codex-category, no-codex-subcategories, no-logic-or-flow-nodes',
		says: "Each category must match a value in the node category list. / This rule flags `'AI'` wherever it appears in `codex.categories` / this rule disallows `codex.subcategories` outright / Node metadata must not include `Logic` or `Flow` in `categories` or `subcategories`.",
		findings: () =>
			NODES.flatMap((node) => {
				const codex = { ...codexOf(node), ...(node.codex ?? {}) };
				const categories = codex.categories as unknown;
				const found: string[] = [];
				if (!Array.isArray(categories) || categories.length === 0) found.push('no categories');
				for (const category of Array.isArray(categories) ? categories : [])
					if (!CATEGORIES.includes(category)) found.push(`category '${category}'`);
				if ('subcategories' in codex) found.push('subcategories');
				return found.map((finding) => `${node.name}: ${finding}`);
			}),
	},
	{
		rule: 'require-community-node-keyword, require-mit-license, no-monorepo',
		says: 'includes `"n8n-community-node-package"` in its `keywords` array / declares its `license` as `"MIT"` / rejects a `repository.directory` field in `package.json`',
		findings: () =>
			[
				!pkg.keywords?.includes('n8n-community-node-package') && 'keywords',
				pkg.license !== 'MIT' && `license ${pkg.license}`,
				pkg.repository?.directory !== undefined && 'repository.directory',
			].filter((finding): finding is string => Boolean(finding)),
	},
	{
		rule: 'icon-contrast',
		says: 'It uses the WCAG contrast formula and warns below **1.5:1** by default.',
		// Each theme's SVG on its background (white, #2b2b2b): the best fill counts.
		findings: () =>
			[
				...NODES.map((node) => [node.name, node.icon, dirname(sourceOf(node))] as const),
				...CREDENTIALS.map((c) => [c.name, c.icon, 'credentials'] as const),
			].flatMap(([name, icon, folder]) =>
				(['light', 'dark'] as const).flatMap((theme) => {
					const file = String((icon as Record<string, string>)[theme]).replace(/^file:/, '');
					const svg = readFileSync(join(ROOT, folder, file), 'utf8');
					const fills = [
						...svg.matchAll(/(?:fill|stroke|stop-color)="(#[0-9a-f]{3,6}|white|black)"/gi),
					].map(([, color]) => NAMED[color.toLowerCase()] ?? color);
					const best = Math.max(
						0,
						...fills.map((fill) => contrast(fill, theme === 'light' ? '#ffffff' : '#2b2b2b')),
					);
					return best < 1.5 ? [`${name} ${theme}: ${best.toFixed(2)}:1`] : [];
				}),
			),
	},
	{
		rule: 'no-hardcoded-ids',
		says: 'This rule checks string literals assigned to `partnerId`, `partner_id`, and similar names',
		// Every shipped source, not only the .node.ts files the rule reads.
		findings: () => {
			const sources = (folder: string): string[] =>
				readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) =>
					entry.isDirectory()
						? sources(join(folder, entry.name))
						: entry.name.endsWith('.ts')
							? [join(folder, entry.name)]
							: [],
				);
			const fixed =
				/\b(partner|affiliate|reseller|account|tenant|customer|client)_?id['"]?\s*[:=]\s*['"`]/i;
			return [...sources('nodes'), ...sources('credentials')].filter((file) =>
				fixed.test(readFileSync(join(ROOT, file), 'utf8')),
			);
		},
	},
];
