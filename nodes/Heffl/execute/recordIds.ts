/** The record an operation addresses: its ID from a picker, a pasted address or an expression. */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { recordPath } from '../../shared/transport';
import type { OperationName, ResourceSpec } from '../spec';
import { resourceParameter } from '../spec';

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
 * refused: `/ ? #`, whitespace, and an ID of dots alone (`..` would climb a level).
 * Any prefix, numbers and `lead_<uuid>` IDs pass: a prefix is a hint, not a rule.
 */
export function recordId(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
	collection = resource.path,
): string {
	const id = context.getNodeParameter(resourceParameter(resource), itemIndex, undefined, {
		extractValue: true,
	});
	const given = typeof id === 'number' ? String(id) : typeof id === 'string' ? id.trim() : '';
	const value = idFromAddress(given, resource.idPrefix);
	if (/^\.+$/.test(value)) {
		throw new NodeOperationError(
			context.getNode(),
			`${resource.displayName}: '${value}' is not an ID: an ID of dots alone would change the address`,
			{ itemIndex, description: 'Pick the record from the list, or paste its ID.' },
		);
	}
	return recordPath(context.getNode(), collection, value, resource.displayName, itemIndex);
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
		const filled = recordPath(
			context.getNode(),
			'',
			idFromAddress(String(value ?? '').trim(), field?.idPrefix),
			field?.displayName ?? name,
			itemIndex,
		).slice(1);
		return placeholder.endsWith('/') ? `${filled}/` : filled;
	});
}
