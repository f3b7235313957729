/**
 * Create or Update by a match key (e-mail, website, name, SKU: shared/table/matchKeys.ts):
 * the records whose key has the same normal form are found (keyLookup.ts: Heffl's search
 * where it is proven to find that field, else the whole list once per execution), one is
 * updated, none creates one, several is an error naming them. A key upserted by one item
 * is updated by the next.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { HefflListRequest } from '../../shared/transport';
import { recordPath } from '../../shared/transport';
import type { MatchKey } from '../../shared/table/matchKeys';
import { checkKey, MATCH_KEYS } from '../../shared/table/matchKeys';
import type { ResourceSpec } from '../../shared/table/schema';
import { fieldKey, fieldsOf, plural } from '../../shared/table/schema';
import { collectBody, isShown } from './body';
import { findByKey, rememberWritten } from './keyLookup';
import { checkValue, isUnset } from '../../shared/records/fieldChecks';
import type { ExecutionState } from '../contract/executionState';
import { checked, isEmpty } from '../../shared/checks';
import { createRecord, updateRecord, writtenBody } from './writes';

/** The key this item matches by: the resource's only one, or the one picked under Match By. */
export function matchKeyOf(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
): MatchKey {
	const keys = resource.matchBy ?? ['email'];
	if (keys.length === 1) return MATCH_KEYS[keys[0]];
	const picked = String(context.getNodeParameter('matchBy', itemIndex, keys[0]));
	const key = keys.find((name) => name === picked);
	if (key === undefined)
		throw new NodeOperationError(
			context.getNode(),
			`Match By: '${picked}' is not one of ${keys.map((name) => MATCH_KEYS[name].displayName).join(', ')}`,
			{ itemIndex },
		);
	return MATCH_KEYS[key];
}

export async function upsert(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
	base: Omit<HefflListRequest, 'path'>,
	state: ExecutionState,
): Promise<IDataObject> {
	const node = context.getNode();
	const key = matchKeyOf(context, resource, itemIndex);
	const keyField = fieldsOf(resource, 'create').find((field) => fieldKey(field) === key.field);
	const given: unknown = context.getNodeParameter(key.value, itemIndex, '');
	if (isEmpty(given) || (keyField && isUnset(keyField, given))) {
		throw new NodeOperationError(
			node,
			`${key.displayName}: Create or Update needs ${withArticleOf(key)}`,
			{
				itemIndex,
				description: `The ${resource.label} is found by it, or created with it.`,
			},
		);
	}
	const text = String(checked(node, itemIndex, key.displayName, checkKey(key, given)));
	// As the field is written (a website with https:// added), checked as Create checks it.
	const written = keyField
		? checked(node, itemIndex, key.displayName, checkValue(keyField, text))
		: text;
	// Every field is checked before the search: a bad value is refused with nothing sent.
	const collected = collectBody(context, resource, 'upsert', itemIndex);
	const remembered = `${resource.value}:${key.value}:${key.normalise(text) ?? ''}`;
	let id = state.upserted.get(remembered);
	if (id === undefined) {
		const { records: found } = await findByKey(context, resource, key, base, text, state);
		if (found.length > 1) {
			const named = found.map((record) =>
				record.name ? `${String(record.id)} (${String(record.name)})` : String(record.id),
			);
			throw new NodeOperationError(
				node,
				`${key.displayName}: ${found.length} ${plural(resource.label)} have the ${key.noun} '${text}' (${found.map((record) => String(record.id)).join(', ')})`,
				{
					itemIndex,
					description: `They are ${named.join(', ')}. Nothing was created or changed. Merge or delete the duplicates in Heffl, or update one of them by ID with the Update operation.`,
				},
			);
		}
		id = found[0]?.id === undefined ? undefined : String(found[0].id);
	}
	const creating = id === undefined;
	const body = await writtenBody(context, resource, 'upsert', itemIndex, base, state, {
		creating,
		collected,
		prepare: (fields) => {
			const also = fields[key.field];
			if (also !== undefined && key.normalise(also) !== key.normalise(text)) {
				throw new NodeOperationError(
					node,
					`Additional Fields › ${key.displayName}: differs from the ${key.displayName} the record is found by`,
					{ itemIndex, description: 'Remove it from Additional Fields, or make both the same.' },
				);
			}
			fields[key.field] = written;
			const missing = fieldsOf(resource, 'create').find(
				(field) =>
					field.required && isShown(context, field, itemIndex) && !(fieldKey(field) in fields),
			);
			if (creating && missing) {
				throw new NodeOperationError(
					node,
					`${missing.displayName}: no ${resource.label} has this ${key.by}, and creating one needs a value here`,
					{ itemIndex },
				);
			}
		},
	});
	const record =
		id === undefined
			? await createRecord(context, resource, itemIndex, base, body)
			: await updateRecord(
					context,
					resource,
					recordPath(node, resource.path, id, resource.displayName, itemIndex),
					base,
					body,
				);
	if (record.id !== undefined) state.upserted.set(remembered, String(record.id));
	rememberWritten(state, resource, key, text, record);
	return record;
}

const withArticleOf = (key: MatchKey) => `${/^[aeiou]/i.test(key.noun) ? 'an' : 'a'} ${key.noun}`;
