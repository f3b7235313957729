/**
 * A list's query: the filters a user set turned into the documented query (search, sort,
 * §7's `filters` JSON) and into the checks every returned record must pass (lists.ts
 * judges by them). Every value is checked before any request.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { HefflListRequest } from '../transport';
import { hefflPaginate } from '../transport';
import { checked, fail } from '../checks';
import { text } from '../table/builders';
import { lower } from '../table/filterBuilders';
import type { ConditionSpec, FieldSpec, FilterSpec, ResourceSpec } from '../table/schema';
import { fieldKey } from '../table/schema';
import { checkValue, isUnset } from './fieldChecks';

/** A context that reads a list or judges a record: an execution, a poll, a webhook's activation or delivery. */
export type ListContext = IExecuteFunctions | IPollFunctions | IHookFunctions | IWebhookFunctions;

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

/** The operators that take one value, and the one that takes several in its place. */
const SINGLE_OPERATORS: Record<string, { name: string; several: string } | undefined> = {
	is: { name: 'Is', several: 'Is Any Of' },
	is_not: { name: 'Is Not', several: 'Is None Of' },
};

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
		const single = SINGLE_OPERATORS[operator];
		if (single && values.length > 1)
			refuse(
				where,
				`${values.length} values under '${single.name}': choose '${single.several}' for several`,
				`Set Operator to ${single.several}, or keep one value.`,
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
