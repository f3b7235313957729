/**
 * The v2 CRM resources (heffl-reference.md §11.1–§11.5) as one table: contacts,
 * companies, deals, quotations and tasks, each with its documented body, required fields, list
 * parameters (search, orderBy, filters), response shape and events. Companies are the
 * v1 clients of type `company`, deals and tasks the v1 deals and tasks: one workspace,
 * two views (§15).
 */
import { ApiError } from '../errors';
import type { Checked } from '../fields';
import type { Workspace } from '../store';
import type { Json, JsonObject, RecordKind } from '../types';
import type { BodySchema } from './body';
import { definitionsOf, refsTo, refTo, withCustomFields } from './body';
import type { ListSpec } from './list';
import { findPipeline, findStage, firstActiveStage, hasTag } from './refdata';

export const DEAL_STATUSES = ['ACTIVE', 'WON', 'LOST'] as const;
export const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export const QUOTATION_STATUSES = ['DRAFT', 'SENT', 'ACCEPTED', 'REJECTED'] as const;
export const TASK_STATUSES = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'] as const;
export const TASK_TYPES = ['call', 'todo', 'meeting'] as const;
export const TASK_ENTITIES = ['projects', 'leads', 'deals'] as const;

const text = { kind: 'string' } as const;
const required = { kind: 'text' } as const;
const number = { kind: 'number' } as const;
const bool = { kind: 'boolean' } as const;
const dateTime = { kind: 'dateTime' } as const;
const currency = { kind: 'currency' } as const;
const enumOf = (values: readonly string[]) => ({ kind: 'enum', values }) as const;
const user = refTo('user', 'users');
const users = refsTo('user', 'users');
const tags = refsTo('tag', 'tags', hasTag);
const client = refTo('contact or company', 'clients', 'contacts');
const url = (value: unknown): Checked => {
	try {
		return typeof value === 'string' && /^https?:$/.test(new URL(value).protocol)
			? { value }
			: { problem: 'must be an absolute http(s) URL' };
	} catch {
		return { problem: 'must be an absolute http(s) URL' };
	}
};
const nonNegative = (value: unknown): Checked =>
	typeof value === 'number' && value >= 0 ? { value } : { problem: 'must be a number ≥ 0' };
const address = {
	kind: 'object',
	members: ['city', 'address', 'landmark', 'state', 'country', 'postalCode'],
} as const;

/** Line items of deals (§11.3 `products`) and quotations (§11.4 `quotationProducts`). */
const LINE_FIELDS = [
	'name',
	'quantity',
	'price',
	'productId',
	'description',
	'tax',
	'taxRateId',
	'discount',
	'scope',
];
const lineItems =
	(field: string, atLeastOne: boolean) =>
	(value: unknown, space: Workspace): Checked => {
		if (!Array.isArray(value) || (atLeastOne && value.length === 0))
			return {
				problem: atLeastOne
					? 'must be an array of at least 1 line item'
					: 'must be an array of line items',
			};
		const problems: string[] = [];
		const items = value.map((line, index) => {
			const item = (line ?? {}) as JsonObject;
			if (typeof line !== 'object' || Array.isArray(line))
				problems.push(`${field}.${index} must be an object`);
			for (const [key, member] of Object.entries(item)) {
				if (!LINE_FIELDS.includes(key))
					problems.push(
						`${field}.${index}: unknown member '${key}' (allowed: ${LINE_FIELDS.join(', ')})`,
					);
				else if (
					['quantity', 'price', 'tax', 'discount'].includes(key) &&
					(typeof member !== 'number' || member < 0)
				)
					problems.push(`${field}.${index}.${key} must be a number ≥ 0`);
				else if (
					!['quantity', 'price', 'tax', 'discount'].includes(key) &&
					member !== null &&
					typeof member !== 'string'
				)
					problems.push(`${field}.${index}.${key} must be a string`);
			}
			if (typeof item.productId === 'string' && !space.has('products', item.productId))
				problems.push(
					`${field}.${index}.productId: no product with ID '${item.productId}' in this workspace`,
				);
			const product =
				typeof item.productId === 'string' ? space.get('products', item.productId) : undefined;
			if (!item.name && !product) problems.push(`${field}.${index}: give a name or a productId`);
			return computeLine(item, product);
		});
		return problems.length ? { problem: problems.join('; ') } : { value: items };
	};

const round = (value: number) => Math.round(value * 100) / 100;

function computeLine(item: JsonObject, product: JsonObject | undefined): JsonObject {
	const quantity = Number(item.quantity ?? 1);
	const price = Number(item.price ?? product?.price ?? 0);
	const discount = Number(item.discount ?? 0);
	const tax = Number(item.tax ?? 0);
	return {
		name: item.name ?? product?.name ?? null,
		description: item.description ?? null,
		productId: item.productId ?? null,
		quantity,
		price,
		discount,
		tax,
		taxRateId: item.taxRateId ?? null,
		scope: item.scope ?? null,
	};
}

/** Totals of a quotation: discount is an amount per line, `tax` a percentage (not documented). */
function totals(lines: JsonObject[], inclusive: boolean): JsonObject {
	let subtotal = 0;
	let discount = 0;
	let taxTotal = 0;
	for (const line of lines) {
		const gross = Number(line.quantity) * Number(line.price);
		const net = gross - Number(line.discount);
		const rate = Number(line.tax) / 100;
		subtotal += gross;
		discount += Number(line.discount);
		taxTotal += inclusive ? net - net / (1 + rate) : net * rate;
	}
	return {
		subtotalAmount: round(subtotal),
		totalDiscountAmount: round(discount),
		totalTaxAmount: round(taxTotal),
		totalAmount: round(subtotal - discount + (inclusive ? 0 : taxTotal)),
	};
}

export interface CrmResource {
	path: string;
	kind: RecordKind;
	prefix: string;
	label: string;
	numberPrefix: string;
	/** The records of `kind` this resource holds. */
	where?: (record: JsonObject) => boolean;
	/** Stored with every new record (companies: `type: 'company'`). */
	defaults: JsonObject;
	body: BodySchema;
	/** Request names stored under another name (quotation `lineItems` → `quotationProducts`, §17.15). */
	aliases?: Record<string, string>;
	/** Operations besides list, create, update, delete. */
	get: boolean;
	/** The custom fields a record of this resource may carry. */
	definitions: (space: Workspace, record: JsonObject) => JsonObject[];
	list: Omit<ListSpec, 'kind' | 'render' | 'where' | 'search'> & {
		search: (record: JsonObject, space: Workspace) => Array<Json | undefined>;
	};
	render: (record: JsonObject, space: Workspace, full: boolean) => JsonObject;
	/** Cross-field rules and derived values, on the record about to be stored. */
	settle?: (
		next: JsonObject,
		previous: JsonObject | undefined,
		sent: JsonObject,
		space: Workspace,
	) => void;
	/** Refuses a delete (a linked record), with the 400's message. */
	deleteBlocked?: (record: JsonObject, space: Workspace) => string | undefined;
	/** `deal` → deal.created, deal.updated, deal.deleted (§12.4). */
	event?: string;
	/** Emitted as `<event>.<stageEvent>` when this key changes. */
	changeEvents?: Array<[key: string, event: string]>;
}

const nameOf = (space: Workspace, kind: RecordKind, id: Json | undefined): Json =>
	(typeof id === 'string' ? (space.get(kind, id)?.name ?? null) : null) as Json;
const clientName = (space: Workspace, id: Json | undefined): Json => {
	if (typeof id !== 'string') return null;
	const found = space.get('clients', id) ?? space.get('contacts', id);
	if (!found) return null;
	return (found.name ?? [found.firstName, found.lastName].filter(Boolean).join(' ')) as Json;
};

/** The response fields §11.1 (contacts) and §11.2 (companies) have in common. */
function clientFields(record: JsonObject, space: Workspace): JsonObject {
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

export function renderCompany(record: JsonObject, space: Workspace): JsonObject {
	return withCustomFields(
		{ ...clientFields(record, space), name: record.name },
		record,
		definitionsOf(space, 'companies'),
	);
}

function renderDeal(record: JsonObject, space: Workspace): JsonObject {
	const pipeline = findPipeline(space, record.pipelineId);
	const stage = findStage(pipeline, record.stageId);
	const linked =
		typeof record.clientId === 'string'
			? (space.get('clients', record.clientId) ?? space.get('contacts', record.clientId))
			: undefined;
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
			products: record.products ?? [],
			createdAt: record.createdAt,
			updatedAt: record.updatedAt ?? record.createdAt,
		},
		record,
		definitionsOf(space, 'deals', pipeline?.id),
	);
}

function renderQuotation(record: JsonObject, space: Workspace, full: boolean): JsonObject {
	const lines = (record.quotationProducts ?? []) as JsonObject[];
	const template =
		typeof record.templateId === 'string' ? space.get('templates', record.templateId) : undefined;
	return withCustomFields(
		{
			id: record.id,
			number: record.number,
			date: record.date,
			status: record.status,
			currency: record.currency ?? 'USD',
			createdAt: record.createdAt,
			subject: record.subject ?? null,
			title: record.title ?? null,
			expiryDate: record.expiryDate ?? null,
			conversionRate: record.conversionRate ?? 1,
			isInclusiveTax: record.isInclusiveTax ?? false,
			clientId: record.clientId ?? null,
			clientName: clientName(space, record.clientId),
			contactId: record.contactId ?? null,
			dealId: record.dealId ?? null,
			salesPersonId: record.salesPersonId ?? null,
			templateId: record.templateId ?? null,
			contentHtml:
				record.contentHtml ??
				`<h1>${String(template?.name ?? 'Quotation')} ${String(record.number)}</h1>`,
			internalNotes: record.internalNotes ?? null,
			...totals(lines, record.isInclusiveTax === true),
			tagIds: record.tags ?? [],
			// §11.4: line items are filled on get, empty on list rows.
			lineItems: full ? lines : [],
			markedAcceptedOn: record.markedAcceptedOn ?? null,
			markedRejectedOn: record.markedRejectedOn ?? null,
			updatedAt: record.updatedAt ?? record.createdAt,
		},
		record,
		(template?.customFields ?? []) as JsonObject[],
	);
}

function renderTask(record: JsonObject, space: Workspace): JsonObject {
	const entity = record.entity ?? null;
	const entityId = record.entityId ?? null;
	const creator =
		typeof record.createdById === 'string' ? space.get('users', record.createdById) : undefined;
	return withCustomFields(
		{
			id: record.id,
			number: record.number,
			title: record.title,
			status: String(record.status ?? 'OPEN').toUpperCase(),
			type: String(record.type ?? 'todo').toLowerCase(),
			showTime: record.showTime ?? false,
			assigneeIds: record.assigneeIds ?? [],
			tagIds: record.tagIds ?? [],
			description: record.description ?? null,
			priority: typeof record.priority === 'string' ? record.priority.toUpperCase() : null,
			dueDate: record.dueDate ?? null,
			startDate: record.startDate ?? null,
			durationMinutes: record.durationMinutes ?? null,
			completedOn: record.completedOn ?? null,
			entity,
			entityId,
			projectId: entity === 'projects' ? entityId : null,
			leadId: entity === 'leads' ? entityId : null,
			dealId: entity === 'deals' ? entityId : null,
			clientId:
				entity === 'deals' && typeof entityId === 'string'
					? (space.get('deals', entityId)?.clientId ?? null)
					: null,
			contactId: null,
			createdById: record.createdById ?? null,
			createdByName: (creator?.name ?? null) as Json,
			createdAt: record.createdAt,
			updatedAt: record.updatedAt ?? record.createdAt,
		},
		record,
		definitionsOf(space, 'tasks'),
	);
}

/**
 * §4.2, §11.1: a client with linked deals, invoices or quotations cannot be deleted; the 400's
 * message names the blocking records by kind and ID.
 */
function linkedRecords(record: JsonObject, space: Workspace): string | undefined {
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

const displayName = (record: JsonObject) =>
	[record.firstName, record.lastName].filter(Boolean).join(' ');

/** §11.1 response fields; `type` is the record-type field (its name is not in the reference). */
function renderContact(record: JsonObject, space: Workspace): JsonObject {
	const companyId = record.companyId ?? null;
	return withCustomFields(
		{
			...clientFields(record, space),
			name: record.name ?? displayName(record),
			type: 'contact',
			firstName: record.firstName ?? null,
			lastName: record.lastName ?? null,
			salutation: record.salutation ?? null,
			phone: record.phone ?? record.mobile ?? null,
			jobTitle: record.jobTitle ?? null,
			companyId,
			companyName: clientName(space, companyId),
			parentClientId: companyId,
			profileImage: record.profileImage ?? null,
			instagram: record.instagram ?? null,
			facebook: record.facebook ?? null,
			twitter: record.twitter ?? null,
		},
		record,
		definitionsOf(space, 'contacts'),
	);
}

const get = (key: string) => (record: JsonObject) => record[key];

export const CRM_RESOURCES: CrmResource[] = [
	{
		// §11.1; the create body is not documented: the PATCH page's fields are taken for it
		// (docs/assumptions.md). No GET /contacts/{id} is listed.
		path: 'contacts',
		kind: 'contacts',
		prefix: 'clt_',
		label: 'contact',
		numberPrefix: 'C-',
		defaults: { type: 'contact' },
		body: {
			fields: {
				firstName: required,
				lastName: text,
				salutation: text,
				email: { kind: 'email' },
				phone: text,
				jobTitle: text,
				companyId: (value, space) =>
					typeof value === 'string' && space.get('clients', value)?.type === 'company'
						? { value }
						: { problem: `must be the clt_ ID of a company in this workspace` },
				stageId: refTo('client stage', 'clientStages'),
				leadStageId: refTo('lead stage', 'leadStages'),
				ownerUserId: user,
				vendorId: text,
				sourceId: refTo('CRM source', 'leadSources'),
				billingAddress: address,
			},
			required: ['firstName'],
		},
		get: false,
		definitions: (space) => definitionsOf(space, 'contacts'),
		list: {
			search: (record) => [
				displayName(record),
				record.email,
				record.number,
				record.phone ?? record.mobile,
			],
			// §7 shows orderBy=name&orderDir=asc; the full list is not documented.
			orderBy: { createdAt: get('createdAt'), updatedAt: get('updatedAt'), name: displayName },
			filters: {
				stageId: get('stageId'),
				leadStageId: get('leadStageId'),
				ownerUserId: get('ownerUserId'),
				sourceId: get('sourceId'),
				crmSourceId: get('sourceId'),
				companyId: get('companyId'),
			},
		},
		render: renderContact,
		settle: (next) => {
			next.name = displayName(next);
		},
		deleteBlocked: linkedRecords,
	},
	{
		path: 'companies',
		kind: 'clients',
		prefix: 'clt_',
		label: 'company',
		numberPrefix: 'C-',
		where: (record) => record.type === 'company',
		defaults: { type: 'company' },
		body: {
			fields: {
				name: required,
				email: { kind: 'email' },
				phone: text,
				taxNumber: text,
				website: url,
				description: text,
				linkedin: url,
				currency,
				openingBalance: nonNegative,
				showJobAmountToWorker: bool,
				isClientPortalEnabled: bool,
				internalNotes: text,
				stageId: refTo('client stage', 'clientStages'),
				leadStageId: refTo('lead stage', 'leadStages'),
				ownerUserId: user,
				vendorId: text,
				sourceId: refTo('CRM source', 'leadSources'),
				billingAddress: address,
				primaryContact: {
					kind: 'object',
					members: ['firstName', 'lastName', 'email', 'phone', 'salutation', 'jobTitle'],
				},
			},
			required: ['name'],
		},
		get: false,
		definitions: (space) => definitionsOf(space, 'companies'),
		list: {
			search: (record) => [record.name, record.email, record.number, record.phone],
			orderBy: { createdAt: get('createdAt'), updatedAt: get('updatedAt'), name: get('name') },
			filters: {
				stageId: get('stageId'),
				leadStageId: get('leadStageId'),
				ownerUserId: get('ownerUserId'),
				sourceId: get('sourceId'),
				crmSourceId: get('sourceId'),
				currency: get('currency'),
			},
		},
		render: renderCompany,
		deleteBlocked: linkedRecords,
		event: 'client',
	},
	{
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
				createdAt: get('createdAt'),
				position: get('position'),
				expectedCloseDate: get('expectedCloseDate'),
				price: get('price'),
			},
			filters: {
				pipelineId: get('pipelineId'),
				stageId: get('stageId'),
				status: get('status'),
				priority: get('priority'),
				clientId: get('clientId'),
				leadId: get('leadId'),
				ownerUserId: get('ownerUserId'),
				sourceId: get('sourceId'),
				crmSourceId: get('sourceId'),
				assignees: get('assignees'),
				contacts: get('contacts'),
				tags: get('tags'),
				currency: get('currency'),
			},
		},
		render: renderDeal,
		settle: (next, previous, sent, space) => {
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
		},
		event: 'deal',
		changeEvents: [['stageId', 'stageChanged']],
	},
	{
		path: 'quotations',
		kind: 'quotations',
		prefix: 'qtn_',
		label: 'quotation',
		numberPrefix: 'QT-',
		defaults: {
			status: 'DRAFT',
			currency: 'USD',
			conversionRate: 1,
			isInclusiveTax: false,
			tags: [],
		},
		body: {
			fields: {
				clientId: client,
				templateId: (value, space) => {
					const found = refTo('document template', 'templates')(value, space);
					if ('problem' in found) return found;
					return space.get('templates', String(value))?.type === 'quotations'
						? found
						: {
								problem: `template '${String(value)}' is not a quotation template (type quotations)`,
							};
				},
				date: dateTime,
				quotationProducts: lineItems('quotationProducts', true),
				contactId: refTo('contact', 'contacts', 'clients'),
				dealId: refTo('deal', 'deals'),
				expiryDate: dateTime,
				subject: text,
				title: text,
				status: enumOf(QUOTATION_STATUSES),
				isInclusiveTax: bool,
				contentHtml: text,
				internalNotes: text,
				salesPersonId: user,
				currency,
				conversionRate: number,
				tags,
			},
			required: ['clientId', 'templateId', 'date', 'quotationProducts'],
			fixed: ['templateId'],
		},
		// §17.15: the curl example sends `quotationProducts`, the response (and v1 invoices) say `lineItems`.
		aliases: { lineItems: 'quotationProducts' },
		get: true,
		definitions: (space, record) =>
			(typeof record.templateId === 'string'
				? (space.get('templates', record.templateId)?.customFields ?? [])
				: []) as JsonObject[],
		list: {
			search: (record, space) => [
				record.number,
				record.subject,
				clientName(space, record.clientId),
				...((record.quotationProducts ?? []) as JsonObject[]).flatMap((line) => [
					line.name,
					line.description,
				]),
			],
			orderBy: {
				createdAt: get('createdAt'),
				date: get('date'),
				number: get('number'),
				expiryDate: get('expiryDate'),
			},
			filters: {
				status: get('status'),
				clientId: get('clientId'),
				contactId: get('contactId'),
				dealId: get('dealId'),
				salesPersonId: get('salesPersonId'),
				templateId: get('templateId'),
				tags: get('tags'),
				tagIds: get('tags'),
				currency: get('currency'),
			},
		},
		render: renderQuotation,
		settle: (next, previous) => {
			const now = new Date().toISOString();
			if (next.status === 'ACCEPTED' && previous?.status !== 'ACCEPTED')
				next.markedAcceptedOn = now;
			if (next.status === 'REJECTED' && previous?.status !== 'REJECTED')
				next.markedRejectedOn = now;
		},
		event: 'quotation',
		changeEvents: [['status', 'statusChanged']],
	},
	{
		path: 'tasks',
		kind: 'tasks',
		prefix: 'tsk_',
		label: 'task',
		numberPrefix: 'T-',
		defaults: {
			status: 'OPEN',
			type: 'todo',
			priority: null,
			showTime: false,
			assigneeIds: [],
			tagIds: [],
			entity: null,
			entityId: null,
		},
		body: {
			fields: {
				title: required,
				description: text,
				status: enumOf(TASK_STATUSES),
				type: enumOf(TASK_TYPES),
				priority: enumOf(PRIORITIES),
				startDate: dateTime,
				dueDate: dateTime,
				showTime: bool,
				durationMinutes: nonNegative,
				assigneeIds: users,
				tagIds: tags,
				entity: enumOf(TASK_ENTITIES),
				entityId: text,
			},
			required: ['title'],
		},
		get: true,
		definitions: (space) => definitionsOf(space, 'tasks'),
		list: {
			search: (record) => [record.title, record.description, record.number],
			orderBy: {
				createdAt: get('createdAt'),
				updatedAt: get('updatedAt'),
				dueDate: get('dueDate'),
				title: get('title'),
			},
			filters: {
				status: get('status'),
				type: get('type'),
				priority: get('priority'),
				assigneeIds: get('assigneeIds'),
				tagIds: get('tagIds'),
				entity: get('entity'),
				entityId: get('entityId'),
			},
		},
		render: renderTask,
		settle: (next, previous, _sent, space) => {
			// §11.5: entity and entityId go together; a leads/deals entityId names a record.
			if (((next.entity ?? null) === null) !== ((next.entityId ?? null) === null))
				throw ApiError.field('entityId', 'entity and entityId must be sent together');
			const kind =
				next.entity === 'leads' ? 'leads' : next.entity === 'deals' ? 'deals' : undefined;
			if (kind && !space.has(kind, String(next.entityId)))
				throw ApiError.field(
					'entityId',
					`no ${kind === 'leads' ? 'lead' : 'deal'} with ID '${String(next.entityId)}' in this workspace`,
				);
			if (next.status === 'COMPLETED' && previous?.status !== 'COMPLETED')
				next.completedOn = new Date().toISOString();
			if (next.status !== 'COMPLETED') next.completedOn = null;
		},
		// §12.4 lists no task events.
	},
];
