/**
 * The operation contract: what a resource's own operation is (in the spirit of Airtable
 * v2's `<op>.operation.ts`) and what every operation's run is handed. A leaf: it imports
 * no room of the node, only n8n's and the core's types, so the editor's description, the
 * engine and the dispatch all stand on it. An own operation is two halves: how it shows
 * (an `OwnOperationDescription`, listed in descriptions/ownOperations.ts) and how it runs
 * (an `OwnOperation`, one module in operations/, listed in operations/index.ts, run before
 * the generic six). What one resource does differently stays there instead of becoming a
 * key of every resource's schema.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ResourceSpec } from '../../shared/table/schema';
import type { HefflListRequest } from '../../shared/transport';
import type { ExecutionState } from './executionState';

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

/** Which operation of which resource: the key both halves of an own operation share. */
interface OwnOperationKey {
	/** The resource's value ("contact"). */
	resource: string;
	/** A generic operation's value, whose execution this replaces, or a new operation's. */
	operation: string;
}

/** How an own operation shows in the editor: only a new operation, or one with parameters, has one. */
export interface OwnOperationDescription extends OwnOperationKey {
	/** A new operation: how the Operation list shows it. */
	option?: { name: string; action: string; description: string };
	/** Parameters of its own, shown for this resource and operation beside the generic ones. */
	properties?: INodeProperties[];
}

/** How an own operation runs: in place of the generic operation of its value, which it may wrap. */
export interface OwnOperation extends OwnOperationKey {
	execute(this: IExecuteFunctions, run: OperationRun): Promise<OperationResult>;
}
