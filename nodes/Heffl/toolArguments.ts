/**
 * The Heffl Tool's errors in the agent's words. An agent never sees the node's fields, only
 * the tool's arguments: the `$fromAI('key', …)` calls the user put in them. A refused value
 * is named by its argument first (`Argument 'dueDate': Additional Fields › Due Date: …`),
 * found from the raw parameters n8n keeps on the node: by the field our message names, or
 * by the body key Heffl's §4.2 details name (`entityId`), or, for a record not found, by the
 * record's ID parameter. A message no argument's field is named in is left as it is.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ResourceSpec } from '../shared/table/schema';
import { fieldKey, fieldsOf, resourceParameter } from '../shared/table/schema';
import { displayPath } from './parameterNames';

/** The key of each `$fromAI()` call: `$fromAI('key'`, `$fromAI("key"` or `` $fromAI(`key` ``. */
const FROM_AI = /\$fromAI\(\s*(['"`])([A-Za-z0-9_-]{1,64})\1/g;

/** Every parameter holding `$fromAI()` calls, by its path (`additionalFields.dueDate`), with their keys. */
export function fromAiParameters(
	value: unknown,
	path: string[] = [],
	found = new Map<string, string[]>(),
): Map<string, string[]> {
	if (typeof value === 'string' && value.startsWith('=')) {
		const keys = [...new Set([...value.matchAll(FROM_AI)].map((call) => call[2]))];
		if (keys.length) found.set(path.join('.'), keys);
	} else if (value && typeof value === 'object') {
		// A record locator's value is the parameter's: `{__rl, mode, value}` names no member.
		const locator = '__rl' in value;
		for (const [name, member] of Object.entries(value)) {
			if (!locator || name === 'value')
				fromAiParameters(member, locator ? path : [...path, name], found);
		}
	}
	return found;
}

/** The parameter a body key of Heffl's is written from (`entityId` → `additionalFields.linkedId`). */
function parameterOfKey(
	resource: ResourceSpec,
	operation: string,
	key: string,
): string | undefined {
	const kind = operation === 'update' ? 'update' : 'create';
	const field = fieldsOf(resource, kind).find((candidate) => fieldKey(candidate) === key);
	if (!field) return undefined;
	if (field.main && kind === 'create') return field.name;
	return `${kind === 'update' ? 'updateFields' : 'additionalFields'}.${field.name}`;
}

/** The parameters Heffl's refusal is about: the fields its issues name, or the record it did not find. */
function refusedParameters(resource: ResourceSpec, operation: string, error: NodeApiError) {
	const context = (error.context ?? {}) as IDataObject;
	const issues = (context.details as IDataObject | undefined)?.issues;
	// v2 names them in §4.2's details; v1 only in its message (`email: must be …; name: …`).
	const fields = Array.isArray(issues)
		? (issues as IDataObject[]).map((issue) => issue?.field)
		: [...String(context.apiMessage ?? '').matchAll(/(?:^|; )([\w.[\]]+): /g)].map(
				(match) => match[1],
			);
	const keys = fields
		.map((field) => (typeof field === 'string' ? field.split(/[.[]/)[0] : ''))
		.filter(Boolean);
	const parameters = keys.map((key) => parameterOfKey(resource, operation, key));
	if (
		String(context.httpCode ?? error.httpCode) === '404' &&
		['get', 'update', 'delete'].includes(operation)
	)
		parameters.push(resourceParameter(resource));
	return parameters.filter((parameter): parameter is string => parameter !== undefined);
}

/**
 * The arguments of the field our message starts with ("Additional Fields › Due Date: …"),
 * the longest such path winning ("Filters › Email" over "Filters"). A message about a
 * whole entry ("Filters › Conditions › condition 1: 2 values for 'is'") names the arguments
 * inside it; a message about another member of a collection ("Additional Fields ›
 * Duration (Minutes): …") names none.
 */
function namedInMessage(node: INode, fromAi: Map<string, string[]>, text: string): string[] {
	const message = text.toLowerCase();
	let keys: string[] = [];
	let longest = 0;
	for (const [path, pathKeys] of fromAi) {
		const segments = path.split('.');
		for (let depth = segments.length; depth > 0; depth--) {
			const where = displayPath(node, segments.slice(0, depth)).toLowerCase();
			const after = message.startsWith(where) ? message.slice(where.length) : '';
			// The parameter itself, named alone or with a member; an entry holding it, named alone.
			const named = depth === segments.length ? /^(:| ›)/.test(after) : after.startsWith(':');
			if (!where || !named) continue;
			if (where.length > longest) [keys, longest] = [[], where.length];
			if (where.length === longest) keys.push(...pathKeys);
			break;
		}
	}
	return keys;
}

/**
 * The error with the `$fromAI()` arguments it is about named first; unchanged when none
 * is found (a message naming a field no argument fills, or no field at all).
 */
export function inAgentWords<T extends Error>(
	node: INode,
	resource: ResourceSpec | undefined,
	error: T,
): T {
	const fromAi = fromAiParameters(node.parameters);
	if (fromAi.size === 0 || /^Arguments? '/.test(error.message)) return error;
	const operation = String(node.parameters.operation ?? '');
	let keys: string[] = [];
	if (error instanceof NodeApiError && resource) {
		keys = refusedParameters(resource, operation, error).flatMap((path) => fromAi.get(path) ?? []);
	} else {
		keys = namedInMessage(node, fromAi, error.message);
	}
	keys = [...new Set(keys)];
	if (keys.length === 0) return error;
	const named = keys.map((key) => `'${key}'`).join(', ');
	error.message = `Argument${keys.length > 1 ? 's' : ''} ${named}: ${error.message}`;
	return error;
}
