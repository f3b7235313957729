/**
 * v2 reference data (heffl-reference.md §8.1, §11.6–§11.12, §13): the leads list, pipelines
 * and their stages, lead stages, tags, products, users, client stages, CRM sources and
 * custom-field definitions. The records are the ones v1 reads (one workspace, two
 * views); v2 renders them with their prefixed IDs.
 * `GET /custom-fields` answers the §6.2 envelope of definitions `{id, entity, key, label,
 * dataType, required, values, pipelineId}` — a guess, §11.12 shows no shape (docs/assumptions.md).
 */
import { ApiError } from '../errors';
import type { Store, Workspace } from '../store';
import type { Json, JsonObject } from '../types';
import { TAG_TYPES_V2 } from './constants';
import { readBody } from './body';
import type { BodySchema } from './body';
import { v2List } from './list';
import type { ListSpec } from './list';
import { newId } from '../random';

export const STAGE_TYPES = ['ACTIVE', 'WON', 'LOST'] as const;
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
export const PRODUCT_TYPES = ['PRODUCT', 'SERVICE'] as const;
export const CUSTOM_FIELD_ENTITIES = ['contacts', 'companies', 'deals', 'tasks'] as const;

const percent = (value: unknown) =>
	typeof value === 'number' && value >= 0 && value <= 100
		? { value }
		: { problem: 'must be a number from 0 to 100' };
const nonNegative = (value: unknown) =>
	typeof value === 'number' && value >= 0 ? { value } : { problem: 'must be a number ≥ 0' };

// --- lookups shared with the CRM resources ---

/** A pipeline by its `dpl_` ID, or by the number v1 deals may use (§17.3). */
export function findPipeline(space: Workspace, id: Json | undefined): JsonObject | undefined {
	return space
		.all('pipelines')
		.find(
			(pipeline) => pipeline.id === id || (typeof id === 'number' && pipeline.numericId === id),
		);
}

export function findStage(
	pipeline: JsonObject | undefined,
	id: Json | undefined,
): JsonObject | undefined {
	return ((pipeline?.stages ?? []) as JsonObject[]).find(
		(stage) => stage.id === id || (typeof id === 'number' && stage.numericId === id),
	);
}

/** The pipeline's first ACTIVE stage by position: a v2 deal's stage when none is given (§11.3). */
export function firstActiveStage(pipeline: JsonObject): JsonObject | undefined {
	return [...((pipeline.stages ?? []) as JsonObject[])]
		.filter((stage) => stage.type === 'ACTIVE')
		.sort((a, b) => Number(a.position) - Number(b.position))[0];
}

/** v2 tag IDs are `tag_` + the v1 numeric ID (v1 keeps numeric tag IDs: one tag, two views). */
export const tagId = (tag: JsonObject) =>
	typeof tag.id === 'number' ? `tag_${tag.id}` : String(tag.id);
export const hasTag = (space: Workspace, id: string) =>
	space.all('tags').some((tag) => tagId(tag) === id);

// --- renderings ---

const renderStage = (stage: JsonObject): JsonObject => ({
	id: stage.id,
	name: stage.name,
	position: stage.position,
	probability: stage.probability ?? 0,
	rottingInDays: stage.rottingInDays ?? 0,
	type: stage.type ?? 'ACTIVE',
});
export const renderPipeline = (pipeline: JsonObject): JsonObject => ({
	id: pipeline.id,
	name: pipeline.name,
	icon: pipeline.icon ?? 'chart-funnel',
	isActive: pipeline.isActive ?? true,
	stages: [...((pipeline.stages ?? []) as JsonObject[])]
		.sort((a, b) => Number(a.position) - Number(b.position))
		.map(renderStage),
	createdAt: pipeline.createdAt ?? null,
	updatedAt: pipeline.updatedAt ?? pipeline.createdAt ?? null,
});
const renderTag = (tag: JsonObject): JsonObject => ({
	id: tagId(tag),
	name: tag.name,
	color: tag.color,
	type: tag.type,
	icon: tag.icon ?? null,
});
/** §11.10's response: no `buyPrice`, no `cf_*`. */
export const renderProduct = (product: JsonObject): JsonObject => ({
	id: product.id,
	name: product.name,
	price: product.price ?? 0,
	type: product.type ?? 'PRODUCT',
	isActive: product.isActive ?? true,
	description: product.description ?? null,
	sku: product.sku ?? null,
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

// --- bodies ---

const STAGE_BODY: BodySchema = {
	fields: {
		name: { kind: 'text' },
		position: { kind: 'number' },
		probability: percent,
		rottingInDays: nonNegative,
		type: { kind: 'enum', values: STAGE_TYPES },
	},
	required: ['name', 'position'],
};
/** Stages inside POST /pipelines: required marks not visible; `position` defaults to the stage's index. */
const PIPELINE_STAGE_BODY: BodySchema = { ...STAGE_BODY, required: ['name'] };
const PIPELINE_BODY: BodySchema = {
	fields: {
		name: { kind: 'text' },
		stages: () => ({ value: [] }),
		icon: { kind: 'string' },
		isActive: { kind: 'boolean' },
	},
	required: ['name', 'stages'],
};
const PRODUCT_BODY: BodySchema = {
	fields: {
		name: { kind: 'text' },
		type: { kind: 'enum', values: PRODUCT_TYPES },
		price: { kind: 'number' },
		description: { kind: 'string' },
		sku: { kind: 'string' },
		buyPrice: { kind: 'number' },
		isActive: { kind: 'boolean' },
	},
	// POST /products has no page (§11.10): name is the one field a product cannot do without.
	required: ['name'],
};

/** Pipeline stages of a POST /pipelines body: each checked like POST /pipelines/{id}/stages. */
function readStages(body: JsonObject, space: Workspace): JsonObject[] {
	const stages = body.stages;
	if (!Array.isArray(stages) || stages.length === 0)
		throw ApiError.field(
			'stages',
			'must be an array with at least one ACTIVE, one WON and one LOST stage',
		);
	const read = stages.map((stage, index) => {
		try {
			return newStage(
				readBody(PIPELINE_STAGE_BODY, (stage ?? {}) as JsonObject, 'create', space, []),
				index,
			);
		} catch (error) {
			const issues = (error as ApiError).issues ?? [];
			throw ApiError.invalid(
				issues.map((issue) => ({ ...issue, field: `stages.${index}.${issue.field ?? ''}` })),
			);
		}
	});
	const missing = STAGE_TYPES.filter((type) => !read.some((stage) => stage.type === type));
	if (missing.length)
		throw ApiError.field(
			'stages',
			`must contain at least one ACTIVE, one WON and one LOST stage (missing ${missing.join(', ')})`,
		);
	return read;
}

let stageNumber = 100_000;
function newStage(values: JsonObject, position: number): JsonObject {
	return {
		id: newId('dps_'),
		numericId: stageNumber++,
		position,
		probability: 0,
		rottingInDays: 0,
		type: 'ACTIVE',
		...values,
	};
}

export interface RefContext {
	store: Store;
	space: Workspace;
	workspace: 'A' | 'B';
	method: string;
	segments: string[];
	query: URLSearchParams;
	body: JsonObject;
}

const simpleList = (
	kind: ListSpec['kind'],
	render: ListSpec['render'],
	where?: ListSpec['where'],
): ListSpec => ({
	kind,
	render,
	where,
});

/** Answers a reference-data route, or `undefined` when the path is not one. */
export function referenceRoute(call: RefContext): JsonObject | undefined {
	const { method, segments, query, body, space, store, workspace } = call;
	const [first, second, third] = segments;
	const now = () => store.now();
	if (first === 'pipelines') {
		if (method === 'GET' && !second)
			return v2List(space, simpleList('pipelines', renderPipeline), query);
		if (method === 'GET' && second && !third)
			return renderPipeline(store.require(workspace, 'pipelines', second, 'pipeline'));
		if (method === 'POST' && !second) {
			const values = readBody(PIPELINE_BODY, body, 'create', space, []);
			const stages = readStages(body, space);
			const pipeline: JsonObject = {
				id: newId('dpl_'),
				numericId: space.all('pipelines').length + 5000,
				icon: 'chart-funnel',
				isActive: true,
				...values,
				stages,
				createdAt: now(),
				updatedAt: now(),
			};
			store.insert(workspace, 'pipelines', pipeline);
			return renderPipeline(pipeline);
		}
		if (method === 'PATCH' && second && !third) {
			const current = store.require(workspace, 'pipelines', second, 'pipeline');
			const values = readBody(
				{
					...PIPELINE_BODY,
					fields: {
						name: PIPELINE_BODY.fields.name,
						icon: PIPELINE_BODY.fields.icon,
						isActive: PIPELINE_BODY.fields.isActive,
					},
				},
				body,
				'update',
				space,
				[],
			);
			return renderPipeline(
				store.replace(workspace, 'pipelines', { ...current, ...values, updatedAt: now() }),
			);
		}
		if (method === 'POST' && second && third === 'stages' && segments.length === 3) {
			const current = store.require(workspace, 'pipelines', second, 'pipeline');
			const stage = newStage(readBody(STAGE_BODY, body, 'create', space, []), 0);
			store.replace(workspace, 'pipelines', {
				...current,
				stages: [...((current.stages ?? []) as JsonObject[]), stage],
				updatedAt: now(),
			});
			return renderStage(stage);
		}
	}
	if (first === 'pipeline-stages' && second && !third && method === 'PATCH') {
		const pipeline = space.all('pipelines').find((candidate) => findStage(candidate, second));
		if (!pipeline) {
			const elsewhere = store
				.other(workspace)
				.all('pipelines')
				.some((candidate) => findStage(candidate, second));
			if (elsewhere)
				throw new ApiError(
					'FORBIDDEN',
					`This API key has no access to pipeline stage '${second}': it belongs to another workspace`,
				);
			throw ApiError.notFound(`No pipeline stage with ID '${second}'`);
		}
		const values = readBody(
			{ ...STAGE_BODY, required: ['name', 'position'] },
			body,
			'update',
			space,
			[],
		);
		let updated: JsonObject = {};
		const stages = (pipeline.stages as JsonObject[]).map((stage) =>
			stage.id === second ? (updated = { ...stage, ...values }) : stage,
		);
		store.replace(workspace, 'pipelines', { ...pipeline, stages, updatedAt: now() });
		return renderStage(updated);
	}
	if (first === 'lead-stages' && !second && method === 'POST') {
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
	}
	if (first === 'tags' && !second) {
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
		if (method === 'POST') {
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
				Math.max(0, ...space.all('tags').map((tag) => (typeof tag.id === 'number' ? tag.id : 0))) +
				1;
			const tag: JsonObject = { id: numeric, icon: null, ...values };
			store.insert(workspace, 'tags', tag);
			return renderTag(tag);
		}
	}
	if (first === 'products') {
		if (method === 'GET' && !second) {
			return v2List(
				space,
				{
					...simpleList('products', renderProduct),
					search: (product) => [product.name, product.sku, product.description],
				},
				query,
			);
		}
		if (method === 'GET' && second && !third)
			return renderProduct(store.require(workspace, 'products', second, 'product'));
		if (method === 'POST' && !second) {
			const values = readBody(PRODUCT_BODY, stripCustom(body), 'create', space, []);
			const product: JsonObject = {
				id: newId('prd_'),
				type: 'PRODUCT',
				price: 0,
				description: null,
				sku: null,
				buyPrice: null,
				isActive: true,
				...values,
				...onlyCustom(body),
				createdAt: now(),
				updatedAt: now(),
			};
			store.insert(workspace, 'products', product);
			return renderProduct(product);
		}
		if (method === 'PATCH' && second && !third) {
			const current = store.require(workspace, 'products', second, 'product');
			const values = readBody(PRODUCT_BODY, stripCustom(body), 'update', space, []);
			return renderProduct(
				store.replace(workspace, 'products', {
					...current,
					...values,
					...onlyCustom(body),
					updatedAt: now(),
				}),
			);
		}
	}
	if (method !== 'GET' || third) return undefined;
	if (first === 'users' && !second) {
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
	}
	if (first === 'leads' && !second) {
		// §11.6: only the list is named (it shares the §7 list model); no v2 lead shape is
		// documented, so rows are the leads as stored (docs/assumptions.md).
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
	}
	if (first === 'client-stages' && !second)
		return v2List(space, simpleList('clientStages', renderNamed), query);
	if (first === 'sources' && !second)
		return v2List(space, simpleList('leadSources', renderNamed), query);
	if (first === 'custom-fields' && !second) {
		// §11.12 lists `entity` and `pipelineId`; a cursor is taken only as this list issues it.
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
	}
	return undefined;
}

/** §11.10: products take `cf_*` keys (kept, not returned); they have no definitions to check against. */
function stripCustom(body: JsonObject): JsonObject {
	return Object.fromEntries(Object.entries(body).filter(([key]) => !key.startsWith('cf_')));
}
function onlyCustom(body: JsonObject): JsonObject {
	return Object.fromEntries(Object.entries(body).filter(([key]) => /^cf_[a-z0-9_]+$/.test(key)));
}
