/**
 * v2 reference data (heffl-reference.md §8.1, §11.6–§11.12, §13): the leads list, pipelines
 * and their stages (pipelines.ts), lead stages, tags, products (products.ts), users, client
 * stages, CRM sources and custom-field definitions. The records are the ones v1 reads (one
 * workspace, two views); v2 renders them with their prefixed IDs. `referenceRoute` finds the
 * route by the path's first segment.
 * `GET /custom-fields` answers the §6.2 envelope of definitions `{id, entity, key, label,
 * dataType, required, values, pipelineId}` — a guess, §11.12 shows no shape (docs/assumptions.md).
 */
import { ApiError } from '../errors';
import { newId } from '../random';
import type { Workspace } from '../store';
import type { JsonObject } from '../types';
import { readBody } from './body';
import { TAG_TYPES_V2 } from './constants';
import { v2List } from './list';
import type { ListSpec } from './list';
import { findPipeline, pipelinesRoute, pipelineStageRoute } from './pipelines';
import { productsRoute } from './products';
import type { RefContext } from './refContext';

/**
 * §11.8's enum, and WORKING, a built-in type Heffl's help page on leads shows
 * (docs.heffl.com/crm/leads) and the enum lacks: the two sources disagree, the sandbox takes both.
 */
export const LEAD_STAGE_TYPES = [
	'NEW',
	'CONTACTED',
	'WORKING',
	'UNQUALIFIED',
	'CONVERTED',
	'JUNK',
] as const;
export const CUSTOM_FIELD_ENTITIES = ['contacts', 'companies', 'deals', 'tasks'] as const;

/** v2 tag IDs are `tag_` + the v1 numeric ID (v1 keeps numeric tag IDs: one tag, two views). */
export const tagId = (tag: JsonObject) =>
	typeof tag.id === 'number' ? `tag_${tag.id}` : String(tag.id);
export const hasTag = (space: Workspace, id: string) =>
	space.all('tags').some((tag) => tagId(tag) === id);

// --- renderings ---

const renderTag = (tag: JsonObject): JsonObject => ({
	id: tagId(tag),
	name: tag.name,
	color: tag.color,
	type: tag.type,
	icon: tag.icon ?? null,
});
const renderLeadStage = (stage: JsonObject): JsonObject => ({
	id: stage.id,
	label: stage.label ?? stage.name,
	type: stage.type ?? 'NEW',
	position: stage.position,
});
const renderUser = (user: JsonObject): JsonObject => ({
	id: user.id,
	name: user.name,
	email: user.email ?? null,
	isActive: user.isActive ?? true,
	createdAt: user.createdAt ?? null,
});
const renderNamed = (record: JsonObject): JsonObject => ({
	id: record.id,
	name: record.name,
	position: record.position ?? null,
});
/** The app's names of the data types (§9.1), for definitions in the app's words (behaviours.ts). */
const APP_TYPES: Record<string, string> = {
	text: 'Text',
	number: 'Number',
	date: 'Date',
	select: 'Single Option',
	multiselect: 'Multiple Option',
	checkbox: 'Checkbox',
};
const renderAppDefinition = (definition: JsonObject): JsonObject => ({
	id: definition.id,
	apiName: definition.key,
	name: definition.label,
	fieldType: APP_TYPES[String(definition.dataType)] ?? String(definition.dataType),
	isRequired: definition.required === true,
	options: ((definition.values ?? []) as string[]).map((value) => ({ value, label: value })),
});
export const renderDefinition = (definition: JsonObject): JsonObject => ({
	id: definition.id,
	entity: definition.entity,
	key: definition.key,
	label: definition.label,
	dataType: definition.dataType,
	required: definition.required === true,
	values: definition.values ?? [],
	pipelineId: definition.pipelineId ?? null,
});

// --- routes ---

type Route = (call: RefContext) => JsonObject | undefined;

const simpleList = (
	kind: ListSpec['kind'],
	render: ListSpec['render'],
	where?: ListSpec['where'],
): ListSpec => ({
	kind,
	render,
	where,
});

/** `POST /lead-stages` (§11.8): label and type required; v1 reads the same stage as `name`. */
const leadStagesRoute: Route = ({ method, segments, body, space, store, workspace }) => {
	if (segments[1] || method !== 'POST') return undefined;
	const values = readBody(
		{
			fields: { label: { kind: 'text' }, type: { kind: 'enum', values: LEAD_STAGE_TYPES } },
			required: ['label', 'type'],
		},
		body,
		'create',
		space,
		[],
	);
	const stage: JsonObject = {
		id: newId('lstg_'),
		// v1's GET /leads/stages reads `name`: the same stage, both names.
		name: values.label,
		...values,
		position: space.all('leadStages').length,
		color: '#64748b',
	};
	store.insert(workspace, 'leadStages', stage);
	return renderLeadStage(stage);
};

/** `GET /tags?type=` and `POST /tags` (§11.9): stored with the next numeric ID, as v1 keeps them. */
const tagsRoute: Route = ({ method, segments, query, body, space, store, workspace }) => {
	if (segments[1]) return undefined;
	if (method === 'GET') {
		const type = query.get('type');
		if (type !== null && !TAG_TYPES_V2.includes(type))
			throw ApiError.field('type', `must be one of ${TAG_TYPES_V2.join(', ')}`);
		return v2List(
			space,
			simpleList('tags', renderTag, (tag) => type === null || tag.type === type),
			query,
		);
	}
	if (method !== 'POST') return undefined;
	const values = readBody(
		{
			fields: {
				name: { kind: 'text' },
				type: { kind: 'enum', values: TAG_TYPES_V2 },
				color: { kind: 'text' },
				icon: { kind: 'string' },
			},
			required: ['name', 'type', 'color'],
		},
		body,
		'create',
		space,
		[],
	);
	const numeric =
		Math.max(0, ...space.all('tags').map((tag) => (typeof tag.id === 'number' ? tag.id : 0))) + 1;
	const tag: JsonObject = { id: numeric, icon: null, ...values };
	store.insert(workspace, 'tags', tag);
	return renderTag(tag);
};

const usersList: Route = ({ query, space }) => {
	const search = query.get('search')?.toLowerCase();
	return v2List(
		space,
		simpleList(
			'users',
			renderUser,
			(user) =>
				!search || `${String(user.name)} ${String(user.email)}`.toLowerCase().includes(search),
		),
		query,
	);
};

/**
 * §11.6: only the list is named (it shares the §7 list model); no v2 lead shape is documented,
 * so rows are the leads as stored (docs/assumptions.md).
 */
const leadsList: Route = ({ query, space }) => {
	const get = (key: string) => (record: JsonObject) => record[key];
	return v2List(
		space,
		{
			kind: 'leads',
			render: (record) => ({ ...record }),
			search: (record) => [record.name, record.email, record.number, record.mobile],
			orderBy: { createdAt: get('createdAt'), updatedAt: get('updatedAt'), name: get('name') },
			filters: {
				stageId: get('stageId'),
				leadStageId: get('stageId'),
				ownerUserId: get('ownerUserId'),
				archived: get('archived'),
			},
		},
		query,
	);
};

/** §11.12 lists `entity` and `pipelineId`; a cursor is taken only as this list issues it. */
const customFieldsList: Route = ({ query, space }) => {
	ApiError.onlyParameters(query, ['entity', 'pipelineId', 'cursor'], '§11.12');
	const entity = query.get('entity');
	if (!CUSTOM_FIELD_ENTITIES.includes(entity as (typeof CUSTOM_FIELD_ENTITIES)[number]))
		throw ApiError.field('entity', `is required: one of ${CUSTOM_FIELD_ENTITIES.join(', ')}`);
	const pipelineId = query.get('pipelineId');
	if (pipelineId !== null) {
		if (entity !== 'deals') throw ApiError.field('pipelineId', 'applies only to entity=deals');
		if (!findPipeline(space, pipelineId))
			throw ApiError.field('pipelineId', `no pipeline with ID '${pipelineId}' in this workspace`);
	}
	return v2List(
		space,
		simpleList(
			'customFields',
			space.behaviours.customFieldsAppShape ? renderAppDefinition : renderDefinition,
			(definition) =>
				definition.entity === entity &&
				(definition.pipelineId === null ||
					definition.pipelineId === undefined ||
					definition.pipelineId === pipelineId),
		),
		query,
	);
};

/** §11.11, §13: client stages and CRM sources, `{id, name, position}` each. */
const namedList =
	(kind: ListSpec['kind']): Route =>
	({ query, space }) =>
		v2List(space, simpleList(kind, renderNamed), query);

/** A list that is only read: `GET /{path}`, nothing below it. */
const readOnly =
	(list: Route): Route =>
	(call) =>
		call.method === 'GET' && !call.segments[1] && !call.segments[2] ? list(call) : undefined;

const ROUTES = new Map<string, Route>([
	['pipelines', pipelinesRoute],
	['pipeline-stages', pipelineStageRoute],
	['lead-stages', leadStagesRoute],
	['tags', tagsRoute],
	['products', productsRoute],
	['users', readOnly(usersList)],
	['leads', readOnly(leadsList)],
	['client-stages', readOnly(namedList('clientStages'))],
	['sources', readOnly(namedList('leadSources'))],
	['custom-fields', readOnly(customFieldsList)],
]);

/** Answers a reference-data route, or `undefined` when the path is not one. */
export function referenceRoute(call: RefContext): JsonObject | undefined {
	return ROUTES.get(call.segments[0])?.(call);
}
