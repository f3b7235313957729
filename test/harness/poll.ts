/**
 * An active Heffl Polling Trigger as n8n 2.41 keeps one, without n8n's server: each poll
 * runs the node's poll() through n8n-core's PollContext on a Workflow that lives between
 * polls (n8n keeps it in memory while the workflow is active). What survives a restart
 * follows what test/e2e/polling.test.ts measured in real n8n: static data is saved after
 * the activation poll and after every poll that emits, not after one that emits nothing;
 * a restart starts from the saved copy.
 */
import { randomUUID } from 'node:crypto';

import { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { HefflPollingTrigger } from '../../nodes/HefflPollingTrigger/HefflPollingTrigger.node';
import type { HefflCredentials } from './n8n';
import { additionalData, nodeTypes } from './n8n';

const trigger = new HefflPollingTrigger();

export interface PollOutcome {
	/** Items the poll emitted (an execution started with them), or null. */
	items: IDataObject[] | null;
	/** The error that ended the poll, if it threw (n8n records a failed execution). */
	error?: Error;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? {})) as T;

export class PollHarness {
	readonly node: INode;

	/** Every poll's outcome, in order. */
	readonly polls: PollOutcome[] = [];

	/** Lines the node logged through n8n's logger, as `level: message`. */
	readonly logs: string[] = [];

	private workflow!: Workflow;

	/** The static data as n8n's database holds it. */
	private saved: IDataObject = {};

	private activation: WorkflowActivateMode = 'activate';

	constructor(
		private readonly credentials: HefflCredentials,
		parameters: INodeParameters,
		readonly workflowId = `wf${randomUUID().slice(0, 8)}`,
	) {
		this.node = {
			id: randomUUID(),
			name: 'Heffl Polling Trigger',
			type: 'n8n-nodes-heffl.hefflPollingTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...parameters },
			credentials: { hefflApi: { id: '1', name: 'Heffl sandbox' } },
		};
	}

	/** The node's static data in memory (the running workflow's). */
	get staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}

	/** The node's static data as saved in the database. */
	get savedStaticData(): IDataObject {
		return clone((this.saved[`node:${this.node.name}`] ?? {}) as IDataObject);
	}

	/** Every item emitted so far, in order. */
	get emitted(): IDataObject[] {
		return this.polls.flatMap((poll) => poll.items ?? []);
	}

	setParameters(parameters: INodeParameters) {
		Object.assign(this.node.parameters, parameters);
	}

	private fromDatabase(): Workflow {
		return new Workflow({
			id: this.workflowId,
			name: 'Polling test',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: clone(this.saved),
		});
	}

	private save() {
		this.saved = clone(this.workflow.staticData);
	}

	private context(workflow: Workflow, mode: WorkflowExecuteMode) {
		const context = new PollContext(
			workflow,
			this.node,
			additionalData(this.credentials),
			mode,
			mode === 'manual' ? 'manual' : this.activation,
			() => {},
			() => {},
		);
		const record = (level: string) => (message: string) => this.logs.push(`${level}: ${message}`);
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

	/** One poll as n8n's scheduler runs it: emit saves static data, then starts an execution. */
	async poll(): Promise<PollOutcome> {
		const outcome = await this.run(this.workflow, 'trigger');
		if (outcome.items) this.save();
		this.polls.push(outcome);
		return outcome;
	}

	private async run(workflow: Workflow, mode: WorkflowExecuteMode): Promise<PollOutcome> {
		try {
			const data: INodeExecutionData[][] | null = await trigger.poll.call(
				this.context(workflow, mode),
			);
			return { items: data ? data[0].map((item) => item.json) : null };
		} catch (error) {
			return { items: null, error: error as Error };
		}
	}

	/** Activation: the workflow is loaded from the database and polled once, then saved. */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<PollOutcome> {
		this.activation = activation;
		this.workflow = this.fromDatabase();
		const outcome = await this.poll();
		if (outcome.error) throw outcome.error;
		this.save();
		return outcome;
	}

	/** n8n stops (nothing is saved) and starts again: the workflow is activated in 'init' mode. */
	async restart(): Promise<PollOutcome> {
		return await this.activate('init');
	}

	/** Fetch Test Event in the editor. */
	async fetchTestEvent(): Promise<PollOutcome> {
		return await this.run(this.fromDatabase(), 'manual');
	}
}
