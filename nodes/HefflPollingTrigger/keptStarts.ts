/**
 * What an activation chose, kept in the workflow's global static data by node name (n8n saves it
 * after every activation, on every scheduler) until the node's own static data is saved with an
 * emission: New's start cursor (pollForNew.ts) and a Changed kind's first memory (pollForChanged.ts).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

/** The start kept for this node under `where`, when `accept` takes it. */
export function keptStart<T>(
	context: IPollFunctions,
	where: string,
	accept: (value: unknown) => value is T,
): T | undefined {
	const starts = context.getWorkflowStaticData('global')[where] as IDataObject | undefined;
	const start = starts?.[context.getNode().name];
	return accept(start) ? start : undefined;
}

/** Keeps this node's start under `where`, or (undefined) lets it go. */
export function keepStart(context: IPollFunctions, where: string, start: object | undefined) {
	const global = context.getWorkflowStaticData('global');
	const starts = { ...((global[where] as IDataObject | undefined) ?? {}) };
	const name = context.getNode().name;
	if (start) starts[name] = start as IDataObject;
	else if (!(name in starts)) return;
	else delete starts[name];
	if (Object.keys(starts).length) global[where] = starts;
	else delete global[where];
}
