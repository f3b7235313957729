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
import { newExecutionState, runOperation } from './execute/operations';
import { listSearch } from './methods/listSearch';
import { loadOptions } from './methods/loadOptions';
import { resourceMapping } from './methods/resourceMapping';
import { ownOperation } from './operations';
import { tooDeepError } from './tooDeep';
import type { OperationName } from '../shared/table/schema';
import { DESCRIBED_VERSION, findResource, LATEST_VERSION } from './versions';

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
		description:
			'Create, read, update and delete Heffl leads, clients, contacts, companies, deals, quotations and tasks; manage pipelines, tags, products and webhook subscriptions',
		defaults: { name: 'Heffl' },
		usableAsTool: true,
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
				const own = ownOperation(resource.value, operation);
				if (!own && !resource.operations.includes(operation as OperationName)) {
					throw new NodeOperationError(
						this.getNode(),
						`Operation: ${resource.displayName} has no '${operation}' operation`,
						{ itemIndex },
					);
				}
				// A value n8n could not hand over (nested too deep for its copy) is named, not a stack overflow.
				const result = await runOperation
					.call(this, resource, operation, itemIndex, state, own)
					.catch((error: unknown) => {
						throw tooDeepError(this, itemIndex, error);
					});
				for (const json of Array.isArray(result) ? result : [result]) {
					output.push({ json, pairedItem: { item: itemIndex } });
				}
			} catch (error) {
				if (!this.continueOnFail()) {
					// Our errors pass through unchanged; anything else gets the item index.
					throw error instanceof NodeApiError
						? error
						: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
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
		return [output];
	}
}
