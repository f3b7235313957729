/* eslint-disable @n8n/community-nodes/no-restricted-globals -- benchmark tooling, not shipped */
/**
 * The acknowledgement part of `npm run bench` inside a real n8n 2.x server
 * (bench/inRealN8n.ts starts it): time to the answer, one signed delivery at a time, n8n's
 * own Webhook node beside the Heffl Trigger; then the trigger's replays, one execution
 * per message however often and however simultaneously it comes.
 */
import type { IDataObject } from 'n8n-workflow';
import { Webhook } from 'standardwebhooks';

import type { Session, Workflow } from '../drivers/real-n8n.mjs';
import { webhookWorkflow } from '../drivers/real-n8n.mjs';
import type { StartedSandbox } from '../sandbox';

type Row = (name: string, value: string) => void;
type Target = 'plain' | 'plainIsolate' | 'trigger';
export type Targets = Record<Target, Workflow>;
const TARGETS = ['plain', 'plainIsolate', 'trigger'] as const;

/** n8n's own Webhook node answering at once, `options` as given. */
export function webhookNodeWorkflow(id: string, path: string, options: IDataObject): Workflow {
	return webhookWorkflow(id, id, path, [{ name: 'Done', type: 'n8n-nodes-base.noOp' }], {
		responseMode: 'onReceived',
		options,
	});
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
 * The three targets activated and listening; each one's URL, and a sender of deliveries
 * signed with the secret n8n stored for the trigger's subscription.
 */
async function listening(
	session: Session,
	n8nUrl: string,
	targets: Targets,
	sandbox: StartedSandbox,
) {
	for (const target of ['trigger', 'plain', 'plainIsolate'] as const)
		await session.activate(targets[target].id);
	const deadline = Date.now() + 30_000;
	while (sandbox.records('webhooks').length === 0) {
		if (Date.now() > deadline)
			throw new Error('activating the trigger created no subscription in 30 s');
		await new Promise((done) => setTimeout(done, 100));
	}
	const subscription = sandbox.records('webhooks')[0];
	const urls: Record<Target, string> = {
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
	return { urls, message, send };
}

type Listening = Awaited<ReturnType<typeof listening>>;

/** `deliveries` signed deliveries to each target, the three taking turns. */
async function takingTurns(
	row: Row,
	session: Session,
	targets: Targets,
	{ urls, message, send }: Listening,
	deliveries: number,
) {
	const before = {} as Record<Target, number>;
	for (const target of TARGETS)
		before[target] = await executionCount(session, targets[target].id, 0);
	const times: Record<Target, number[]> = { plain: [], plainIsolate: [], trigger: [] };
	const refused: Record<Target, number> = { plain: 0, plainIsolate: 0, trigger: 0 };
	for (let i = 0; i < deliveries; i++) {
		for (const target of TARGETS) {
			const answer = await send(urls[target], message());
			times[target].push(answer.ms);
			if (answer.status !== 200) refused[target]++;
		}
	}
	const executions = {} as Record<Target, number>;
	for (const target of TARGETS)
		executions[target] =
			(await executionCount(session, targets[target].id, before[target] + deliveries)) -
			before[target];
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
	for (const target of TARGETS) {
		row(
			`acknowledgement in real n8n, ${deliveries} signed deliveries one after another, the three taking turns: ${labels[target]}`,
			`p50 ${ms(stats[target].p50)}, p99 ${ms(stats[target].p99)}, non-200 answers ${refused[target]}, executions started ${executions[target]}`,
		);
	}
	row(
		'acknowledgement in real n8n: Heffl Trigger ÷ Webhook node',
		`p50 ${(stats.trigger.p50 / stats.plain.p50).toFixed(2)}, p99 ${(stats.trigger.p99 / stats.plain.p99).toFixed(2)} (goal p99 ≤ 1.2); beside the Webhook node with an isolate: p50 ${(stats.trigger.p50 / stats.plainIsolate.p50).toFixed(2)}, p99 ${(stats.trigger.p99 / stats.plainIsolate.p99).toFixed(2)}`,
	);
}

/** Replays: one execution per message, however often and however simultaneously it comes. */
async function replays(
	row: Row,
	session: Session,
	trigger: Workflow,
	{ urls, message, send }: Listening,
) {
	const start = await executionCount(session, trigger.id, 0);
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
		const answers = await Promise.all(Array.from({ length: 10 }, () => send(urls.trigger, burst)));
		non200 += answers.filter((answer) => answer.status !== 200).length;
	}
	const started = (await executionCount(session, trigger.id, start + 120)) - start;
	const first = summary(firstTimes);
	const repeat = summary(repeatTimes);
	row(
		'Heffl Trigger in real n8n, replays: 100 messages sent 3 times in a row, 20 messages sent 10 times at once',
		`${started} executions for 120 messages (target 120), non-200 answers ${non200}; first delivery p50 ${ms(first.p50)} p99 ${ms(first.p99)}, repeat p50 ${ms(repeat.p50)} p99 ${ms(repeat.p99)}`,
	);
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
export async function acknowledgement(
	row: Row,
	session: Session,
	n8nUrl: string,
	targets: Targets,
	sandbox: StartedSandbox,
) {
	try {
		const live = await listening(session, n8nUrl, targets, sandbox);
		await takingTurns(row, session, targets, live, 1000);
		await replays(row, session, targets.trigger, live);
		await session.deactivate(targets.trigger.id);
		await session.deactivate(targets.plain.id);
		await session.deactivate(targets.plainIsolate.id);
	} finally {
		await sandbox.close();
	}
}
