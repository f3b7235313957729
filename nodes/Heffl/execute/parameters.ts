import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_MAX_RETRIES, MAX_RETRIES_LIMIT } from '../../shared/transport';

/**
 * Numeric and boolean parameters as n8n hands them over: typed in the editor, or
 * whatever an expression produced ("false", "abc", 1.5, null). Each is checked
 * here once, with an error that names the field and the fix.
 */

function fail(context: IExecuteFunctions, itemIndex: number, message: string, description: string) {
	return new NodeOperationError(context.getNode(), message, { itemIndex, description });
}

function shown(value: unknown): string {
	// NaN and Infinity as themselves (JSON would call them null).
	if (typeof value === 'number') return String(value);
	return typeof value === 'string' ? `'${value}'` : (JSON.stringify(value) ?? String(value));
}

/** A boolean, or the strings "true"/"false" an expression may produce. */
export function readBoolean(
	context: IExecuteFunctions,
	name: string,
	displayName: string,
	itemIndex: number,
	fallback: boolean,
): boolean {
	const value = context.getNodeParameter(name, itemIndex, fallback) as unknown;
	if (typeof value === 'boolean') return value;
	if (typeof value === 'string' && /^\s*(true|false)\s*$/i.test(value)) {
		return value.trim().toLowerCase() === 'true';
	}
	throw fail(
		context,
		itemIndex,
		`${displayName}: ${shown(value)} is not true or false`,
		`Switch ${displayName} on or off, or make its expression return true or false.`,
	);
}

/** A whole number in [min, max], given as a number or as digits. */
function wholeNumber(value: unknown): number | undefined {
	const number =
		typeof value === 'number'
			? value
			: typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)
				? Number(value)
				: NaN;
	return Number.isInteger(number) ? number : undefined;
}

export function readWholeNumber(
	context: IExecuteFunctions,
	value: unknown,
	displayName: string,
	itemIndex: number,
	{ min, max, hint }: { min: number; max?: number; hint?: string },
): number {
	const number = wholeNumber(value);
	if (number !== undefined && number >= min && (max === undefined || number <= max)) return number;
	const range = max === undefined ? `from ${min} up` : `from ${min} to ${max}`;
	throw fail(
		context,
		itemIndex,
		`${displayName}: ${shown(value)} is not a whole number ${range}`,
		`Set ${displayName} to a whole number ${range}${hint ? `, ${hint}` : ''}.`,
	);
}

/** Limit of a Get Many, or undefined when Return All is on. */
export function readLimit(context: IExecuteFunctions, itemIndex: number): number | undefined {
	if (readBoolean(context, 'returnAll', 'Return All', itemIndex, false)) return undefined;
	return readWholeNumber(
		context,
		context.getNodeParameter('limit', itemIndex, 50),
		'Limit',
		itemIndex,
		{
			min: 1,
			hint: 'or turn on Return All',
		},
	);
}

/** Max Retries from the node's options, or the default when it is not set. */
export function readMaxRetries(
	context: IExecuteFunctions,
	options: IDataObject,
	itemIndex: number,
): number {
	if (options.maxRetries === undefined) return DEFAULT_MAX_RETRIES;
	return readWholeNumber(context, options.maxRetries, 'Options, Max Retries', itemIndex, {
		min: 0,
		max: MAX_RETRIES_LIMIT,
	});
}
