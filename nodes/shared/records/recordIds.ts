/** The record an operation addresses: its ID from a picker, a pasted address or an expression. */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { recordPath } from '../transport';
import type { OperationName, ResourceSpec } from '../table/schema';
import { resourceParameter } from '../table/schema';
import { asId, checked } from '../checks';

/**
 * The ID in a pasted Heffl address (`https://app.heffl.com/crm/leads/ld_1?tab=x`): the
 * path segment with the record's prefix, else the last one. Anything else is returned as is.
 */
export function idFromAddress(value: string, prefix?: string): string {
	const address = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?/i.exec(value.trim());
	if (!address) return value;
	const segments = (address[1] ?? '')
		.split('/')
		.filter((segment) => segment !== '')
		.map((segment) => {
			try {
				return decodeURIComponent(segment);
			} catch {
				return segment;
			}
		});
	return (prefix && segments.find((segment) => segment.startsWith(prefix))) ?? segments.pop() ?? '';
}

/**
 * The record's path with its ID checked. Only what would change the URL is
 * refused: `/ ? #`, whitespace, and an ID of dots alone (`..` would climb a level);
 * and what is no ID at all (NaN, a list, an object without an `id`: an object with one
 * is taken as that ID). Any prefix, numbers and `lead_<uuid>` IDs pass: a prefix is a
 * hint, not a rule.
 */
export function recordId(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
	collection = resource.path,
): string {
	const given = context.getNodeParameter(resourceParameter(resource), itemIndex, undefined, {
		extractValue: true,
	});
	return idPath(context, collection, given, resource.displayName, resource.idPrefix, itemIndex);
}

/** `collection/id` from a given ID (text, a number, an object with an id, a pasted address). */
function idPath(
	context: IExecuteFunctions,
	collection: string,
	given: unknown,
	displayName: string,
	idPrefix: string | undefined,
	itemIndex: number,
): string {
	const node = context.getNode();
	const id =
		given === undefined || given === null ? '' : checked(node, itemIndex, displayName, asId(given));
	const value = idFromAddress(String(id), idPrefix);
	if (/^\.+$/.test(value)) {
		throw new NodeOperationError(
			node,
			`${displayName}: '${value}' is not an ID: an ID of dots alone would change the address`,
			{ itemIndex, description: 'Pick the record from the list, or paste its ID.' },
		);
	}
	return recordPath(node, collection, value, displayName, itemIndex);
}

/**
 * The path of an operation: its own where the resource has one, with each `{name}`
 * filled from the `inPath` field of that name (an ID, checked like record IDs).
 */
export function operationPath(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	operation: OperationName,
	itemIndex: number,
): string {
	const template = resource.paths?.[operation] ?? resource.path;
	return template.replace(/\{(\w+)\}\/?/g, (placeholder, name: string) => {
		const field = resource.fields?.find((candidate) => candidate.name === name);
		const value = context.getNodeParameter(name, itemIndex, '', { extractValue: true });
		const filled = idPath(
			context,
			'',
			value,
			field?.displayName ?? name,
			field?.idPrefix,
			itemIndex,
		).slice(1);
		return placeholder.endsWith('/') ? `${filled}/` : filled;
	});
}
