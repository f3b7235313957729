// The source-tree lint n8n's scanner runs (`npm run lint:source`, a step of .ci/run's
// static tier): `n8n-node lint`'s own configuration (@n8n/node-cli/eslint: its files, its
// rulesets, its overrides), with eslint-plugin-n8n-nodes-base swapped for the newest
// version the registry serves (the devDependency; node-cli 0.48.3 brings 1.16.7). n8n's
// scanner lints the provenance-attested source commit (package.json, nodes/**,
// credentials/**) with that plugin's community, credentials and nodes rulesets, so this
// lints those files with them, and n8n-node lint's 'off' overrides, read from its config
// so they cannot drift. eslint.config.mjs stays n8n-node's template: strict mode refuses
// any other.
import { config } from '@n8n/node-cli/eslint';
import nodesBase from 'eslint-plugin-n8n-nodes-base';

const RULESETS = { 'package.json': 'community', credentials: 'credentials', nodes: 'nodes' };

/** Which of the plugin's rulesets a block of n8n-node's config applies, if any. */
function rulesetOf(block) {
	const [pattern] = block.files ?? [];
	const applies = Object.keys(block.rules ?? {}).some((rule) => rule.startsWith('n8n-nodes-base/'));
	if (typeof pattern !== 'string' || !applies) return undefined;
	const key = Object.keys(RULESETS).find(
		(name) => pattern === name || pattern.replace(/^\.\//, '').startsWith(`${name}/`),
	);
	return key && RULESETS[key];
}

const swapped = new Set();
const source = config.map((block) => {
	let next = block;
	if (block.plugins?.['n8n-nodes-base'])
		next = { ...next, plugins: { ...next.plugins, 'n8n-nodes-base': nodesBase } };
	const ruleset = rulesetOf(block);
	if (ruleset) {
		// n8n-node lint's own choices for these files: the rules it turns off.
		const overrides = Object.fromEntries(
			Object.entries(block.rules ?? {}).filter(
				([rule, level]) => rule.startsWith('n8n-nodes-base/') && level === 'off',
			),
		);
		const other = Object.fromEntries(
			Object.entries(block.rules ?? {}).filter(([rule]) => !rule.startsWith('n8n-nodes-base/')),
		);
		next = { ...next, rules: { ...other, ...nodesBase.configs[ruleset].rules, ...overrides } };
		swapped.add(ruleset);
	}
	return next;
});

// A node-cli whose config no longer has the three blocks would lint nothing here: refuse.
for (const ruleset of Object.values(RULESETS))
	if (!swapped.has(ruleset))
		throw new Error(`@n8n/node-cli/eslint has no block for the ${ruleset} ruleset any more`);

export default source;
