/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- benchmark tooling, not shipped */
/**
 * The part of `npm run bench` that runs inside a real n8n 2.x server: bulk create
 * through n8n's HTTP Request node (as a hurried and as a careful user set it up)
 * beside the Heffl node, and the time to acknowledge a stream of signed deliveries
 * (n8n's own Webhook node beside the Heffl Trigger). One n8n serves every run; each
 * run gets a fresh sandbox on the same port with the same key, so the credentials
 * imported into n8n stay valid and every bulk run starts with a full budget.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import {
	ensureN8n,
	freePort,
	importIntoN8n,
	linearWorkflow,
	login,
	packPackage,
	prepareUserFolder,
	startN8n,
	// @ts-expect-error -- plain ESM script shared with `npm start` and the end-to-end tests
} from '../scripts/real-n8n.mjs';
import type { StartedSandbox } from '../test/sandbox';
import { startSandbox } from '../test/sandbox';

type Row = (name: string, value: string) => void;
type Workflow = ReturnType<typeof linearWorkflow>;
type Session = Awaited<ReturnType<typeof login>>;

const COUNT = 120;
const LIMIT = 60;
const WINDOW_MS = 60_000;
/** One key for every sandbox of the run, so the credentials imported into n8n stay valid. */
const API_KEY = `hk_test_${randomBytes(16).toString('hex')}`;
const heffl = { hefflApi: { id: 'benchHeffl', name: 'Heffl bench' } };
const header = { httpHeaderAuth: { id: 'benchHeader', name: 'x-api-key header' } };
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Webhook → 120 items → the node under test; the webhook answers when the run ends. */
function bulkWorkflow(name: string, node: IDataObject): Workflow {
	return linearWorkflow(`bench${name}`, `bench ${name}`, [
		{
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			parameters: {
				httpMethod: 'POST',
				path: `bench-${name.toLowerCase()}`,
				responseMode: 'lastNode',
				responseData: 'allEntries',
				options: {},
			},
		},
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
): IDataObject {
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

export async function realN8nBenchmarks(row: Row): Promise<void> {
	ensureN8n();
	const folder = prepareUserFolder(mkdtempSync(join(tmpdir(), 'heffl-bench-')), packPackage());
	const sandboxPort = await freePort();
	const v1 = `http://127.0.0.1:${sandboxPort}/api/v1`;

	const runs: Array<{ label: string; workflow: Workflow }> = [
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
	const plain = linearWorkflow('benchPlainWebhook', 'bench plain webhook', [
		{
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			parameters: {
				httpMethod: 'POST',
				path: 'bench-plain',
				responseMode: 'onReceived',
				options: {},
			},
		},
		{ name: 'Done', type: 'n8n-nodes-base.noOp' },
	]);
	const trigger = linearWorkflow('benchTrigger', 'bench trigger', [
		{
			name: 'Heffl Trigger',
			type: 'n8n-nodes-heffl.hefflTrigger',
			parameters: { events: ['lead.created'] },
			credentials: heffl,
		},
		{ name: 'Done', type: 'n8n-nodes-base.noOp' },
	]);
	importIntoN8n(folder, {
		credentials: [
			{
				...heffl.hefflApi,
				type: 'hefflApi',
				data: {
					apiKey: API_KEY,
					v1BaseUrl: v1,
					v2BaseUrl: `http://127.0.0.1:${sandboxPort}/api/v2`,
				},
			},
			{
				...header.httpHeaderAuth,
				type: 'httpHeaderAuth',
				data: { name: 'x-api-key', value: API_KEY },
			},
		],
		workflows: [...runs.map((run) => run.workflow), plain, trigger],
	});
	const n8n = await startN8n(folder, await freePort(), {
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
	});
	try {
		const session = await login(n8n.url);
		const sandboxFor = (rateLimit: { limit: number; windowMs: number } | false) =>
			startSandbox({ port: sandboxPort, apiKey: API_KEY, seed: false, rateLimit });

		// First, while this key's budget in n8n's memory is untouched by the bulk runs.
		await acknowledgement(row, session, n8n.url, plain, trigger, await sandboxFor(false));

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
	} finally {
		await n8n.stop();
	}
}

/** Calls the workflow's webhook and waits for the run to end; counts error items in its output. */
async function bulkRun(session: Session, n8nUrl: string, workflow: Workflow) {
	await session.activate(workflow.id);
	const path = String(workflow.nodes[0].parameters.path);
	const started = Date.now();
	let answer = await fetch(`${n8nUrl}/webhook/${path}`, { method: 'POST' });
	// n8n registers a workflow's webhooks a moment after the activation call answers.
	for (let attempt = 0; answer.status === 404 && attempt < 50; attempt++) {
		await new Promise((done) => setTimeout(done, 200));
		answer = await fetch(`${n8nUrl}/webhook/${path}`, { method: 'POST' });
	}
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

/** 1,000 deliveries, one after another, from the sandbox to the active trigger in n8n. */
/**
 * 1,000 deliveries, one after another, from the sandbox to an active workflow in n8n:
 * first to n8n's own Webhook node (no verification: the floor n8n itself sets), then to
 * the Heffl Trigger. Reports the time to the 200 as the sandbox measured it.
 */
async function acknowledgement(
	row: Row,
	session: Session,
	n8nUrl: string,
	plain: Workflow,
	trigger: Workflow,
	sandbox: StartedSandbox,
) {
	const deliveries = 1000;
	const stream = async (label: string, workflow: Workflow) => {
		sandbox.deliveries.length = 0;
		for (let i = 0; i < deliveries; i++) {
			sandbox.emit('lead.created', { id: `ld_bench${i}`, name: `Lead ${i}` });
			await sandbox.waitForDeliveries((all) => (all[i]?.attempts.length ?? 0) > 0, 30_000);
		}
		const times = sandbox.deliveries
			.map((delivery) => delivery.attempts[0].durationMs)
			.sort((a, b) => a - b);
		const firstTime = sandbox.deliveries.filter(
			(delivery) => delivery.attempts[0].statusCode === 200,
		).length;
		// n8n saves executions a moment after answering the webhook.
		let executions = 0;
		const filter = encodeURIComponent(JSON.stringify({ workflowId: workflow.id }));
		for (let wait = 0; wait < 100 && executions < deliveries; wait++) {
			executions = Number(
				(await session.call('GET', `/executions?filter=${filter}&limit=1`)).count,
			);
			if (executions < deliveries) await new Promise((done) => setTimeout(done, 300));
		}
		row(
			`acknowledgement in real n8n, ${deliveries} signed deliveries from the sandbox one after another: ${label}`,
			`p50 ${times[deliveries / 2 - 1]} ms, p99 ${times[(deliveries * 99) / 100 - 1]} ms (target p99 < 100 ms), 200 at the first attempt ${firstTime}, executions started ${executions}`,
		);
	};
	try {
		await session.activate(plain.id);
		const subscription = await fetch(`${sandbox.urls.v1}/webhooks`, {
			method: 'POST',
			headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
			body: JSON.stringify({
				url: `${n8nUrl}/webhook/${String(plain.nodes[0].parameters.path)}`,
				events: ['lead.created'],
			}),
		});
		const { id } = (await subscription.json()) as { id: string };
		await new Promise((done) => setTimeout(done, 2000)); // n8n registers webhooks just after activation
		await stream("n8n's own Webhook node (verifies nothing; n8n's floor)", plain);
		await fetch(`${sandbox.urls.v1}/webhooks/${id}`, {
			method: 'DELETE',
			headers: { 'x-api-key': API_KEY },
		});
		await session.deactivate(plain.id);

		await session.activate(trigger.id);
		const deadline = Date.now() + 30_000;
		while (sandbox.records('webhooks').length === 0) {
			if (Date.now() > deadline)
				throw new Error('activating the trigger created no subscription in 30 s');
			await new Promise((done) => setTimeout(done, 100));
		}
		await new Promise((done) => setTimeout(done, 2000));
		await stream('Heffl Trigger (verifies signature, timestamp, replay)', trigger);
		await session.deactivate(trigger.id);
	} finally {
		await sandbox.close();
	}
}
