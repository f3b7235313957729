/**
 * v2 seed data, added after the v1 seed with its own PRNG (the v1 sample data stays
 * exactly as it was): custom-field definitions per entity (some required, some with
 * allowed values; deals per pipeline), a quotation template with custom fields, user
 * e-mails, and sample quotations. (bulk.ts makes N records at once.)
 */
import { intBetween, newId, pick, prng } from '../random';
import type { Rand } from '../random';
import type { Store } from '../store';
import type { JsonObject, RecordKind, WorkspaceId } from '../types';

/** Key from label as §9.1 says: lower case, spaces to underscores, `cf_` prefix. */
const key = (label: string) => `cf_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

type Definition = [label: string, dataType: string, required: boolean, values?: string[]];

const DEFINITIONS: Record<'contacts' | 'companies' | 'tasks', Definition[]> = {
	contacts: [
		['Preferred Language', 'select', false, ['English', 'Arabic', 'German', 'Hindi']],
		['Birthday', 'date', false],
		['Newsletter', 'checkbox', false],
	],
	companies: [
		['Industry', 'select', true, ['Software', 'Retail', 'Manufacturing', 'Healthcare', 'Finance']],
		['Company Size', 'number', false],
		['Lead Source Detail', 'text', false],
		['Contract End Date', 'date', false],
		['Regions', 'multiselect', false, ['EMEA', 'APAC', 'Americas']],
	],
	tasks: [
		['Call Outcome', 'select', false, ['Reached', 'Voicemail', 'No answer']],
		['Effort Hours', 'number', false],
		['Follow Up Required', 'checkbox', false],
	],
};
/** Team-wide deal fields, then per pipeline (by position in the seed: Sales, Partnerships). */
const DEAL_DEFINITIONS: Definition[] = [
	['Budget Range', 'select', false, ['<10k', '10k-50k', '50k+']],
	['Competitor', 'text', false],
	['Decision Date', 'date', false],
];
const PIPELINE_DEFINITIONS: Definition[][] = [
	[['Lead Score', 'number', true]],
	[['Partner Tier', 'select', true, ['Silver', 'Gold', 'Platinum']]],
];

/** The quotation template whose custom fields drive quotation create (§11.13, §9.1). */
export const QUOTATION_TEMPLATE_NAME = 'Project Quotation';
const TEMPLATE_FIELDS: Definition[] = [
	['Project Code', 'text', true],
	['Payment Terms', 'select', true, ['Net 15', 'Net 30', 'Net 60']],
	['Delivery Date', 'date', false],
	['Discount Percent', 'number', false],
	['Signed Copy Received', 'checkbox', false],
];

const definition = (
	entity: string,
	[label, dataType, required, values]: Definition,
	rand: Rand,
	pipelineId: string | null = null,
): JsonObject => ({
	id: newId('cfd_', rand),
	entity,
	key: key(label),
	label,
	dataType,
	required,
	values: values ?? [],
	pipelineId,
});

export function seedV2(store: Store, workspace: WorkspaceId, quotations: number): void {
	const rand = prng(workspace === 'A' ? 201 : 202);
	const space = store.workspace(workspace);
	const insert = (kind: RecordKind, record: JsonObject) => store.insert(workspace, kind, record);
	for (const [entity, definitions] of Object.entries(DEFINITIONS))
		for (const item of definitions) insert('customFields', definition(entity, item, rand));
	for (const item of DEAL_DEFINITIONS) insert('customFields', definition('deals', item, rand));
	space.all('pipelines').forEach((pipeline, index) => {
		for (const item of PIPELINE_DEFINITIONS[index] ?? [])
			insert('customFields', definition('deals', item, rand, String(pipeline.id)));
	});
	const template: JsonObject = {
		id: newId('tpl_', rand),
		name: QUOTATION_TEMPLATE_NAME,
		type: 'quotations',
		isActive: true,
		isSignatureRequired: true,
		valueType: 'DYNAMIC',
		contentMode: 'DYNAMIC',
		documentName: 'Quotation #{{number}}',
		subject: 'Your quotation from {{company}}',
		customFields: TEMPLATE_FIELDS.map(([label, dataType, required, values]) => ({
			key: key(label),
			label,
			dataType,
			required,
			values: values ?? [],
		})),
		createdAt: '2026-01-05T09:00:00.000Z',
	};
	insert('templates', template);
	// §13 documents no user object: the sandbox's users have a name, an e-mail and isActive.
	for (const user of space.all('users')) {
		user.email = `${String(user.name)
			.toLowerCase()
			.replace(/[^a-z]+/g, '.')}@sandbox.example`;
		user.isActive = true;
	}
	const clients = space.all('clients');
	const products = space.all('products');
	const users = space.all('users');
	const deals = space.all('deals');
	for (let index = 0; index < quotations && clients.length; index++) {
		const client = pick(rand, clients);
		const product = products.length ? pick(rand, products) : undefined;
		const created = new Date(
			Date.UTC(2026, intBetween(rand, 0, 9), intBetween(rand, 1, 28), 10),
		).toISOString();
		const deal = deals.find((candidate) => candidate.clientId === client.id);
		insert('quotations', {
			id: newId('qtn_', rand),
			number: `QT-${String(index + 1).padStart(4, '0')}`,
			clientId: String(client.id),
			templateId: String(template.id),
			date: created,
			expiryDate: new Date(Date.parse(created) + 30 * 86_400_000).toISOString(),
			status: pick(rand, ['DRAFT', 'SENT', 'ACCEPTED', 'REJECTED']),
			subject: `${String(product?.name ?? 'Services')} for ${String(client.name)}`,
			dealId: (deal?.id ?? null) as string | null,
			salesPersonId: String(pick(rand, users).id),
			currency: 'USD',
			conversionRate: 1,
			isInclusiveTax: false,
			tags: [],
			quotationProducts: [
				{
					name: (product?.name ?? 'Consulting') as string,
					description: null,
					productId: (product?.id ?? null) as string | null,
					quantity: intBetween(rand, 1, 5),
					price: Number(product?.price ?? 100),
					discount: 0,
					tax: 5,
					taxRateId: null,
					scope: null,
				},
			],
			cf_project_code: `PRJ-${1000 + index}`,
			cf_payment_terms: pick(rand, ['Net 15', 'Net 30', 'Net 60']),
			createdAt: created,
			updatedAt: created,
		});
	}
}
