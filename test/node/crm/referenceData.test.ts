/**
 * Pipelines and stages, lead stages, tags, products, users, client stages, CRM sources, custom-field definitions and document templates (§11.7–§11.13, §13), through the node run by
 * n8n-core; a recording relay shows each request as it was sent (test/harness/crm.ts).
 */
import { describe, expect, test } from 'vitest';

import { PLAIN_TEMPLATE, useCrm } from '../../harness/crm';

const { relay, heffl, one, all, byId, records, stored, tagIds, pipeline, stages, ids } = useCrm();

describe('§11.7 pipelines and pipeline stages (v2)', () => {
	test('create sends the name, every stage with its fields, icon and active; get, get many, update', async () => {
		const created = await heffl({
			resource: 'pipeline',
			operation: 'create',
			name: 'Renewals',
			stages: {
				entry: [
					{ name: 'Due', position: 0, probability: 20, rottingInDays: 14, type: 'ACTIVE' },
					{ name: 'Renewed', position: 1, probability: 100, type: 'WON' },
					{ name: 'Churned', position: 2, probability: 0, type: 'LOST' },
				],
			},
			additionalFields: { icon: 'refresh', isActive: false },
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/pipelines').body).toEqual({
			name: 'Renewals',
			// n8n gives a stage's numbers their default (0, as §11.7's) when the user leaves them.
			stages: [
				{ name: 'Due', position: 0, probability: 20, rottingInDays: 14, type: 'ACTIVE' },
				{ name: 'Renewed', position: 1, probability: 100, rottingInDays: 0, type: 'WON' },
				{ name: 'Churned', position: 2, probability: 0, rottingInDays: 0, type: 'LOST' },
			],
			icon: 'refresh',
			isActive: false,
		});
		const id = String(created.json[0].id);
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^dpl_/),
			name: 'Renewals',
			icon: 'refresh',
			isActive: false,
			stages: [
				expect.objectContaining({ name: 'Due', rottingInDays: 14, type: 'ACTIVE' }),
				expect.objectContaining({ name: 'Renewed', type: 'WON' }),
				expect.objectContaining({ name: 'Churned', type: 'LOST' }),
			],
		});

		const fetched = await heffl({ resource: 'pipeline', operation: 'get', pipelineId: byId(id) });
		one(fetched, 'GET', `/pipelines/${id}`);
		expect(fetched.json[0]).toEqual(created.json[0]);

		const listed = await heffl({ resource: 'pipeline', operation: 'getAll', returnAll: true });
		one(listed, 'GET', '/pipelines');
		expect(ids(listed.json)).toEqual(ids(records('pipelines')));
		expect(ids(listed.json)).toContain(id);

		const updated = await heffl({
			resource: 'pipeline',
			operation: 'update',
			pipelineId: byId(id),
			updateFields: { name: 'Renewals 2027', icon: 'calendar', isActive: true },
		});
		expect(one(updated, 'PATCH', `/pipelines/${id}`).body).toEqual({
			name: 'Renewals 2027',
			icon: 'calendar',
			isActive: true,
		});
		expect(updated.json[0]).toMatchObject({ id, name: 'Renewals 2027', isActive: true });
	});

	test('a pipeline without Won and Lost stages is refused before sending (§11.7: one of each type)', async () => {
		const refused = await heffl(
			{
				resource: 'pipeline',
				operation: 'create',
				name: 'Half',
				stages: { entry: [{ name: 'Open', position: 0, type: 'ACTIVE' }] },
			},
			{ continueOnFail: true },
		);
		expect(refused.sent).toEqual([]);
		expect(refused.json[0]).toMatchObject({
			error: 'Stages: has no WON and no LOST stage',
			description:
				'Add at least one Active, one Won and one Lost stage (Heffl requires all three).',
		});
	});

	test('a stage without a type counts as Active, as Heffl defaults it (§11.7)', async () => {
		const created = await heffl({
			resource: 'pipeline',
			operation: 'create',
			name: 'Defaults',
			stages: {
				entry: [
					{ name: 'Open', position: 0 },
					{ name: 'Won', position: 1, type: 'WON' },
					{ name: 'Lost', position: 2, type: 'LOST' },
				],
			},
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/pipelines').status).toBe(200);
	});

	test('a stage is added with POST /pipelines/{id}/stages and changed with PATCH /pipeline-stages/{id}', async () => {
		const target = String(pipeline(1).id);
		const created = await heffl({
			resource: 'pipelineStage',
			operation: 'create',
			pipeline: target,
			name: 'Legal review',
			position: 3,
			additionalFields: { probability: 60, rottingInDays: 7, type: 'ACTIVE' },
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', `/pipelines/${target}/stages`).body).toEqual({
			name: 'Legal review',
			position: 3,
			probability: 60,
			rottingInDays: 7,
			type: 'ACTIVE',
		});
		const id = String(created.json[0].id);
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^dps_/),
			name: 'Legal review',
			position: 3,
			probability: 60,
			type: 'ACTIVE',
		});
		expect(stages(1).map((stage) => stage.id)).toContain(id);

		const updated = await heffl({
			resource: 'pipelineStage',
			operation: 'update',
			pipelineStageId: byId(id),
			updateFields: {
				name: 'Signed',
				position: 4,
				probability: 100,
				rottingInDays: 0,
				type: 'WON',
			},
		});
		expect(updated.error?.message).toBeUndefined();
		expect(one(updated, 'PATCH', `/pipeline-stages/${id}`).body).toEqual({
			name: 'Signed',
			position: 4,
			probability: 100,
			rottingInDays: 0,
			type: 'WON',
		});
		expect(updated.json[0]).toMatchObject({ id, name: 'Signed', type: 'WON', probability: 100 });
	});
});

describe('§11.8 lead stages', () => {
	test('create is POST /v2/lead-stages with label and type; Get Many lists it (v1 /leads/stages)', async () => {
		const created = await heffl({
			resource: 'leadStage',
			operation: 'create',
			label: 'Nurturing',
			stageType: 'CONTACTED',
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/lead-stages').body).toEqual({
			label: 'Nurturing',
			type: 'CONTACTED',
		});
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^lstg_/),
			label: 'Nurturing',
			type: 'CONTACTED',
			position: expect.any(Number),
		});
		// §11.8 marks type required: the default is sent when the user leaves it.
		const defaulted = await heffl({ resource: 'leadStage', operation: 'create', label: 'Fresh' });
		expect(one(defaulted, 'POST', '/lead-stages').body).toEqual({ label: 'Fresh', type: 'NEW' });

		const listed = await heffl({ resource: 'leadStage', operation: 'getAll', returnAll: true });
		expect(listed.error?.message).toBeUndefined();
		one(listed, 'GET', '/leads/stages', 'v1');
		expect(ids(listed.json)).toEqual(ids(records('leadStages')));
		expect(ids(listed.json)).toContain(created.json[0].id);
	});
});

describe('§11.9 tags', () => {
	test('create sends name, type, color and icon; Get Many by type returns only tags of that type', async () => {
		const created = await heffl({
			resource: 'tag',
			operation: 'create',
			name: 'Strategic',
			tagType: 'project_tasks',
			color: '#2563eb',
			additionalFields: { icon: 'star' },
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/tags').body).toEqual({
			name: 'Strategic',
			type: 'project_tasks',
			color: '#2563eb',
			icon: 'star',
		});
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^tag_/),
			name: 'Strategic',
			type: 'project_tasks',
			color: '#2563eb',
			icon: 'star',
		});

		const listed = await heffl({
			resource: 'tag',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'project_tasks' },
		});
		expect(listed.error?.message).toBeUndefined();
		one(listed, 'GET', '/tags');
		expect(listed.json).toEqual([created.json[0]]);

		const deals = await heffl({
			resource: 'tag',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'deals' },
		});
		expect(ids(deals.json)).toEqual(tagIds('deals'));
	});

	test('§11.9 documents no list query: tags of another type from Heffl are dropped by the node', async () => {
		relay.rewrite = (sent) => {
			if (sent.method !== 'GET' || sent.path !== '/tags') return undefined;
			const every = records('tags').map((tag) => ({
				id: typeof tag.id === 'number' ? `tag_${tag.id}` : tag.id,
				name: tag.name,
				color: tag.color,
				type: tag.type,
				icon: tag.icon ?? null,
			}));
			return { status: 200, body: { data: every, meta: { nextCursor: null, hasMore: false } } };
		};
		try {
			const listed = await heffl({
				resource: 'tag',
				operation: 'getAll',
				returnAll: true,
				filters: { type: 'quotations' },
			});
			expect(listed.error?.message).toBeUndefined();
			expect(ids(listed.json)).toEqual(tagIds('quotations'));
			expect(listed.json.every((tag) => tag.type === 'quotations')).toBe(true);
		} finally {
			relay.rewrite = undefined;
		}
	});
});

describe('§11.10 products', () => {
	test('create sends every documented field; get; get many; update (PATCH) with Fields to Clear', async () => {
		const created = await heffl({
			resource: 'product',
			operation: 'create',
			name: 'Penetration Test',
			additionalFields: {
				productType: 'SERVICE',
				price: 2500,
				description: 'External and internal',
				sku: 'PEN-001',
				buyPrice: 900,
				isActive: true,
			},
		});
		expect(created.error?.message).toBeUndefined();
		expect(one(created, 'POST', '/products').body).toEqual({
			name: 'Penetration Test',
			type: 'SERVICE',
			price: 2500,
			description: 'External and internal',
			sku: 'PEN-001',
			buyPrice: 900,
			isActive: true,
		});
		const id = String(created.json[0].id);
		expect(created.json[0]).toMatchObject({
			id: expect.stringMatching(/^prd_/),
			name: 'Penetration Test',
			type: 'SERVICE',
			price: 2500,
			sku: 'PEN-001',
			isActive: true,
		});
		expect(stored('products', id)).toMatchObject({ buyPrice: 900 });

		const fetched = await heffl({ resource: 'product', operation: 'get', productId: byId(id) });
		expect(fetched.error?.message).toBeUndefined();
		one(fetched, 'GET', `/products/${id}`, 'v1');
		expect(fetched.json[0]).toMatchObject({ id, name: 'Penetration Test' });

		const listed = await heffl({
			resource: 'product',
			operation: 'getAll',
			returnAll: true,
			filters: { search: 'pen-001' },
		});
		expect(listed.error?.message).toBeUndefined();
		expect(all(listed, 'GET', '/products').length).toBeGreaterThan(0);
		expect(ids(listed.json)).toEqual([id]);

		const updated = await heffl({
			resource: 'product',
			operation: 'update',
			productId: byId(id),
			updateFields: {
				name: 'Pen Test',
				productType: 'PRODUCT',
				price: 2000,
				isActive: false,
				clearFields: ['description', 'sku', 'buyPrice'],
			},
		});
		expect(updated.error?.message).toBeUndefined();
		expect(one(updated, 'PATCH', `/products/${id}`).body).toEqual({
			name: 'Pen Test',
			type: 'PRODUCT',
			price: 2000,
			isActive: false,
			description: null,
			sku: null,
			buyPrice: null,
		});
		expect(updated.json[0]).toMatchObject({
			id,
			name: 'Pen Test',
			type: 'PRODUCT',
			isActive: false,
			description: null,
			sku: null,
		});
		expect(stored('products', id)).toMatchObject({ buyPrice: null });
	});
});

describe('§13 users, §11.11 client stages and CRM sources, §11.12 custom-field definitions', () => {
	test('users: GET /v2/users, every user; Search checked on name and e-mail', async () => {
		const listed = await heffl({ resource: 'user', operation: 'getAll', returnAll: true });
		expect(listed.error?.message).toBeUndefined();
		one(listed, 'GET', '/users');
		expect(ids(listed.json)).toEqual(ids(records('users')));
		expect(listed.json[0]).toMatchObject({
			name: records('users')[0].name,
			email: expect.any(String),
		});
		const name = String(records('users')[1].name);
		const searched = await heffl({
			resource: 'user',
			operation: 'getAll',
			returnAll: true,
			filters: { search: name.split(' ')[1].toLowerCase() },
		});
		expect(ids(searched.json)).toEqual([records('users')[1].id]);
	});

	test('client stages (GET /v2/client-stages) and CRM sources (GET /v2/sources)', async () => {
		const stagesRun = await heffl({
			resource: 'clientStage',
			operation: 'getAll',
			returnAll: true,
		});
		expect(stagesRun.error?.message).toBeUndefined();
		one(stagesRun, 'GET', '/client-stages');
		expect(stagesRun.json.map((stage) => [stage.id, stage.name])).toEqual(
			records('clientStages').map((stage) => [stage.id, stage.name]),
		);
		const limited = await heffl({ resource: 'crmSource', operation: 'getAll', limit: 2 });
		expect(limited.error?.message).toBeUndefined();
		expect(one(limited, 'GET', '/sources').query.pageSize).toBe('2');
		expect(ids(limited.json)).toEqual(ids(records('leadSources').slice(0, 2)));
		const sourcesRun = await heffl({ resource: 'crmSource', operation: 'getAll', returnAll: true });
		expect(ids(sourcesRun.json)).toEqual(ids(records('leadSources')));
	});

	test('custom-field definitions by entity (`entity`); deals with a pipeline add `pipelineId`', async () => {
		const definitions = records('customFields');
		const companiesRun = await heffl({
			resource: 'customField',
			operation: 'getAll',
			returnAll: true,
			entity: 'companies',
		});
		expect(companiesRun.error?.message).toBeUndefined();
		expect(one(companiesRun, 'GET', '/custom-fields').query).toMatchObject({
			entity: 'companies',
		});
		expect(companiesRun.json.map((definition) => definition.key)).toEqual(
			definitions.filter((d) => d.entity === 'companies').map((d) => d.key),
		);

		const target = String(pipeline(1).id);
		const dealsRun = await heffl({
			resource: 'customField',
			operation: 'getAll',
			returnAll: true,
			entity: 'deals',
			filters: { pipeline: target },
		});
		expect(dealsRun.error?.message).toBeUndefined();
		expect(one(dealsRun, 'GET', '/custom-fields').query).toMatchObject({
			entity: 'deals',
			pipelineId: target,
		});
		const expected = definitions.filter(
			(d) => d.entity === 'deals' && (d.pipelineId === null || d.pipelineId === target),
		);
		expect(dealsRun.json.map((definition) => definition.key)).toEqual(expected.map((d) => d.key));
		expect(dealsRun.json.some((definition) => definition.pipelineId === target)).toBe(true);
	});
});

describe('§11.13 document templates', () => {
	test('Get Many sends type, search and includeInactive; Get reads one template with its custom fields', async () => {
		const listed = await heffl({
			resource: 'documentTemplate',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'quotations', search: 'old', includeInactive: true },
		});
		expect(listed.error?.message).toBeUndefined();
		expect(one(listed, 'GET', '/document-templates').query).toMatchObject({
			type: 'quotations',
			search: 'old',
			includeInactive: 'true',
		});
		const expected = records('templates').filter(
			(template) =>
				template.type === 'quotations' && String(template.name).toLowerCase().startsWith('old'),
		);
		expect(expected.length).toBe(1);
		expect(ids(listed.json)).toEqual(ids(expected));

		const active = await heffl({
			resource: 'documentTemplate',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'quotations' },
		});
		expect(active.json.every((template) => template.isActive === true)).toBe(true);
		expect(ids(active.json)).toContain(PLAIN_TEMPLATE);

		const fetched = await heffl({
			resource: 'documentTemplate',
			operation: 'get',
			documentTemplateId: byId(String(expected[0].id)),
		});
		one(fetched, 'GET', `/document-templates/${String(expected[0].id)}`);
		expect(fetched.json[0]).toMatchObject({
			id: expected[0].id,
			type: 'quotations',
			customFields: expect.any(Array),
		});
	});
});
