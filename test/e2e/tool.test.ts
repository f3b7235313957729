/**
 * The Heffl node as an AI agent's tool, in a real n8n 2.x: the tool variant n8n
 * generates from `usableAsTool` (`n8n-nodes-heffl.hefflTool`), what an agent reads
 * of it, and calls with `$fromAI()`-filled parameters.
 *
 * No language model is involved: a call is made the way the editor's "Execute step"
 * on a tool node makes it (the "From AI parameters" dialog). n8n then replaces the
 * agent the tool is attached to with its hidden Tool Executor node, hands it the
 * arguments an agent would have sent, and runs the tool node exactly as an agent's
 * call does: schema built from the `$fromAI()` calls, validated arguments, node run.
 *
 * The node has one version (1): the tool workflows are saved with it, and the checks of
 * what an agent reads look at the one description n8n serves for it.
 *
 * Runs in the n8n the `e2e-shared` tier shares (sharedN8n.ts): this file's credential and
 * workflows (toolWorkflows.ts) are put in when it starts and removed when it ends.
 */
import type { IDataObject, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { Session } from '../../drivers/real-n8n.mjs';
import { hefflCredential } from '../../drivers/real-n8n.mjs';
import { contact } from '../../nodes/shared/table/resources/contact';
import type { StartedSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { SharedN8n } from '../../drivers/sharedN8n';
import { intoSharedN8n } from '../../drivers/sharedN8n';
import {
	agentWorkflow,
	callTool as callAsEditor,
	createLead,
	credentials,
	getLead,
	outputs,
	ownerCookie,
	readServedTypes,
	TOOL_TYPE,
} from './toolWorkflows';

let sandbox: StartedSandbox;
let n8n: SharedN8n;
let session: Session;
let cookie: string;

let typesServed: Promise<INodeTypeDescription[]> | undefined;

const callTool = (workflow: ReturnType<typeof agentWorkflow>, args?: IDataObject) =>
	callAsEditor(session, workflow, args);
/** Read once: the descriptions do not change while n8n runs. */
const servedTypes = () => (typesServed ??= readServedTypes(n8n.url, cookie));
const versions = (description: INodeTypeDescription) =>
	Array.isArray(description.version) ? description.version : [description.version];

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
	n8n = await intoSharedN8n({
		credentials: [hefflCredential(credentials.hefflApi, sandbox)],
		workflows: [createLead, getLead, ...Object.values(outputs)],
	});
	session = n8n.session;
	cookie = await ownerCookie(n8n.url);
}, 900_000);

afterAll(async () => {
	await n8n?.remove();
	await sandbox?.close();
});

describe('the Heffl node as an AI agent tool, in real n8n', () => {
	test('n8n registers "Heffl Tool" beside the node, in its one version: no inputs, an ai_tool output, the Heffl credential', async () => {
		const types = await servedTypes();
		const node = types.filter((type) => type.name === 'n8n-nodes-heffl.heffl');
		const tool = types.filter((type) => type.name === TOOL_TYPE);
		expect(node.flatMap(versions)).toEqual([1]);
		expect(tool.flatMap(versions)).toEqual([1]);
		for (const description of tool) {
			expect(description).toMatchObject({
				displayName: 'Heffl Tool',
				inputs: [],
				outputs: ['ai_tool'],
				credentials: [expect.objectContaining({ name: 'hefflApi' })],
				codex: expect.objectContaining({ categories: expect.arrayContaining(['AI']) }),
			});
			// n8n adds the description the agent reads; by default it follows the operation.
			expect(description.properties.map((property) => property.name)).toEqual(
				expect.arrayContaining(['descriptionType', 'toolDescription', 'resource', 'operation']),
			);
		}
		expect(n8n.output()).not.toMatch(/Failed to load package|cannot be used as a tool/i);
	});

	test('every parameter an agent may fill says what it is; every operation has the action an agent reads; Delete is described as destructive', async () => {
		const [tool] = (await servedTypes()).filter((type) => type.name === TOOL_TYPE);
		const undescribed: string[] = [];
		// Containers (collections) are opened by the user; the agent fills what is inside.
		const walk = (properties: INodeProperties[], path: string) => {
			for (const property of properties) {
				if (['notice', 'callout', 'button', 'hidden'].includes(property.type)) continue;
				const here = `${path}${property.name}`;
				const container = property.type === 'collection' || property.type === 'fixedCollection';
				// noDataExpression: no expression, so no $fromAI(): the user sets it (resource, operation).
				if (!container && !property.noDataExpression && !property.description?.trim())
					undescribed.push(
						`${here} (${property.displayName}, shown for ${JSON.stringify(property.displayOptions?.show ?? {})})`,
					);
				if (property.type === 'collection') walk(property.options as INodeProperties[], `${here}.`);
				if (property.type === 'fixedCollection')
					for (const group of property.options as Array<{
						name: string;
						values: INodeProperties[];
					}>)
						walk(group.values, `${here}.${group.name}.`);
			}
		};
		walk(tool.properties, '');
		expect(undescribed).toEqual([]);

		const operations = tool.properties
			.filter((property) => property.name === 'operation')
			.flatMap((property) =>
				(property.options as Array<{ value: string; action?: string; description?: string }>).map(
					(option) => ({ ...option, resource: property.displayOptions?.show?.resource }),
				),
			);
		expect(operations.length).toBeGreaterThan(0);
		// With "Set Automatically", the tool's description is "<action> in Heffl".
		expect(
			operations.filter((option) => !option.action?.trim() || !option.description?.trim()),
		).toEqual([]);
		const deletes = operations.filter((option) => option.value === 'delete');
		expect(deletes.length).toBeGreaterThan(0);
		expect(
			deletes.filter(
				(option) =>
					!/permanent|cannot be undone|irreversib|cannot be restored|no way to restore/i.test(
						option.description ?? '',
					),
			),
		).toEqual([]);
	});

	test('$fromAI() arguments become the record: the tool creates the lead the agent described, once', async () => {
		const tool = (await servedTypes()).find((type) => type.name === TOOL_TYPE);
		// The parameters this workflow sets must exist, or the call proves nothing.
		const leadCreate = tool?.properties.filter(
			(property) =>
				property.displayOptions?.show?.resource?.includes('lead') &&
				property.displayOptions?.show?.operation?.includes('create'),
		);
		expect(leadCreate?.map((property) => property.name)).toEqual(
			expect.arrayContaining(['name', 'additionalFields']),
		);
		const additional = leadCreate?.find((property) => property.name === 'additionalFields');
		expect((additional?.options as INodeProperties[]).map((option) => option.name)).toContain(
			'email',
		);

		const args = { name: 'Agent Ada Lovelace', email: 'agent.ada@example.com' };
		const run = await callTool(createLead, args);
		expect(run).toMatchObject({ status: 'success', arguments: args, error: undefined });
		const created = sandbox.records('leads').filter((lead) => lead.email === args.email);
		expect(created).toEqual([expect.objectContaining(args)]);
		expect(run.response).toEqual([expect.objectContaining({ ...args, id: created[0].id })]);
	});

	test('a call missing an argument is refused by the schema n8n builds from $fromAI(), before anything reaches Heffl', async () => {
		sandbox.clearRequests();
		const partial = await callTool(createLead, { name: 'Agent Without Mail' });
		expect(partial.status).toBe('error');
		expect(partial.error).toMatch(/did not match expected schema[\s\S]*email/);
		const none = await callTool(createLead);
		expect(none.error).toMatch(/did not match expected schema[\s\S]*name[\s\S]*email/);
		expect(sandbox.requests.filter((request) => request.apiVersion !== 'control')).toEqual([]);
	});

	test("$fromAI() in a record locator: the tool gets the lead the agent names, and a wrong ID comes back with Heffl's reason and no API key", async () => {
		const [lead] = sandbox.records('leads');
		const found = await callTool(getLead, { leadId: String(lead.id) });
		expect(found).toMatchObject({ status: 'success', arguments: { leadId: lead.id } });
		expect(found.response).toEqual([expect.objectContaining({ id: lead.id, name: lead.name })]);

		const missing = await callTool(getLead, { leadId: 'ld_missing0000000000000' });
		expect(missing.status).toBe('error');
		expect(missing.error).toContain('The lead was not found');
		expect(missing.error).toContain('NOT_FOUND');
		expect(JSON.stringify(missing)).not.toContain(sandbox.apiKey);
		expect(n8n.output()).not.toContain(sandbox.apiKey);
	});

	test('Output: the tool answers with Simplified fields by default (a saved Simplify is not the tool’s), Raw with the whole record, Selected Fields with the chosen ones and the ID', async () => {
		const [tool] = (await servedTypes()).filter((type) => type.name === TOOL_TYPE);
		const output = tool.properties.find((property) => property.name === 'output');
		expect(output?.displayOptions?.show?.['@tool']).toEqual([true]);
		const simplify = tool.properties.find((property) => property.name === 'simplify');
		expect(simplify?.displayOptions?.hide?.['@tool']).toEqual([true]);
		expect(tool.description).toMatch(/Do not give an agent Delete .* or Webhook Subscription/);

		const answers: Record<string, IDataObject[]> = {};
		for (const [name, workflow] of Object.entries(outputs)) {
			const run = await callTool(workflow, { search: 'example' });
			expect(run, name).toMatchObject({ status: 'success', error: undefined });
			answers[name] = run.response as IDataObject[];
		}
		const ids = answers.raw.map((record) => record.id);
		expect(ids).toHaveLength(3);
		for (const name of ['default', 'selected'])
			expect(answers[name].map((record) => record.id)).toEqual(ids);
		for (const record of answers.default)
			expect(contact.simplifyKeys).toEqual(expect.arrayContaining(Object.keys(record)));
		expect(Object.keys(answers.raw[0]).length).toBeGreaterThan(10);
		expect(answers.selected).toEqual(
			answers.raw.map((record) => ({ id: record.id, name: record.name, email: record.email })),
		);
		const bytes = (records: IDataObject[]) => Buffer.byteLength(JSON.stringify(records));
		expect(bytes(answers.default)).toBeLessThan(bytes(answers.raw) / 2);
	});

	test("Output → Selected Fields: the editor lists the contact's fields and custom fields by label for the tool (n8n's options call)", async () => {
		const options = (await session.call('POST', '/dynamic-node-parameters/options', {
			nodeTypeAndVersion: { name: TOOL_TYPE, version: 1 },
			path: 'outputFields',
			methodName: 'getOutputFields',
			currentNodeParameters: { resource: 'contact', operation: 'getAll', output: 'selected' },
			credentials: { hefflApi: n8n.reference(credentials.hefflApi) },
		})) as Array<{ name: string; value: string }>;
		expect(options).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ name: 'Email', value: 'email' }),
				expect.objectContaining({ value: expect.stringMatching(/^cf_/) }),
			]),
		);
	});
});
