/**
 * What a Changed trigger remembers of each record, kept in the node's static data (pure: no
 * I/O). Heffl's lists show no change date and no event carries a previous value, so the
 * trigger compares each record with what it saw last: per record its id, the pass it was
 * last seen in, and the watched fields' values (the `from` of a change). Nothing else.
 *
 * A pass reads the whole filtered list, perhaps across polls (`resume`). A record not yet
 * remembered is remembered, not emitted; one the pass did not meet (deleted, or out of the
 * Filters) is forgotten when the pass ends. Bounded: past MAX_MEMORY_BYTES the poll fails,
 * naming the Filters as the fix.
 */
import type { IDataObject } from 'n8n-workflow';

export const MEMORY_FORMAT = 1;
/** The most the memory may take in static data (its JSON's characters): about 20,000 records of 3 short fields. */
export const MAX_MEMORY_BYTES = 2_000_000;

export interface ChangeMemory extends IDataObject {
	format: number;
	/** The Trigger On value it is about: another one starts afresh. */
	watching: string;
	/** The watched fields, sorted: the order of each record's values. Other fields start afresh. */
	fields: string[];
	/** Which memory this is (with `rev`, how far it got), so unsaved progress is found again without reading it all. */
	id: string;
	rev: number;
	/** The pass under way (or the next one). */
	pass: number;
	/** A pass under way: Heffl's cursor of the last page it read (read again first; null: the first page). */
	resume?: string | null;
	/** Requests the pass under way has sent so far (what a pass costs is said once it ends). */
	spent?: number;
	/** id → [the pass it was last seen in, ...the watched fields' values]. */
	records: IDataObject;
}

/** The memory while a poll reads: records by id in a Map, so no id can reach an object's prototype. */
export interface WorkingMemory {
	base: ChangeMemory;
	pass: number;
	resume: string | null | undefined;
	spent: number;
	records: Map<string, unknown[]>;
}

const isEntry = (value: unknown, length: number) =>
	Array.isArray(value) && value.length === length && Number.isInteger(value[0]);

/** The watched fields as the memory keeps them: trimmed, without repeats, sorted. */
export function fieldsKey(fields: readonly string[]): string[] {
	return [...new Set(fields.map((field) => field.trim()).filter(Boolean))].sort();
}

/** Whether `value` is a memory of this Trigger On value and these fields (another one is not used). */
export function isMemory(
	value: unknown,
	watching: string,
	fields: readonly string[],
): value is ChangeMemory {
	const memory = value as ChangeMemory | undefined;
	if (typeof memory !== 'object' || memory === null) return false;
	if (memory.format !== MEMORY_FORMAT || memory.watching !== watching) return false;
	if (!Array.isArray(memory.fields) || memory.fields.join('\n') !== fieldsKey(fields).join('\n'))
		return false;
	if (typeof memory.id !== 'string' || !Number.isInteger(memory.rev)) return false;
	if (!Number.isInteger(memory.pass)) return false;
	if (memory.spent !== undefined && !Number.isInteger(memory.spent)) return false;
	if (memory.resume !== undefined && memory.resume !== null && typeof memory.resume !== 'string')
		return false;
	const records = memory.records;
	if (typeof records !== 'object' || records === null || Array.isArray(records)) return false;
	const length = memory.fields.length + 1;
	return Object.values(records).every((entry) => isEntry(entry, length));
}

export function freshMemory(watching: string, fields: readonly string[], id: string): ChangeMemory {
	return {
		format: MEMORY_FORMAT,
		watching,
		fields: fieldsKey(fields),
		id,
		rev: 0,
		pass: 1,
		records: {},
	};
}

/** Where unsaved progress on top of this memory is found (processMemory.ts). */
export const revisionOf = (memory: ChangeMemory | undefined) =>
	memory ? `${memory.watching}:${memory.id}:${memory.rev}` : 'none';

export function working(memory: ChangeMemory): WorkingMemory {
	return {
		base: memory,
		pass: memory.pass,
		resume: memory.resume,
		spent: memory.spent ?? 0,
		records: new Map(Object.entries(memory.records) as Array<[string, unknown[]]>),
	};
}

/** The memory to keep once the poll is done (a new revision). */
export function stored(memory: WorkingMemory): ChangeMemory {
	const { base } = memory;
	return {
		format: MEMORY_FORMAT,
		watching: base.watching,
		fields: base.fields,
		id: base.id,
		rev: base.rev + 1,
		pass: memory.pass,
		...(memory.resume !== undefined && { resume: memory.resume }),
		...(memory.spent > 0 && { spent: memory.spent }),
		// fromEntries defines each id as an own key: `__proto__` is an id like any other.
		records: Object.fromEntries(memory.records) as IDataObject,
	};
}

/** A record's watched values, in the memory's order; an absent one is kept as null. */
export const valuesOf = (fields: readonly string[], record: IDataObject): unknown[] =>
	fields.map((field) => record[field] ?? null);

/** What the memory last saw of a record, as a record of its watched fields. */
export function lastSeen(fields: readonly string[], entry: unknown[]): IDataObject {
	const record: IDataObject = {};
	fields.forEach((field, index) => {
		Object.defineProperty(record, field, {
			value: entry[index + 1],
			enumerable: true,
			writable: true,
			configurable: true,
		});
	});
	return record;
}

/** A pass read to the list's end: records it did not meet are forgotten; the next pass begins. */
export function endPass(memory: WorkingMemory): number {
	let forgotten = 0;
	for (const [id, entry] of memory.records) {
		if (entry[0] !== memory.pass) {
			memory.records.delete(id);
			forgotten++;
		}
	}
	memory.pass += 1;
	memory.resume = undefined;
	memory.spent = 0;
	return forgotten;
}

/** The memory's size as static data holds it: the characters of its JSON. */
export const memoryBytes = (memory: ChangeMemory) => JSON.stringify(memory).length;
