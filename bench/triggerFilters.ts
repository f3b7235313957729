/**
 * The Heffl Trigger's acknowledgement with Filters, side by side in one run (n8n-core's
 * WebhookContext over loopback HTTP, as the acknowledgement row): the unfiltered trigger,
 * a Stage ID filter the delivery answers (no read), and the same filter on deliveries
 * that leave the stage out (one GET of the deal from the sandbox each). The three take
 * turns, delivery by delivery, so the machine's load falls on all alike.
 */
import type { IDataObject } from 'n8n-workflow';
import { Webhook } from 'standardwebhooks';

import { credentialsOf } from '../drivers/harness/context';
import { TriggerHarness } from '../drivers/harness/trigger';
import { startSandbox } from '../sandbox';

type Row = (name: string, value: string) => void;

const DELIVERIES = 600;

const percentile = (sorted: number[], p: number) =>
	sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

export async function triggerFilterBenchmarks(row: Row) {
	const sandbox = await startSandbox({ rateLimit: false });
	const credentials = credentialsOf(sandbox);
	const deals = sandbox.records('deals');
	const stageId = String(deals[0].stageId);
	const filters = {
		dealFilters: {
			conditions: { condition: [{ field: 'stageId', operator: 'is', values: stageId }] },
		},
	};
	const variants: Array<{
		name: string;
		parameters: IDataObject;
		payload: (i: number) => IDataObject;
	}> = [
		{ name: 'no filter', parameters: {}, payload: (i) => ({ ...deals[i % deals.length] }) },
		{
			name: 'Stage ID filter, stage in the delivery (no read)',
			parameters: filters,
			payload: (i) => ({ ...deals[i % deals.length] }),
		},
		{
			name: 'Stage ID filter, stage left out (one read each)',
			parameters: filters,
			payload: (i) => ({ id: deals[i % deals.length].id }),
		},
	];
	const runs = [];
	for (const variant of variants) {
		const harness = await new TriggerHarness(credentials, {
			subscription: 'automatic',
			events: ['deal.stageChanged'],
			...variant.parameters,
		}).listen();
		await harness.activate();
		runs.push({
			...variant,
			harness,
			library: new Webhook(String(harness.staticData.secret)),
			times: [] as number[],
		});
	}
	sandbox.clearRequests();
	for (let i = 0; i < DELIVERIES; i++) {
		for (const run of runs) {
			const body = JSON.stringify({
				event: 'deal.stageChanged',
				timestamp: new Date().toISOString(),
				payload: run.payload(i),
			});
			const id = `msg_f${runs.indexOf(run)}_${i}`;
			const started = performance.now();
			await fetch(run.harness.webhookUrl, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'webhook-id': id,
					'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
					'webhook-signature': run.library.sign(id, new Date(), body),
				},
				body,
			});
			run.times.push(performance.now() - started);
		}
	}
	const reads = sandbox.requests.filter(
		(request) => request.method === 'GET' && /\/deals\/[^/?]+$/.test(request.path),
	).length;
	const [plain] = runs.map((run) => run.times.sort((a, b) => a - b));
	for (const run of runs) {
		const p50 = percentile(run.times, 0.5);
		const p99 = percentile(run.times, 0.99);
		row(
			`trigger acknowledgement with Filters, ${DELIVERIES} signed deal.stageChanged deliveries each, the three taking turns (n8n-core WebhookContext): ${run.name}`,
			`p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; ÷ no filter: p50 ${(p50 / percentile(plain, 0.5)).toFixed(2)}, p99 ${(p99 / percentile(plain, 0.99)).toFixed(2)}; executions ${run.harness.executions.length}`,
		);
	}
	const [, noRead, withRead] = runs;
	row(
		'trigger acknowledgement with Filters: the read a missing field costs',
		`+${(percentile(withRead.times, 0.5) - percentile(noRead.times, 0.5)).toFixed(1)} ms at p50, +${(percentile(withRead.times, 0.99) - percentile(noRead.times, 0.99)).toFixed(1)} ms at p99 (sandbox on loopback; add Heffl's own answer time), ${reads} reads for ${DELIVERIES} deliveries`,
	);
	for (const run of runs) {
		await run.harness.deactivate();
		await run.harness.close();
	}
	await sandbox.close();
}
