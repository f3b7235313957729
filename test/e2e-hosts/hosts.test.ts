/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * One n8n host (N8N_VERSION; `npm run test:hosts` runs each of test/e2e-hosts/hosts.json) with
 * the package installed the way n8n installs it: published to a real registry on
 * loopback (Verdaccio), installed by n8n's own installer through the REST call of
 * the editor's Settings → Community Nodes → Install, its only help an `npm` shim
 * that points the installer's `--registry=` at that registry (registry.ts says
 * why). Then on that host: the nodes load, the samples of examples/ run, the
 * trigger activates, verifies, runs each delivery once and deletes its subscription
 * on deactivation, list search and the resource mapper answer through the editor's
 * API, an AI Agent calls the Heffl tool (its model a scripted OpenAI-compatible
 * server on loopback), 0.1.0 → 0.1.1 keeps the active workflows running, the
 * package survives a restart, and uninstalling removes it.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import {
	followUpTaskTag,
	runnable,
	sandboxExamples,
	sandboxTarget,
} from '../../drivers/demo-workflows';
import { packPackage } from '../../drivers/pack.mjs';
import {
	ensureN8n,
	freePort,
	HOST,
	login,
	N8N_DIR,
	NODE_BIN,
	startN8n,
} from '../../drivers/real-n8n.mjs';
import type { StartedSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { FakeModel } from './fakeModel';
import { startFakeModel } from './fakeModel';
import type { Session, Workflow } from './hostTools';
import {
	newestVersion,
	recordingRelay,
	saveCredential,
	saveWorkflow,
	sleep,
	until,
} from './hostTools';
import type { NpmShim, Registry } from '../../drivers/registry';
import { npmShim, repack, startRegistry } from '../../drivers/registry';

const PACKAGE = 'n8n-nodes-heffl';
const NODE = `${PACKAGE}.heffl`;
const TRIGGER = `${PACKAGE}.hefflTrigger`;
const POLLING = `${PACKAGE}.hefflPollingTrigger`;
const TOOL = `${PACKAGE}.hefflTool`;
/** What this host's n8n has, read from its code once it is installed (beforeAll). */
const has = { envList: false, nodesManifestCleanup: false };

let registry: Registry;
let shim: NpmShim;
let sandbox: StartedSandbox;
let model: FakeModel;
let relay: Awaited<ReturnType<typeof recordingRelay>>;
let folder: string;
let n8n: { url: string; output: () => string; stop: () => Promise<void> };
let session: Session;
let ports: { n8n: number; broker: number };
const credentials: Record<string, { id: string; name: string }> = {};
let newLead: Workflow & { id: string };
let wonDeal: Workflow & { id: string };
let polling: Workflow & { id: string };
let agent: Workflow & { id: string };
/** examples/ with what a user sets after importing set for the sandbox (demo-workflows.ts's forSandbox). */
let samples: ReturnType<typeof sandboxExamples>;

/** n8n on this host with the npm shim first on its PATH, its webhooks behind the relay. */
async function start(extra: Record<string, string> = {}) {
	n8n = await startN8n(folder, ports.n8n, {
		PATH: `${shim.dir}:${NODE_BIN}:${process.env.PATH}`,
		N8N_WEBHOOK_URL: relay.url, // n8n 2.x
		WEBHOOK_URL: relay.url, // n8n 1.x
		N8N_RUNNERS_BROKER_PORT: String(ports.broker),
		...extra,
	});
	session = (await login(n8n.url)) as Session;
}

const installed = () => join(folder, '.n8n', 'nodes', 'node_modules', PACKAGE);
const nodesManifest = () =>
	JSON.parse(readFileSync(join(folder, '.n8n', 'nodes', 'package.json'), 'utf8')) as IDataObject;
const webhookUrlOf = (workflow: Workflow) =>
	`${relay.url}webhook/${String(workflow.nodes[0].webhookId)}/webhook`;
const subscriptionsOf = (workflow: Workflow) =>
	sandbox.records('webhooks').filter((record) => record.url === webhookUrlOf(workflow));

async function createLead(name: string) {
	const answer = await fetch(`${sandbox.urls.v1}/leads`, {
		method: 'POST',
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ name, email: `${name.split(' ')[0].toLowerCase()}@example.com` }),
	});
	expect(answer.ok).toBe(true);
	return (await answer.json()) as { id: string; name: string };
}

/** The follow-up tasks the new-lead sample made for a lead. */
const followUps = (leadId: string) =>
	sandbox.records('tasks').filter((task) => task.entityId === leadId || task.leadId === leadId);

/** Executions of a workflow once their number stops changing for 1.5 s. */
async function settled(workflowId: string, atLeast: number) {
	let last = -1;
	let since = Date.now();
	return until(
		async () => {
			const list = await session.executions(workflowId);
			if (list.length !== last) [last, since] = [list.length, Date.now()];
			return list;
		},
		(list) => list.length >= atLeast && Date.now() - since > 1500,
	);
}

beforeAll(async () => {
	ensureN8n();
	const dist = join(N8N_DIR, 'node_modules', 'n8n', 'dist');
	// n8n 2.21+ installs packages listed in N8N_COMMUNITY_PACKAGES at start.
	has.envList = existsSync(
		join(dist, 'instance-settings-loader/loaders/community-packages.instance-settings-loader.js'),
	);
	// n8n 2.41's uninstaller also removes the package from ~/.n8n/nodes/package.json.
	has.nodesManifestCleanup = readFileSync(
		join(dist, 'modules/community-packages/community-packages.service.js'),
		'utf8',
	).includes('removePackageJsonDependency');
	const tarball = packPackage();
	registry = await startRegistry();
	registry.publish(tarball);
	registry.publish(repack(tarball, '0.1.1'));
	shim = npmShim(registry.url);
	sandbox = await startSandbox({ rateLimit: false });
	model = await startFakeModel();
	relay = await recordingRelay(() => n8n.url);
	folder = mkdtempSync(join(tmpdir(), `heffl-host-${HOST.n8n}-`));
	ports = { n8n: await freePort(), broker: await freePort() };
	await start();
}, 900_000);

afterAll(async () => {
	await n8n?.stop();
	await Promise.all([sandbox?.close(), model?.close(), relay?.close(), registry?.close()]);
});

describe(`n8n ${HOST.n8n} on Node ${HOST.node}: the package through n8n's own installer`, () => {
	test('Settings → Community Nodes → Install (POST /rest/community-packages) installs 0.1.0 from the loopback registry; the nodes load', async () => {
		const answer = await session.call('POST', '/community-packages', {
			name: PACKAGE,
			version: '0.1.0',
		});
		expect(answer).toMatchObject({ packageName: PACKAGE, installedVersion: '0.1.0' });
		expect(answer.installedNodes.map((node: IDataObject) => node.type).sort()).toEqual([
			NODE,
			POLLING,
			TRIGGER,
		]);
		// n8n's installer itself ran npm: pack from the registry, install without scripts.
		const calls = shim.calls();
		expect(calls).toEqual(
			expect.arrayContaining([
				expect.stringMatching(
					new RegExp(`^npm pack ${PACKAGE}@0\\.1\\.0 .*--registry=https://registry\\.npmjs\\.org`),
				),
				expect.stringMatching(/^npm install .*--ignore-scripts=true/),
			]),
		);
		expect(nodesManifest().dependencies).toEqual({ [PACKAGE]: '0.1.0' });
		const manifest = JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8'));
		expect(manifest).toMatchObject({ name: PACKAGE, version: '0.1.0' });
		expect(manifest.peerDependencies).toBeUndefined(); // stripped by n8n's installer
		expect(existsSync(join(installed(), 'node_modules'))).toBe(false); // nothing to install

		const types = await session.loadedTypes();
		expect(types.nodes).toEqual(expect.arrayContaining([NODE, POLLING, TRIGGER, TOOL]));
		expect(types.credentials).toEqual(
			expect.arrayContaining(['hefflApi', 'hefflWebhookSigningSecretApi']),
		);
		expect(n8n.output()).not.toMatch(/Failed to load package|cannot be used as a tool/i);
	});

	test("the sample workflows of examples/, saved through the editor's API: the webhook triggers register one subscription each, the polling trigger polls", async () => {
		credentials.hefflApi = await saveCredential(session, 'Heffl sandbox', 'hefflApi', {
			apiKey: sandbox.apiKey,
			v1BaseUrl: sandbox.urls.v1,
			v2BaseUrl: sandbox.urls.v2,
		});
		await followUpTaskTag(sandbox.urls.v2, sandbox.apiKey); // the task tag the new-lead sample finds
		samples = sandboxExamples(sandboxTarget(sandbox));
		newLead = await saveWorkflow(session, samples.newLead as Workflow, credentials);
		wonDeal = await saveWorkflow(session, samples.wonDeal as Workflow, credentials);
		for (const workflow of [newLead, wonDeal]) {
			await session.activate(workflow.id);
			const subscriptions = await until(
				() => subscriptionsOf(workflow),
				(list) => list.length > 0,
			);
			expect(
				subscriptions,
				`${JSON.stringify(sandbox.records('webhooks'))} for ${webhookUrlOf(workflow)}\n${n8n.output().slice(-3000)}`,
			).toHaveLength(1);
		}
		await sleep(1000); // would a second registration follow?
		expect(subscriptionsOf(newLead)).toHaveLength(1);
		expect(subscriptionsOf(wonDeal)).toHaveLength(1);

		// The polling sample: its activation poll reads Heffl's newest company and emits nothing.
		sandbox.clearRequests();
		polling = await saveWorkflow(session, samples.newCompany as Workflow, credentials);
		await session.activate(polling.id);
		const polled = await until(
			() => sandbox.requests.filter((request) => request.path.startsWith('/api/v2/companies')),
			(list) => list.length > 0,
		);
		expect(polled.length, n8n.output().slice(-2000)).toBeGreaterThan(0);

		// The manual samples: all contacts (API v2), and the HTTP Request node with the credential.
		for (const workflow of [samples.contacts, samples.httpRequest]) {
			const saved = await saveWorkflow(session, workflow as Workflow, credentials);
			const last = runnable(workflow).at(-1)!.name;
			const run = await session.runManually(saved.id, last);
			expect({ status: run.status, error: run.error }).toEqual({
				status: 'success',
				error: undefined,
			});
			expect(run.outputs[last].length).toBeGreaterThan(0);
		}
	});

	test('a new lead gets one tagged follow-up task; a won deal gets one quotation; a new company is polled into one welcome call', async () => {
		const company = await fetch(`${sandbox.urls.v2}/companies`, {
			method: 'POST',
			headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'Polled Ltd', cf_industry: 'Retail' }),
		}).then(async (answer) => (await answer.json()) as IDataObject);
		const lead = await createLead('Ada Lovelace');
		const tasks = await until(
			() => followUps(lead.id),
			(list) => list.length > 0,
		);
		expect(tasks.map((task) => task.title)).toEqual(['Follow up with Ada Lovelace']);
		expect(tasks[0].tagIds ?? tasks[0].tags).toEqual(expect.arrayContaining([expect.anything()]));

		const [client] = sandbox.records('clients');
		const [pipeline] = sandbox.records('pipelines');
		const [first, second] = sandbox.records('products');
		const v2 = async (method: string, path: string, body: object) => {
			const answer = await fetch(`${sandbox.urls.v2}${path}`, {
				method,
				headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
			expect(answer.ok, await answer.clone().text()).toBe(true);
			return (await answer.json()) as IDataObject;
		};
		const deal = await v2('POST', '/deals', {
			title: 'Website relaunch',
			clientId: client.id,
			pipelineId: pipeline.id,
			cf_lead_score: 80,
			products: [
				{ productId: first.id, quantity: 1 },
				{ productId: second.id, quantity: 3 },
			],
		});
		await v2('PATCH', `/deals/${String(deal.id)}`, { status: 'WON' });
		const quotations = await until(
			() => sandbox.records('quotations').filter((record) => record.dealId === deal.id),
			(list) => list.length > 0,
		);
		expect(quotations, n8n.output().slice(-2000)).toHaveLength(1);
		// The sandbox answers a deal without its products (§11.3 lists none): one line for the deal.
		expect(quotations[0].quotationProducts).toEqual([
			expect.objectContaining({ name: 'Website relaunch', quantity: 1 }),
		]);
		await sleep(1500);
		expect(
			sandbox.records('quotations').filter((record) => record.dealId === deal.id),
		).toHaveLength(1);

		// n8n polls every minute: the company created above gets its welcome call within two.
		const welcome = () =>
			sandbox
				.records('tasks')
				.filter((task) => task.title === `Welcome call: ${String(company.name)}`);
		await until(welcome, (list) => list.length > 0, 150_000);
		expect(welcome(), n8n.output().slice(-2000)).toHaveLength(1);
	});

	test('the trigger runs each delivery once: a replayed genuine delivery and a forged one start nothing', async () => {
		const before = (await settled(newLead.id, 1)).length;
		const genuine = relay.recorded.find(
			(entry) => webhookUrlOf(newLead).endsWith(entry.path) && entry.status === 200,
		);
		expect(genuine).toBeDefined();
		expect(await relay.replay(genuine!)).toBeLessThan(300); // answered, so Heffl stops retrying

		const body = JSON.stringify({
			event: 'lead.created',
			timestamp: new Date().toISOString(),
			payload: { id: 'ld_forged', name: 'Mallory' },
		});
		const at = new Date();
		const forger = new Webhook(
			`whsec_${Buffer.from('not the secret, but 32 bytes long').toString('base64')}`,
		);
		const forged = await fetch(`${n8n.url}${genuine!.path}`, {
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
		const after = await settled(newLead.id, before);
		expect(after).toHaveLength(before);
		expect(after.every((execution) => execution.status === 'success')).toBe(true);
	});

	test("list search and the resource mapper answer through the editor's API", async () => {
		const version = await newestVersion(session, NODE);
		const nodeTypeAndVersion = { name: NODE, version };
		// The lead picker of Lead → Get, as the newest version describes it.
		const description = ((await session.typeDescriptions('nodes')) as IDataObject[]).find(
			(type) =>
				type.name === NODE &&
				([] as unknown[]).concat(type.version as number | number[]).includes(version),
		) as { properties: IDataObject[] };
		const picker = description.properties.find((property) => {
			const show = (property.displayOptions as IDataObject | undefined)?.show as
				| Record<string, unknown[]>
				| undefined;
			return (
				property.type === 'resourceLocator' &&
				show?.resource?.includes('lead') &&
				show?.operation?.includes('get')
			);
		});
		const methodName = (picker?.modes as IDataObject[] | undefined)
			?.map((mode) => (mode.typeOptions as IDataObject | undefined)?.searchListMethod)
			.find(Boolean);
		expect(methodName, 'Lead → Get has a searchable lead picker').toEqual(expect.any(String));
		const leads = await session.call('POST', '/dynamic-node-parameters/resource-locator-results', {
			nodeTypeAndVersion,
			path: String(picker?.name),
			methodName,
			currentNodeParameters: { resource: 'lead', operation: 'get' },
			credentials: { hefflApi: credentials.hefflApi },
			filter: 'Ada',
		});
		const ada = sandbox.records('leads').filter((lead) => String(lead.name).includes('Ada'));
		expect(leads.results.map((result: IDataObject) => result.value)).toEqual(
			expect.arrayContaining(ada.map((lead) => String(lead.id))),
		);

		const template = sandbox
			.records('templates')
			.find((record) => record.name === 'Project Quotation') as IDataObject;
		const mapper = description.properties.find((property) => property.type === 'resourceMapper');
		const mapping = (mapper?.typeOptions as IDataObject | undefined)?.resourceMapper as
			| IDataObject
			| undefined;
		const mapped = await session.call('POST', '/dynamic-node-parameters/resource-mapper-fields', {
			nodeTypeAndVersion,
			path: String(mapper?.name),
			methodName: mapping?.resourceMapperMethod,
			currentNodeParameters: { resource: 'quotation', operation: 'create', template: template.id },
			credentials: { hefflApi: credentials.hefflApi },
		});
		expect(mapped.fields.map((field: IDataObject) => field.id).sort()).toEqual(
			(template.customFields as IDataObject[]).map((field) => field.key).sort(),
		);
	});

	test("an AI Agent calls the Heffl tool: the model's arguments become a lead, the tool's answer (Output: Selected Fields) goes back to the model", async () => {
		credentials.openAiApi = await saveCredential(session, 'Loopback model', 'openAiApi', {
			apiKey: 'sk-loopback',
			url: model.url,
		});
		const path = `agent-${HOST.n8n.replace(/\./g, '-')}`;
		const node = (name: string, type: string, typeVersion: number, parameters: IDataObject) => ({
			id: `agent-${name.replace(/\W/g, '')}`,
			name,
			type,
			typeVersion,
			position: [0, 0],
			parameters,
		});
		agent = await saveWorkflow(
			session,
			{
				name: 'Agent with the Heffl tool',
				nodes: [
					{
						...node('Webhook', 'n8n-nodes-base.webhook', 2, {
							httpMethod: 'POST',
							path,
							responseMode: 'lastNode',
							options: {},
						}),
						webhookId: path,
					},
					node('Agent', '@n8n/n8n-nodes-langchain.agent', 2, {
						promptType: 'define',
						text: '={{ $json.body.message }}',
						options: {},
					}),
					{
						...node('Model', '@n8n/n8n-nodes-langchain.lmChatOpenAi', 1.2, {
							model: { __rl: true, mode: 'id', value: 'gpt-4o-mini' },
							options: {},
						}),
						credentials: { openAiApi: credentials.openAiApi },
					},
					{
						...node('Create Lead', TOOL, 1, {
							resource: 'lead',
							operation: 'create',
							name: "={{ $fromAI('name', 'the full name of the lead', 'string') }}",
							additionalFields: {
								email: "={{ $fromAI('email', 'the e-mail address of the lead', 'string') }}",
							},
							// The tool's Output (n8n's `@tool` display option): only the e-mail and the ID.
							output: 'selected',
							outputFields: ['email'],
						}),
						credentials: { hefflApi: credentials.hefflApi },
					},
				],
				connections: {
					Webhook: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
					Model: { ai_languageModel: [[{ node: 'Agent', type: 'ai_languageModel', index: 0 }]] },
					'Create Lead': { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] },
				},
			},
			credentials,
		);
		await session.activate(agent.id);
		model.plan('Create_Lead', { name: 'Agent Grace Hopper', email: 'grace.agent@example.com' });
		const answer = await until(
			() =>
				fetch(`${n8n.url}/webhook/${path}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({
						message: 'Add Grace Hopper (grace.agent@example.com) as a lead.',
					}),
				}),
			(response) => response.status !== 404,
			10_000,
		);
		const text = await answer.text();
		expect(answer.status, text).toBe(200);
		const created = sandbox
			.records('leads')
			.filter((lead) => lead.email === 'grace.agent@example.com');
		expect(created).toEqual([expect.objectContaining({ name: 'Agent Grace Hopper' })]);
		// The model was offered the tool, called it, and was handed the created lead.
		expect(model.requests[0].tools?.map((tool) => tool.function.name)).toContain('Create_Lead');
		const toolResult = model.requests[1]?.messages.find((message) => message.role === 'tool');
		expect(JSON.stringify(toolResult?.content)).toContain(String(created[0].id));
		// Output → Selected Fields on this host: the ID and the e-mail, not the rest of the lead.
		const handed = String(toolResult?.content);
		expect(handed).toContain('"email":"grace.agent@example.com"');
		expect(handed).not.toMatch(/"(name|createdAt|number)"/);
		expect(JSON.parse(text)).toMatchObject({
			output: expect.stringContaining(String(created[0].id)),
		});
	});

	test('installing 0.1.1 over 0.1.0 (PATCH /rest/community-packages) keeps the active workflows running', async () => {
		const answer = await session.call('PATCH', '/community-packages', {
			name: PACKAGE,
			version: '0.1.1',
		});
		expect(answer).toMatchObject({ packageName: PACKAGE, installedVersion: '0.1.1' });
		expect(shim.calls()).toEqual(
			expect.arrayContaining([
				expect.stringMatching(new RegExp(`^npm pack ${PACKAGE}@0\\.1\\.1 `)),
			]),
		);
		expect(nodesManifest().dependencies).toEqual({ [PACKAGE]: '0.1.1' });
		const lead = await createLead('Katherine Johnson');
		const tasks = await until(
			() => followUps(lead.id),
			(list) => list.length > 0,
		);
		expect(tasks, n8n.output().slice(-2000)).toHaveLength(1);
		expect(subscriptionsOf(newLead)).toHaveLength(1);
	});

	test('after a restart the nodes are there and the active trigger still runs each delivery once', async () => {
		await n8n.stop();
		await start();
		const types = await session.loadedTypes();
		expect(types.nodes).toEqual(expect.arrayContaining([NODE, POLLING, TRIGGER, TOOL]));
		const packages = await session.call('GET', '/community-packages');
		expect(packages).toEqual([
			expect.objectContaining({ packageName: PACKAGE, installedVersion: '0.1.1' }),
		]);
		// n8n 1.x activates its workflows a moment after its API answers: until then a
		// delivery meets a 404 and Heffl's next attempt comes 5 s later. An unsigned
		// probe is refused (401) once the trigger listens, and runs nothing.
		const live = await until(
			async () =>
				(
					await fetch(`${n8n.url}/webhook/${String(newLead.nodes[0].webhookId)}/webhook`, {
						method: 'POST',
						body: '{}',
					})
				).status,
			(status) => status !== 404,
		);
		expect(live).not.toBe(404);
		const lead = await createLead('Hedy Lamarr');
		const tasks = await until(
			() => followUps(lead.id),
			(list) => list.length > 0,
		);
		await sleep(1500);
		expect(followUps(lead.id), n8n.output().slice(-2000)).toHaveLength(1);
		expect(tasks).toHaveLength(1);
		expect(subscriptionsOf(newLead)).toHaveLength(1);
	});

	test('deactivation deletes the subscriptions; uninstalling (DELETE /rest/community-packages) removes the package cleanly', async () => {
		for (const workflow of [newLead, wonDeal]) {
			await session.deactivate(workflow.id);
			await until(
				() => subscriptionsOf(workflow),
				(list) => list.length === 0,
			);
			expect(subscriptionsOf(workflow)).toEqual([]);
		}
		await session.deactivate(agent.id);
		await session.deactivate(polling.id);
		await session.call('DELETE', `/community-packages?name=${PACKAGE}`);
		expect(existsSync(installed())).toBe(false);
		// n8n 2.41 also drops the entry from ~/.n8n/nodes/package.json; 1.123 and 2.20 keep it.
		if (has.nodesManifestCleanup) expect(nodesManifest().dependencies).not.toHaveProperty(PACKAGE);
		expect(await session.call('GET', '/community-packages')).toEqual([]);
		const types = await session.loadedTypes();
		expect(types.nodes.filter((type) => type.startsWith(`${PACKAGE}.`))).toEqual([]);
		expect(types.credentials).not.toContain('hefflApi');
	});

	test('without the shim, n8n refuses a loopback N8N_COMMUNITY_PACKAGES_REGISTRY: a custom registry needs an enterprise licence', async () => {
		await n8n.stop();
		await start({ N8N_COMMUNITY_PACKAGES_REGISTRY: registry.url });
		const refused = await session
			.call('POST', '/community-packages', { name: PACKAGE, version: '0.1.1' })
			.then(
				() => 'installed',
				(error: Error) => error.message,
			);
		expect(refused).toMatch(/licen[cs]e|not licensed|feature/i);
		expect(existsSync(installed())).toBe(false);
	});

	test('N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV: n8n installs the listed version at start, and removes it once unlisted', async (context) => {
		context.skip(!has.envList, `n8n ${HOST.n8n} has no N8N_COMMUNITY_PACKAGES loader`);
		const managed = (list: object[]) => ({
			N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV: 'true',
			N8N_COMMUNITY_PACKAGES: JSON.stringify(list),
		});
		await n8n.stop();
		await start(managed([{ name: PACKAGE, version: '0.1.1' }]));
		expect(await session.call('GET', '/community-packages')).toEqual([
			expect.objectContaining({ packageName: PACKAGE, installedVersion: '0.1.1' }),
		]);
		expect((await session.loadedTypes()).nodes).toEqual(expect.arrayContaining([NODE, TRIGGER]));
		expect(existsSync(installed())).toBe(true);

		await n8n.stop();
		await start(managed([]));
		expect(await session.call('GET', '/community-packages')).toEqual([]);
		expect(existsSync(installed())).toBe(false);
		expect((await session.loadedTypes()).nodes).not.toContain(NODE);
	});
});
