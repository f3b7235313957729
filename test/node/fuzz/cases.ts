/**
 * One fuzz case: a hostile value in one parameter, the rest of the operation valid, run
 * through n8n-core against the sandbox behind the recording relay (test/harness/crm.ts),
 * and judged by what reached the sandbox. The value is either refused with nothing sent
 * and a message naming the parameter, or taken as the value it stands for (an object's
 * `id` where an ID is asked, a JSON object where JSON is asked): then what the sandbox
 * received equals what it receives when that value is given plainly.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sent, useCrm } from '../../harness/crm';
import type { ResourceSpec } from '../../../nodes/shared/table/schema';
import { fieldKey, fieldsOf } from '../../../nodes/shared/table/schema';
import type { Leaf } from './leaves';
import { fieldAt } from './leaves';

type Crm = ReturnType<typeof useCrm>;

/** The hostile shapes of issue 29, given through an expression as a user's workflow would. */
export const SHAPES = [
	'object',
	'emptyObject',
	'idObject',
	'idList',
	'NaN',
	'Infinity',
	'deep',
	'deepText',
] as const;
export type Shape = (typeof SHAPES)[number];

/** 5,000 levels of `{"a": ...}`: as text, and as the object an expression parses it into. */
export const DEEP_TEXT = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;

/**
 * How a case ended. `taken`: sent as the value it stands for. `refused`: nothing sent, the
 * message names the parameter. The rest are findings: `garbled` (a request carried a
 * value the user did not mean), `vanished` (sent as if the parameter were not set, or
 * nothing sent and nothing said), `unclear` (refused without naming the parameter),
 * `sentFirst` (refused after sending what it would have sent anyway), `wronglyRefused`
 * (a value meant to be taken was refused).
 */
export type Outcome =
	| 'taken'
	| 'refused'
	| 'garbled'
	| 'vanished'
	| 'unclear'
	| 'sentFirst'
	| 'wronglyRefused';

export interface Case {
	resource: ResourceSpec;
	operation: string;
	leaf: Leaf;
	shape: Shape;
}

/** The shapes a leaf gets: all of them; JSON text 5,000 deep only where text is read as JSON. */
export const shapesOf = (leaf: Leaf): Shape[] =>
	SHAPES.filter(
		(shape) => shape !== 'deepText' || leaf.kind === 'json' || leaf.kind === 'jsonList',
	);

const clone = <T>(value: T): T => structuredClone(value);

function at(parameters: INodeParameters, path: Array<string | number>): unknown {
	return path.reduce<unknown>(
		(value, key) => (value as IDataObject | undefined)?.[key],
		parameters,
	);
}

/**
 * The parameters with `raw` at the leaf. An entry of a list gets a valid first entry
 * (`entries`) unless the baseline has one; a field sharing its API key with one the
 * baseline sets (Line Items and Line Items (JSON)) replaces it.
 */
export function withLeaf(
	c: Case,
	base: INodeParameters,
	entries: Record<string, IDataObject>,
	raw: unknown,
): INodeParameters {
	const parameters = clone(base);
	const { path } = c.leaf;
	const field = fieldAt(c.resource, c.operation, path);
	if (field && path.length === 2 && typeof path[0] === 'string') {
		const collection = parameters[path[0]] as IDataObject | undefined;
		const writes = fieldsOf(c.resource, c.operation === 'update' ? 'update' : 'create');
		for (const other of writes)
			if (other.name !== field.name && fieldKey(other) === fieldKey(field))
				delete collection?.[other.name];
	}
	let parent = parameters as IDataObject;
	for (const [index, key] of path.slice(0, -1).entries()) {
		const next = path[index + 1];
		if (parent[key] === undefined || parent[key] === null)
			parent[key] = typeof next === 'number' ? [] : {};
		if (typeof next === 'number' && (parent[key] as unknown[])[next] === undefined) {
			const list = path[index - 1];
			(parent[key] as unknown[])[next] = clone(entries[String(list)] ?? {});
		}
		parent = parent[key] as IDataObject;
	}
	const last = path[path.length - 1];
	parent[last] = c.leaf.locator
		? { __rl: true, mode: 'id', value: raw }
		: (raw as IDataObject[string]);
	if (c.leaf.type === 'resourceMapper' || path.includes('customFieldsMapping'))
		(parameters.customFieldsMapping as IDataObject).mappingMode = 'defineBelow';
	return parameters;
}

/** The parameters without the leaf (what "not set" sends). */
export function withoutLeaf(c: Case, base: INodeParameters): INodeParameters {
	const parameters = clone(base);
	const parent = at(parameters, c.leaf.path.slice(0, -1)) as IDataObject | undefined;
	if (parent) delete parent[c.leaf.path[c.leaf.path.length - 1]];
	return parameters;
}

/** The IDs a case's `{id}` shapes carry: the baseline's own where it sets the leaf, else made up. */
export function idsFor(c: Case, base: INodeParameters): [string, string] {
	let given = at(base, c.leaf.path);
	if (given && typeof given === 'object' && '__rl' in given) given = (given as IDataObject).value;
	const list = Array.isArray(given)
		? given.map(String)
		: typeof given === 'string' && given
			? given.split(',').map((id) => id.trim())
			: [];
	return [list[0] ?? 'fz_1', list[1] ?? 'fz_2'];
}

/** The hostile value as the parameter holds it, and the input item its expression reads. */
export function hostile(shape: Shape, [first, second]: [string, string]) {
	const fromItem = (v: unknown) => ({ raw: '={{ $json.v }}', item: { v } as IDataObject });
	switch (shape) {
		case 'object':
			return fromItem({ fuzz: 'x', n: 1 });
		case 'emptyObject':
			return fromItem({});
		case 'idObject':
			return fromItem({ id: first, name: 'Fuzz' });
		case 'idList':
			return fromItem([{ id: first }, { id: second }]);
		case 'NaN':
			return { raw: '={{ NaN }}', item: {} };
		case 'Infinity':
			return { raw: '={{ Infinity }}', item: {} };
		case 'deep':
			return { raw: '={{ JSON.parse($json.deep) }}', item: { deep: DEEP_TEXT } };
		case 'deepText':
			return { raw: DEEP_TEXT, item: {} };
	}
}

/**
 * What the value stands for, given plainly (undefined: it must be refused). An object
 * with an id where an ID is asked is that ID; a list of them where IDs are asked, those
 * IDs; an object (or {}) where a JSON object is asked, that object; a list of objects
 * where a JSON list is asked, that list.
 */
export function meant(c: Case, [first, second]: [string, string]): unknown {
	const list = (ids: string[]) => (c.leaf.type === 'multiOptions' ? ids : ids.join(', '));
	switch (`${c.leaf.kind}:${c.shape}`) {
		case 'id:idObject':
			return first;
		case 'ids:idObject':
			return list([first]);
		case 'ids:idList':
			return list([first, second]);
		case 'json:object':
			return JSON.stringify({ fuzz: 'x', n: 1 });
		case 'json:emptyObject':
			return '{}';
		case 'json:idObject':
			return JSON.stringify({ id: first, name: 'Fuzz' });
		case 'jsonList:idList':
			return JSON.stringify([{ id: first }, { id: second }]);
		default:
			return undefined;
	}
}

const requestKey = (sent: Sent) =>
	JSON.stringify([sent.method, sent.api, sent.path, sent.query, sent.body ?? null]);

const same = (a: Sent[], b: Sent[]) =>
	JSON.stringify(a.map(requestKey)) === JSON.stringify(b.map(requestKey));

/** Every request of `a` is one `b` makes too. */
function within(a: Sent[], b: Sent[]) {
	const left = b.map(requestKey);
	return a.every((sent) => {
		const index = left.indexOf(requestKey(sent));
		if (index < 0) return false;
		left.splice(index, 1);
		return true;
	});
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The message names the parameter: `Name:`, `› Name ›`, `, Name (`... */
export const names = (message: string, leaf: Leaf) =>
	leaf.names.some((name) => new RegExp(`(^|› |, )${escape(name)}(:| \\(| ›)`).test(message));

export interface Judged {
	outcome: Outcome;
	message?: string;
	sent: string[];
}

/** A run of the node; n8n's own refusal to start the workflow (a required parameter) is its error. */
async function runCatching(crm: Crm, parameters: INodeParameters, item: IDataObject) {
	const mark = crm.relay.sent.length;
	try {
		return await crm.heffl(parameters, { items: [item] });
	} catch (error) {
		return { error: error as Error, sent: crm.relay.sent.slice(mark) };
	}
}

/** Runs a case and judges it by what reached the sandbox. */
export async function judge(
	crm: Crm,
	c: Case,
	base: INodeParameters,
	entries: Record<string, IDataObject>,
): Promise<Judged> {
	const ids = idsFor(c, base);
	const { raw, item } = hostile(c.shape, ids);
	const received = crm.ctx.apiRequests().length;
	const run = await runCatching(crm, withLeaf(c, base, entries, raw), item);
	const reached = crm.ctx.apiRequests().length - received;
	const message = run.error?.message;
	const result = (outcome: Outcome): Judged => ({
		outcome,
		message,
		sent: run.sent.map(
			(sent) =>
				`${sent.method} ${sent.path} ${JSON.stringify(sent.query)} ${JSON.stringify(sent.body ?? '').slice(0, 160)}`,
		),
	});
	const plain = meant(c, ids);
	if (plain !== undefined) {
		const intended = await runCatching(crm, withLeaf(c, base, entries, plain), {});
		if (reached === run.sent.length && same(run.sent, intended.sent)) return result('taken');
	}
	if (reached === 0 && run.sent.length === 0) {
		if (!message) return result('vanished');
		if (plain !== undefined) return result('wronglyRefused');
		return result(names(message, c.leaf) ? 'refused' : 'unclear');
	}
	const unset = await runCatching(crm, withoutLeaf(c, base), {});
	if (!within(run.sent, unset.sent)) return result('garbled');
	if (!message || same(run.sent, unset.sent)) return result('vanished');
	if (plain !== undefined) return result('wronglyRefused');
	return result(names(message, c.leaf) ? 'sentFirst' : 'unclear');
}
