/**
 * An active Heffl Polling Trigger as n8n 2.41 keeps one, without n8n's server: each poll
 * runs the node's poll() through n8n-core's PollContext, and what is saved when follows
 * n8n's source (2.41.1: active-workflow-triggers, poll-trigger-executor, the poll task
 * handler, the poll context factory, the poll cursor service), as measured in real n8n
 * (test/e2e/polling.test.ts). Three ways n8n runs polls:
 * - `legacy`: the workflow lives in memory between polls; static data is saved after the
 *   activation poll and after every poll that emits; a restart activates again ('init')
 *   and polls at once.
 * - `scheduler` (N8N_SCHEDULER_ENABLED + N8N_SCHEDULER_POLL_TRIGGERS_ENABLED): each poll
 *   is a task built from the database afresh, abandoned after `pollTimeoutMs`, with
 *   getPollBudgetMs() = `budgetMs`; saved as legacy; no poll at a restart.
 * - `durable` (+ N8N_POLLER_DURABLE_CURSORS_ENABLED): as `scheduler`, but the node's static
 *   data is a cursor row: staged during a poll, committed with the execution a poll starts
 *   or alone after a poll that emits nothing, not after the activation poll.
 */
import { randomUUID } from 'node:crypto';

import type { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { sleep, Workflow } from 'n8n-workflow';

import { HefflPollingTrigger } from '../../nodes/HefflPollingTrigger/HefflPollingTrigger.node';
import { forgetProcessMemory } from '../../nodes/HefflPollingTrigger/processMemory';
import type { HefflCredentials } from './n8n';
import { nodeTypes } from './n8n';
import { pollContext } from './pollContext';

const trigger = new HefflPollingTrigger();

export type Scheduler = 'legacy' | 'scheduler' | 'durable';

export interface PollHarnessOptions {
	scheduler?: Scheduler;
	/** What getPollBudgetMs() answers; null: a host without it (n8n before 2.38). */
	budgetMs?: number | null;
	/** The scheduler abandons a poll after this (N8N_SCHEDULER_POLL_TIMEOUT). */
	pollTimeoutMs?: number;
}

/** n8n 2.41's defaults: a 45 s poll timeout, a budget of 45 s less a 9 s margin; 5 min outside. */
export const SCHEDULER_TIMEOUT_MS = 45_000;
export const SCHEDULER_BUDGET_MS = 36_000;
export const LEGACY_BUDGET_MS = 300_000;

export interface PollOutcome {
	/** Items the poll emitted (an execution started with them), or null. */
	items: IDataObject[] | null;
	/** The error that ended the poll, if it threw (n8n records a failed execution). */
	error?: Error;
	/** The scheduler abandoned the poll at its timeout: its result is discarded. */
	abandoned?: boolean;
	/** How long the poll took (until abandoned, if it was). */
	ms: number;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? {})) as T;

export class PollHarness {
	readonly node: INode;

	/** Every poll's outcome, in order. */
	readonly polls: PollOutcome[] = [];

	/** Lines the node logged through n8n's logger, as `level: message`. */
	readonly logs: string[] = [];

	/** Polls the scheduler abandoned, still running (their late end changes nothing n8n keeps). */
	readonly abandoned: Array<Promise<unknown>> = [];

	readonly scheduler: Scheduler;

	private workflow!: Workflow;

	/** The workflow's static data as n8n's database holds it. */
	private saved: IDataObject = {};

	/** Durable cursors: the node's cursor row (poller_state), once created. */
	private cursorRow: IDataObject | undefined;

	private activation: WorkflowActivateMode = 'activate';

	/** Set by crashAfterSaving(): the next emitting poll's execution is lost after saving. */
	private crashNext = false;

	constructor(
		private readonly credentials: HefflCredentials,
		parameters: INodeParameters,
		readonly workflowId = `wf${randomUUID().slice(0, 8)}`,
		private readonly options: PollHarnessOptions = {},
	) {
		this.scheduler = options.scheduler ?? 'legacy';
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

	/** The scheduler's timeout from the next poll on, as after a host's setting changed. */
	setPollTimeout(ms: number) {
		this.options.pollTimeoutMs = ms;
	}

	private get budgetMs(): number | null {
		if (this.options.budgetMs !== undefined) return this.options.budgetMs;
		return this.scheduler === 'legacy' ? LEGACY_BUDGET_MS : SCHEDULER_BUDGET_MS;
	}

	/** The node's static data as the next poll would start from it. */
	get staticData(): IDataObject {
		if (this.scheduler === 'durable') return clone(this.cursorRow ?? this.nodeData(this.saved));
		if (this.scheduler === 'scheduler') return this.nodeData(clone(this.saved));
		return this.workflow.getStaticData('node', this.node);
	}

	/** The node's static data as saved in the database (durable: the cursor row). */
	get savedStaticData(): IDataObject {
		if (this.scheduler === 'durable' && this.cursorRow) return clone(this.cursorRow);
		return clone(this.nodeData(this.saved));
	}

	/** The workflow's global static data as saved. */
	get savedGlobalData(): IDataObject {
		return clone((this.saved.global ?? {}) as IDataObject);
	}

	/** Every item emitted so far, in order. */
	get emitted(): IDataObject[] {
		return this.polls.flatMap((poll) => poll.items ?? []);
	}

	setParameters(parameters: INodeParameters) {
		Object.assign(this.node.parameters, parameters);
	}

	/** The next emitting poll saves its cursor, then n8n stops before its execution is stored. */
	crashAfterSaving() {
		this.crashNext = true;
	}

	private nodeData(staticData: IDataObject): IDataObject {
		return (staticData[`node:${this.node.name}`] ?? {}) as IDataObject;
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

	/** n8n's saveStaticData(workflow): the workflow's static data, when it changed. */
	private save(workflow: Workflow) {
		if (workflow.staticData.__dataChanged === true) {
			this.saved = clone(workflow.staticData);
			workflow.staticData.__dataChanged = false;
		}
	}

	private context(
		workflow: Workflow,
		mode: WorkflowExecuteMode,
		nodeStaticData?: IDataObject,
	): PollContext {
		return pollContext({
			workflow,
			node: this.node,
			credentials: this.credentials,
			mode,
			activation: mode === 'manual' ? 'manual' : this.activation,
			nodeStaticData,
			budgetMs: this.budgetMs,
			logs: this.logs,
		});
	}

	private async run(context: PollContext): Promise<{ items: IDataObject[] | null; error?: Error }> {
		try {
			const data: INodeExecutionData[][] | null = await trigger.poll.call(context);
			return { items: data ? data[0].map((item) => item.json) : null };
		} catch (error) {
			return { items: null, error: error as Error };
		}
	}

	/** One poll as n8n runs it in this scheduler (see the module comment). */
	async poll(): Promise<PollOutcome> {
		const started = Date.now();
		let outcome: PollOutcome;
		if (this.scheduler === 'legacy') {
			const result = await this.run(this.context(this.workflow, 'trigger'));
			if (result.items) this.emit(this.workflow, result.items);
			outcome = { ...result, ms: Date.now() - started };
		} else {
			outcome = await this.scheduledPoll(started);
		}
		if (outcome.items && this.crashNext) {
			this.crashNext = false;
			outcome = { ...outcome, items: null };
		}
		this.polls.push(outcome);
		return outcome;
	}

	/** An emission: legacy and scheduler save static data, durable commits the cursor with the execution. */
	private emit(workflow: Workflow, _items: IDataObject[], staged?: IDataObject) {
		if (staged && this.crashNext) return; // one transaction: neither cursor nor execution
		if (staged) this.cursorRow = clone(staged);
		this.save(workflow);
	}

	private async scheduledPoll(started: number): Promise<PollOutcome> {
		const workflow = this.fromDatabase();
		const staged = this.scheduler === 'durable' ? clone(this.cursorRow ?? {}) : undefined;
		const seed = JSON.stringify(staged);
		const running = this.run(this.context(workflow, 'trigger', staged));
		const timeoutMs = this.options.pollTimeoutMs ?? SCHEDULER_TIMEOUT_MS;
		const timer = new AbortController();
		const timedOut = sleep(timeoutMs, timer.signal).then(
			() => 'timeout' as const,
			() => 'timeout' as const,
		);
		const result = await Promise.race([running, timedOut]);
		timer.abort();
		if (result === 'timeout') {
			this.abandoned.push(running);
			return { items: null, abandoned: true, ms: Date.now() - started };
		}
		if (result.items) this.emit(workflow, result.items, staged);
		else if (!result.error && staged && JSON.stringify(staged) !== seed)
			this.cursorRow = clone(staged);
		return { ...result, ms: Date.now() - started };
	}

	/** Activation: the workflow is loaded from the database and polled once, then saved. */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<PollOutcome> {
		this.activation = activation;
		this.workflow = this.fromDatabase();
		const started = Date.now();
		// Durable cursors: the row is created from the node's static data; what the
		// activation poll stages is committed only with an emission.
		this.cursorRow ??= this.scheduler === 'durable' ? clone(this.nodeData(this.saved)) : undefined;
		const staged = this.scheduler === 'durable' ? clone(this.cursorRow) : undefined;
		const result = await this.run(this.context(this.workflow, 'trigger', staged));
		if (result.error) throw result.error;
		if (result.items) this.emit(this.workflow, result.items, staged);
		this.save(this.workflow);
		const outcome = { ...result, ms: Date.now() - started };
		this.polls.push(outcome);
		return outcome;
	}

	/**
	 * n8n stops (nothing more is saved) and starts again: the legacy poller activates the
	 * workflow in 'init' mode and polls at once; the scheduler keeps its job and polls at
	 * the next poll time (returns null).
	 */
	async restart(): Promise<PollOutcome | null> {
		forgetProcessMemory();
		if (this.scheduler !== 'legacy') return null;
		return await this.activate('init');
	}

	/** Fetch Test Event in the editor. */
	async fetchTestEvent(): Promise<PollOutcome> {
		const started = Date.now();
		const result = await this.run(this.context(this.fromDatabase(), 'manual'));
		return { ...result, ms: Date.now() - started };
	}
}
