/**
 * v2 pipelines and their stages (heffl-reference.md §11.7, §8.1; §17.3 for v1's numbers): the
 * lookups the deals use, the rendering, and the routes `GET|POST /pipelines`,
 * `GET|PATCH /pipelines/{id}`, `POST /pipelines/{id}/stages` and `PATCH /pipeline-stages/{id}`.
 */
import { ApiError } from '../errors';
import { newId } from '../random';
import type { Workspace } from '../store';
import type { Json, JsonObject } from '../types';
import { readBody } from './body';
import type { BodySchema } from './body';
import { v2List } from './list';
import type { RefContext } from './refContext';

export const STAGE_TYPES = ['ACTIVE', 'WON', 'LOST'] as const;

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

// --- bodies ---

const percent = (value: unknown) =>
	typeof value === 'number' && value >= 0 && value <= 100
		? { value }
		: { problem: 'must be a number from 0 to 100' };
const nonNegative = (value: unknown) =>
	typeof value === 'number' && value >= 0 ? { value } : { problem: 'must be a number ≥ 0' };

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

// --- routes ---

/** `/pipelines…`: list, get, create (with its stages), rename, add a stage. */
export function pipelinesRoute(call: RefContext): JsonObject | undefined {
	const { method, segments, query, body, space, store, workspace } = call;
	const [, second, third] = segments;
	const now = () => store.now();
	if (method === 'GET' && !second)
		return v2List(space, { kind: 'pipelines', render: renderPipeline }, query);
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
	return undefined;
}

/** `PATCH /pipeline-stages/{id}`: the stage found in whichever pipeline holds it. */
export function pipelineStageRoute(call: RefContext): JsonObject | undefined {
	const { method, segments, body, space, store, workspace } = call;
	const [, second, third] = segments;
	if (!second || third || method !== 'PATCH') return undefined;
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
	store.replace(workspace, 'pipelines', { ...pipeline, stages, updatedAt: store.now() });
	return renderStage(updated);
}
