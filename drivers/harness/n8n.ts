/**
 * Runs our nodes the way n8n runs them: workflow JSON through n8n-core's
 * WorkflowExecute, dropdowns and searches through its LoadOptionsContext, and the
 * trigger's hooks through its HookContext. Only the database and the HTTP server
 * of the n8n CLI are left out (the e2e suite covers those with real n8n).
 */
import { ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
	IConnections,
	ResourceMapperFields,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	ICredentialsHelper,
	NodeConnectionTypes,
	NodeHelpers,
	setSafeRegexEngine,
	Workflow,
} from 'n8n-workflow';

import { HefflApi } from '../../credentials/HefflApi.credentials';
import { Heffl } from '../../nodes/Heffl/Heffl.node';
import { HefflPollingTrigger } from '../../nodes/HefflPollingTrigger/HefflPollingTrigger.node';
import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';

export type HefflCredentials = { apiKey: string; v1BaseUrl: string; v2BaseUrl: string };

/**
 * The harness runs patterns with the plain RegExp engine. n8n 2.41 runs a resource
 * locator's `regex` in a `vm` with a 250 ms watchdog before every execution (its
 * safe-regex.ts); a test process starved by a loaded 2-core machine missed it ("Regular
 * expression execution timed out"), which measures n8n's watchdog, not this package. The
 * pickers' own pattern is linear (test/node/locators.test.ts); real n8n keeps its watchdog
 * (docs/development.md). n8n-workflow offers this switch to hosts: the harness is one.
 */
const plainRegex = (pattern: string, flags?: string) => new RegExp(pattern, flags);
const withGlobal = (flags?: string) => (flags?.includes('g') ? flags : `${flags ?? ''}g`);
setSafeRegexEngine({
	exec: (pattern, input, flags) => plainRegex(pattern, flags).exec(input),
	test: (pattern, input, flags) => plainRegex(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(plainRegex(pattern, flags), replacement),
	matchAll: (pattern, input, flags) => [...input.matchAll(plainRegex(pattern, withGlobal(flags)))],
	split: (pattern, input, flags) => input.split(plainRegex(pattern, flags)),
});

/** A fixture node that emits the items a test gives it, as an upstream node would. */
const items: INodeType = {
	description: {
		displayName: 'Items',
		name: 'items',
		group: ['input'],
		version: 1,
		description: 'Emits fixed items',
		defaults: { name: 'Items' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const given = JSON.parse(this.getNodeParameter('items', 0) as string) as IDataObject[];
		return [given.map((json, index) => ({ json, pairedItem: { item: index } }))];
	},
};

/**
 * The Heffl Tool as n8n's `@tool` display option sees it (n8n names the variant of a
 * `usableAsTool` node `<name>Tool`, with the replacements applied), run as a main node so a
 * test reads its output: what the tool's parameters resolve to. The tool path itself (an
 * agent's call) is proven in real n8n (test/e2e/tool.test.ts).
 */
function toolVariant(node: INodeType): INodeType {
	const { usableAsTool, ...description } = node.description;
	const replacements = typeof usableAsTool === 'object' ? usableAsTool.replacements : {};
	return Object.assign(Object.create(node) as INodeType, {
		description: {
			...description,
			...replacements,
			name: `${description.name}Tool`,
			displayName: `${description.displayName} Tool`,
		},
	});
}

const heffl = new Heffl();

const NODE_TYPES: Record<string, INodeType> = {
	'n8n-nodes-heffl.heffl': heffl,
	'n8n-nodes-heffl.hefflTool': toolVariant(heffl),
	'n8n-nodes-heffl.hefflTrigger': new HefflTrigger(),
	'n8n-nodes-heffl.hefflPollingTrigger': new HefflPollingTrigger(),
	'test.items': items,
};

/**
 * Runs `run` with `node` standing in for the node type `type`: the bench's baseline, the
 * Heffl node as it was before a change, measured in the same run as today's.
 */
export async function withNodeType<T>(
	type: string,
	node: INodeType,
	run: () => Promise<T>,
): Promise<T> {
	const kept = NODE_TYPES[type];
	NODE_TYPES[type] = node;
	try {
		return await run();
	} finally {
		NODE_TYPES[type] = kept;
	}
}

export const nodeTypes: INodeTypes = {
	getByName: (type) => NODE_TYPES[type],
	getByNameAndVersion: (type) => NODE_TYPES[type],
	getKnownTypes: () => ({}),
};

const CREDENTIAL_TYPES: Record<string, ICredentialType> = { hefflApi: new HefflApi() };

/** n8n's credential helper, minus the database: generic `authenticate` is resolved as n8n resolves it. */
class CredentialsHelper extends ICredentialsHelper {
	constructor(private readonly credentials: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const authenticate = CREDENTIAL_TYPES[typeName]?.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (!authenticate || authenticate.type !== 'generic' || !workflow || !node)
			return requestOptions;
		const resolve = (value: string) =>
			String(
				workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				) ?? '',
			);
		for (const [target, entries] of Object.entries(authenticate.properties)) {
			const bag = ((requestOptions as unknown as Record<string, IDataObject>)[target] ??= {});
			for (const [key, value] of Object.entries(entries as IDataObject))
				bag[resolve(key)] = resolve(String(value));
		}
		return requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	getParentTypes() {
		return [];
	}

	async getDecrypted(
		_data: IWorkflowExecuteAdditionalData,
		_details: INodeCredentialsDetails,
		type: string,
	) {
		return this.credentials[type] ?? {};
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used by these nodes');
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string) {
		return CREDENTIAL_TYPES[type]?.properties ?? [];
	}

	isCredentialUsableByNode() {
		return true;
	}
}

export function additionalData(
	credentials: HefflCredentials,
	extra: Partial<IWorkflowExecuteAdditionalData> = {},
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new CredentialsHelper({ hefflApi: credentials }),
		executionId: 'test',
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		variables: {},
		currentNodeParameters: undefined,
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not used by these nodes');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('code runners are not used by these nodes');
		},
		...extra,
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface WorkflowJson {
	name?: string;
	nodes: INode[];
	connections: IConnections;
}

/** Executes a workflow through n8n-core's WorkflowExecute, from its first node, as a manual run does. */
export async function executeWorkflow(
	json: WorkflowJson,
	credentials: HefflCredentials,
	mode: WorkflowExecuteMode = 'manual',
): Promise<IRun> {
	const workflow = new Workflow({
		id: 'test',
		name: json.name ?? 'test',
		nodes: json.nodes,
		connections: json.connections,
		active: false,
		nodeTypes,
	});
	const hooks = new ExecutionLifecycleHooks(mode, 'test', {
		id: 'test',
		name: json.name ?? 'test',
		nodes: json.nodes,
		connections: json.connections,
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	});
	let finish: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (finish = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finish(run));
	const start = json.nodes[0];
	// The two fields WorkflowExecute starts from. IRunExecutionData is branded so that n8n's
	// code builds it with createRunExecutionData(), which would also add a version, a
	// startData and a resumeToken; this harness starts a run as it always has.
	const runExecutionData: Pick<IRunExecutionData, 'resultData' | 'executionData'> = {
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			nodeExecutionStack: [{ node: start, data: { main: [[{ json: {} }]] }, source: null }],
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	};
	const execute = new WorkflowExecute(
		additionalData(credentials, { hooks }),
		mode,
		runExecutionData as IRunExecutionData,
	);
	await execute.processRunExecutionData(workflow);
	return await finished;
}

export interface NodeRun {
	/** Output items of the Heffl node, with their paired items. */
	items: INodeExecutionData[];
	json: IDataObject[];
	/** Notices the node left for the output pane (n8n's execution hints). */
	hints: string[];
	/** The error that stopped the node, when it did not continue on fail. */
	error?: Error & { description?: string; httpCode?: string; context?: IDataObject };
	run: IRun;
}

/** The Heffl node with the sandbox credential (version 1 unless told: the saved workflows' version). */
export function hefflNode(parameters: INodeParameters, typeVersion = 1, tool = false): INode {
	return {
		id: 'heffl',
		name: 'Heffl',
		type: tool ? 'n8n-nodes-heffl.hefflTool' : 'n8n-nodes-heffl.heffl',
		typeVersion,
		position: [0, 0],
		parameters,
		credentials: { hefflApi: { id: '1', name: 'Heffl sandbox' } },
	};
}

/** One Heffl node fed by `items`, as a workflow of two nodes. */
export function hefflWorkflow(
	parameters: INodeParameters,
	{
		items = [{}],
		continueOnFail = false,
		version = 1,
		tool = false,
	}: { items?: IDataObject[]; continueOnFail?: boolean; version?: number; tool?: boolean } = {},
): WorkflowJson {
	return {
		nodes: [
			{
				id: 'items',
				name: 'Items',
				type: 'test.items',
				typeVersion: 1,
				position: [0, 0],
				parameters: { items: JSON.stringify(items) },
			},
			{
				...hefflNode(parameters, version, tool),
				position: [200, 0],
				...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
			},
		],
		connections: {
			Items: { main: [[{ node: 'Heffl', type: NodeConnectionTypes.Main, index: 0 }]] },
		},
	};
}

export async function runHeffl(
	parameters: INodeParameters,
	credentials: HefflCredentials,
	options: { items?: IDataObject[]; continueOnFail?: boolean; version?: number; tool?: boolean } = {},
): Promise<NodeRun> {
	const run = await executeWorkflow(hefflWorkflow(parameters, options), credentials);
	const task = run.data.resultData.runData.Heffl?.[0];
	const items = task?.data?.main?.[0] ?? [];
	return {
		items,
		json: items.map((item) => item.json),
		hints: (task?.hints ?? []).map((hint) => hint.message),
		error: (task?.error ?? run.data.resultData.error) as NodeRun['error'],
		run,
	};
}

export function loadOptionsContext(parameters: INodeParameters, credentials: HefflCredentials) {
	const node = hefflNode(parameters);
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return new LoadOptionsContext(
		workflow,
		node,
		additionalData(credentials, { currentNodeParameters: parameters }),
		'',
	);
}

/** Calls a dropdown's loadOptions method as the editor does, with the parameters set so far. */
export async function loadOptions(
	method: string,
	parameters: INodeParameters,
	credentials: HefflCredentials,
): Promise<INodePropertyOptions[]> {
	const heffl = NODE_TYPES['n8n-nodes-heffl.heffl'] as Heffl;
	const loader = (
		heffl.methods.loadOptions as Record<string, (this: unknown) => Promise<INodePropertyOptions[]>>
	)[method];
	return await loader.call(loadOptionsContext(parameters, credentials));
}

/** Calls a resource locator's search method as the editor does, with the parameters set so far. */
export async function listSearch(
	method: string,
	credentials: HefflCredentials,
	filter?: string,
	paginationToken?: string,
	parameters: INodeParameters = {},
): Promise<INodeListSearchResult> {
	const heffl = NODE_TYPES['n8n-nodes-heffl.heffl'] as Heffl;
	return await heffl.methods.listSearch[method].call(
		loadOptionsContext(parameters, credentials) as never,
		filter,
		paginationToken,
	);
}

export { NodeHelpers };

/** Calls a resource mapper's method as the editor does, with the parameters set so far. */
export async function resourceMapperFields(
	method: string,
	parameters: INodeParameters,
	credentials: HefflCredentials,
): Promise<ResourceMapperFields> {
	const heffl = NODE_TYPES['n8n-nodes-heffl.heffl'] as Heffl;
	const mapper = (
		heffl.methods.resourceMapping as Record<
			string,
			(this: unknown) => Promise<ResourceMapperFields>
		>
	)[method];
	return await mapper.call(loadOptionsContext(parameters, credentials));
}
