/**
 * Create or Update by a match key (an e-mail, a website, a name, a SKU: table/matchKeys.ts,
 * chosen under Match By where a resource has several): the records with that key are found
 * (keyLookup.ts: Heffl's search where it is proven to find the key, else the whole list once
 * per execution), one is updated, none creates one, several is an error naming them. A
 * record upserted by one item is updated by the next with any of its keys.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { HefflListRequest } from '../../shared/transport';
import { recordPath } from '../../shared/transport';
import type { MatchKey } from '../../shared/table/matchKeys';
import { matchKeysOf } from '../../shared/table/matchKeys';
import type { ResourceSpec } from '../../shared/table/schema';
import { definitionsOf, fieldKey, fieldsOf, plural, withArticle } from '../../shared/table/schema';
import { collectBody } from './body';
import { findByKey, rememberWritten } from './keyLookup';
import { checkValue, isUnset } from '../../shared/records/fieldChecks';
import type { ExecutionState } from '../contract/executionState';
import { checked } from '../../shared/checks';
import { createRecord, updateRecord, writtenBody } from './writes';
import { definitionsOnce } from './customFieldCheck';
import { changedFields } from '../../shared/records/recordChanges';
import { scopeOf } from '../../shared/records/customFields';

/**
 * What an update by key sends: only the fields that differ from the record the lookup found
 * (records/recordChanges.ts; a field it does not show counts as changed). No record in hand
 * (written earlier in this execution): the whole body.
 */
async function changesOf(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
	state: ExecutionState,
	old: IDataObject | undefined,
	body: IDataObject,
): Promise<IDataObject> {
	if (!old) return body;
	const source = definitionsOf(resource);
	const where = source && scopeOf(source, {});
	const read =
		where && Object.keys(body).some((key) => key.startsWith('cf_'))
			? await definitionsOnce(context, state, where.scope, { itemIndex })
			: undefined;
	const definitions = Array.isArray(read) ? read : undefined;
	const changed = changedFields(resource, old, body, { absent: 'changed', definitions });
	return Object.fromEntries(Object.keys(changed).map((key) => [key, body[key]]));
}

/** The key the item finds its record by (Match By), and the value given for it, checked. */
function keyOf(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
): { key: MatchKey; value: string } {
	const node = context.getNode();
	const keys = matchKeysOf(resource);
	const chosen = keys.length > 1 ? context.getNodeParameter('matchBy', itemIndex, '') : '';
	const key = keys.find((candidate) => candidate.name === chosen) ?? keys[0];
	if (chosen && key.name !== chosen)
		throw new NodeOperationError(node, `Match By: '${String(chosen)}' is not one of them`, {
			itemIndex,
			description: `Choose ${keys.map((candidate) => candidate.displayName).join(', ')}.`,
		});
	const given = context.getNodeParameter(key.name, itemIndex, '');
	const value = isUnset(key.field, given)
		? ''
		: String(checked(node, itemIndex, key.displayName, checkValue(key.field, given)));
	if (!value || key.keyOf(value) === undefined)
		throw new NodeOperationError(
			node,
			`${key.displayName}: Create or Update needs ${withArticle(key.noun)}`,
			{ itemIndex, description: `The ${resource.label} is found by it, or created with it.` },
		);
	return { key, value };
}

/** Several records have the key: the item fails naming them, and nothing is written. */
function severalFound(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
	key: MatchKey,
	value: string,
	found: IDataObject[],
): NodeOperationError {
	const ids = found.map((record) => String(record.id)).join(', ');
	const names = found
		.map((record) => `${String(record.id)}: ${String(record.name ?? record.firstName ?? '')}`)
		.join('; ');
	return new NodeOperationError(
		context.getNode(),
		`${key.displayName}: ${found.length} ${plural(resource.label)} have the ${key.noun} '${value}' (${ids})`,
		{
			itemIndex,
			description: `Nothing was created or changed (${names}). Merge or delete the duplicates in Heffl, or update one of them by ID with the Update operation.`,
		},
	);
}

/** What Create or Update did, for Options → Include Outcome: created, updated (which fields), unchanged. */
export interface UpsertOutcome {
	outcome: 'created' | 'updated' | 'unchanged';
	fields: string[];
}

export async function upsert(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
	base: Omit<HefflListRequest, 'path'>,
	state: ExecutionState,
): Promise<{ record: IDataObject; outcome: UpsertOutcome }> {
	const node = context.getNode();
	const { key, value } = keyOf(context, resource, itemIndex);
	// Every field is checked before the search: a bad value is refused with nothing sent.
	const collected = collectBody(context, resource, 'upsert', itemIndex);
	const remembered = (name: string, keyValue: string | undefined) =>
		`${resource.value}:${name}:${String(keyValue)}`;
	let id = state.upserted.get(remembered(key.name, key.keyOf(value)));
	let old: IDataObject | undefined;
	if (id === undefined) {
		const { records: found } = await findByKey(context, resource, key, base, value, state);
		if (found.length > 1) throw severalFound(context, resource, itemIndex, key, value, found);
		old = found[0];
		id = old?.id === undefined ? undefined : String(old.id);
	}
	const creating = id === undefined;
	const body = await writtenBody(context, resource, 'upsert', itemIndex, base, state, {
		creating,
		collected,
		prepare: (written) => {
			const given = written[key.recordKey];
			if (given !== undefined && key.keyOf(given) !== key.keyOf(value)) {
				throw new NodeOperationError(
					node,
					`Additional Fields › ${key.displayName}: differs from the ${key.displayName} the record is found by`,
					{ itemIndex, description: 'Remove it from Additional Fields, or make both the same.' },
				);
			}
			// A record found by its key keeps its spelling of it: sent on create, or when set below.
			if (creating || (given !== undefined && !key.field.main))
				written[key.recordKey] = given ?? value;
			else delete written[key.recordKey];
			const missing = fieldsOf(resource, 'create').find(
				(field) =>
					field.required &&
					!(fieldKey(field) in written) &&
					Object.entries(field.showWhen ?? {}).every(([name, values]) =>
						values.includes(String(context.getNodeParameter(name, itemIndex, ''))),
					),
			);
			if (creating && missing) {
				throw new NodeOperationError(
					node,
					`${missing.displayName}: no ${resource.label} has this ${key.noun}, and creating one needs a value here`,
					{ itemIndex },
				);
			}
		},
	});
	const changes = creating ? body : await changesOf(context, resource, itemIndex, state, old, body);
	const unchanged = !creating && old !== undefined && Object.keys(changes).length === 0;
	const answer =
		id === undefined
			? await createRecord(context, resource, itemIndex, base, body)
			: unchanged
				? { ...old }
				: await updateRecord(
						context,
						resource,
						recordPath(node, resource.path, id, resource.displayName, itemIndex),
						base,
						changes,
					);
	// The record as it now is: its answer over what was sent (a v1 answer may leave keys out).
	const record = { ...old, ...changes, ...answer };
	for (const each of matchKeysOf(resource)) {
		const written = each.keyOf(record[each.recordKey]);
		if (record.id !== undefined && written !== undefined)
			state.upserted.set(remembered(each.name, written), String(record.id));
	}
	rememberWritten(state, resource, record);
	const fields = Object.keys(changes);
	const outcome = creating ? 'created' : unchanged ? 'unchanged' : 'updated';
	return { record: answer, outcome: { outcome, fields: outcome === 'unchanged' ? [] : fields } };
}
