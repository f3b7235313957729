/* eslint-disable @n8n/community-nodes/no-restricted-globals -- benchmark tooling, not shipped */
/**
 * The part of `npm run bench` that runs inside a real n8n 2.x server: bulk create
 * through n8n's HTTP Request node (as a hurried and as a careful user set it up)
 * beside the Heffl node, and the time to acknowledge a stream of signed deliveries
 * (n8n's own Webhook node beside the Heffl Trigger). One n8n serves every run; each
 * run gets a fresh sandbox on the same port with the same key, so the credentials
 * imported into n8n stay valid and every bulk run starts with a full budget.
 */
import { randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { Webhook } from 'standardwebhooks';

import type { Session, Workflow } from '../drivers/real-n8n.mjs';
import { freePort, hefflCredential, linearWorkflow, startRealN8n } from '../drivers/real-n8n.mjs';
import type { StartedSandbox } from '../sandbox';
import { startSandbox } from '../sandbox';

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

export async function realN8nBenchmarks(row: Row): Promise<void> {
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
	const plain = webhookNodeWorkflow('benchPlainWebhook', 'bench-plain', {});
	// The same node with one expression: n8n then takes an expression isolate for the call,
	// as it does for every trigger that is not its own Webhook node (ours included).
	const plainIsolate = webhookNodeWorkflow('benchIsolateWebhook', 'bench-isolate', {
		ignoreBots: '={{ false }}',
	});
	const trigger = linearWorkflow('benchTrigger', 'bench trigger', [
		{
			name: 'Heffl Trigger',
			type: 'n8n-nodes-heffl.hefflTrigger',
			parameters: { events: ['lead.created'] },
			credentials: heffl,
		},
		{ name: 'Done', type: 'n8n-nodes-base.noOp' },
	]);
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

/** n8n's own Webhook node answering at once, `options` as given. */
function webhookNodeWorkflow(id: string, path: string, options: IDataObject): Workflow {
	return linearWorkflow(id, id, [
		{
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options },
		},
		{ name: 'Done', type: 'n8n-nodes-base.noOp' },
	]);
}

const percentile = (sorted: number[], p: number) =>
	sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)];
const summary = (times: number[]) => {
	const sorted = [...times].sort((a, b) => a - b);
	return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Executions n8n saved for a workflow, once the count stops moving. */
async function executionCount(session: Session, workflowId: string, expected: number) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	let count = -1;
	for (let wait = 0; wait < 100; wait++) {
		const answer = await session.call<{ count: number | string }>(
			'GET',
			`/executions?filter=${filter}&limit=1`,
		);
		const now = Number(answer.count);
		if (now === count && now >= expected) break;
		count = now;
		await new Promise((done) => setTimeout(done, 500));
	}
	return count;
}

/**
 * Time to the answer in real n8n, one delivery at a time, the three targets taking
 * turns so that load from elsewhere on the machine falls on all alike: n8n's Webhook
 * node (verifies nothing: n8n's floor), the same node with an expression (n8n takes an
 * expression isolate for it, as for every non-Webhook trigger), and the Heffl Trigger
 * (secret check, raw body, signature, timestamp, replay check). Then the trigger's
 * replays: each of 100 messages sent 3 times in a row, and 20 messages sent 10 times at
 * once; it must start one execution per message.
 */
async function acknowledgement(
	row: Row,
	session: Session,
	n8nUrl: string,
	targets: { plain: Workflow; plainIsolate: Workflow; trigger: Workflow },
	sandbox: StartedSandbox,
) {
	const deliveries = 1000;
	try {
		await session.activate(targets.trigger.id);
		await session.activate(targets.plain.id);
		await session.activate(targets.plainIsolate.id);
		const deadline = Date.now() + 30_000;
		while (sandbox.records('webhooks').length === 0) {
			if (Date.now() > deadline)
				throw new Error('activating the trigger created no subscription in 30 s');
			await new Promise((done) => setTimeout(done, 100));
		}
		const subscription = sandbox.records('webhooks')[0];
		const urls = {
			plain: `${n8nUrl}/webhook/bench-plain`,
			plainIsolate: `${n8nUrl}/webhook/bench-isolate`,
			trigger: String(subscription.url),
		};
		const { staticData } = (await session.call(
			'GET',
			`/workflows/${targets.trigger.id}`,
		)) as IDataObject;
		const secret = String((Object.values(staticData as IDataObject)[0] as IDataObject).secret);
		const signer = new Webhook(secret);
		let sequence = 0;
		const message = () => {
			const id = `msg_bench${sequence++}`;
			const body = JSON.stringify({
				event: 'lead.created',
				timestamp: new Date().toISOString(),
				payload: { id: `ld_${id}`, name: 'Bench lead' },
			});
			return { id, body };
		};
		const send = async (url: string, { id, body }: { id: string; body: string }) => {
			const at = new Date();
			const headers = {
				'content-type': 'application/json',
				'user-agent': 'Heffl-Webhooks/1.0',
				'webhook-id': id,
				'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
				'webhook-signature': signer.sign(id, at, body),
			};
			const started = performance.now();
			const response = await fetch(url, { method: 'POST', headers, body });
			await response.arrayBuffer();
			return { ms: performance.now() - started, status: response.status };
		};
		// n8n registers webhooks a moment after activation: wait until all three answer.
		for (const url of Object.values(urls)) {
			for (let attempt = 0; attempt < 100; attempt++) {
				if ((await fetch(url, { method: 'POST', body: '{}' })).status !== 404) break;
				await new Promise((done) => setTimeout(done, 200));
			}
		}
		const before = {
			plain: await executionCount(session, targets.plain.id, 0),
			plainIsolate: await executionCount(session, targets.plainIsolate.id, 0),
			trigger: await executionCount(session, targets.trigger.id, 0),
		};

		const times = { plain: [] as number[], plainIsolate: [] as number[], trigger: [] as number[] };
		const refused = { plain: 0, plainIsolate: 0, trigger: 0 };
		for (let i = 0; i < deliveries; i++) {
			for (const target of ['plain', 'plainIsolate', 'trigger'] as const) {
				const answer = await send(urls[target], message());
				times[target].push(answer.ms);
				if (answer.status !== 200) refused[target]++;
			}
		}
		const executions = {
			plain:
				(await executionCount(session, targets.plain.id, before.plain + deliveries)) - before.plain,
			plainIsolate:
				(await executionCount(session, targets.plainIsolate.id, before.plainIsolate + deliveries)) -
				before.plainIsolate,
			trigger:
				(await executionCount(session, targets.trigger.id, before.trigger + deliveries)) -
				before.trigger,
		};
		const stats = {
			plain: summary(times.plain),
			plainIsolate: summary(times.plainIsolate),
			trigger: summary(times.trigger),
		};
		const labels = {
			plain: "n8n's Webhook node (verifies nothing; n8n's floor)",
			plainIsolate:
				"n8n's Webhook node with one expression (n8n takes an expression isolate, as for every non-Webhook trigger)",
			trigger: 'Heffl Trigger (secret check, signature, timestamp, replay check)',
		};
		for (const target of ['plain', 'plainIsolate', 'trigger'] as const) {
			row(
				`acknowledgement in real n8n, ${deliveries} signed deliveries one after another, the three taking turns: ${labels[target]}`,
				`p50 ${ms(stats[target].p50)}, p99 ${ms(stats[target].p99)}, non-200 answers ${refused[target]}, executions started ${executions[target]}`,
			);
		}
		row(
			'acknowledgement in real n8n: Heffl Trigger ÷ Webhook node',
			`p50 ${(stats.trigger.p50 / stats.plain.p50).toFixed(2)}, p99 ${(stats.trigger.p99 / stats.plain.p99).toFixed(2)} (goal p99 ≤ 1.2); beside the Webhook node with an isolate: p50 ${(stats.trigger.p50 / stats.plainIsolate.p50).toFixed(2)}, p99 ${(stats.trigger.p99 / stats.plainIsolate.p99).toFixed(2)}`,
		);

		// Replays: one execution per message, however often and however simultaneously it comes.
		const start = await executionCount(session, targets.trigger.id, 0);
		const firstTimes: number[] = [];
		const repeatTimes: number[] = [];
		let non200 = 0;
		for (let i = 0; i < 100; i++) {
			const repeated = message();
			for (let copy = 0; copy < 3; copy++) {
				const answer = await send(urls.trigger, repeated);
				(copy === 0 ? firstTimes : repeatTimes).push(answer.ms);
				if (answer.status !== 200) non200++;
			}
		}
		for (let i = 0; i < 20; i++) {
			const burst = message();
			const answers = await Promise.all(
				Array.from({ length: 10 }, () => send(urls.trigger, burst)),
			);
			non200 += answers.filter((answer) => answer.status !== 200).length;
		}
		const started = (await executionCount(session, targets.trigger.id, start + 120)) - start;
		const first = summary(firstTimes);
		const repeat = summary(repeatTimes);
		row(
			'Heffl Trigger in real n8n, replays: 100 messages sent 3 times in a row, 20 messages sent 10 times at once',
			`${started} executions for 120 messages (target 120), non-200 answers ${non200}; first delivery p50 ${ms(first.p50)} p99 ${ms(first.p99)}, repeat p50 ${ms(repeat.p50)} p99 ${ms(repeat.p99)}`,
		);
		await session.deactivate(targets.trigger.id);
		await session.deactivate(targets.plain.id);
		await session.deactivate(targets.plainIsolate.id);
	} finally {
		await sandbox.close();
	}
}
