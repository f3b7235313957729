/**
 * A resource's whole list, read once per execution, indexed by each match key asked (an
 * index is built at its first use); records the execution writes replace their earlier
 * selves, so a later item finds them by any key, as they now are.
 */
import type { IDataObject } from 'n8n-workflow';

import type { MatchKey } from '../table/matchKeys';

export class KeyedList {
	private readonly byId = new Map<string, IDataObject>();
	private readonly records: IDataObject[];
	/** Key name → key → the records with it, in list order. */
	private readonly indexes = new Map<
		string,
		{ key: MatchKey; index: Map<string, IDataObject[]> }
	>();

	constructor(records: IDataObject[]) {
		this.records = records;
		for (const record of records)
			if (record.id !== undefined) this.byId.set(String(record.id), record);
	}

	find(key: MatchKey, wanted: string): IDataObject[] {
		return this.indexOf(key).get(wanted) ?? [];
	}

	/** A record the execution created or updated: indexed as it now is, in place of its old self. */
	written(record: IDataObject): void {
		const id = record.id === undefined ? undefined : String(record.id);
		const old = id === undefined ? undefined : this.byId.get(id);
		const now = { ...old, ...record };
		if (id !== undefined) this.byId.set(id, now);
		if (!old) this.records.push(now);
		for (const { key, index } of this.indexes.values()) {
			if (old) remove(index, key.keyOf(old[key.recordKey]), old);
			add(index, key.keyOf(now[key.recordKey]), now);
		}
	}

	private indexOf(key: MatchKey): Map<string, IDataObject[]> {
		const built = this.indexes.get(key.name);
		if (built) return built.index;
		const index = new Map<string, IDataObject[]>();
		for (const record of this.byId.size ? this.current() : this.records)
			add(index, key.keyOf(record[key.recordKey]), record);
		this.indexes.set(key.name, { key, index });
		return index;
	}

	/** The records in list order, each as last written. */
	private current(): IDataObject[] {
		return this.records.map((record) =>
			record.id === undefined ? record : (this.byId.get(String(record.id)) ?? record),
		);
	}
}

function add(index: Map<string, IDataObject[]>, value: string | undefined, record: IDataObject) {
	if (value !== undefined) index.set(value, [...(index.get(value) ?? []), record]);
}

function remove(index: Map<string, IDataObject[]>, value: string | undefined, record: IDataObject) {
	if (value === undefined) return;
	const left = (index.get(value) ?? []).filter((candidate) => candidate.id !== record.id);
	if (left.length) index.set(value, left);
	else index.delete(value);
}
