/**
 * What the polling trigger watches: the six lists heffl-reference.md §7 says are ordered by
 * `createdAt`, newest first. Each kind is the Heffl node's resource entry (its filters and
 * §7 filter builder, so a poll is narrowed exactly as Get Many is), and the webhook event
 * name its output carries, so a workflow reads the same `event` from either trigger.
 */
import { company } from '../shared/table/resources/company';
import { contact } from '../shared/table/resources/contact';
import { deal } from '../shared/table/resources/deal';
import { lead } from '../shared/table/resources/lead';
import { quotation } from '../shared/table/resources/quotation';
import { task } from '../shared/table/resources/task';
import type { ResourceSpec } from '../shared/table/schema';

export interface WatchedKind {
	/** The option's value: the Heffl node's resource value. */
	value: string;
	/** "New Contact". */
	name: string;
	description: string;
	/** The webhook event of the same record (§12.4), or ours where Heffl has none (tasks). */
	event: string;
	resource: ResourceSpec;
}

const kind = (
	resource: ResourceSpec,
	event: string,
	description: string,
	list: Partial<ResourceSpec> = {},
): WatchedKind => ({
	value: resource.value,
	name: `New ${resource.displayName}`,
	description,
	event,
	resource: { ...resource, ...list },
});

export const WATCHED_KINDS: readonly WatchedKind[] = [
	kind(company, 'client.created', 'A company is created (the webhook event is client.created)'),
	kind(contact, 'contact.created', 'A contact is created'),
	kind(deal, 'deal.created', 'A deal is created'),
	// The Heffl node reads leads from API v1, whose list has no documented order (§10.1);
	// API v2's GET /leads is ordered by createdAt (§7). Its filters are checked in n8n.
	kind(lead, 'lead.created', 'A lead is created', { api: 'v2', path: '/leads' }),
	kind(quotation, 'quotation.created', 'A quotation is created'),
	// §12.4 has no task events: task.created is this trigger's name for it.
	kind(task, 'task.created', 'A task is created (Heffl sends no webhook for tasks)'),
];

export function watchedKind(value: unknown): WatchedKind | undefined {
	return WATCHED_KINDS.find((candidate) => candidate.value === value);
}
