/**
 * The hosts tier (hosts.test.ts names these tests; host.ts starts the host): the editor
 * and the AI Agent on one host. List search and the resource mapper answer through the
 * editor's API; n8n's own AI Agent (its model a scripted OpenAI-compatible server on
 * loopback) calls the Heffl tool.
 */
import type { IDataObject } from 'n8n-workflow';
import { expect } from 'vitest';

import { HOST, webhookNode } from '../../drivers/real-n8n.mjs';
import type { Host } from './host';
import { NODE, TOOL } from './host';
import { newestVersion, saveCredential, saveWorkflow, until } from './hostTools';

export async function listSearchAndMapper(host: Host) {
	const { sandbox, credentials } = host;
	const version = await newestVersion(host.session, NODE);
	const nodeTypeAndVersion = { name: NODE, version };
	// The lead picker of Lead → Get, as the newest version describes it.
	const description = ((await host.session.typeDescriptions('nodes')) as IDataObject[]).find(
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
	expect(methodName, 'Lead → Get host.has a searchable lead picker').toEqual(expect.any(String));
	const leads = await host.session.call(
		'POST',
		'/dynamic-node-parameters/resource-locator-results',
		{
			nodeTypeAndVersion,
			path: String(picker?.name),
			methodName,
			currentNodeParameters: { resource: 'lead', operation: 'get' },
			credentials: { hefflApi: credentials.hefflApi },
			filter: 'Ada',
		},
	);
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
	const mapped = await host.session.call(
		'POST',
		'/dynamic-node-parameters/resource-mapper-fields',
		{
			nodeTypeAndVersion,
			path: String(mapper?.name),
			methodName: mapping?.resourceMapperMethod,
			currentNodeParameters: { resource: 'quotation', operation: 'create', template: template.id },
			credentials: { hefflApi: credentials.hefflApi },
		},
	);
	expect(mapped.fields.map((field: IDataObject) => field.id).sort()).toEqual(
		(template.customFields as IDataObject[]).map((field) => field.key).sort(),
	);
}

export async function agentCallsTool(host: Host) {
	const { sandbox, model, credentials, n8n } = host;
	credentials.openAiApi = await saveCredential(host.session, 'Loopback model', 'openAiApi', {
		apiKey: 'sk-loopback',
		url: model.url,
	});
	const path = `agent-${HOST.n8n.replace(/\./g, '-')}`;
	// n8n's default answer: the last node's first item.
	const webhookParameters = webhookNode(path, { responseData: 'firstEntryJson' })
		.parameters as IDataObject;
	const node = (name: string, type: string, typeVersion: number, parameters: IDataObject) => ({
		id: `agent-${name.replace(/\W/g, '')}`,
		name,
		type,
		typeVersion,
		position: [0, 0],
		parameters,
	});
	host.agent = await saveWorkflow(
		host.session,
		{
			name: 'Agent with the Heffl tool',
			nodes: [
				{
					...node('Webhook', 'n8n-nodes-base.webhook', 2, webhookParameters),
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
	await host.session.activate(host.agent.id);
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
}
