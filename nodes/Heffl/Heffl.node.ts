import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_NAME } from '../shared/transport';
import { nodeProperties, subtitleExpression } from './descriptions';
import { nodeDescription, toolDescription } from './descriptions/summary';
import { newExecutionState } from './contract/executionState';
import { listSearch } from './methods/listSearch';
import { loadOptions } from './methods/loadOptions';
import { resourceMapping } from './methods/resourceMapping';
import { afterItems, runOperation } from './operations';
import { inAgentWords } from './toolArguments';
import { tooDeepError } from './tooDeep';
import type { ResourceSpec } from '../shared/table/schema';
import { DESCRIBED_VERSION, findResource, LATEST_VERSION, resourcesOf } from './versions';

/**
 * n8n's UX guidelines: the failed item, `[item N]`, at the end of the message (once). Not on
 * the Heffl Tool: an agent's call is one item, and the mark would mean nothing to it.
 */
function atItem<T extends Error>(error: T, itemIndex: number, tool: boolean): T {
	const mark = ` [item ${itemIndex}]`;
	if (!tool && !error.message.endsWith(mark)) error.message += mark;
	return error;
}

/** The resource an item names, when it names one this version has. */
function resourceOf(context: IExecuteFunctions, itemIndex: number): ResourceSpec | undefined {
	try {
		return findResource(
			context.getNode().typeVersion,
			context.getNodeParameter('resource', itemIndex) as string,
		);
	} catch {
		return undefined;
	}
}

export class Heffl implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Heffl',
		name: 'heffl',
		icon: { light: 'file:../../icons/heffl.svg', dark: 'file:../../icons/heffl.dark.svg' },
		group: ['transform'],
		// What each version means: versions.ts.
		version: DESCRIBED_VERSION,
		defaultVersion: LATEST_VERSION,
		subtitle: subtitleExpression(),
		// What it does, and what the Heffl Tool lets an agent do: said by the table (descriptions/summary.ts).
		description: nodeDescription(resourcesOf(LATEST_VERSION)),
		defaults: { name: 'Heffl' },
		// The Heffl Tool's own description (n8n's nodes panel, and the tool's where n8n falls back on it).
		usableAsTool: { replacements: { description: toolDescription(resourcesOf(LATEST_VERSION)) } },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_NAME, required: true }],
		properties: nodeProperties,
	};

	methods = { listSearch, loadOptions, resourceMapping };

	/** The one item loop: paired items and continueOnFail live here, not in the operations. */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const output: INodeExecutionData[] = [];
		const version = this.getNode().typeVersion;
		// Items run one after another, so an e-mail upserted by one item is updated by the next.
		const state = newExecutionState();
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			try {
				const resource = findResource(
					version,
					this.getNodeParameter('resource', itemIndex) as string,
				);
				const operation = this.getNodeParameter('operation', itemIndex) as string;
				// operations/ says which operation runs. A value n8n could not hand over (nested too deep
				// for its copy) is named, not a stack overflow.
				const result = await runOperation
					.call(this, resource, operation, itemIndex, state)
					.catch((error: unknown) => {
						throw tooDeepError(this, itemIndex, error);
					});
				for (const json of Array.isArray(result) ? result : [result]) {
					output.push({ json, pairedItem: { item: itemIndex } });
				}
			} catch (caught) {
				const tool = this.getNode().type.endsWith('Tool');
				// The Heffl Tool's agent reads the argument it gave, not the node's field.
				const error =
					tool && caught instanceof Error
						? inAgentWords(this.getNode(), resourceOf(this, itemIndex), caught as Error)
						: caught;
				if (!this.continueOnFail()) {
					// Our errors pass through with the item named; anything else gets the item index too.
					throw atItem(
						error instanceof NodeApiError
							? error
							: new NodeOperationError(this.getNode(), error as Error, { itemIndex }),
						itemIndex,
						tool,
					);
				}
				const context = ((error as { context?: IDataObject }).context ?? {}) as IDataObject;
				output.push({
					json: {
						error: (error as Error).message,
						description: (error as { description?: string }).description ?? null,
						code: context.code ?? null,
						httpCode: context.httpCode ?? null,
						details: context.details ?? null,
					},
					pairedItem: { item: itemIndex },
				});
			}
		}
		// Custom Fields As → Labels: named once every item has run, one name per field.
		const labelled = await afterItems.call(this, state);
		return [output.map((item) => ({ ...item, json: labelled.get(item.json) ?? item.json }))];
	}
}
