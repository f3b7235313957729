/**
 * Runs our nodes the way n8n runs them: workflow JSON through n8n-core's
 * WorkflowExecute, dropdowns and searches through its LoadOptionsContext, and the
 * trigger's hooks through its HookContext. Only the database and the HTTP server
 * of the n8n CLI are left out (the e2e suite covers those with real n8n). Its parts: the node
 * types (nodeTypes.ts), the credential helper and an execution's additional data
 * (credentials.ts), the editor's methods (editorMethods.ts).
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	IRun,
	IRunExecutionData,
	IConnections,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers, Workflow } from 'n8n-workflow';

import type { HefflCredentials } from './credentials';
import { additionalData } from './credentials';
import { hefflNode, nodeTypes } from './nodeTypes';

// The harness's one entry: what its parts offer is imported from here.
export type { HefflCredentials } from './credentials';
export { additionalData } from './credentials';
export { hefflNode, nodeTypes, withNodeType } from './nodeTypes';
export { listSearch, loadOptions, loadOptionsContext, resourceMapperFields } from './editorMethods';

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
	options: {
		items?: IDataObject[];
		continueOnFail?: boolean;
		version?: number;
		tool?: boolean;
	} = {},
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

export { NodeHelpers };
