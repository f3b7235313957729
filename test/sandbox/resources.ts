/**
 * The writable v1 resources (leads, clients, deals, tasks) as one table: fields,
 * required fields, defaults, list filters and the events a write emits.
 */
import type { FieldType } from './fields';
import type { JsonObject, RecordKind } from './types';

export interface CrudResource {
	kind: RecordKind;
	path: string;
	prefix: string;
	label: string;
	fields: Record<string, FieldType>;
	required: string[];
	defaults: JsonObject;
	customFields: boolean;
	/** Query parameter → does the record match the value. */
	filters: Record<string, (record: JsonObject, value: string) => boolean>;
	/** `lead` → lead.created, lead.updated, lead.deleted; none for tasks. */
	event?: string;
	/** Emits `<event>.stageChanged` when stageId changes. */
	stageEvent?: boolean;
}

const text = { kind: 'string' } as const;
const required = { kind: 'text' } as const;
const ref = (collection: RecordKind, label: string): FieldType => ({
	kind: 'ref',
	collection,
	label,
});
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

export const CRUD_RESOURCES: CrudResource[] = [
	{
		kind: 'leads',
		path: 'leads',
		prefix: 'ld_',
		label: 'lead',
		fields: {
			name: required,
			email: { kind: 'email' },
			mobile: text,
			title: text,
			companyName: text,
			website: text,
			value: { kind: 'number' },
			currency: { kind: 'currency' },
			stageId: ref('leadStages', 'lead stage'),
			sourceId: ref('leadSources', 'lead source'),
			ownerId: ref('users', 'user'),
			notes: text,
			tags: { kind: 'tags' },
		},
		required: ['name'],
		defaults: {},
		customFields: true,
		filters: {
			search: contains('name', 'email', 'companyName'),
			stageId: equals('stageId'),
			sourceId: equals('sourceId'),
		},
		event: 'lead',
		stageEvent: true,
	},
	{
		kind: 'clients',
		path: 'clients',
		prefix: 'clt_',
		label: 'client',
		fields: {
			name: required,
			email: { kind: 'email' },
			mobile: text,
			website: text,
			type: { kind: 'enum', values: ['company', 'individual'] },
			taxNumber: text,
			addressLine1: text,
			city: text,
			state: text,
			country: text,
			postalCode: text,
			stageId: text,
			ownerId: ref('users', 'user'),
			notes: text,
			tags: { kind: 'tags' },
		},
		required: ['name'],
		defaults: { type: 'company' },
		customFields: true,
		filters: { search: contains('name', 'email') },
		event: 'client',
	},
	{
		kind: 'deals',
		path: 'deals',
		prefix: 'dl_',
		label: 'deal',
		fields: {
			title: required,
			pipelineId: ref('pipelines', 'pipeline'),
			stageId: text,
			value: { kind: 'number' },
			currency: { kind: 'currency' },
			clientId: ref('clients', 'client'),
			leadId: ref('leads', 'lead'),
			productIds: { kind: 'refs', collection: 'products', label: 'product' },
			expectedCloseDate: { kind: 'date' },
			status: { kind: 'enum', values: ['open', 'won', 'lost'] },
			ownerId: ref('users', 'user'),
			notes: text,
			tags: { kind: 'tags' },
		},
		required: ['title', 'pipelineId'],
		defaults: { status: 'open' },
		customFields: true,
		filters: {
			search: contains('title'),
			pipelineId: equals('pipelineId'),
			stageId: equals('stageId'),
			status: equals('status'),
		},
		event: 'deal',
		stageEvent: true,
	},
	{
		kind: 'tasks',
		path: 'tasks',
		prefix: 'tsk_',
		label: 'task',
		fields: {
			title: required,
			description: text,
			status: { kind: 'enum', values: ['todo', 'in_progress', 'done'] },
			priority: { kind: 'enum', values: ['low', 'medium', 'high'] },
			dueDate: { kind: 'dateTime' },
			assigneeId: ref('users', 'user'),
			leadId: ref('leads', 'lead'),
			clientId: ref('clients', 'client'),
			dealId: ref('deals', 'deal'),
		},
		required: ['title'],
		defaults: { status: 'todo', priority: 'medium' },
		customFields: false,
		filters: {
			search: contains('title', 'description'),
			status: equals('status'),
			priority: equals('priority'),
		},
	},
];
