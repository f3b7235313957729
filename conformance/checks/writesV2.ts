/**
 * v2 writes (`--write`): task defaults, dates and null (§11.5), a contact created with the
 * update page's fields (§11.1) and its required fields, custom-field values and keys (§9.2),
 * a deal's defaults (§11.3), the refused delete of a linked contact (§4.2), and a quotation
 * with its line items and required fields (§11.4). Every record carries the run's marker.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CustomFieldDefinition } from '../../nodes/shared/records/customFields';
import { customFieldValue, readDefinition } from '../../nodes/shared/records/customFields';
import { unwrapRecord } from '../../nodes/shared/transport';
import type { Reply } from '../probe';
import {
	fixture,
	isObject,
	listing,
	names,
	problemOf,
	recordsOf,
	refusal,
	resource,
	resourceFile,
	timeOf,
} from '../reads';
import type { Check, Kit, Result } from '../types';
import { differs, holds, notChecked } from '../types';

const CONTACT = resource('contact');
const CUSTOM_FIELDS = 'nodes/shared/records/customFields.ts';

async function definitionsOf(kit: Kit, scope: IDataObject): Promise<CustomFieldDefinition[]> {
	const reply = await kit.probe.get('v2', '/custom-fields', scope);
	return recordsOf('v2', reply)
		.map(readDefinition)
		.filter((definition): definition is CustomFieldDefinition => definition !== undefined);
}

/** A value of the definition's type, converted as the node converts what a user gives. */
function sample(definition: CustomFieldDefinition, kit: Kit): IDataObject[string] | undefined {
	const today = new Date().toISOString().slice(0, 10);
	const given: Record<CustomFieldDefinition['kind'], unknown> = {
		text: `${kit.marker}`,
		number: 1,
		date: today,
		dateTime: `${today}T09:00:00.000Z`,
		boolean: true,
		select: definition.values[0] ?? 'heffl-conformance',
		multiselect: definition.values.slice(0, 1),
	};
	const checked = customFieldValue(definition, given[definition.kind]);
	return 'value' in checked ? checked.value : undefined;
}

/** Values for the required definitions, but `except`. */
function requiredValues(
	definitions: CustomFieldDefinition[],
	kit: Kit,
	except?: string,
): IDataObject {
	const values: IDataObject = {};
	for (const definition of definitions)
		if (definition.required && definition.key !== except)
			values[definition.key] = sample(definition, kit) ?? null;
	return values;
}

const tasks = (kit: Kit) =>
	Array.isArray(kit.shared.tasks) ? (kit.shared.tasks as IDataObject[]) : [];
const noTask = notChecked('no task was created (lists.cursor-kind)');

const taskDefaults: Check = {
	id: 'task.create-defaults',
	title: 'a new v2 task without status or type gets status OPEN and type todo',
	depends: [],
	sandbox: 'sandbox/v2/crm/tasks.ts',
	write: true,
	async run(kit) {
		const [task] = tasks(kit);
		if (!task) return noTask;
		const seen = `status ${String(task.status)}, type ${String(task.type)}`;
		return task.status === 'OPEN' && task.type === 'todo' ? holds(seen) : differs(seen);
	},
};

const DUE = '2031-01-02T03:04:05.678Z';

const dates: Check = {
	id: 'dates.round-trip',
	title: 'a date-time sent as UTC with milliseconds comes back as the same instant (§14)',
	depends: ['nodes/shared/checks.ts'],
	sandbox: 'sandbox/fields.ts',
	write: true,
	async run(kit) {
		const [task] = tasks(kit);
		if (!task) return noTask;
		const back = timeOf(task.dueDate);
		const sent = Date.parse(DUE);
		if (back === sent) return holds(`dueDate ${DUE} came back as ${String(task.dueDate)}`);
		if (back !== undefined && Math.floor(back / 1000) === Math.floor(sent / 1000))
			return differs(
				`dueDate kept to the second: ${String(task.dueDate)}`,
				'the instant is kept; only milliseconds are lost',
			);
		return differs(`dueDate ${DUE} came back as ${JSON.stringify(task.dueDate)}`);
	},
};

const nullClears: Check = {
	id: 'write.null-clears',
	title: 'null in a v2 PATCH clears an optional field (Fields to Clear sends null)',
	depends: ['nodes/Heffl/execute/body.ts'],
	sandbox: 'sandbox/v2/body.ts',
	write: true,
	async run(kit) {
		const [task] = tasks(kit);
		if (!task) return noTask;
		const reply = await kit.probe.change('v2', '/tasks', String(task.id), 'PATCH', {
			description: null,
		});
		if (!reply.ok) return differs(`refused: ${refusal(reply)}`);
		const after = unwrapRecord(reply.body as IDataObject).description;
		return after === null || after === undefined || after === ''
			? holds(`description cleared (${JSON.stringify(after ?? null)})`)
			: differs(`description still ${JSON.stringify(after)}`);
	},
};

/** The contact this run created, with the workspace's required contact fields. */
const contact = (kit: Kit) =>
	fixture(kit, 'contact', {
		api: 'v2',
		path: CONTACT.path,
		label: 'contact',
		body: async () => ({
			firstName: 'Heffl',
			lastName: kit.marker,
			email: `${kit.marker}.contact@example.com`,
			phone: '+15550100',
			jobTitle: 'Conformance probe',
			salutation: 'Dr.',
			billingAddress: { city: 'Conformance' },
			...requiredValues(await definitionsOf(kit, { entity: 'contacts' }), kit),
		}),
	});

export const noContact = (kit: Kit) =>
	notChecked(`no contact could be created (contact.create: ${problemOf(kit, 'contact')})`);

const contactCreate: Check = {
	id: 'contact.create',
	title:
		"POST /v2/contacts takes the update page's fields and answers the contact (create page not stored, §11.1)",
	depends: [resourceFile('contact')],
	sandbox: 'sandbox/v2/crm/contacts.ts',
	write: true,
	async run(kit) {
		const created = await contact(kit);
		if (!created) return differs(`refused: ${problemOf(kit, 'contact')}`);
		const lost = ['firstName', 'lastName', 'email', 'phone', 'jobTitle', 'salutation'].filter(
			(key) => created[key] === undefined || created[key] === null,
		);
		return lost.length
			? differs(
					`created ${String(created.id)}; the answer lacks ${listing(lost)}`,
					'the node outputs the answer as it comes',
				)
			: holds(`created ${String(created.id)} (type ${String(created.type)}) with every field sent`);
	},
};

/** A create probe that should be refused for a missing field; a record it makes anyway is deleted at the end. */
async function refusedWithout(
	kit: Kit,
	path: string,
	label: string,
	body: IDataObject,
	field: string | string[],
	adapts: string,
): Promise<Result> {
	const fields = Array.isArray(field) ? field : [field];
	const reply: Reply = await kit.probe.create('v2', path, body, label);
	if (reply.ok) return differs(`created without ${fields[0]}`, adapts);
	if (reply.status === 400 && fields.some((name) => names(reply, name)))
		return holds(`refused, naming ${fields.find((name) => names(reply, name))}: ${refusal(reply)}`);
	return differs(`refused without naming ${fields[0]}: ${refusal(reply)}`, adapts);
}

const NAMES_IT = "the node requires nothing there; Heffl's answer names what it needs";

const contactRequired: Check = {
	id: 'contact.create-required',
	title: 'POST /v2/contacts needs firstName (the sandbox requires it; the node requires nothing)',
	depends: [],
	sandbox: 'sandbox/v2/crm/contacts.ts',
	write: true,
	async run(kit) {
		const definitions = await definitionsOf(kit, { entity: 'contacts' });
		return await refusedWithout(
			kit,
			CONTACT.path,
			'contact',
			{ lastName: `${kit.marker} without first name`, ...requiredValues(definitions, kit) },
			'firstName',
			NAMES_IT,
		);
	},
};

const customValues: Check = {
	id: 'custom-fields.values',
	title:
		'custom-field values as the node converts them (numbers, booleans, YYYY-MM-DD, allowed options) are taken and kept (§9.2)',
	depends: [CUSTOM_FIELDS],
	sandbox: 'sandbox/fields.ts',
	write: true,
	async run(kit) {
		const created = await contact(kit);
		if (!created) return noContact(kit);
		const definitions = await definitionsOf(kit, { entity: 'contacts' });
		const values: IDataObject = {};
		for (const definition of definitions) {
			const value = sample(definition, kit);
			if (value !== undefined) values[definition.key] = value;
		}
		if (!Object.keys(values).length) return notChecked('no custom field is defined for contacts');
		const reply = await kit.probe.change('v2', CONTACT.path, String(created.id), 'PATCH', values);
		if (!reply.ok) return differs(`refused: ${refusal(reply)}`);
		const after = unwrapRecord(reply.body as IDataObject);
		const same = (a: unknown, b: unknown) =>
			JSON.stringify(a) === JSON.stringify(b) ||
			(typeof a === 'string' && typeof b === 'string' && a.slice(0, 10) === b.slice(0, 10));
		const changed = Object.keys(values).filter((key) => !same(values[key], after[key]));
		const kinds = [...new Set(definitions.map((definition) => definition.kind))];
		return changed.length
			? differs(
					`taken, but ${listing(changed.map((key) => `${key} came back as ${JSON.stringify(after[key])}`))}`,
					'the values were accepted; only their form on the way out differs',
				)
			: holds(`${Object.keys(values).length} values (${listing(kinds)}) taken and kept`);
	},
};

const unknownKey: Check = {
	id: 'custom-fields.unknown-key',
	title:
		'a cf_* key without a definition is refused, naming it (§9.2: only documented fields and cf_* keys)',
	depends: [],
	sandbox: 'sandbox/v2/body.ts',
	write: true,
	async run(kit) {
		const created = await contact(kit);
		if (!created) return noContact(kit);
		const key = 'cf_heffl_conformance_unknown';
		const reply = await kit.probe.change('v2', CONTACT.path, String(created.id), 'PATCH', {
			[key]: 'x',
		});
		const adapts =
			'the node refuses unknown keys itself where it has the definitions, and sends others for Heffl to judge (customFields.ts)';
		if (reply.ok) return differs('accepted', adapts);
		return reply.status === 400 && names(reply, key)
			? holds(`refused: ${refusal(reply)}`)
			: differs(`refused without naming it: ${refusal(reply)}`, adapts);
	},
};

const requiredOnCreate: Check = {
	id: 'custom-fields.required-on-create',
	title:
		'a create without a required custom field is refused, naming it (§9.1: fields can be Required)',
	depends: [],
	sandbox: 'sandbox/v2/body.ts',
	write: true,
	async run(kit) {
		const bodies: Record<string, { path: string; label: string; body: IDataObject }> = {
			contacts: {
				path: CONTACT.path,
				label: 'contact',
				body: { firstName: 'Heffl', lastName: `${kit.marker} required field` },
			},
			companies: {
				path: '/companies',
				label: 'company',
				body: { name: `${kit.marker} required field` },
			},
			tasks: { path: '/tasks', label: 'task', body: { title: `${kit.marker} required field` } },
		};
		for (const [entity, { path, label, body }] of Object.entries(bodies)) {
			const definitions = await definitionsOf(kit, { entity });
			const required = definitions.find((definition) => definition.required);
			if (!required) continue;
			const values = requiredValues(definitions, kit, required.key);
			return await refusedWithout(
				kit,
				path,
				label,
				{ ...body, ...values },
				required.key,
				'the node asks for required custom fields on Create anyway (customFields.ts)',
			);
		}
		return notChecked('no contact, company or task custom field is required in this account');
	},
};

/**
 * A deal for this run's contact in the first pipeline, with the pipeline's required custom
 * fields; undefined without a contact, a string saying why there is none otherwise.
 */
export async function dealBody(kit: Kit, title: string): Promise<IDataObject | string | undefined> {
	const client = await contact(kit);
	if (!client) return undefined;
	const pipeline = recordsOf('v2', await kit.probe.get('v2', '/pipelines', { pageSize: 1 }))[0];
	if (!pipeline || !firstActive(pipeline)) return 'no pipeline with an ACTIVE stage';
	const definitions = await definitionsOf(kit, {
		entity: 'deals',
		pipelineId: String(pipeline.id),
	});
	return {
		title,
		clientId: String(client.id),
		pipelineId: String(pipeline.id),
		...requiredValues(definitions, kit),
	};
}

const dealDefaults: Check = {
	id: 'deal.create-defaults',
	title:
		"a new v2 deal without a stage gets its pipeline's first ACTIVE stage and status ACTIVE (§11.3)",
	depends: [],
	sandbox: 'sandbox/v2/crm/deals.ts',
	write: true,
	async run(kit) {
		const body = await dealBody(kit, `${kit.marker} deal`);
		if (!body) return noContact(kit);
		if (typeof body === 'string') return notChecked(body);
		const pipeline = recordsOf('v2', await kit.probe.get('v2', '/pipelines', { pageSize: 1 }))[0];
		const first = firstActive(pipeline);
		const reply = await kit.probe.create('v2', '/deals', body, 'deal');
		if (!reply.ok) return differs(`refused: ${refusal(reply)}`);
		const deal = unwrapRecord(reply.body as IDataObject);
		kit.shared.deal = deal;
		const seen = `stage ${String(deal.stageId)} (first ACTIVE: ${String(first?.id)}), status ${String(deal.status)}, currency ${String(deal.currency)}`;
		return deal.stageId === first?.id && deal.status === 'ACTIVE' ? holds(seen) : differs(seen);
	},
};

/** The first ACTIVE stage of a pipeline, by position: where a deal lands without a stage. */
function firstActive(pipeline: IDataObject | undefined): IDataObject | undefined {
	const stages = (Array.isArray(pipeline?.stages) ? pipeline.stages : []) as IDataObject[];
	return stages
		.filter((stage) => stage.type === 'ACTIVE')
		.sort((a, b) => Number(a.position) - Number(b.position))[0];
}

const dealUpdates: Check = {
	id: 'deal.updates',
	title:
		"a WON deal moved to an ACTIVE stage becomes ACTIVE; moved to another pipeline without a stage, it lands in that pipeline's first ACTIVE stage",
	depends: [],
	sandbox: 'sandbox/v2/crm/deals.ts',
	write: true,
	async run(kit) {
		const deal = kit.shared.deal;
		if (!isObject(deal)) return notChecked('no deal was created (deal.create-defaults)');
		const id = String(deal.id);
		const seen: string[] = [];
		let same = true;
		const pipelines = recordsOf('v2', await kit.probe.get('v2', '/pipelines', { pageSize: 100 }));
		const own = pipelines.find((pipeline) => pipeline.id === deal.pipelineId);
		const stages = (Array.isArray(own?.stages) ? own.stages : []) as IDataObject[];
		const another = stages.find((stage) => stage.type === 'ACTIVE' && stage.id !== deal.stageId);
		if (another) {
			const won = await kit.probe.change('v2', '/deals', id, 'PATCH', { status: 'WON' });
			const moved = won.ok
				? await kit.probe.change('v2', '/deals', id, 'PATCH', { stageId: String(another.id) })
				: won;
			if (!moved.ok) return differs(`refused: ${refusal(moved)}`);
			const status = unwrapRecord(moved.body as IDataObject).status;
			seen.push(`WON, then moved to another ACTIVE stage: status ${String(status)}`);
			same &&= status === 'ACTIVE';
		} else seen.push('one ACTIVE stage only: no stage move tried');
		const other = pipelines.find(
			(pipeline) => pipeline.id !== deal.pipelineId && firstActive(pipeline),
		);
		if (other) {
			const definitions = await definitionsOf(kit, {
				entity: 'deals',
				pipelineId: String(other.id),
			});
			const moved = await kit.probe.change('v2', '/deals', id, 'PATCH', {
				pipelineId: String(other.id),
				...requiredValues(definitions, kit),
			});
			if (!moved.ok) return differs(`${seen.join('; ')}; the move was refused: ${refusal(moved)}`);
			const stage = unwrapRecord(moved.body as IDataObject).stageId;
			seen.push(
				`moved to ${String(other.id)}: stage ${String(stage)} (first ACTIVE: ${String(firstActive(other)?.id)})`,
			);
			same &&= stage === firstActive(other)?.id;
		} else seen.push('one pipeline only: no move tried');
		if (!another && !other) return notChecked(seen.join('; '));
		return same ? holds(seen.join('; ')) : differs(seen.join('; '));
	},
};

const linkedDelete: Check = {
	id: 'contact.delete-linked',
	title: 'deleting a contact with a linked deal is refused with 400 (§4.2)',
	depends: [],
	sandbox: 'sandbox/v2/crm/clients.ts',
	write: true,
	async run(kit) {
		const client = await contact(kit);
		if (!client || !isObject(kit.shared.deal))
			return notChecked('no contact with a deal (deal.create-defaults)');
		const reply = await kit.probe.remove('v2', CONTACT.path, String(client.id));
		const adapts = 'the node adds why Heffl may refuse it to any 400 (resources/contact.ts)';
		if (reply.ok) return differs('the contact was deleted although a deal links to it', adapts);
		return reply.status === 400
			? holds(`refused: ${refusal(reply)}`)
			: differs(`refused: ${refusal(reply)}`, adapts);
	},
};

/** A quotation body for this run's contact: a quotations template, its required fields, one line. */
export async function quotationBody(kit: Kit): Promise<IDataObject | string> {
	const client = await contact(kit);
	if (!client) return `no contact (contact.create: ${problemOf(kit, 'contact')})`;
	const templates = recordsOf('v2', await kit.probe.get('v2', '/document-templates'));
	const template = templates.find((candidate) => candidate.type === 'quotations');
	if (!template) return 'no active quotations template';
	const full = await kit.probe.get(
		'v2',
		kit.probe.pathOf('/document-templates', String(template.id)),
	);
	const fields = full.ok ? unwrapRecord(full.body as IDataObject).customFields : [];
	const definitions = (Array.isArray(fields) ? fields : [])
		.map(readDefinition)
		.filter((definition): definition is CustomFieldDefinition => definition !== undefined);
	return {
		clientId: String(client.id),
		templateId: String(template.id),
		date: `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`,
		subject: `${kit.marker} quotation`,
		title: `${kit.marker} quotation`,
		quotationProducts: [{ name: 'Heffl conformance line', quantity: 1, price: 1 }],
		...requiredValues(definitions, kit),
	};
}

const quotationCreate: Check = {
	id: 'quotation.create',
	title:
		'POST /v2/quotations takes line items as quotationProducts and answers them as lineItems (§11.4, §17.15)',
	depends: [resourceFile('quotation')],
	sandbox: 'sandbox/v2/crm/quotations.ts',
	write: true,
	async run(kit) {
		const body = await quotationBody(kit);
		if (typeof body === 'string') return notChecked(body);
		const reply = await kit.probe.create('v2', '/quotations', body, 'quotation');
		if (!reply.ok) return differs(`refused: ${refusal(reply)}`);
		const quotation = unwrapRecord(reply.body as IDataObject);
		const lines = Array.isArray(quotation.lineItems) ? quotation.lineItems.length : 0;
		const seen = `${String(quotation.id)}: ${lines} line item(s), status ${String(quotation.status)}, currency ${String(quotation.currency)}, totalAmount ${String(quotation.totalAmount)} for one line of 1 × 1`;
		return lines === 1 ? holds(seen) : differs(seen);
	},
};

const quotationRequired: Check = {
	id: 'quotation.required',
	title:
		'a quotation needs date and line items (§11.4: their required marks are cut; the node requires neither)',
	depends: [],
	sandbox: 'sandbox/v2/crm/quotations.ts',
	write: true,
	async run(kit) {
		const body = await quotationBody(kit);
		if (typeof body === 'string') return notChecked(body);
		const { date, quotationProducts, ...rest } = body;
		const withoutDate = await refusedWithout(
			kit,
			'/quotations',
			'quotation',
			{ ...rest, quotationProducts },
			'date',
			NAMES_IT,
		);
		const withoutLines = await refusedWithout(
			kit,
			'/quotations',
			'quotation',
			{ ...rest, date },
			['quotationProducts', 'lineItems'],
			NAMES_IT,
		);
		const both = [withoutDate, withoutLines];
		const seen = both.map((result) => ('seen' in result ? result.seen : '')).join('; ');
		return both.every((result) => result.outcome === 'holds')
			? holds(seen)
			: differs(seen, NAMES_IT);
	},
};

export const V2_WRITE_CHECKS: Check[] = [
	taskDefaults,
	dates,
	nullClears,
	contactCreate,
	contactRequired,
	customValues,
	unknownKey,
	requiredOnCreate,
	dealDefaults,
	dealUpdates,
	quotationCreate,
	quotationRequired,
];

/** After every check that needs the contact: Heffl may delete a linked contact after all. */
export const LINKED_DELETE_CHECKS: Check[] = [linkedDelete];
