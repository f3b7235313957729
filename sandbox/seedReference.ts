/**
 * The seed's reference data, there whatever the counts: users, client stages, lead stages and
 * sources, deal pipelines with their stages, tags of every type and document templates with
 * custom fields. Drawn in this order from the workspace's PRNG (see seed.ts).
 */
import { pick } from './random';
import type { Seeding } from './seedSamples';
import { iso } from './seedSamples';
import type { JsonObject } from './types';

/** The reference records the CRM records of the seed point at. */
export interface SeededReference {
	users: JsonObject[];
	stages: JsonObject[];
	sources: JsonObject[];
	pipelines: JsonObject[];
}

export function seedReferenceData(seeding: Seeding): SeededReference {
	const { rand, id, insert } = seeding;
	const users = ['Sara Ahmed', 'Omar Khan', 'Lena Fischer'].map((name) =>
		insert('users', { id: id('usr_'), name, createdAt: iso(rand) }),
	);
	['Prospect', 'Active', 'Churned'].forEach((name, position) =>
		insert('clientStages', { id: id('cs_'), name, position }),
	);
	// §11.8: every lead stage has a type (WORKING: the help page's, see v2/refdata.ts).
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
	const pipelines = seedPipelines(seeding);
	seedTags(seeding);
	seedTemplates(seeding);
	return { users, stages, sources, pipelines };
}

/**
 * §11.7: stages carry a type, every pipeline has ACTIVE, WON and LOST stages; §17.3: v1 deals
 * name pipelines and stages by public ID or by number, so both exist.
 */
function seedPipelines({ workspace, rand, id, insert }: Seeding): JsonObject[] {
	let stageNumber = workspace === 'A' ? 1 : 1001;
	return [
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
}

/** Numeric IDs, as v1 keeps them (v2 renders them `tag_…`). */
function seedTags({ workspace, rand, insert }: Seeding): void {
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
}

function seedTemplates({ rand, id, insert }: Seeding): void {
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
}
