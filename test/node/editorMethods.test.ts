/**
 * Every dropdown, picker and resource mapper a node's parameters name is a method that node
 * defines: a method named only in another node shows the user an error in the editor (the
 * Polling Trigger's lead Stage and Source did, until both triggers took them from the core).
 * The Polling Trigger's lead filter dropdowns are then loaded from the sandbox.
 */
import type { INodeType } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { Heffl } from '../../nodes/Heffl/Heffl.node';
import { HefflPollingTrigger } from '../../nodes/HefflPollingTrigger/HefflPollingTrigger.node';
import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';
import { useSandbox } from '../../drivers/harness/context';
import { loadOptionsContext } from '../../drivers/harness/n8n';

const ctx = useSandbox();

/** Where n8n looks each kind of method up: the key in typeOptions, the group in `methods`. */
const KINDS = {
	loadOptionsMethod: 'loadOptions',
	searchListMethod: 'listSearch',
	resourceMapperMethod: 'resourceMapping',
} as const;

/** Every method a description names, as "group.name", found anywhere in its parameters. */
function namedMethods(value: unknown, found = new Set<string>()): Set<string> {
	if (Array.isArray(value)) for (const entry of value) namedMethods(entry, found);
	else if (value !== null && typeof value === 'object')
		for (const [key, entry] of Object.entries(value)) {
			if (key in KINDS && typeof entry === 'string')
				found.add(`${KINDS[key as keyof typeof KINDS]}.${entry}`);
			else namedMethods(entry, found);
		}
	return found;
}

const definedMethods = (node: INodeType) =>
	Object.entries(node.methods ?? {}).flatMap(([group, methods]) =>
		Object.keys(methods as object).map((name) => `${group}.${name}`),
	);

describe.each([
	['Heffl', new Heffl()],
	['Heffl Trigger', new HefflTrigger()],
	['Heffl Polling Trigger', new HefflPollingTrigger()],
] as Array<[string, INodeType]>)('%s', (_name, node) => {
	test('every method its parameters name is one it defines', () => {
		const named = [...namedMethods(node.description.properties)];
		expect(named.length).toBeGreaterThan(0);
		expect(named.filter((method) => !definedMethods(node).includes(method))).toEqual([]);
	});
});

test('the check bites: a dropdown naming a method the node lacks is reported', () => {
	const named = namedMethods([{ typeOptions: { loadOptionsMethod: 'getPlanted' } }]);
	expect(
		[...named].filter((method) => !definedMethods(new HefflTrigger()).includes(method)),
	).toEqual(['loadOptions.getPlanted']);
});

// The Heffl Trigger's: test/trigger/filtersInEditor.test.ts (in the editor's order).
test("Heffl Polling Trigger: the lead filters' Stage and Source list Heffl's", async () => {
	const loaders = new HefflPollingTrigger().methods.loadOptions as Record<
		string,
		(this: unknown) => Promise<Array<{ name: string }>>
	>;
	const stages = await loaders.getLeadStages.call(loadOptionsContext({}, ctx.credentials));
	const sources = await loaders.getLeadSources.call(loadOptionsContext({}, ctx.credentials));
	expect(stages.map((option) => option.name)).toContain('Contacted');
	expect(sources.map((option) => option.name)).toContain('Website');
});
