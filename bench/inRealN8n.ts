/* eslint-disable @n8n/community-nodes/no-restricted-globals -- benchmark tooling, not shipped */
/**
 * The part of `npm run bench` that runs inside a real n8n 2.x server: bulk create
 * through n8n's HTTP Request node (as a hurried and as a careful user set it up)
 * beside the Heffl node, and the time to acknowledge a stream of signed deliveries
 * (n8n's own Webhook node beside the Heffl Trigger, bench/acknowledgementInRealN8n.ts).
 * One n8n serves every run; each
 * run gets a fresh sandbox on the same port with the same key, so the credentials
 * imported into n8n stay valid and every bulk run starts with a full budget.
 */
import { randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import type { RealN8n, Session, Workflow } from '../drivers/real-n8n.mjs';
import {
	callWebhook,
	DONE,
	freePort,
	hefflCredential,
	hefflTriggerWorkflow,
	startRealN8n,
	webhookWorkflow,
} from '../drivers/real-n8n.mjs';
import { startSandbox } from '../sandbox';
import { acknowledgement, webhookNodeWorkflow } from './acknowledgementInRealN8n';

type Row = (name: string, value: string) => void;

const COUNT = 120;
const LIMIT = 60;
const WINDOW_MS = 60_000;
/** One key for every sandbox of the run, so the credentials imported into n8n stay valid. */
const API_KEY = `hk_test_${randomBytes(16).toString('hex')}`;
const heffl = { hefflApi: { id: 'benchHeffl', name: 'Heffl bench' } };
const header = { httpHeaderAuth: { id: 'benchHeader', name: 'x-api-key header' } };
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Webhook → 120 items → the node under test; the webhook answers when the run ends. */
function bulkWorkflow(name: string, node: IDataObject & { type: string }): Workflow {
	return webhookWorkflow(`bench${name}`, `bench ${name}`, `bench-${name.toLowerCase()}`, [
		{
			name: 'Items',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: {
				jsCode: `return Array.from({ length: ${COUNT} }, (_, i) => ({ json: { name: 'Bulk lead ' + i } }));`,
			},
		},
		{ name: 'Create', ...node },
	]);
}

/** n8n's HTTP Request node creating a lead per item with an `x-api-key` header credential. */
function httpRequestNode(
	url: string,
	settings: IDataObject,
	options: IDataObject = {},
): IDataObject & { type: string } {
	return {
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			sendBody: true,
			specifyBody: 'json',
			jsonBody: '={{ JSON.stringify({ name: $json.name }) }}',
			options,
		},
		credentials: header,
		...settings,
	};
}

/** The bulk runs: n8n's HTTP Request node as a hurried and as a careful user sets it up, and the Heffl node. */
function bulkRuns(v1: string): Array<{ label: string; workflow: Workflow }> {
	return [
		{
			label: 'HTTP Request node, hurried (Retry On Fail at its defaults, On Error: Stop)',
			workflow: bulkWorkflow('HurriedStop', httpRequestNode(`${v1}/leads`, { retryOnFail: true })),
		},
		{
			label: 'HTTP Request node, hurried (Retry On Fail at its defaults, On Error: Continue)',
			workflow: bulkWorkflow(
				'HurriedContinue',
				httpRequestNode(`${v1}/leads`, { retryOnFail: true, onError: 'continueRegularOutput' }),
			),
		},
		{
			label: 'HTTP Request node, careful (Batching: 1 item per 1000 ms)',
			workflow: bulkWorkflow(
				'Careful',
				httpRequestNode(
					`${v1}/leads`,
					{ onError: 'continueRegularOutput' },
					{ batching: { batch: { batchSize: 1, batchInterval: 1000 } } },
				),
			),
		},
		{
			label: 'Heffl node (this package, defaults)',
			workflow: bulkWorkflow('Heffl', {
				type: 'n8n-nodes-heffl.heffl',
				parameters: { resource: 'lead', operation: 'create', name: '={{ $json.name }}' },
				credentials: heffl,
				onError: 'continueRegularOutput',
			}),
		},
	];
}

export async function realN8nBenchmarks(row: Row): Promise<void> {
	const sandboxPort = await freePort();
	const v1 = `http://127.0.0.1:${sandboxPort}/api/v1`;
	const runs = bulkRuns(v1);
	const plain = webhookNodeWorkflow('benchPlainWebhook', 'bench-plain', {});
	// The same node with one expression: n8n then takes an expression isolate for the call,
	// as it does for every trigger that is not its own Webhook node (ours included).
	const plainIsolate = webhookNodeWorkflow('benchIsolateWebhook', 'bench-isolate', {
		ignoreBots: '={{ false }}',
	});
	const trigger = hefflTriggerWorkflow(
		'benchTrigger',
		'bench trigger',
		{ parameters: { events: ['lead.created'] }, credentials: heffl },
		[DONE],
	);
	const n8n = await startRealN8n({
		name: 'heffl-bench',
		credentials: [
			hefflCredential(heffl.hefflApi, {
				apiKey: API_KEY,
				urls: { v1, v2: `http://127.0.0.1:${sandboxPort}/api/v2` },
			}),
			{
				...header.httpHeaderAuth,
				type: 'httpHeaderAuth',
				data: { name: 'x-api-key', value: API_KEY },
			},
		],
		workflows: [...runs.map((run) => run.workflow), plain, plainIsolate, trigger],
	});
	try {
		const { session } = n8n;
		const sandboxFor = (rateLimit: { limit: number; windowMs: number } | false) =>
			startSandbox({ port: sandboxPort, apiKey: API_KEY, seed: false, rateLimit });

		// First, while this key's budget in n8n's memory is untouched by the bulk runs.
		await acknowledgement(
			row,
			session,
			n8n.url,
			{ plain, plainIsolate, trigger },
			await sandboxFor(false),
		);
		if (process.env.BENCH_REAL_N8N_BULK === '0') {
			row('inside real n8n: bulk create runs', 'skipped: BENCH_REAL_N8N_BULK=0');
			return;
		}

		await measureBulk(row, n8n, runs, sandboxFor);
	} finally {
		await n8n.stop();
	}
}

/** Calls the workflow's webhook and waits for the run to end; counts error items in its output. */
async function bulkRun(session: Session, n8nUrl: string, workflow: Workflow) {
	await session.activate(workflow.id);
	const started = Date.now();
	const answer = await callWebhook(n8nUrl, workflow);
	await answer.arrayBuffer();
	const wallMs = Date.now() - started;
	await session.deactivate(workflow.id);
	const [latest] = await session.executions(workflow.id);
	const { outputs, error } = await session.outputs(latest.id);
	const created = (outputs.Create ?? []) as IDataObject[];
	return {
		wallMs,
		finished: !error,
		error: error?.message as string | undefined,
		errorItems: created.filter((item) => item.error).length,
	};
}

/**
 * Each bulk run at Heffl's limit, against the window-optimal time (what one create costs
 * inside this n8n without any limit, measured first).
 */
async function measureBulk(
	row: Row,
	n8n: RealN8n,
	runs: Array<{ label: string; workflow: Workflow }>,
	sandboxFor: (
		rateLimit: { limit: number; windowMs: number } | false,
	) => ReturnType<typeof startSandbox>,
) {
	const { session } = n8n;
	// What one create costs inside this n8n without any limit: the window-optimal time's last part.
	const free = await sandboxFor(false);
	const unthrottled = await bulkRun(session, n8n.url, runs[runs.length - 1].workflow);
	await free.close();
	const perRequestMs = unthrottled.wallMs / COUNT;
	const windows = Math.floor((COUNT - 1) / LIMIT);
	const optimalMs = windows * WINDOW_MS + perRequestMs * (COUNT - windows * LIMIT);

	for (const { label, workflow } of runs) {
		const sandbox = await sandboxFor({ limit: LIMIT, windowMs: WINDOW_MS });
		const result = await bulkRun(session, n8n.url, workflow);
		const requests = sandbox.requests.filter((request) => request.apiVersion === 'v1');
		const refused = requests.filter((request) => request.status === 429).length;
		const names = sandbox.records('leads').map((lead) => String(lead.name));
		const stored = new Set(names).size;
		const name = `${label}, ${COUNT} leads at ${LIMIT} req / 60 s`;
		row(
			`${name}: wall time`,
			`${seconds(result.wallMs)} (window-optimal ${seconds(optimalMs)}, ratio ${(result.wallMs / optimalMs).toFixed(3)}, target ≤ 1.05)${result.finished ? '' : `; the workflow stopped: ${result.error}`}`,
		);
		row(
			`${name}: failed items / 429 answers / stored twice`,
			`${COUNT - stored} not created (${result.errorItems} error items) / ${refused} of ${requests.length} requests (${((refused / Math.max(1, requests.length)) * 100).toFixed(1)} %) / ${names.length - stored}`,
		);
		await sandbox.close();
	}
}
