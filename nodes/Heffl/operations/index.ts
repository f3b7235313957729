/**
 * Dispatch: which operation runs for a resource and operation. A resource's own operation
 * (contract/ownOperation.ts) where it has one, one line each below; else the generic one
 * (execute/genericOperations.ts), which an own operation may wrap.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { OperationName, ResourceSpec } from '../../shared/table/schema';
import type { ExecutionState } from '../contract/executionState';
import type { OperationResult, OwnOperation, RequestBase } from '../contract/ownOperation';
import { runGeneric } from '../execute/genericOperations';
import { labelledOutput } from '../execute/labels';
import { readMaxRetries } from '../execute/parameters';
import { contactDelete } from './contact.delete.operation';
import { webhookSubscriptionCreate } from './webhookSubscription.create.operation';

export const OWN_OPERATIONS: readonly OwnOperation[] = [contactDelete, webhookSubscriptionCreate];

function ownOperation(resource: string, operation: string): OwnOperation | undefined {
	return OWN_OPERATIONS.find((own) => own.resource === resource && own.operation === operation);
}

/**
 * Runs one operation for one item and returns what becomes its output items: the
 * resource's own operation where it has one, else the generic one; an operation the
 * resource has neither of is refused, naming it.
 */
export async function runOperation(
	this: IExecuteFunctions,
	resource: ResourceSpec,
	operation: string,
	itemIndex: number,
	state: ExecutionState,
): Promise<OperationResult> {
	const own = ownOperation(resource.value, operation);
	if (!own && !resource.operations.includes(operation as OperationName)) {
		throw new NodeOperationError(
			this.getNode(),
			`Operation: ${resource.displayName} has no '${operation}' operation`,
			{ itemIndex },
		);
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const base: RequestBase = {
		api: resource.apis?.[operation as OperationName] ?? resource.api,
		itemIndex,
		recordLabel: resource.label,
		maxRetries: readMaxRetries(this, options, itemIndex),
	};
	const generic = async () =>
		await runGeneric.call(this, resource, operation as OperationName, itemIndex, state, base);
	if (own) return await own.execute.call(this, { resource, itemIndex, state, base, generic });
	return await generic();
}

/**
 * What runs once every item has: Custom Fields As → Labels (execute/labels.ts), so that a
 * custom field has one name on every item. Each record handed back → its labelled copy.
 */
export async function afterItems(
	this: IExecuteFunctions,
	state: ExecutionState,
): Promise<Map<IDataObject, IDataObject>> {
	return await labelledOutput(this, state);
}
