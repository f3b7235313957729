/* eslint-disable @n8n/community-nodes/no-restricted-globals -- benchmark tooling, not shipped */
/**
 * The webhook trigger's rows: signature verification against the standardwebhooks library,
 * and the acknowledgement of signed deliveries through the trigger harness.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

import { verifyDelivery } from '../nodes/HefflTrigger/signature';
import { credentialsOf } from '../drivers/harness/context';
import { TriggerHarness } from '../drivers/harness/trigger';
import { startSandbox } from '../sandbox';

type Row = (name: string, value: string) => void;

/** Our signature check against the standardwebhooks library, on small and large deliveries. */
export function signatures(row: Row) {
	const secret = `whsec_${randomBytes(32).toString('base64')}`;
	const library = new Webhook(secret);
	for (const size of [1024, 65_536]) {
		const body = JSON.stringify({
			event: 'lead.updated',
			payload: { notes: 'x'.repeat(size - 60) },
		});
		const id = 'msg_bench';
		const at = new Date();
		const headers = {
			'webhook-id': id,
			'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
			'webhook-signature': library.sign(id, at, body),
		};
		const raw = Buffer.from(body);
		const ours = () => verifyDelivery({ rawBody: raw, headers }, [secret]);
		const theirs = () => library.verify(body, headers);
		const rate = (fn: () => unknown) => {
			const iterations = size > 10_000 ? 3_000 : 20_000;
			const started = process.hrtime.bigint();
			for (let i = 0; i < iterations; i++) fn();
			return iterations / (Number(process.hrtime.bigint() - started) / 1e9);
		};
		for (let warm = 0; warm < 2; warm++) {
			rate(ours);
			rate(theirs);
		}
		const oursRates: number[] = [];
		const theirRates: number[] = [];
		for (let round = 0; round < 5; round++) {
			oursRates.push(rate(ours));
			theirRates.push(rate(theirs));
		}
		const median = (values: number[]) =>
			values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
		const [a, b] = [median(oursRates), median(theirRates)];
		row(
			`verify ${size / 1024} KB deliveries`,
			`ours ${Math.round(a)} ops/s, standardwebhooks ${Math.round(b)} ops/s, ratio ${(a / b).toFixed(2)} (target ≥ 1.0)`,
		);
	}
}

/** How long the trigger takes to answer a signed delivery (n8n-core WebhookContext, not the n8n server). */
export async function acknowledgement(row: Row) {
	const sandbox = await startSandbox({ rateLimit: false, seed: false });
	const harness = await new TriggerHarness(credentialsOf(sandbox), {
		subscription: 'automatic',
		events: ['lead.created'],
	}).listen();
	await harness.activate();
	const library = new Webhook(String(harness.staticData.secret));
	const times: number[] = [];
	for (let i = 0; i < 1000; i++) {
		const body = JSON.stringify({
			event: 'lead.created',
			timestamp: new Date().toISOString(),
			payload: { id: `ld_${i}` },
		});
		const id = `msg_ack${i}`;
		const started = performance.now();
		await fetch(harness.webhookUrl, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'webhook-id': id,
				'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
				'webhook-signature': library.sign(id, new Date(), body),
			},
			body,
		});
		times.push(performance.now() - started);
	}
	times.sort((a, b) => a - b);
	row(
		'trigger acknowledgement, 1000 signed deliveries (n8n-core WebhookContext, not the n8n server)',
		`p50 ${times[499].toFixed(1)} ms, p99 ${times[989].toFixed(1)} ms (target p99 < 100 ms), executions ${harness.executions.length}`,
	);
	await harness.deactivate();
	await harness.close();
	await sandbox.close();
}
