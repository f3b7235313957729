/**
 * The node types the harness knows: our three nodes, the Heffl Tool as n8n derives it, and a
 * fixture node that emits a test's items; one of them can stand in for another for a while
 * (the bench's baseline); and the Heffl node as a workflow holds it.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { Heffl } from '../../nodes/Heffl/Heffl.node';
import { HefflPollingTrigger } from '../../nodes/HefflPollingTrigger/HefflPollingTrigger.node';
import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';
// Every workflow the harness builds uses these node types: the regex engine is set with them.
import './plainRegex';

/** A fixture node that emits the items a test gives it, as an upstream node would. */
const items: INodeType = {
	description: {
		displayName: 'Items',
		name: 'items',
		group: ['input'],
		version: 1,
		description: 'Emits fixed items',
		defaults: { name: 'Items' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const given = JSON.parse(this.getNodeParameter('items', 0) as string) as IDataObject[];
		return [given.map((json, index) => ({ json, pairedItem: { item: index } }))];
	},
};

/**
 * The Heffl Tool as n8n's `@tool` display option sees it (n8n names the variant of a
 * `usableAsTool` node `<name>Tool`, with the replacements applied), run as a main node so a
 * test reads its output: what the tool's parameters resolve to. The tool path itself (an
 * agent's call) is proven in real n8n (test/e2e/tool.test.ts).
 */
function toolVariant(node: INodeType): INodeType {
	const { usableAsTool, ...description } = node.description;
	const replacements = typeof usableAsTool === 'object' ? usableAsTool.replacements : {};
	return Object.assign(Object.create(node) as INodeType, {
		description: {
			...description,
			...replacements,
			name: `${description.name}Tool`,
			displayName: `${description.displayName} Tool`,
		},
	});
}

const heffl = new Heffl();

const NODE_TYPES: Record<string, INodeType> = {
	'n8n-nodes-heffl.heffl': heffl,
	'n8n-nodes-heffl.hefflTool': toolVariant(heffl),
	'n8n-nodes-heffl.hefflTrigger': new HefflTrigger(),
	'n8n-nodes-heffl.hefflPollingTrigger': new HefflPollingTrigger(),
	'test.items': items,
};

/**
 * Runs `run` with `node` standing in for the node type `type`: the bench's baseline, the
 * Heffl node as it was before a change, measured in the same run as today's.
 */
export async function withNodeType<T>(
	type: string,
	node: INodeType,
	run: () => Promise<T>,
): Promise<T> {
	const kept = NODE_TYPES[type];
	NODE_TYPES[type] = node;
	try {
		return await run();
	} finally {
		NODE_TYPES[type] = kept;
	}
}

export const nodeTypes: INodeTypes = {
	getByName: (type) => NODE_TYPES[type],
	getByNameAndVersion: (type) => NODE_TYPES[type],
	getKnownTypes: () => ({}),
};

/** The Heffl node with the sandbox credential (version 1 unless told: the saved workflows' version). */
export function hefflNode(parameters: INodeParameters, typeVersion = 1, tool = false): INode {
	return {
		id: 'heffl',
		name: 'Heffl',
		type: tool ? 'n8n-nodes-heffl.hefflTool' : 'n8n-nodes-heffl.heffl',
		typeVersion,
		position: [0, 0],
		parameters,
		credentials: { hefflApi: { id: '1', name: 'Heffl sandbox' } },
	};
}
