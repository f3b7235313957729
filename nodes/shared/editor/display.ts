import type { IDisplayOptions } from 'n8n-workflow';

import type { OperationName, ResourceSpec } from '../table/schema';

/** Shown for these operations of this resource. */
export const show = (resource: ResourceSpec, operations: OperationName[]): IDisplayOptions => ({
	show: { resource: [resource.value], operation: operations },
});

export const byDisplayName = (a: { displayName: string }, b: { displayName: string }) =>
	a.displayName.localeCompare(b.displayName);

/** n8n's display option for the tool variant n8n makes from `usableAsTool` (`hefflTool`). */
const TOOL = { '@tool': [true] };

/**
 * Shown on the node and hidden on the tool. A `hide` (not `show: {'@tool': [false]}`):
 * an n8n that does not know `@tool` shows it on both, so Simplify keeps working there.
 */
export const onNodeOnly = (displayOptions: IDisplayOptions): IDisplayOptions => ({
	...displayOptions,
	hide: { ...displayOptions.hide, ...TOOL },
});

/** Shown on the tool only: an n8n that does not know `@tool` hides it everywhere. */
export const onToolOnly = (displayOptions: IDisplayOptions): IDisplayOptions => ({
	...displayOptions,
	show: { ...displayOptions.show, ...TOOL },
});
