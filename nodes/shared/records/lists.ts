/**
 * Get Many: the filters a user set turned into the documented query (search, sort, §7's
 * `filters` JSON) and into checks run on every returned record, so a server that
 * ignores a filter cannot hand a filtered request everything. The one list engine of every
 * reader of a list: the Heffl node's Get Many and the polling trigger.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { HefflListRequest } from '../transport';
import { hefflPages, hefflPaginate, hefflRequest, recordPath, unwrapRecord } from '../transport';
import { checked, fail } from '../checks';
import { lower, text } from '../table/builders';
import type { ConditionSpec, FieldSpec, FilterSpec, ResourceSpec } from '../table/schema';
import { fieldKey, plural } from '../table/schema';
import { checkValue, isUnset } from './fieldChecks';

/** A context that reads a list or judges a record: an execution, a poll, a webhook's activation or delivery. */
type ListContext = IExecuteFunctions | IPollFunctions | IHookFunctions | IWebhookFunctions;

export interface FilterCheck {
	name: string;
	value: unknown;
	sent: boolean;
	matches: NonNullable<FilterSpec['matches']>;
	/** A record that does not show the field is kept (raw JSON of fields the node does not know). */
	optional?: boolean;
	/** The record's key the check reads, where it reads one key (not a search over all texts). */
	recordKey?: string;
}

/** The query a list is asked with, and the checks every returned record must pass. */
export interface ListQuery {
	qs: IDataObject;
	checks: FilterCheck[];
}

const OPERATORS = ['is', 'is_not', 'is_any_of', 'is_none_of'];

/** §7's list parameters as fields, so their values are checked like every other. */
const SORT_BY = text('orderBy', 'Sort By', 'The field Heffl sorts by', { type: 'options' });
const SORT_DIRECTION = text('orderDir', 'Sort Direction', 'asc or desc', { type: 'options' });
const FILTERS_JSON = text('filtersJson', 'Filters (JSON)', "Heffl's filters object", {
	format: 'json',
});
const CONDITION = {
	field: text('field', 'Field', 'The field to test', { type: 'options' }),
	customFieldKey: text('customFieldKey', 'Custom Field Key', 'A cf_ key'),
	operator: text('operator', 'Operator', 'How the field is compared', { type: 'options' }),
	// One value, or several separated by commas: IDs mostly, so an object's `id` is taken.
	values: text('values', 'Values', 'One value or several', { format: 'ids' }),
	// The same, where the field's values are picked from a list (editor/listProperties.ts).
	pickedValues: text('values', 'Value Names or IDs', 'Picked, or IDs', { format: 'ids' }),
};

/**
 * One record against one §7 condition: the record's value (or each of its values, for
 * lists) against the condition's values, ignoring case. Undefined when the record lacks the field.
 */
function conditionMatches(recordKey: string, operator: string) {
	return (record: IDataObject, values: unknown): boolean | undefined => {
		if (!(recordKey in record)) return undefined;
		const held = record[recordKey];
		const have = (Array.isArray(held) ? held : held === null ? [] : [held]).map(lower);
		const any = (values as string[]).some((value) => have.includes(lower(value)));
		return operator === 'is' || operator === 'is_any_of' ? any : !any;
	};
}

/**
 * §7's list parameters: sort (its own collection), the filter builder and the raw filters
 * JSON, merged into the one JSON-encoded `filters` parameter. Conditions are checked on
 * every returned record; raw JSON entries where the record shows the field.
 */
function listing(
	context: ListContext,
	spec: NonNullable<ResourceSpec['listing']>,
	filters: IDataObject,
	sort: IDataObject,
	itemIndex: number,
	query: ListQuery,
) {
	const node = context.getNode();
	const refuse = (where: string, problem: string, hint: string) =>
		checked(node, itemIndex, where, fail(problem, hint));
	/** A member's checked value, undefined when left empty. */
	const read = (field: FieldSpec, from: IDataObject, where: string) =>
		isUnset(field, from[field.name])
			? undefined
			: checked(
					node,
					itemIndex,
					`${where} › ${field.displayName}`,
					checkValue(field, from[field.name]),
				);
	for (const field of [SORT_BY, SORT_DIRECTION]) {
		const given = read(field, sort, 'Sort');
		if (given !== undefined) query.qs[field.name] = given;
	}
	const merged: IDataObject = {};
	const conditions = (filters.conditions as IDataObject | undefined)?.condition ?? [];
	if (!Array.isArray(conditions))
		refuse(
			'Filters › Conditions',
			'must be a list of conditions',
			'Add each one under Conditions.',
		);
	(conditions as unknown[]).forEach((given, position) => {
		const where = `Filters › Conditions › condition ${position + 1}`;
		const entry = (given && typeof given === 'object' ? given : {}) as IDataObject;
		const key =
			String(read(CONDITION.customFieldKey, entry, where) ?? '').trim() ||
			String(read(CONDITION.field, entry, where) ?? '');
		const operator = String(read(CONDITION.operator, entry, where) ?? 'is');
		const picked = spec.conditions.some(
			(condition) => condition.key === key && condition.loadOptionsMethod,
		);
		const valuesField = picked ? CONDITION.pickedValues : CONDITION.values;
		const values = (read(valuesField, entry, where) ?? []) as string[];
		if (!key) refuse(where, 'has no field', 'Choose a Field.');
		if (!values.length)
			refuse(where, 'has no values', 'Enter one value, or several separated by commas.');
		if ((operator === 'is' || operator === 'is_not') && values.length > 1)
			refuse(
				where,
				`${values.length} values for '${operator}'`,
				"Use 'Is Any Of' or 'Is None Of' for several.",
			);
		if (key in merged)
			refuse(where, `'${key}' has another condition`, 'Use one condition per field.');
		merged[key] = { operator, values };
		const known: ConditionSpec | undefined = spec.conditions.find((c) => c.key === key);
		query.checks.push({
			name: `Conditions › ${known?.displayName ?? key}`,
			value: values,
			sent: true,
			matches: conditionMatches(known?.recordKey ?? key, operator),
			recordKey: known?.recordKey ?? key,
		});
	});
	if (!isUnset(FILTERS_JSON, filters.filtersJson)) {
		const where = 'Filters › Filters (JSON)';
		const raw = checked(
			node,
			itemIndex,
			where,
			checkValue(FILTERS_JSON, filters.filtersJson),
		) as IDataObject;
		for (const [key, condition] of Object.entries(raw)) {
			if (key in merged) refuse(where, `'${key}' is also a condition`, 'Set each field once.');
			merged[key] = condition;
			const { operator, values } = (condition ?? {}) as IDataObject;
			// Operators the reference does not show (dates, numbers) are sent and not checked.
			if (typeof operator === 'string' && OPERATORS.includes(operator) && Array.isArray(values)) {
				const recordKey = spec.conditions.find((c) => c.key === key)?.recordKey ?? key;
				query.checks.push({
					name: `Filters (JSON) › ${key}`,
					value: values,
					sent: true,
					matches: conditionMatches(recordKey, operator),
					optional: true,
					recordKey,
				});
			}
		}
	}
	if (Object.keys(merged).length) query.qs.filters = JSON.stringify(merged);
}

/**
 * The query and checks of a list, from the resource's filters as the user set them
 * (`filters`: the Filters collection, with the values of main filters added) and its
 * Sort collection (`sort`; a poll has none). Every
 * value is checked before any request: the lists a filter's value stands for (a lead
 * stage's name) are read only once all are good.
 */
export async function listQuery(
	context: ListContext,
	resource: ResourceSpec,
	filters: IDataObject,
	itemIndex: number,
	request: Pick<HefflListRequest, 'maxRetries'> = {},
	sort: IDataObject = {},
): Promise<ListQuery> {
	const query: ListQuery = { qs: {}, checks: [] };
	const resolving: Array<[NonNullable<FilterSpec['resolve']>, FilterCheck]> = [];
	for (const field of resource.filters ?? []) {
		const value = filters[field.name];
		if (isUnset(field, value)) continue;
		const where = `Filters › ${field.displayName}`;
		const given = checked(context.getNode(), itemIndex, where, checkValue(field, value));
		// A JSON parameter goes as one JSON-encoded value (§7), never as nested query keys.
		if (field.filter === 'server')
			query.qs[fieldKey(field)] =
				field.format === 'json' && typeof given === 'object' ? JSON.stringify(given) : given;
		if (field.matches) {
			const check: FilterCheck = {
				name: field.displayName,
				value: given,
				sent: field.filter === 'server',
				matches: field.matches,
				...(field.name !== 'search' && { recordKey: fieldKey(field) }),
			};
			query.checks.push(check);
			if (field.resolve) resolving.push([field.resolve, check]);
		}
	}
	if (resource.listing) listing(context, resource.listing, filters, sort, itemIndex, query);
	for (const [resolve, check] of resolving)
		check.value = await resolve(
			String(check.value),
			async (api, path) => await hefflPaginate.call(context, { api, path, itemIndex, ...request }),
		);
	return query;
}

/** What the filters say of one record: keep it or not, and whether a Filters (JSON) field could not be checked on it. */
export interface Verdict {
	keep: boolean;
	unverified: boolean;
}

/** Each check's verdict on the record as shown: true, false, or undefined where it lacks the field. */
export function judgeShown(checks: FilterCheck[], shown: IDataObject) {
	return checks.map((check) => ({ check, verdict: check.matches(shown, check.value) }));
}

/**
 * One record against the checks. A list row that leaves out what a filter looks at (a
 * quotation's line items) is read in full first; a filter no record shows is an error,
 * so no reader returns unfiltered records.
 */
export async function judgeRecord(
	context: ListContext,
	resource: ResourceSpec,
	request: HefflListRequest,
	checks: FilterCheck[],
	record: IDataObject,
): Promise<Verdict> {
	const judge = (shown: IDataObject) => judgeShown(checks, shown);
	let verdicts = judge(record);
	const undecided = () =>
		verdicts.find(({ check, verdict }) => verdict === undefined && !check.optional);
	if (undecided() && resource.operations.includes('get') && record.id !== undefined) {
		const full = await hefflRequest.call(context, {
			...request,
			qs: undefined,
			method: 'GET',
			path: recordPath(context.getNode(), resource.path, record.id, resource.displayName),
		});
		verdicts = judge(unwrapRecord(full));
	}
	const unknown = undecided();
	if (unknown) {
		throw new NodeOperationError(
			context.getNode(),
			`Filters › ${unknown.check.name}: Heffl's ${plural(resource.label)} do not show this field, so the filter cannot be checked`,
			{
				itemIndex: request.itemIndex,
				description:
					'Remove the filter, or filter the output with n8n’s Filter node. No record was returned rather than unfiltered ones.',
			},
		);
	}
	return {
		keep: verdicts.every(({ verdict }) => verdict !== false),
		unverified: verdicts.some(({ verdict }) => verdict === undefined),
	};
}

/**
 * A list with every record checked: records that do not match are dropped and counted,
 * so a server that ignores a filter cannot hand a filtered request everything. Pages are
 * read until `limit` matching records are in.
 */
export async function verifiedList(
	context: ListContext,
	resource: ResourceSpec,
	request: HefflListRequest,
	limit: number | undefined,
	checks: FilterCheck[],
): Promise<IDataObject[]> {
	const kept: IDataObject[] = [];
	let dropped = 0;
	let unverified = 0;
	for await (const records of hefflPages.call(context, request, pageSizeOf(resource))) {
		for (const record of records) {
			const verdict = await judgeRecord(context, resource, request, checks, record);
			unverified += verdict.unverified ? 1 : 0;
			if (verdict.keep) kept.push(record);
			else dropped++;
			if (limit !== undefined && kept.length >= limit) break;
		}
		if (limit !== undefined && kept.length >= limit) break;
	}
	if (unverified > 0) {
		hint(
			context,
			`${unverified} ${resource.label}(s) do not show a field of Filters (JSON); Heffl's filtering of them could not be checked in n8n.`,
		);
	}
	if (dropped > 0) {
		const sent = checks.filter((check) => check.sent).map((check) => check.name);
		const local = checks.filter((check) => !check.sent).map((check) => check.name);
		const message = sent.length
			? `Heffl returned ${dropped} ${resource.label}(s) that do not match the filters (${sent.join(', ')}): it may not apply them. They were left out${local.length ? `, as were those not matching ${local.join(', ')}` : ''}.`
			: `Filters (${local.join(', ')}) were checked in n8n: ${dropped} ${resource.label}(s) Heffl returned did not match and were left out.`;
		hint(context, message);
	}
	return kept;
}

/** A notice in the output pane, where the context has one (an execution; a poll has not). */
function hint(context: ListContext, message: string) {
	if ('addExecutionHints' in context)
		context.addExecutionHints({ message, location: 'outputPane' });
}

/** The page size a resource's list is asked with: none where its documented parameters have none. */
function pageSizeOf(resource: ResourceSpec) {
	return resource.noPageSize ? null : undefined;
}
