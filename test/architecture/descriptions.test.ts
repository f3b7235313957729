/**
 * What a user sees of the three nodes, as n8n reads it: every parameter's name, type,
 * default, options, display conditions and type options (descriptions and hints left out),
 * compared with the snapshot taken before the core was moved under the nodes (issue 33).
 * A moved file must not change a parameter; a deliberate change updates the snapshot
 * (`npx vitest run test/architecture/descriptions.test.ts -u`) in the same commit.
 */
import type { INodeTypeDescription } from 'n8n-workflow';
import { expect, test } from 'vitest';

import { Heffl } from '../../nodes/Heffl/Heffl.node';
import { HefflPollingTrigger } from '../../nodes/HefflPollingTrigger/HefflPollingTrigger.node';
import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';

const KEPT = ['name', 'value', 'type', 'default', 'required', 'displayOptions', 'typeOptions'];
const NESTED = ['options', 'values', 'modes'];

/** The parts of a parameter (or option, mode, member) that shape a saved workflow. */
function shape(entry: unknown): unknown {
	if (Array.isArray(entry)) return entry.map(shape);
	if (!entry || typeof entry !== 'object') return entry;
	const kept: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(entry)) {
		if (KEPT.includes(key)) kept[key] = value;
		else if (NESTED.includes(key)) kept[key] = shape(value);
	}
	return kept;
}

const described = (description: INodeTypeDescription) => ({
	name: description.name,
	version: description.version,
	credentials: description.credentials?.map((credential) => credential.name),
	webhooks: description.webhooks?.map(({ name, httpMethod, path }) => ({ name, httpMethod, path })),
	polling: description.polling,
	usableAsTool: Boolean(description.usableAsTool),
	properties: shape(description.properties),
});

test('the three nodes describe the same parameters as before the core moved', async () => {
	const nodes = [new Heffl(), new HefflTrigger(), new HefflPollingTrigger()];
	await expect(
		JSON.stringify(
			nodes.map((node) => described(node.description)),
			null,
			1,
		),
	).toMatchFileSnapshot('./descriptions.snapshot.json');
});
