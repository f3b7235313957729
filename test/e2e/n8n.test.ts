/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * The packed package inside a real n8n 2.x (its server, database, credential helper,
 * webhook server and HTTP Request node) against the sandbox, in the n8n the `e2e-shared`
 * tier shares (sharedN8n.ts): this file's credential and workflows (packageWorkflows.ts)
 * are put in when it starts and removed when it ends.
 */
import type { IDataObject } from 'n8n-workflow';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { Session } from '../../drivers/real-n8n.mjs';
import { hefflCredential } from '../../drivers/real-n8n.mjs';
import type { CrudResource } from '../../drivers/roundTrips';
import { CRUD } from '../../drivers/roundTrips';
import type { StartedSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { SharedN8n } from '../../drivers/sharedN8n';
import { intoSharedN8n } from '../../drivers/sharedN8n';
import type { Workflow } from './packageWorkflows';
import { credentials, packageWorkflows, runByWebhook } from './packageWorkflows';
import { createLead } from './triggerScene';

let sandbox: StartedSandbox;
let n8n: SharedN8n;
let session: Session;
let given: ReturnType<typeof packageWorkflows>;

const run = (workflow: Workflow) => runByWebhook(n8n, workflow);

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false, seed: { contacts: 250 } });
	given = packageWorkflows(sandbox);
	n8n = await intoSharedN8n({
		credentials: [hefflCredential(credentials.hefflApi, sandbox)],
		workflows: given.all,
	});
	session = n8n.session;
}, 900_000);

afterAll(async () => {
	await n8n?.remove();
	await sandbox?.close();
});

describe('the packed package in real n8n', () => {
	test('n8n loads the credential and both nodes, each in its one version', async () => {
		const types = await session.loadedTypes();
		expect(types.nodes).toEqual(
			expect.arrayContaining(['n8n-nodes-heffl.heffl', 'n8n-nodes-heffl.hefflTrigger']),
		);
		expect({
			heffl: types.versions['n8n-nodes-heffl.heffl'],
			trigger: types.versions['n8n-nodes-heffl.hefflTrigger'],
		}).toEqual({ heffl: [1], trigger: [1] });
		expect(types.credentials).toContain('hefflApi');
		expect(n8n.output()).not.toMatch(/Failed to load package/);
	});

	test("the credential test: n8n's tester reaches the sandbox; 401 and 403 say what to do", async () => {
		const testWith = (apiKey: string) =>
			session.call('POST', '/credentials/test', {
				credentials: hefflCredential(n8n.reference(credentials.hefflApi), {
					apiKey,
					urls: sandbox.urls,
				}),
			});
		expect(await testWith(`  ${sandbox.apiKey}\n`)).toEqual({
			status: 'OK',
			message: expect.any(String),
		});

		const revoked = sandbox.createApiKey();
		sandbox.revokeApiKey(revoked);
		const refused = await testWith(revoked);
		expect(refused).toEqual({
			status: 'Error',
			message: expect.stringContaining(
				'Create a new key in Heffl under Settings → Developer settings',
			),
		});
		expect(JSON.stringify(refused)).not.toContain(revoked);

		sandbox.faults.queue('403', 1);
		expect(await testWith(sandbox.apiKey)).toEqual({
			status: 'Error',
			message: expect.stringContaining('belongs to another Heffl workspace'),
		});
	});

	test.each(Object.keys(CRUD) as CrudResource[])(
		'a %s round trip: create, get, update, delete',
		async (resource) => {
			const outputs = await run(given.roundTrips[resource]);
			const [created] = outputs.Create;
			expect(created.id).toEqual(expect.any(String));
			expect(outputs.Get).toEqual([created]);
			expect(outputs.Update).toEqual([
				expect.objectContaining({ ...CRUD[resource].updated, id: created.id }),
			]);
			// API v2 answers a delete with the record it removed (the node passes it on).
			expect(outputs.Delete).toEqual([expect.objectContaining({ id: created.id, deleted: true })]);
			expect(sandbox.records(CRUD[resource].kind).some((record) => record.id === created.id)).toBe(
				false,
			);
		},
	);

	test('custom fields converted by their definitions; deals filtered and sorted by Heffl (§7)', async () => {
		sandbox.clearRequests();
		const outputs = await run(given.customFields);
		expect(outputs.Company[0]).toMatchObject({
			name: 'E2E Trading',
			cf_industry: 'Retail',
			cf_company_size: 12,
			cf_contract_end_date: '2027-03-31',
			cf_regions: ['EMEA', 'APAC'],
		});
		const won = sandbox.records('deals').filter((deal) => deal.status === 'WON');
		expect(outputs['Won Deals'].map((deal) => deal.id).sort()).toEqual(
			won.map((deal) => String(deal.id)).sort(),
		);
		const prices = outputs['Won Deals'].map((deal) => Number(deal.price ?? 0));
		expect(prices).toEqual([...prices].sort((a, b) => a - b));
		const list = sandbox.requests.find((request) => request.path.startsWith('/api/v2/deals?'));
		expect(decodeURIComponent(String(list?.path))).toContain(
			'filters={"status":{"operator":"is","values":["WON"]}}',
		);
	});

	test("the resource mapper through n8n's editor API lists the definitions of entity, pipeline and template (§11.12, §11.13)", async () => {
		const fields = async (parameters: IDataObject) =>
			(
				(await session.call('POST', '/dynamic-node-parameters/resource-mapper-fields', {
					path: 'customFieldsMapping',
					nodeTypeAndVersion: { name: 'n8n-nodes-heffl.heffl', version: 1 },
					methodName: 'getCustomFieldColumns',
					currentNodeParameters: parameters,
					credentials: { hefflApi: n8n.reference(credentials.hefflApi) },
				})) as { fields: IDataObject[] }
			).fields;
		const definitions = (entity: string, pipelineId: unknown = null) =>
			sandbox
				.records('customFields' as never)
				.filter(
					(definition) =>
						definition.entity === entity &&
						(definition.pipelineId === null || definition.pipelineId === pipelineId),
				)
				.map((definition) => definition.key)
				.sort();
		const keys = (list: IDataObject[]) => list.map((field) => field.id).sort();
		const companyFields = await fields({ resource: 'company', operation: 'create' });
		expect(keys(companyFields)).toEqual(definitions('companies'));
		expect(companyFields.find((field) => field.id === 'cf_industry')).toMatchObject({
			required: true,
			type: 'options',
		});
		const [pipeline] = sandbox.records('pipelines');
		expect(
			keys(await fields({ resource: 'deal', operation: 'create', pipeline: pipeline.id })),
		).toEqual(definitions('deals', pipeline.id));
		const template = sandbox
			.records('templates')
			.find((record) => record.name === 'Project Quotation') as IDataObject;
		expect(
			keys(await fields({ resource: 'quotation', operation: 'create', template: template.id })),
		).toEqual((template.customFields as IDataObject[]).map((field) => field.key).sort());
	});

	test('Return All over several pages of v2 contacts costs one request per 100', async () => {
		sandbox.clearRequests();
		const outputs = await run(given.contacts);
		expect(outputs.Contacts).toHaveLength(250);
		expect(sandbox.requests.filter((request) => request.apiVersion === 'v2')).toHaveLength(3);
	});

	test('an error item with continueOnFail', async () => {
		const outputs = await run(given.error);
		expect(outputs.Missing).toEqual([
			expect.objectContaining({
				error: 'The lead was not found',
				code: 'NOT_FOUND',
				httpCode: 404,
			}),
		]);
	});

	test("hostile values through n8n's expression engine: each refused naming its field before anything is sent, a record given as an ID taken as its id", async () => {
		sandbox.clearRequests();
		const outputs = await run(given.hostileValues);
		const error = (node: string) => String(outputs[node]?.[0]?.error ?? '');
		expect(error('Deep Filters')).toMatch(
			/^Filters › Filters \(JSON\).*nested more than 50 levels/,
		);
		expect(error('Deep Value')).toMatch(/^Additional Fields › Value.*nested more than 50 levels/);
		expect(error('Empty Value')).toMatch(/^Additional Fields › Value: is an empty object/);
		expect(error('NaN ID')).toMatch(/^Deal: NaN is not an ID/);
		expect(error('Object Tags')).toMatch(
			/^Additional Fields › Tag Names or IDs: entry 1 is an object .* without an id/,
		);
		const lead = String(sandbox.records('leads')[0].id);
		expect(outputs['Lead as ID']).toEqual([expect.objectContaining({ id: lead })]);
		expect(
			sandbox.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`),
		).toEqual([`GET /api/v1/leads/${lead}`]);
	});

	test('the HTTP Request node authenticates with the Heffl API credential (x-api-key)', async () => {
		sandbox.clearRequests();
		const outputs = await run(given.http);
		expect((outputs.HTTP[0].items as unknown[]).length).toBeGreaterThan(0);
		expect(sandbox.requests.map((request) => request.status)).toEqual([200]);
	});

	test('the trigger: one subscription on activation, a run per event, forgeries refused, removed on deactivation', async () => {
		expect(sandbox.records('webhooks')).toHaveLength(0);
		await session.activate(given.trigger.id);
		await expect
			.poll(() => sandbox.records('webhooks').length, { timeout: 10_000 })
			.toBeGreaterThan(0);
		await new Promise((done) => setTimeout(done, 1000)); // would a second one follow?
		const [subscription] = sandbox.records('webhooks');
		expect(sandbox.records('webhooks')).toHaveLength(1);
		expect(subscription).toMatchObject({
			url: expect.stringContaining(`${n8n.url}/webhook/`),
			events: ['lead.created'],
		});

		const names = ['Grace Hopper', 'Katherine Johnson', 'Hedy Lamarr'];
		const leads: IDataObject[] = [];
		for (const name of names) leads.push(await createLead(sandbox, name));
		await sandbox.waitForDeliveries(
			(deliveries) => deliveries.filter((d) => d.status === 'succeeded').length === 3,
			30_000,
		);
		const followUps = async () =>
			sandbox.records('tasks').filter((task) => String(task.title).startsWith('E2E follow-up: '));
		await expect.poll(async () => (await followUps()).length, { timeout: 30_000 }).toBe(3);
		// §11.5: a task links to its lead by entity and entityId.
		expect((await followUps()).map((task) => [task.title, task.entity, task.entityId])).toEqual(
			expect.arrayContaining(
				leads.map((lead) => [`E2E follow-up: ${lead.name}`, 'leads', lead.id]),
			),
		);

		// Signed with a secret that is not the subscription's: 401, nothing runs.
		const body = JSON.stringify({
			event: 'lead.created',
			timestamp: new Date().toISOString(),
			payload: { id: 'ld_forged', name: 'Mallory' },
		});
		const forger = new Webhook(
			`whsec_${Buffer.from('not the real secret, 32 bytes!!!').toString('base64')}`,
		);
		const at = new Date();
		const forged = await fetch(String(subscription.url), {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'webhook-id': 'msg_forged1',
				'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
				'webhook-signature': forger.sign('msg_forged1', at, body),
			},
			body,
		});
		expect(forged.status).toBe(401);
		// An execution that has created its task may still be finishing (a loaded machine widens
		// that moment): each is waited for until it has ended.
		await expect
			.poll(
				async () =>
					(await session.executions(given.trigger.id)).map((execution) => execution.status),
				{ timeout: 30_000 },
			)
			.toEqual(['success', 'success', 'success']);
		expect((await followUps()).length).toBe(3);

		await session.deactivate(given.trigger.id);
		await expect.poll(() => sandbox.records('webhooks').length, { timeout: 10_000 }).toBe(0);
	});

	test("the API key appears in no execution's data and nowhere in n8n's log", async () => {
		let scanned = 0;
		for (const workflow of given.all) {
			for (const execution of await session.executions(workflow.id)) {
				const text = JSON.stringify(await session.outputs(execution.id));
				expect(text).not.toContain(sandbox.apiKey);
				scanned++;
			}
		}
		expect(scanned).toBeGreaterThanOrEqual(given.all.length);
		expect(n8n.output()).not.toContain(sandbox.apiKey);
	});
});
