/**
 * An operation a resource has of its own, in one module (in the spirit of Airtable v2's
 * `<op>.operation.ts`): its parameters and its execution together, listed with one line in
 * nodes/Heffl/operations/index.ts and run before the generic six. What one resource does
 * differently stays in its module instead of becoming a key of every resource's schema.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ResourceSpec } from '../../shared/table/schema';
import type { HefflListRequest } from '../../shared/transport';
import type { ExecutionState } from '../execute/executionState';

/** What every request of an item's operation carries (API, retries, item index, label). */
export type RequestBase = Omit<HefflListRequest, 'path'>;

export type OperationResult = IDataObject | IDataObject[];

/** One run of an operation for one item. */
export interface OperationRun {
	resource: ResourceSpec;
	itemIndex: number;
	state: ExecutionState;
	base: RequestBase;
	/** The generic operation of the same value (create, delete, …), for an operation that wraps it. */
	generic: () => Promise<OperationResult>;
}

export interface OwnOperation {
	/** The resource's value ("contact"). */
	resource: string;
	/** A generic operation's value, whose execution this replaces, or a new operation's. */
	operation: string;
	/** A new operation: how the Operation list shows it. */
	option?: { name: string; action: string; description: string };
	/** Parameters of its own, shown for this resource and operation beside the generic ones. */
	properties?: INodeProperties[];
	execute(this: IExecuteFunctions, run: OperationRun): Promise<OperationResult>;
}
