/**
 * What contacts (§11.1) and companies (§11.2) share: both are clients of the workspace, with
 * the same response fields and the same guard on delete.
 */
import type { Workspace } from '../../store';
import type { Json, JsonObject } from '../../types';
import type { Check } from '../body';
import { refTo } from '../body';
import { address, text, user } from './bodyFields';
import { nameOf } from './lookups';
import { stored } from './resource';

/** The body fields both take: stage, owner, source and billing address. */
export const CLIENT_BODY_FIELDS: Record<string, Check> = {
	stageId: refTo('client stage', 'clientStages'),
	leadStageId: refTo('lead stage', 'leadStages'),
	ownerUserId: user,
	vendorId: text,
	sourceId: refTo('CRM source', 'leadSources'),
	billingAddress: address,
};

/** The list filters both take (`crmSourceId` is the response's name for `sourceId`). */
export const CLIENT_FILTERS = {
	stageId: stored('stageId'),
	leadStageId: stored('leadStageId'),
	ownerUserId: stored('ownerUserId'),
	sourceId: stored('sourceId'),
	crmSourceId: stored('sourceId'),
};

/** The response fields §11.1 (contacts) and §11.2 (companies) have in common. */
export function clientFields(record: JsonObject, space: Workspace): JsonObject {
	return {
		id: record.id,
		number: record.number,
		email: record.email ?? null,
		phone: record.phone ?? null,
		taxNumber: record.taxNumber ?? null,
		website: record.website ?? null,
		description: record.description ?? null,
		openingBalance: record.openingBalance ?? 0,
		showJobAmountToWorker: record.showJobAmountToWorker ?? false,
		isClientPortalEnabled: record.isClientPortalEnabled ?? false,
		stageId: record.stageId ?? null,
		stageName: nameOf(space, 'clientStages', record.stageId),
		leadStageId: record.leadStageId ?? null,
		ownerUserId: record.ownerUserId ?? null,
		vendorId: record.vendorId ?? null,
		crmSourceId: record.sourceId ?? null,
		sourceName: nameOf(space, 'leadSources', record.sourceId),
		currency: record.currency ?? null,
		internalNotes: record.internalNotes ?? null,
		linkedin: record.linkedin ?? null,
		billingAddress: record.billingAddress ?? null,
		createdAt: record.createdAt,
		updatedAt: record.updatedAt ?? record.createdAt,
	};
}

/**
 * §4.2, §11.1: a client with linked deals, invoices or quotations cannot be deleted; the 400's
 * message names the blocking records by kind and ID.
 */
export function linkedRecords(record: JsonObject, space: Workspace): string | undefined {
	const id = record.id;
	const links = (other: JsonObject) =>
		other.clientId === id ||
		other.contactId === id ||
		(Array.isArray(other.contacts) && other.contacts.includes(id as Json));
	const linked = (['deals', 'invoices', 'quotations'] as const)
		.map((kind) => [kind, space.all(kind).filter(links)] as const)
		.filter(([, records]) => records.length > 0);
	return linked.length
		? `Cannot delete ${String(id)}: it has linked ${linked
				.map(
					([kind, records]) => `${kind} (${records.map((other) => String(other.id)).join(', ')})`,
				)
				.join(', ')}; delete or reassign them first`
		: undefined;
}
