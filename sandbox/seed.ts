/**
 * Deterministic, realistic sample data: the same seed gives the same workspace.
 * Reference data (users, stages, sources, pipelines, tags, templates, products)
 * always exists; CRM records and contacts follow the requested counts.
 */
import type { Rand } from './random';
import { chance, intBetween, newId, pick, prng } from './random';
import type { Store } from './store';
import type { JsonObject, SeedCounts, WorkspaceId } from './types';

export const DEFAULT_COUNTS: Required<SeedCounts> = {
	leads: 40,
	clients: 25,
	deals: 20,
	tasks: 30,
	contacts: 60,
	products: 12,
	quotations: 8,
};

const FIRST = [
	'Ada',
	'Grace',
	'Alan',
	'Katherine',
	'Linus',
	'Margaret',
	'Dennis',
	'Barbara',
	'Ken',
	'Radia',
	'Tim',
	'Frances',
	'Edsger',
	'Hedy',
	'John',
	'Mary',
];
const LAST = [
	'Lovelace',
	'Hopper',
	'Turing',
	'Johnson',
	'Torvalds',
	'Hamilton',
	'Ritchie',
	'Liskov',
	'Thompson',
	'Perlman',
	'Berners-Lee',
	'Allen',
	'Dijkstra',
	'Lamarr',
	'Backus',
	'Jackson',
];
const COMPANIES = [
	'Analytical Engines',
	'Northwind Traders',
	'Globex',
	'Initech',
	'Umbrella Logistics',
	'Stark Fabrication',
	'Wayne Foods',
	'Acme Tools',
	'Hooli Cloud',
	'Vandelay Imports',
];
const CITIES = [
	['Dubai', 'AE'],
	['London', 'GB'],
	['Berlin', 'DE'],
	['Mumbai', 'IN'],
	['Austin', 'US'],
	['Riyadh', 'SA'],
];
const PRODUCTS = [
	'Website Audit',
	'SEO Retainer',
	'CRM Setup',
	'Annual Support',
	'Design Sprint',
	'Cloud Hosting',
	'Training Day',
	'Data Migration',
	'Security Review',
	'Mobile App',
	'Consulting Hour',
	'Content Pack',
];

const iso = (rand: Rand) =>
	new Date(
		Date.UTC(
			2026,
			intBetween(rand, 0, 9),
			intBetween(rand, 1, 28),
			intBetween(rand, 6, 20),
			intBetween(rand, 0, 59),
		),
	).toISOString();
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

function person(rand: Rand, index: number) {
	const first = FIRST[index % FIRST.length];
	const last = pick(rand, LAST);
	const company = pick(rand, COMPANIES);
	return {
		first,
		last,
		name: `${first} ${last}`,
		company,
		email: `${slug(first)}.${slug(last)}${index}@${slug(company)}.example`,
	};
}

export function seedWorkspace(
	store: Store,
	workspace: WorkspaceId,
	counts: SeedCounts | false,
): void {
	const rand = prng(workspace === 'A' ? 1 : 2);
	const id = (prefix: string) => newId(prefix, rand);
	const insert = (kind: Parameters<Store['insert']>[1], record: JsonObject) =>
		store.insert(workspace, kind, record);
	const small = workspace === 'B';
	const wanted =
		counts === false
			? { leads: 0, clients: 0, deals: 0, tasks: 0, contacts: 0, products: 0 }
			: {
					...DEFAULT_COUNTS,
					...(small ? { leads: 3, clients: 2, deals: 2, tasks: 2, contacts: 3 } : {}),
					...(small ? {} : counts),
				};

	const users = ['Sara Ahmed', 'Omar Khan', 'Lena Fischer'].map((name) =>
		insert('users', { id: id('usr_'), name, createdAt: iso(rand) }),
	);
	['Prospect', 'Active', 'Churned'].forEach((name, position) =>
		insert('clientStages', { id: id('cs_'), name, position }),
	);
	// §11.8: every lead stage has a type (WORKING: the help page's, see refdata.ts).
	const stages = (
		[
			['New', 'NEW'],
			['Contacted', 'CONTACTED'],
			['Qualified', 'WORKING'],
			['Proposal', 'WORKING'],
			['Won', 'CONVERTED'],
			['Lost', 'UNQUALIFIED'],
		] as const
	).map(([name, type], position) =>
		insert('leadStages', {
			id: id('lstg_'),
			name,
			type,
			position,
			color: pick(rand, ['#64748b', '#0ea5e9', '#22c55e', '#f59e0b', '#ef4444']),
		}),
	);
	const sources = ['Website', 'Referral', 'LinkedIn', 'Trade Show', 'Cold Call', 'Partner'].map(
		(name) => insert('leadSources', { id: id('src_'), name }),
	);
	// §11.7: stages carry a type, every pipeline has ACTIVE, WON and LOST stages; §17.3:
	// v1 deals name pipelines and stages by public ID or by number, so both exist.
	let stageNumber = workspace === 'A' ? 1 : 1001;
	const pipelines = [
		['Sales', ['Discovery', 'Demo', 'Proposal', 'Negotiation', 'Won', 'Lost']],
		['Partnerships', ['Intro', 'Evaluation', 'Contract', 'Live', 'Lost']],
	].map(([name, stageNames], index) =>
		insert('pipelines', {
			id: id('dpl_'),
			numericId: (workspace === 'A' ? 1 : 1001) + index,
			name: name as string,
			stages: (stageNames as string[]).map((stage, position) => ({
				id: id('dps_'),
				numericId: stageNumber++,
				name: stage,
				position,
				probability: Math.round(((position + 1) / (stageNames as string[]).length) * 100),
				type: stage === 'Won' || stage === 'Live' ? 'WON' : stage === 'Lost' ? 'LOST' : 'ACTIVE',
			})),
			createdAt: iso(rand),
		}),
	);
	let tagId = workspace === 'A' ? 1 : 1001;
	const tagTypes = ['leads', 'deals', 'clients', 'contacts', 'invoices', 'quotations', 'projects'];
	for (const type of tagTypes) {
		for (const name of ['VIP', 'Hot', 'Follow-up', 'Enterprise'].slice(
			0,
			type === 'leads' || type === 'deals' ? 4 : 3,
		)) {
			insert('tags', {
				id: tagId++,
				name,
				color: pick(rand, ['red', 'amber', 'green', 'blue', 'violet']),
				type,
			});
		}
	}
	const templates: Array<[string, string, boolean, 'STATIC' | 'DYNAMIC']> = [
		['Standard Quotation', 'quotations', true, 'DYNAMIC'],
		['Service Invoice', 'invoices', true, 'STATIC'],
		['Retainer Invoice', 'invoices', true, 'DYNAMIC'],
		['Proforma', 'proforma_invoices', true, 'STATIC'],
		['Purchase Order', 'purchase_orders', true, 'STATIC'],
		['Old Quotation (2024)', 'quotations', false, 'STATIC'],
	];
	const customFieldPool = [
		{ label: 'Project Code', dataType: 'text', required: true, values: [] },
		{
			label: 'Payment Terms',
			dataType: 'select',
			required: false,
			values: ['Net 15', 'Net 30', 'Net 60'],
		},
		{ label: 'Delivery Date', dataType: 'date', required: false, values: [] },
		{ label: 'Discount Percent', dataType: 'number', required: false, values: [] },
		{ label: 'Signed Copy Received', dataType: 'checkbox', required: false, values: [] },
	];
	templates.forEach(([name, type, isActive, contentMode], index) => {
		const fields = customFieldPool.slice(index % 3, (index % 3) + 1 + (index % 4));
		insert('templates', {
			id: id('tpl_'),
			name,
			type,
			isActive,
			isSignatureRequired: type === 'quotations',
			// §11.13's list item field; `contentMode` is the contract's name for the same value.
			valueType: contentMode,
			contentMode,
			documentName: `${name} #{{number}}`,
			subject: `Your ${name.toLowerCase()} from {{company}}`,
			customFields: fields.map((field) => ({
				key: `cf_${field.label.toLowerCase().replace(/ /g, '_')}`,
				...field,
			})),
			createdAt: iso(rand),
		});
	});
	for (let index = 0; index < wanted.products; index++) {
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
	const leads: JsonObject[] = [];
	for (let index = 0; index < wanted.leads; index++) {
		const who = person(rand, index);
		const created = iso(rand);
		const stage = pick(rand, stages);
		const lead: JsonObject = {
			id: id('ld_'),
			number: `L-${String(index + 1).padStart(4, '0')}`,
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
	const clients: JsonObject[] = [];
	for (let index = 0; index < wanted.clients; index++) {
		const company = `${COMPANIES[index % COMPANIES.length]}${index >= COMPANIES.length ? ` ${Math.floor(index / COMPANIES.length) + 1}` : ''}`;
		const [city, country] = pick(rand, CITIES);
		const created = iso(rand);
		clients.push(
			insert('clients', {
				id: id('clt_'),
				number: `C-${String(index + 1).padStart(4, '0')}`,
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
	for (let index = 0; index < wanted.deals; index++) {
		const pipeline = pick(rand, pipelines);
		const created = iso(rand);
		const stage = pick(rand, pipeline.stages as JsonObject[]);
		insert('deals', {
			id: id('dl_'),
			number: `D-${String(index + 1).padStart(4, '0')}`,
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
	for (let index = 0; index < wanted.tasks; index++) {
		const created = iso(rand);
		const lead = leads.length && chance(rand, 0.5) ? String(pick(rand, leads).id) : null;
		insert('tasks', {
			id: id('tsk_'),
			number: `T-${String(index + 1).padStart(4, '0')}`,
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
	for (let index = 0; index < wanted.contacts; index++) {
		const who = person(rand, index + 7);
		insert('contacts', {
			id: id('clt_'),
			number: `C-${String(index + 1).padStart(4, '0')}`,
			firstName: who.first,
			lastName: who.last,
			email: who.email,
			mobile: `+1 512 ${intBetween(rand, 100, 999)} ${intBetween(rand, 1000, 9999)}`,
			clientId: clients.length ? String(pick(rand, clients).id) : null,
			createdAt: iso(rand),
		});
	}
}
