/**
 * The Heffl Tool's errors in the agent's words. An agent never sees the node's fields, only
 * the tool's arguments: the `$fromAI('key', …)` calls the user put in them. A refused value
 * is named by its argument first (`Argument 'dueDate': Additional Fields › Due Date: …`),
 * found from the raw parameters n8n keeps on the node: by the field our message names, or
 * by the body key Heffl's §4.2 details name (`entityId`), or, for a record not found, by the
 * record's ID parameter. A message no argument's field is named in is left as it is. A
 * refused ID ends with what the agent should pass and which tool finds it (a Get Many of
 * that resource), in place of the editor's "Pick the record from the list".
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ResourceSpec } from '../shared/table/schema';
import { RESOURCES } from '../shared/table/resources';
import { fieldKey, fieldsOf, plural, resourceParameter } from '../shared/table/schema';
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
	let paths: string[] = [];
	let longest = 0;
	for (const path of fromAi.keys()) {
		const segments = path.split('.');
		for (let depth = segments.length; depth > 0; depth--) {
			const where = displayPath(node, segments.slice(0, depth)).toLowerCase();
			const after = message.startsWith(where) ? message.slice(where.length) : '';
			// The parameter itself, named alone or with a member; an entry holding it, named alone.
			const named = depth === segments.length ? /^(:| ›)/.test(after) : after.startsWith(':');
			if (!where || !named) continue;
			if (where.length > longest) [paths, longest] = [[], where.length];
			if (where.length === longest) paths.push(path);
			break;
		}
	}
	return paths;
}

/** The editor's advice on an ID, which an agent cannot follow. */
const FOR_A_PERSON = 'Pick the record from the list, or paste its ID.';

/** The resource whose records carry IDs with this prefix (`qtn_` → quotation). */
const resourceByPrefix = (prefix: string | undefined) =>
	prefix ? RESOURCES.find((resource) => resource.idPrefix === prefix) : undefined;

/**
 * What the agent should pass for a record's ID, and which tool finds it: the record the
 * operation addresses, or a field holding another record's ID. Undefined for other fields.
 */
function idAdvice(
	resource: ResourceSpec,
	operation: string,
	path: string,
	key: string,
): string | undefined {
	let target: ResourceSpec | undefined;
	if (path === resourceParameter(resource)) target = resource;
	else {
		const name = path.split('.').pop();
		const kind = operation === 'update' ? 'update' : 'create';
		const field = fieldsOf(resource, kind).find((candidate) => candidate.name === name);
		if (!field || (field.format !== 'id' && !field.locator)) return undefined;
		target = resourceByPrefix(field.idPrefix);
		if (!target)
			return `Pass '${key}' the record's ID as Heffl gives it in its 'id' (its prefix names its kind: ld_ a lead, dl_ a deal); a tool doing Get Many of that kind of record finds it.`;
	}
	const form = target.idPrefix ? ` (${target.idPrefix} followed by letters and digits)` : '';
	return `Pass '${key}' a ${target.label}'s ID as Heffl gives it in its 'id'${form}; a tool doing Get Many of ${plural(target.label)} finds it.`;
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
	const paths =
		error instanceof NodeApiError && resource
			? refusedParameters(resource, operation, error)
			: namedInMessage(node, fromAi, error.message);
	const pairs = paths.flatMap((path) => (fromAi.get(path) ?? []).map((key) => ({ path, key })));
	const keys = [...new Set(pairs.map(({ key }) => key))];
	if (keys.length === 0) return error;
	const named = keys.map((key) => `'${key}'`).join(', ');
	error.message = `Argument${keys.length > 1 ? 's' : ''} ${named}: ${error.message}`;
	// A person's advice ("Pick the record from the list") is no use to an agent: what to pass, and where to find it.
	const advice = resource
		? pairs.map(({ path, key }) => idAdvice(resource, operation, path, key)).find(Boolean)
		: undefined;
	if (advice) {
		const described = error as { description?: string | null };
		const kept = String(described.description ?? '')
			.replace(FOR_A_PERSON, '')
			.trim();
		described.description = kept ? `${kept} ${advice}` : advice;
	}
	return error;
}
