/**
 * The seed's records, as many as the counts ask: products, leads, clients (companies), deals,
 * tasks and contacts, each pointing at the reference data and at the records seeded before
 * it. Drawn in this order from the workspace's PRNG (see seed.ts).
 */
import { chance, intBetween, pick } from './random';
import type { SeededReference } from './seedReference';
import type { Seeding } from './seedSamples';
import { CITIES, COMPANIES, iso, person, PRODUCTS, slug } from './seedSamples';
import type { JsonObject } from './types';

const numbered = (prefix: string, index: number) =>
	`${prefix}${String(index + 1).padStart(4, '0')}`;

export function seedProducts({ rand, id, insert }: Seeding, count: number): void {
	for (let index = 0; index < count; index++) {
		const created = iso(rand);
		insert('products', {
			id: id('prd_'),
			name:
				PRODUCTS[index % PRODUCTS.length] +
				(index >= PRODUCTS.length ? ` ${Math.floor(index / PRODUCTS.length) + 1}` : ''),
			sku: `SKU-${1000 + index}`,
			description: 'Professional services package',
			price: intBetween(rand, 5, 500) * 10,
			currency: 'USD',
			unit: pick(rand, ['hour', 'day', 'month', 'item']),
			taxRate: pick(rand, [0, 5, 15]),
			isActive: index % 7 !== 6,
			createdAt: created,
			updatedAt: created,
		});
	}
}

export function seedLeads(
	{ rand, id, insert }: Seeding,
	count: number,
	{ stages, sources }: SeededReference,
): JsonObject[] {
	const leads: JsonObject[] = [];
	for (let index = 0; index < count; index++) {
		const who = person(rand, index);
		const created = iso(rand);
		const stage = pick(rand, stages);
		const lead: JsonObject = {
			id: id('ld_'),
			number: numbered('L-', index),
			name: who.name,
			email: who.email,
			mobile: `+971 50 ${intBetween(rand, 100, 999)} ${intBetween(rand, 1000, 9999)}`,
			secondaryMobile: null,
			title: pick(rand, ['CEO', 'CTO', 'Head of Sales', 'Operations Manager', 'Founder']),
			website: `https://${slug(who.company)}.example`,
			value: intBetween(rand, 1, 90) * 500,
			archived: index % 9 === 8,
			source: String(pick(rand, sources).name),
			stage: String(stage.name),
			stageId: String(stage.id),
			createdAt: created,
			updatedAt: created,
		};
		if (index % 5 === 0) lead.cf_budget_range = pick(rand, ['<10k', '10k-50k', '50k+']);
		leads.push(insert('leads', lead));
	}
	return leads;
}

/** v1 clients of type company (v2 answers them as companies). */
export function seedClients({ rand, id, insert }: Seeding, count: number): JsonObject[] {
	const clients: JsonObject[] = [];
	for (let index = 0; index < count; index++) {
		const company = `${COMPANIES[index % COMPANIES.length]}${index >= COMPANIES.length ? ` ${Math.floor(index / COMPANIES.length) + 1}` : ''}`;
		const [city, country] = pick(rand, CITIES);
		const created = iso(rand);
		clients.push(
			insert('clients', {
				id: id('clt_'),
				number: numbered('C-', index),
				type: 'company',
				name: company,
				firstName: null,
				lastName: null,
				salutation: null,
				email: `accounts@${slug(company)}.example`,
				phone: `+44 20 ${intBetween(rand, 1000, 9999)} ${intBetween(rand, 1000, 9999)}`,
				jobTitle: null,
				website: `https://${slug(company)}.example`,
				taxNumber: `TRN${intBetween(rand, 100000, 999999)}`,
				billingAddress: {
					address: `${intBetween(rand, 1, 200)} Market Street`,
					city,
					country,
					postalCode: String(intBetween(rand, 10000, 99999)),
				},
				openingBalance: 0,
				createdAt: created,
				updatedAt: created,
			}),
		);
	}
	return clients;
}

export function seedDeals(
	{ rand, id, insert }: Seeding,
	count: number,
	pipelines: JsonObject[],
	clients: JsonObject[],
	leads: JsonObject[],
): void {
	for (let index = 0; index < count; index++) {
		const pipeline = pick(rand, pipelines);
		const created = iso(rand);
		const stage = pick(rand, pipeline.stages as JsonObject[]);
		insert('deals', {
			id: id('dl_'),
			number: numbered('D-', index),
			title: `${pick(rand, PRODUCTS)} for ${clients.length ? String(pick(rand, clients).name) : 'a prospect'}`,
			price: intBetween(rand, 2, 120) * 250,
			status: stage.type === 'ACTIVE' ? 'ACTIVE' : String(stage.type),
			priority: pick(rand, ['LOW', 'MEDIUM', 'HIGH']),
			expectedCloseDate: created,
			clientId: clients.length ? String(pick(rand, clients).id) : null,
			pipelineId: String(pipeline.id),
			stageId: String(stage.id),
			sourceId: null,
			leadId: leads.length && chance(rand, 0.5) ? String(pick(rand, leads).id) : null,
			createdAt: created,
			updatedAt: created,
		});
	}
}

export function seedTasks(
	{ rand, id, insert }: Seeding,
	count: number,
	users: JsonObject[],
	leads: JsonObject[],
): void {
	for (let index = 0; index < count; index++) {
		const created = iso(rand);
		const lead = leads.length && chance(rand, 0.5) ? String(pick(rand, leads).id) : null;
		insert('tasks', {
			id: id('tsk_'),
			number: numbered('T-', index),
			title: `${pick(rand, ['Call', 'Email', 'Send proposal to', 'Meet', 'Follow up with'])} ${person(rand, index).name}`,
			description: null,
			status: pick(rand, ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED']),
			type: pick(rand, ['call', 'todo', 'meeting']),
			priority: pick(rand, ['LOW', 'MEDIUM', 'HIGH']),
			startDate: null,
			dueDate: iso(rand),
			showTime: false,
			durationMinutes: null,
			assigneeIds: [String(pick(rand, users).id)],
			tagIds: [],
			entity: lead ? 'leads' : null,
			entityId: lead,
			createdAt: created,
			updatedAt: created,
		});
	}
}

/** Contacts share the `clt_` prefix and the `C-` numbers with clients (one kind in Heffl). */
export function seedContacts(
	{ rand, id, insert }: Seeding,
	count: number,
	clients: JsonObject[],
): void {
	for (let index = 0; index < count; index++) {
		const who = person(rand, index + 7);
		insert('contacts', {
			id: id('clt_'),
			number: numbered('C-', index),
			firstName: who.first,
			lastName: who.last,
			email: who.email,
			mobile: `+1 512 ${intBetween(rand, 100, 999)} ${intBetween(rand, 1000, 9999)}`,
			clientId: clients.length ? String(pick(rand, clients).id) : null,
			createdAt: iso(rand),
		});
	}
}
