/**
 * n8n-core's PollContext for one poll, as n8n 2.41's poll context factory builds it: the
 * node's static data from the cursor row when n8n keeps one, getPollBudgetMs() only on hosts
 * that have it, and a logger whose lines the harness keeps.
 */
import { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	Workflow,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import type { HefflCredentials } from './credentials';
import { additionalData } from './credentials';

export interface PollContextOptions {
	workflow: Workflow;
	node: INode;
	credentials: HefflCredentials;
	mode: WorkflowExecuteMode;
	activation: WorkflowActivateMode;
	/** Durable cursors: the cursor row the poll stages into; otherwise the workflow's static data. */
	nodeStaticData?: IDataObject;
	/** What getPollBudgetMs() answers; null: a host without it. */
	budgetMs: number | null;
	/** Where the node's log lines go, as `level: message`. */
	logs: string[];
}

export function pollContext({
	workflow,
	node,
	credentials,
	mode,
	activation,
	nodeStaticData,
	budgetMs,
	logs,
}: PollContextOptions): PollContext {
	const context = new PollContext(
		workflow,
		node,
		additionalData(credentials),
		mode,
		activation,
		() => {},
		() => {},
		async () => {},
		async (poll) => await poll(),
		nodeStaticData ? () => nodeStaticData : undefined,
		budgetMs === null ? undefined : () => budgetMs,
	);
	if (budgetMs === null) Object.defineProperty(context, 'getPollBudgetMs', { value: undefined });
	const record = (level: string) => (message: string) => logs.push(`${level}: ${message}`);
	Object.defineProperty(context, 'logger', {
		value: {
			error: record('error'),
			warn: record('warn'),
			info: record('info'),
			debug: () => {},
		},
	});
	return context;
}
