/**
 * Values too deep for n8n to hand over. n8n copies a parameter's value recursively
 * before the node sees it, so a value nested thousands of levels deep (an expression
 * parsing hostile JSON) overflows a stack inside `getNodeParameter` (n8n's, or its
 * expression isolate's). That overflow is
 * turned into a message naming the parameter: each parameter the node was given is
 * read again, alone, down to the one n8n cannot read. Values that reach the node are
 * bounded by `depthOf` (nodes/shared/checks.ts) instead, without recursion.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { MAX_JSON_DEPTH } from '../shared/checks';
import { displayPath } from './parameterNames';

/**
 * An overflow of the stack: V8's RangeError from n8n's copy (the legacy expression
 * engine), or n8n's "Expression evaluation failed: Maximum call stack size exceeded"
 * when its `vm` engine (n8n 2.x's default) cannot hand the value out of its isolate.
 */
export const isStackOverflow = (error: unknown) =>
	error instanceof Error && /maximum call stack size exceeded/i.test(error.message);

/** The path (`filters.conditions.condition[0].values`) of the first parameter n8n cannot read. */
function unreadable(context: IExecuteFunctions, itemIndex: number): string[] | undefined {
	const fails = (path: string) => {
		try {
			context.getNodeParameter(path, itemIndex);
			return false;
		} catch (error) {
			return isStackOverflow(error);
		}
	};
	const pathOf = (segments: string[]) =>
		segments
			.map((segment, index) =>
				/^\d+$/.test(segment) ? `[${segment}]` : index ? `.${segment}` : segment,
			)
			.join('');
	// Breadth of a node's parameters is small; each level is probed once, no deeper than the raw (unresolved) values go.
	let segments: string[] = [];
	let raw: unknown = context.getNode().parameters;
	for (let level = 0; level < 8; level++) {
		if (!raw || typeof raw !== 'object') break;
		const failing = Object.keys(raw).find((key) => fails(pathOf([...segments, key])));
		if (failing === undefined) break;
		segments = [...segments, failing];
		raw = (raw as IDataObject)[failing];
	}
	return segments.length ? segments : undefined;
}

/** The error for a stack overflow while reading the parameters, naming the one too deep. */
export function tooDeepError(
	context: IExecuteFunctions,
	itemIndex: number,
	error: unknown,
): unknown {
	if (!isStackOverflow(error)) return error;
	const segments = unreadable(context, itemIndex);
	if (!segments) return error;
	return new NodeOperationError(
		context.getNode(),
		`${displayPath(context.getNode(), segments)}: is nested more than ${MAX_JSON_DEPTH} levels deep (too deep for n8n to read)`,
		{
			itemIndex,
			description:
				"Heffl's values nest a few levels at most: check the expression, or send a flatter object. Nothing was sent.",
		},
	);
}
