/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * The ways n8n sends a request with the Heffl credential besides our nodes, driven
 * through n8n-core as n8n drives them: the credential test (n8n's CredentialsTester
 * runs the credential's `test` request through RoutingNode), the request helper the
 * HTTP Request node uses, and an execution cancelled while the node waits.
 */
import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialsDecrypted,
	IExecuteData,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IRunExecutionData,
	ITaskDataConnections,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { HefflApi } from '../../credentials/HefflApi.credentials';
import { Heffl } from '../../nodes/Heffl/Heffl.node';
import type { HefflCredentials } from '../../drivers/harness/n8n';
import { additionalData, hefflNode, nodeTypes } from '../../drivers/harness/n8n';

function executeContext(
	workflow: Workflow,
	node: INode,
	credentials: HefflCredentials,
	abortSignal?: AbortSignal,
) {
	const inputData: ITaskDataConnections = { main: [[{ json: {} }]] };
	const executeData: IExecuteData = { node, data: inputData, source: null };
	return new ExecuteContext(
		workflow,
		node,
		additionalData(credentials),
		'manual',
		{ resultData: { runData: {} } } as unknown as IRunExecutionData,
		0,
		[],
		inputData,
		executeData,
		[],
		abortSignal,
	);
}

/** What n8n's CredentialsTester does for a credential with a `test` request (n8n 2.41, cli). */
export async function runCredentialTest(
	credentials: HefflCredentials,
): Promise<INodeCredentialTestResult> {
	const credentialType = new HefflApi();
	const testType: INodeType = {
		description: {
			displayName: 'Temp',
			name: 'n8n-nodes-base.noOp',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: [],
			outputs: [],
			credentials: [{ name: credentialType.name, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: credentialType.test.request },
					default: '',
				},
			],
		},
	};
	const types: INodeTypes = {
		getByName: () => testType,
		getByNameAndVersion: () => testType,
		getKnownTypes: () => ({}),
	};
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: testType.description.name,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { hefflApi: { id: '1', name: 'Heffl' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: types,
	});
	const decrypted: ICredentialsDecrypted = {
		id: '1',
		name: 'Heffl',
		type: credentialType.name,
		data: { ...credentials },
	};
	try {
		await new RoutingNode(
			executeContext(workflow, node, credentials),
			testType,
			decrypted,
		).runNode();
	} catch (caught) {
		const error = caught as Error & {
			cause?: { response?: { status: number; statusText?: string }; code?: string };
		};
		const status = error.cause?.response?.status;
		if (status !== undefined) {
			const rule = credentialType.test.rules?.find(
				(candidate) => candidate.type === 'responseCode' && candidate.properties.value === status,
			);
			if (rule?.type === 'responseCode')
				return { status: 'Error', message: rule.properties.message };
			if (status < 199 || status > 299) {
				return { status: 'Error', message: `Received HTTP status code: ${status}` };
			}
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: error.message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

/**
 * A GET of `uri` through `helpers.requestWithAuthentication` with the Heffl
 * credential and the HTTP Request node's default of following redirects.
 */
export async function runLegacyRequestNode(
	credentials: HefflCredentials,
	uri: string,
): Promise<{ body?: unknown; error?: string }> {
	const node = hefflNode({});
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const context = executeContext(workflow, node, credentials);
	try {
		const body: unknown = await context.helpers.requestWithAuthentication.call(
			context,
			'hefflApi',
			{
				method: 'GET',
				uri,
				json: true,
				followRedirect: true,
				followAllRedirects: true,
			},
		);
		return { body };
	} catch (error) {
		return { error: (error as Error).message };
	}
}

/** Runs a Heffl Get Many of leads (API v1) and cancels the execution after `cancelAfterMs`. */
export async function cancelledRequest(
	credentials: HefflCredentials,
	cancelAfterMs: number,
): Promise<{ error?: string; elapsedMs: number }> {
	const node = hefflNode({ resource: 'lead', operation: 'getAll', returnAll: true });
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const cancel = new AbortController();
	const context = executeContext(workflow, node, credentials, cancel.signal);
	const started = Date.now();
	const cancelling = new Promise<void>((resolve) =>
		setTimeout(() => {
			cancel.abort();
			resolve();
		}, cancelAfterMs),
	);
	let outcome: { error?: string; output?: INodeExecutionData[][] | null };
	try {
		outcome = { output: await new Heffl().execute.call(context) };
	} catch (error) {
		outcome = { error: (error as Error).message };
	}
	await cancelling;
	return { error: outcome.error, elapsedMs: Date.now() - started };
}
