import type { IDisplayOptions } from 'n8n-workflow';

import type { OperationName, ResourceSpec } from '../table/schema';

/** Shown for these operations of this resource. */
export const show = (resource: ResourceSpec, operations: OperationName[]): IDisplayOptions => ({
	show: { resource: [resource.value], operation: operations },
});

export const byDisplayName = (a: { displayName: string }, b: { displayName: string }) =>
	a.displayName.localeCompare(b.displayName);
