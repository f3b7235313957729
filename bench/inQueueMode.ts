/**
 * The part of `npm run bench` that runs in n8n's queue mode (main, 2 workers, a
 * webhook processor, Redis, Postgres; drivers/queueMode.ts measures, the
 * queue-mode test tier asserts the same figures): two bulk runs on one key on two
 * workers at once, and trigger acknowledgement through the webhook processor.
 */
import {
	BULK,
	concurrentBulk,
	startQueueEnvironment,
	TRIGGER_DELIVERIES,
	windowOptimalMs,
} from '../drivers/queueMode';
import {
	activateTrigger,
	DELIVERY_WAVE,
	duplicateDeliveries,
	sequentialAcknowledgement,
	triggerDeliveries,
} from '../drivers/queueModeTrigger';

type Row = (name: string, value: string) => void;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const QUEUE = 'queue mode (main + 2 workers + webhook processor)';

export async function queueModeBenchmarks(row: Row, sequentialDeliveries = 1000): Promise<void> {
	const env = await startQueueEnvironment();
	try {
		const total = BULK.workflows * BULK.leadsEach;
		const unthrottled = await concurrentBulk(env, 'Free', false);
		const limited = await concurrentBulk(env, 'Limited', true);
		const optimalMs = windowOptimalMs(unthrottled.wallMs);
		const name = `${QUEUE}, Heffl node: ${BULK.workflows} workflows × ${BULK.leadsEach} leads at once on one key, ${BULK.limit} req / 60 s`;
		row(
			`${name}: wall time`,
			`${seconds(limited.wallMs)} (window-optimal ${seconds(optimalMs)}, ratio ${(limited.wallMs / optimalMs).toFixed(3)}, target ≤ 1.10)`,
		);
		row(
			`${name}: failed items / 429 answers / stored twice / workers`,
			`${limited.failedItems} of ${total} / ${limited.refused} of ${limited.requests} requests (${((limited.refused / limited.requests) * 100).toFixed(1)} %) / ${limited.storedTwice} / ${limited.runs.map((run) => run.worker ?? 'unknown').join(' and ')}`,
		);

		await activateTrigger(env);
		const sequential = await sequentialAcknowledgement(env, sequentialDeliveries);
		row(
			`${QUEUE}: acknowledgement, ${sequentialDeliveries} signed deliveries one after another through the webhook processor: Heffl Trigger`,
			`p50 ${sequential.p50} ms, p99 ${sequential.p99} ms (target p99 < 100 ms), 200 at the first attempt ${sequential.firstTime}, executions started ${sequential.executions}`,
		);
		const burst = await triggerDeliveries(env, TRIGGER_DELIVERIES);
		row(
			`${QUEUE}: ${TRIGGER_DELIVERIES} signed deliveries in waves of ${DELIVERY_WAVE} at once`,
			`all acknowledged in ${seconds(burst.acknowledgedMs)} (p50 ${burst.p50} ms, p99 ${burst.p99} ms), 200 at the first attempt ${burst.succeededFirstTime}, executions ${burst.executions.length} (${Object.entries(
				burst.perWorker,
			)
				.map(([worker, count]) => `${worker} ${count}`)
				.join(', ')})`,
		);
		const { replayed, replayedAfterBurst, concurrent } = await duplicateDeliveries(
			env,
			burst.deliveries,
		);
		row(
			`${QUEUE}: copies of a delivery (same webhook-id, re-signed as Heffl retries)`,
			`${replayed.messages} messages × ${replayed.sent / replayed.messages} one after another: ${replayed.extra} extra executions; ${replayedAfterBurst.messages} messages of the burst sent again: ${replayedAfterBurst.extra}; ${concurrent.messages} messages × ${concurrent.sent / concurrent.messages} at once: ${concurrent.extra} (target 0)`,
		);
	} finally {
		await env.stop();
	}
}
