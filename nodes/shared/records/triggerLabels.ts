/**
 * Custom Fields As → Labels on both triggers: the definitions each key and scope has, read
 * through the one reader (customFields.ts) at most once per five minutes, not per delivery
 * or poll. n8n keeps one instance of a node type for every workflow, and a webhook or poll
 * may run in any of its processes, so the memory is this module's, per process, keyed by
 * the key's hash (keyIdentity: never the key) and the scope, bounded.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CustomFieldSource } from '../table/schema';
import type { HefflContext } from '../transport';
import { keyIdentity } from '../transport';
import type { Labelled } from './customFieldLabels';
import { labelKeysAsRecord, labelRecords, recordScope, unreadNotice } from './customFieldLabels';
import type { CustomFieldDefinition } from './customFields';
import { readDefinitions } from './customFields';

/** Definitions read are used this long; a failed read is tried again after a minute. */
export const KEPT_MS = 5 * 60_000;
const FAILURE_KEPT_MS = 60_000;
const KEPT_MAX = 500;
/** How long one read may wait (the key's budget, a retry): a delivery is answered within 20 s. */
const READ_WAIT_MS = 5_000;

/** The clock the memory ages by; tests move it instead of waiting five minutes. */
export const labelsClock = { now: () => Date.now() };

type Kept = { at: number; read: Promise<CustomFieldDefinition[] | Error> };
const kept = new Map<string, Kept>();

async function definitionsKept(
	context: HefflContext,
	identity: string,
	scope: Parameters<typeof readDefinitions>[0],
): Promise<CustomFieldDefinition[] | Error> {
	const key = `${identity}:${JSON.stringify(scope)}`;
	const now = labelsClock.now();
	const entry = kept.get(key);
	if (entry) {
		const result = await entry.read;
		const age = now - entry.at;
		if (age < (result instanceof Error ? FAILURE_KEPT_MS : KEPT_MS)) return result;
	}
	kept.delete(key);
	if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value as string);
	const read = readDefinitions
		.call(context, scope, { maxRetries: 1, maxWaitMs: READ_WAIT_MS })
		.catch((error: Error) => error);
	kept.set(key, { at: now, read });
	return await read;
}

/**
 * A trigger's records with their custom fields by label, and the notice each item carries
 * when some stay keys. Never throws for definitions: a record is emitted either way.
 */
export async function labelTriggerRecords(
	context: HefflContext,
	source: CustomFieldSource | undefined,
	records: IDataObject[],
): Promise<{ records: IDataObject[]; notice?: string }> {
	if (!source) return { records };
	let identity: string;
	try {
		identity = await keyIdentity.call(context);
	} catch (error) {
		const reason = (error as Error).message;
		return { records, notice: `Custom fields are shown by their keys (cf_…): ${reason}` };
	}
	const labelled: Labelled = await labelRecords(records, source, async (scope) =>
		definitionsKept(context, identity, scope),
	);
	return {
		records: labelled.records,
		...(labelled.unread.length && { notice: unreadNotice(labelled.unread) }),
	};
}

/**
 * The definitions that apply to one record (its entity, deal pipeline or quotation template),
 * kept as above; none when they cannot be read (a comparison then goes by the values alone).
 */
export async function triggerDefinitions(
	context: HefflContext,
	source: CustomFieldSource | undefined,
	record: IDataObject,
): Promise<CustomFieldDefinition[]> {
	const scope = source && recordScope(source, record);
	if (!scope) return [];
	try {
		const definitions = await definitionsKept(context, await keyIdentity.call(context), scope);
		return definitions instanceof Error ? [] : definitions;
	} catch {
		return [];
	}
}

/**
 * Objects keyed by a record's fields (a change trigger's `changes`), their `cf_*` keys by the
 * labels of that record's definitions, as labelTriggerRecords names the record's own.
 */
export async function labelTriggerKeys(
	context: HefflContext,
	source: CustomFieldSource | undefined,
	pairs: Array<{ record: IDataObject; keyed: IDataObject }>,
): Promise<IDataObject[]> {
	const labelled: IDataObject[] = [];
	for (const { record, keyed } of pairs) {
		const definitions = Object.keys(keyed).some((key) => key.startsWith('cf_'))
			? await triggerDefinitions(context, source, record)
			: [];
		labelled.push(labelKeysAsRecord(keyed, record, definitions));
	}
	return labelled;
}
