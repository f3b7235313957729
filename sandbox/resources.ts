/**
 * The writable v1 resources (leads, clients, deals, tasks) as one table, written
 * from heffl-reference.md §10: documented create and update bodies, required
 * fields, update methods, enums, response shapes, and the events a write emits.
 * Where the reference is silent the table keeps a choice, marked "not documented"
 * (docs/assumptions.md lists them).
 */
import type { FieldType } from './fields';
import type { Workspace } from './store';
import type { JsonObject, RecordKind } from './types';

export interface CrudResource {
	kind: RecordKind;
	path: string;
	prefix: string;
	label: string;
	/** Prefix of the auto-generated `number` (§10.1: "auto-generated lead number"). */
	numberPrefix: string;
	/** Body fields of POST. */
	create: Record<string, FieldType>;
	/** Body fields of the update. */
	update: Record<string, FieldType>;
	/** Required on create (the reference's `required` marks). */
	required: string[];
	/** Methods the update answers to (§10.1 PUT; §10.2 PATCH and PUT; §10.3 PATCH). */
	updateMethods: string[];
	defaults: JsonObject;
	/** Takes `cf_` keys (§9.2). */
	customFields: boolean;
	/**
	 * The schema allows additional properties (`{key} any` on §10.1–§10.3, §12.1):
	 * undocumented keys are kept on the record as given.
	 */
	additionalProperties: boolean;
	/** Cross-field rules (a client's type, a deal's stage), on the record about to be stored. */
	check?: (record: JsonObject, workspace: Workspace) => Array<{ field: string; message: string }>;
	/**
	 * Query filters earlier versions of this package guessed. No v1 filter is documented
	 * (§7, last line), so the sandbox ignores them unless started with
	 * `honourUndocumentedFilters`.
	 */
	guessedFilters: Record<string, (record: JsonObject, value: string) => boolean>;
	/** `lead` → lead.created, lead.updated, lead.deleted (§12.4); none for tasks. */
	event?: string;
	/** Emits `<event>.stageChanged` when the stage changes. */
	stageEvent?: boolean;
	/** Which stored key holds the stage. */
	stageKey?: string;
}

const text = { kind: 'string' } as const;
const required = { kind: 'text' } as const;
const number = { kind: 'number' } as const;
const email = { kind: 'email' } as const;
const dateTime = { kind: 'dateTime' } as const;
const ref = (collection: RecordKind, label: string): FieldType => ({
	kind: 'ref',
	collection,
	label,
});
const address = {
	kind: 'object',
	members: ['city', 'address', 'landmark', 'state', 'country', 'postalCode'],
} as const;
const contains =
	(...keys: string[]) =>
	(record: JsonObject, value: string) =>
		keys.some((key) =>
			String(record[key] ?? '')
				.toLowerCase()
				.includes(value.toLowerCase()),
		);
const equals = (key: string) => (record: JsonObject, value: string) =>
	String(record[key] ?? '') === value;

export const DEAL_STATUSES = ['ACTIVE', 'WON', 'LOST'] as const;
export const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export const TASK_STATUSES = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'] as const;
export const TASK_TYPES = ['call', 'todo', 'meeting'] as const;
export const TASK_ENTITIES = ['projects', 'leads', 'deals'] as const;

/** §10.1: PUT /leads/{id} body (POST /leads has no page; the sandbox takes the same fields). */
const LEAD_FIELDS: Record<string, FieldType> = {
	name: required,
	mobile: text,
	secondaryMobile: text,
	email,
	title: text,
	value: number,
	website: text,
};

/** §10.2: the fields of both versions of POST /clients. */
const CLIENT_FIELDS: Record<string, FieldType> = {
	type: { kind: 'enum', values: ['company', 'contact'] },
	name: text,
	firstName: text,
	lastName: text,
	salutation: text,
	phone: text,
	email,
	jobTitle: text,
	website: text,
	taxNumber: text,
	billingAddress: address,
	openingBalance: number,
	primaryContact: {
		kind: 'object',
		members: ['firstName', 'lastName', 'email', 'phone', 'salutation', 'jobTitle'],
	},
};

/** §11.5 (POST /tasks of v2): the only documented task schema; v1 tasks have none (§10.4). */
const TASK_FIELDS: Record<string, FieldType> = {
	title: required,
	description: text,
	status: { kind: 'enumAnyCase', values: TASK_STATUSES },
	type: { kind: 'enumAnyCase', values: TASK_TYPES },
	priority: { kind: 'enumAnyCase', values: PRIORITIES },
	startDate: dateTime,
	dueDate: dateTime,
	showTime: { kind: 'boolean' },
	durationMinutes: number,
	assigneeIds: { kind: 'refs', collection: 'users', label: 'user' },
	tagIds: { kind: 'ids' },
	entity: { kind: 'enumAnyCase', values: TASK_ENTITIES },
	entityId: { kind: 'anyId' },
};

export const CRUD_RESOURCES: CrudResource[] = [
	{
		kind: 'leads',
		path: 'leads',
		prefix: 'ld_',
		label: 'lead',
		numberPrefix: 'L-',
		create: LEAD_FIELDS,
		update: LEAD_FIELDS,
		// Not documented (no create page): the GET shape marks name required, so create needs it.
		required: ['name'],
		updateMethods: ['PUT'],
		defaults: { archived: false, source: null, stage: null },
		customFields: true,
		additionalProperties: true,
		guessedFilters: {
			search: contains('name', 'email', 'mobile'),
			stageId: equals('stageId'),
			sourceId: equals('sourceId'),
		},
		event: 'lead',
		stageEvent: true,
		stageKey: 'stageId',
	},
	{
		kind: 'clients',
		path: 'clients',
		prefix: 'clt_',
		label: 'client',
		numberPrefix: 'C-',
		create: CLIENT_FIELDS,
		update: CLIENT_FIELDS,
		required: [],
		updateMethods: ['PATCH', 'PUT'],
		defaults: { type: 'company' },
		customFields: true,
		additionalProperties: true,
		check: (record) => {
			if (record.type === 'company' && !String(record.name ?? '').trim())
				return [{ field: 'name', message: 'is required for companies' }];
			if (record.type === 'contact' && !String(record.firstName ?? '').trim())
				return [{ field: 'firstName', message: 'is required for contacts' }];
			return [];
		},
		guessedFilters: { search: contains('name', 'email') },
		event: 'client',
	},
	{
		kind: 'deals',
		path: 'deals',
		prefix: 'dl_',
		label: 'deal',
		numberPrefix: 'D-',
		create: {
			title: required,
			// §10.3 and §17.3: a string public ID (version 1) or a number (version 2).
			pipelineId: { kind: 'refOrNumber', collection: 'pipelines', label: 'pipeline' },
			stageId: { kind: 'anyId' },
			clientId: ref('clients', 'client'),
			leadId: ref('leads', 'lead'),
			sourceId: ref('leadSources', 'deal source'),
			source: text,
			price: number,
			expectedCloseDate: dateTime,
			priority: { kind: 'enum', values: PRIORITIES },
		},
		update: {
			title: required,
			price: number,
			stageId: { kind: 'anyId' },
			status: { kind: 'enum', values: DEAL_STATUSES },
			priority: { kind: 'enum', values: PRIORITIES },
			sourceId: ref('leadSources', 'deal source'),
			expectedCloseDate: dateTime,
		},
		required: ['title', 'pipelineId', 'stageId', 'clientId'],
		updateMethods: ['PATCH'],
		defaults: { status: 'ACTIVE', priority: null },
		customFields: true,
		additionalProperties: true,
		check: (record, workspace) => {
			const pipeline = workspace
				.all('pipelines')
				.find(
					(candidate) =>
						candidate.id === record.pipelineId || candidate.numericId === record.pipelineId,
				);
			const stages = (pipeline?.stages ?? []) as JsonObject[];
			const stage = stages.find(
				(candidate) => candidate.id === record.stageId || candidate.numericId === record.stageId,
			);
			return pipeline && !stage
				? [
						{
							field: 'stageId',
							message: `'${String(record.stageId)}' is not a stage of pipeline '${String(pipeline.id)}'`,
						},
					]
				: [];
		},
		guessedFilters: {
			search: contains('title'),
			pipelineId: equals('pipelineId'),
			stageId: equals('stageId'),
			status: equals('status'),
		},
		event: 'deal',
		stageEvent: true,
		stageKey: 'stageId',
	},
	{
		kind: 'tasks',
		path: 'tasks',
		prefix: 'tsk_',
		label: 'task',
		numberPrefix: 'T-',
		create: TASK_FIELDS,
		update: TASK_FIELDS,
		required: ['title'],
		updateMethods: ['PATCH'],
		defaults: {
			status: 'OPEN',
			type: 'todo',
			showTime: false,
			assigneeIds: [],
			tagIds: [],
			entity: null,
			entityId: null,
		},
		customFields: true,
		additionalProperties: true,
		check: (record) =>
			(record.entity === null) !== (record.entityId === null)
				? [{ field: 'entityId', message: 'entity and entityId must be sent together' }]
				: [],
		guessedFilters: {
			search: contains('title', 'description'),
			status: equals('status'),
			priority: equals('priority'),
		},
	},
];

/** The response shape of v1 records: custom fields inside `customFields` (§9.2, §15). */
export function renderV1(record: JsonObject): JsonObject {
	const custom: JsonObject = {};
	const rendered: JsonObject = {};
	for (const [key, value] of Object.entries(record)) {
		if (key.startsWith('cf_')) custom[key] = value;
		else rendered[key] = value;
	}
	return { ...rendered, customFields: custom };
}
