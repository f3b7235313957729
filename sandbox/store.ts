/**
 * In-memory data of the two workspaces (A and B), their API keys, and cursor
 * pagination over creation order.
 */
import type { Behaviours } from './behaviours';
import { stamp } from './behaviours';
import { ApiError } from './errors';
import { newApiKey } from './random';
import type { JsonObject, RecordKind, WorkspaceId } from './types';
import { RECORD_KINDS } from './types';

interface Entry {
	/** Global creation sequence: the stable order lists and cursors use. */
	seq: number;
	record: JsonObject;
}

export class Workspace {
	private readonly collections = new Map<RecordKind, Map<string, Entry>>();

	/** The sandbox's switchable behaviours (behaviours.ts), shared with its store. */
	constructor(
		readonly id: WorkspaceId,
		readonly behaviours: Behaviours = {},
	) {
		for (const kind of RECORD_KINDS) this.collections.set(kind, new Map());
	}

	collection(kind: RecordKind): Map<string, Entry> {
		const collection = this.collections.get(kind);
		if (!collection) throw new Error(`Unknown record kind '${kind}'`);
		return collection;
	}

	get(kind: RecordKind, id: string | number): JsonObject | undefined {
		return this.collection(kind).get(String(id))?.record;
	}

	has(kind: RecordKind, id: string | number): boolean {
		return this.collection(kind).has(String(id));
	}

	/** Live records in creation order (do not modify). */
	all(kind: RecordKind): JsonObject[] {
		return Array.from(this.collection(kind).values(), (entry) => entry.record);
	}
}

export interface Page {
	items: JsonObject[];
	nextCursor: string | null;
	hasMore: boolean;
}

type KeyState = { workspace: WorkspaceId; revoked: boolean };

export class Store {
	private seq = 0;
	private readonly keys = new Map<string, KeyState>();
	/** Switched in place (setBehaviours), so every workspace sees the change. */
	readonly behaviours: Behaviours = {};
	readonly workspaces: Record<WorkspaceId, Workspace> = {
		A: new Workspace('A', this.behaviours),
		B: new Workspace('B', this.behaviours),
	};

	/** Replaces the switched behaviours (behaviours.ts). */
	setBehaviours(behaviours: Behaviours): void {
		for (const name of Object.keys(this.behaviours))
			delete this.behaviours[name as keyof Behaviours];
		Object.assign(this.behaviours, behaviours);
	}

	/** A record's timestamp now (or at `ms`), as this sandbox writes timestamps. */
	now(ms?: number): string {
		return stamp(this.behaviours, ms);
	}

	workspace(id: WorkspaceId): Workspace {
		const workspace = this.workspaces[id];
		if (!workspace) throw new Error(`Unknown workspace '${String(id)}' (use 'A' or 'B')`);
		return workspace;
	}

	other(id: WorkspaceId): Workspace {
		return this.workspaces[id === 'A' ? 'B' : 'A'];
	}

	insert(workspace: WorkspaceId, kind: RecordKind, record: JsonObject): JsonObject {
		const id = String(record.id);
		this.workspace(workspace).collection(kind).set(id, { seq: ++this.seq, record });
		return record;
	}

	/** Replaces a record in place: it keeps its position in lists. */
	replace(workspace: WorkspaceId, kind: RecordKind, record: JsonObject): JsonObject {
		const entry = this.workspace(workspace).collection(kind).get(String(record.id));
		if (!entry) throw new Error(`No ${kind} '${String(record.id)}' to replace`);
		entry.record = record;
		return record;
	}

	remove(workspace: WorkspaceId, kind: RecordKind, id: string): JsonObject | undefined {
		const collection = this.workspace(workspace).collection(kind);
		const entry = collection.get(id);
		collection.delete(id);
		return entry?.record;
	}

	/**
	 * The record `id` of `kind` as seen from `workspace`: 403 when it belongs to the
	 * other workspace, 404 when it exists nowhere.
	 */
	require(workspace: WorkspaceId, kind: RecordKind, id: string, label: string): JsonObject {
		const record = this.workspace(workspace).get(kind, id);
		if (record) return record;
		if (this.other(workspace).has(kind, id)) {
			throw new ApiError(
				'FORBIDDEN',
				`This API key has no access to ${label} '${id}': it belongs to another workspace`,
			);
		}
		throw ApiError.notFound(`No ${label} with ID '${id}'`);
	}

	/** One page of the records of `kind` that `match`, after `cursor`, in creation order. */
	page(
		workspace: WorkspaceId,
		kind: RecordKind,
		match: (record: JsonObject) => boolean,
		size: number,
		cursor: string | undefined,
	): Page {
		const after = cursor === undefined ? 0 : decodeCursor(kind, cursor);
		const items: JsonObject[] = [];
		let last = 0;
		let hasMore = false;
		for (const entry of this.workspace(workspace).collection(kind).values()) {
			if (entry.seq <= after || !match(entry.record)) continue;
			if (items.length === size) {
				hasMore = true;
				break;
			}
			items.push(entry.record);
			last = entry.seq;
		}
		return { items, hasMore, nextCursor: hasMore ? encodeCursor(kind, last) : null };
	}

	// API keys

	addKey(workspace: WorkspaceId, key = newApiKey()): string {
		this.workspace(workspace);
		this.keys.set(key, { workspace, revoked: false });
		return key;
	}

	revokeKey(key: string): void {
		const state = this.keys.get(key);
		if (state) state.revoked = true;
	}

	/** The workspace of an active key. */
	keyWorkspace(key: string): WorkspaceId | undefined {
		const state = this.keys.get(key);
		return state && !state.revoked ? state.workspace : undefined;
	}

	knownKeys(): string[] {
		return [...this.keys.keys()];
	}
}

// Cursors are opaque to clients: base64url of `<list>:<sequence of the last record seen>`.

function encodeCursor(kind: RecordKind, seq: number): string {
	return Buffer.from(`${kind}:${seq}`).toString('base64url');
}

/** The sequence a cursor points after; throws the 400 that names `cursor`. */
function decodeCursor(kind: RecordKind, cursor: string): number {
	const decoded = /^[A-Za-z0-9_-]+$/.test(cursor)
		? Buffer.from(cursor, 'base64url').toString()
		: '';
	const match = /^([A-Za-z]+):([1-9]\d{0,14})$/.exec(decoded);
	if (!match)
		throw ApiError.field(
			'cursor',
			'is not a valid cursor; pass nextCursor of the previous page unchanged',
		);
	if (match[1] !== kind) throw ApiError.field('cursor', 'belongs to another list');
	return Number(match[2]);
}
