/**
 * The record each webhook event carries (§12.4: "lead record", "deal record", "client
 * record"...), as the resource table's entry whose filters a trigger can judge it with.
 * Invoices (§10.5 documents only Create: no list, no fields to filter on) and form
 * responses have none: their events take no filters.
 */
import { client } from './resources/client';
import { contact } from './resources/contact';
import { deal } from './resources/deal';
import { lead } from './resources/lead';
import { quotation } from './resources/quotation';
import type { ResourceSpec } from './schema';
import { EVENT_NAMES } from './events';

/** Event prefix (`deal` of `deal.stageChanged`) → the record's entry. */
const RECORD_OF_PREFIX: Readonly<Record<string, ResourceSpec>> = {
	lead,
	deal,
	client,
	contact,
	quotation,
};

/** The kinds of record a trigger may filter, in the order the editor shows them. */
export const FILTERABLE_RECORDS: readonly ResourceSpec[] = [client, contact, deal, lead, quotation];

/** The entry of the record `event` carries, or undefined when its events take no filters. */
export function recordOfEvent(event: string): ResourceSpec | undefined {
	return RECORD_OF_PREFIX[event.split('.')[0]];
}

/** The catalogue's events that carry `resource`'s records. */
export function eventsOfRecord(resource: ResourceSpec): string[] {
	return EVENT_NAMES.filter((event) => recordOfEvent(event) === resource);
}

/** Whether `event` reports a move of the record's stage or status (`changed to` for filters). */
export const isChangeEvent = (event: string) => /\.(stageChanged|statusChanged|paid)$/.test(event);

/** A `*.deleted` event: the record as it was, which can no longer be read. */
export const isDeletion = (event: string) => event.endsWith('.deleted');
