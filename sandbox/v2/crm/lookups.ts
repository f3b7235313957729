/** The records and names a v2 response shows beside an ID it holds (client, stage, owner...). */
import type { Workspace } from '../../store';
import type { Json, JsonObject, RecordKind } from '../../types';

/** The record an ID field names; nothing when the field holds no string ID. */
export const recordOf = (
	space: Workspace,
	kind: RecordKind,
	id: Json | undefined,
): JsonObject | undefined => (typeof id === 'string' ? space.get(kind, id) : undefined);

export const nameOf = (space: Workspace, kind: RecordKind, id: Json | undefined): Json =>
	(recordOf(space, kind, id)?.name ?? null) as Json;

/** A contact's name as its first and last names make it. */
export const displayName = (record: JsonObject) =>
	[record.firstName, record.lastName].filter(Boolean).join(' ');

/** A `clientId` names a company (a v1 client) or a contact. */
export const clientOf = (space: Workspace, id: Json | undefined): JsonObject | undefined =>
	recordOf(space, 'clients', id) ?? recordOf(space, 'contacts', id);

export const clientName = (space: Workspace, id: Json | undefined): Json => {
	const found = clientOf(space, id);
	if (!found) return null;
	return (found.name ?? displayName(found)) as Json;
};
