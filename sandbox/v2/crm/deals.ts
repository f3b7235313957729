/** §11.3 deals: the v1 deals, in a pipeline and one of its stages. */
import { ApiError } from '../../errors';
import { DEAL_STATUSES, PRIORITIES } from '../../resources';
import type { Workspace } from '../../store';
import type { Json, JsonObject } from '../../types';
import { definitionsOf, refsTo, refTo, withCustomFields } from '../body';
import { findPipeline, findStage, firstActiveStage } from '../pipelines';
import {
	bool,
	client,
	currency,
	dateTime,
	enumOf,
	number,
	required,
	tags,
	user,
	users,
} from './bodyFields';
import { renderCompany } from './companies';
import { lineItems } from './lineItems';
import { clientName, clientOf, nameOf } from './lookups';
import type { CrmResource } from './resource';
import { stored } from './resource';

function renderDeal(record: JsonObject, space: Workspace): JsonObject {
	const pipeline = findPipeline(space, record.pipelineId);
	const stage = findStage(pipeline, record.stageId);
	const linked = clientOf(space, record.clientId);
	const contacts = ((record.contacts ?? []) as string[])
		.map((id) => space.get('contacts', id))
		.filter(Boolean) as JsonObject[];
	return withCustomFields(
		{
			id: record.id,
			number: record.number ?? null,
			title: record.title,
			contactEmails: contacts
				.map((contact) => contact.email)
				.filter((email) => typeof email === 'string'),
			clientId: record.clientId ?? null,
			client: linked
				? linked.type === 'company'
					? renderCompany(linked, space)
					: { ...linked }
				: null,
			price: record.price ?? null,
			expectedCloseDate: record.expectedCloseDate ?? null,
			status: record.status ?? 'ACTIVE',
			priority: record.priority ?? null,
			pipelineId: pipeline?.id ?? record.pipelineId ?? null,
			stageId: stage?.id ?? record.stageId ?? null,
			stage: stage?.name ?? null,
			leadId: record.leadId ?? null,
			leadName: nameOf(space, 'leads', record.leadId),
			crmSourceId: record.sourceId ?? null,
			source: nameOf(space, 'leadSources', record.sourceId) ?? record.source ?? null,
			ownerUserId: record.ownerUserId ?? null,
			ownerId: record.ownerUserId ?? null,
			ownerName: nameOf(space, 'users', record.ownerUserId),
			currency: record.currency ?? 'USD',
			isInclusiveTax: record.isInclusiveTax ?? false,
			assignees: record.assignees ?? [],
			contacts: record.contacts ?? [],
			tags: record.tags ?? [],
			...lineItemsAnswered(space, record),
			createdAt: record.createdAt,
			updatedAt: record.updatedAt ?? record.createdAt,
		},
		record,
		definitionsOf(space, 'deals', pipeline?.id),
	);
}

/**
 * §11.3 lists no line-item field in the deal response: none by default, the stored
 * `products` under the key the `dealLineItems` switch names (behaviours.ts).
 */
function lineItemsAnswered(space: Workspace, record: JsonObject): JsonObject {
	const key = space.behaviours.dealLineItems;
	return key ? { [key]: record.products ?? [] } : {};
}

/** §11.3, §11.7: the stage a deal lands in, and the status a WON/LOST stage gives it. */
function settleStage(
	next: JsonObject,
	previous: JsonObject | undefined,
	sent: JsonObject,
	space: Workspace,
): void {
	const pipeline = findPipeline(space, next.pipelineId);
	if (!pipeline) return;
	// §11.3: no stage → the pipeline's first ACTIVE stage (also when the pipeline changes).
	if (
		next.stageId === null ||
		next.stageId === undefined ||
		(sent.pipelineId !== undefined &&
			sent.stageId === undefined &&
			previous?.pipelineId !== next.pipelineId)
	)
		next.stageId = (firstActiveStage(pipeline)?.id ?? null) as Json;
	const stage = findStage(pipeline, next.stageId);
	if (!stage)
		throw ApiError.field(
			'stageId',
			`'${String(next.stageId)}' is not a stage of pipeline '${String(pipeline.id)}'`,
		);
	// §11.7: moving a deal into a WON/LOST stage updates its status (a status sent wins).
	if (
		sent.stageId !== undefined &&
		sent.status === undefined &&
		stage.id !== findStage(pipeline, previous?.stageId)?.id
	)
		next.status = String(stage.type);
	if (next.position === undefined) next.position = space.all('deals').length;
}

export const DEALS: CrmResource = {
	path: 'deals',
	kind: 'deals',
	prefix: 'dl_',
	label: 'deal',
	numberPrefix: 'D-',
	defaults: {
		status: 'ACTIVE',
		priority: null,
		currency: 'USD',
		assignees: [],
		contacts: [],
		tags: [],
		products: [],
	},
	body: {
		fields: {
			title: required,
			clientId: client,
			pipelineId: refTo('pipeline', 'pipelines'),
			stageId: { kind: 'anyId' },
			leadId: refTo('lead', 'leads'),
			sourceId: refTo('CRM source', 'leadSources'),
			ownerUserId: user,
			price: number,
			expectedCloseDate: dateTime,
			priority: enumOf(PRIORITIES),
			status: enumOf(DEAL_STATUSES),
			currency,
			isInclusiveTax: bool,
			assignees: users,
			contacts: refsTo('contact', 'contacts'),
			tags,
			products: lineItems('products', false),
		},
		required: ['title', 'clientId', 'pipelineId'],
	},
	get: true,
	definitions: (space, record) => definitionsOf(space, 'deals', record.pipelineId),
	list: {
		search: (record, space) => [record.title, record.number, clientName(space, record.clientId)],
		orderBy: {
			createdAt: stored('createdAt'),
			position: stored('position'),
			expectedCloseDate: stored('expectedCloseDate'),
			price: stored('price'),
		},
		filters: {
			pipelineId: stored('pipelineId'),
			stageId: stored('stageId'),
			status: stored('status'),
			priority: stored('priority'),
			clientId: stored('clientId'),
			leadId: stored('leadId'),
			ownerUserId: stored('ownerUserId'),
			sourceId: stored('sourceId'),
			crmSourceId: stored('sourceId'),
			assignees: stored('assignees'),
			contacts: stored('contacts'),
			tags: stored('tags'),
			currency: stored('currency'),
		},
	},
	render: renderDeal,
	settle: settleStage,
	event: 'deal',
	changeEvents: [['stageId', 'stageChanged']],
};
