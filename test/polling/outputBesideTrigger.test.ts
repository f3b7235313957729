/**
 * The polling trigger's output beside the Heffl Trigger's for the same record: the
 * sandbox delivers the webhook (§12.2's `payload`) and the poll reads the list (§7), and
 * docs/polling.md's table of differences ("Output") is this test's expectations.
 */
import type { IDataObject } from 'n8n-workflow';
import { beforeAll, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { PollHarness } from '../../drivers/harness/poll';
import type { Kind } from '../../sandbox/records';
import { createRecord } from '../../sandbox/records';

const context = useSandbox({ webhooks: { retryScheduleMs: [0], maxAttempts: 1, timeoutMs: 1000 } });

beforeAll(async () => {
	const answer = await fetch(`${context.sandbox.urls.v1}/webhooks`, {
		method: 'POST',
		headers: { 'x-api-key': context.sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({
			name: 'shape comparison',
			url: 'http://127.0.0.1:9/nowhere',
			events: [
				'client.created',
				'contact.created',
				'deal.created',
				'quotation.created',
				'lead.created',
			],
		}),
	});
	expect(answer.status).toBe(200);
});

/** Keys whose values differ between the two records. */
function differences(polled: IDataObject, delivered: IDataObject) {
	return [...new Set([...Object.keys(polled), ...Object.keys(delivered)])]
		.filter((key) => JSON.stringify(polled[key]) !== JSON.stringify(delivered[key]))
		.sort();
}

test.each([
	['company', 'client.created', []],
	['deal', 'deal.created', []],
	// §11.4: list rows carry no line items.
	['quotation', 'quotation.created', ['lineItems']],
	// v2 list rows show custom fields top level (§15); the webhook's lead is v1's, with `customFields`.
	['lead', 'lead.created', ['customFields']],
] as Array<[Kind, string, string[]]>)(
	'%s: the record equals the %s webhook payload except %j',
	async (kind, event, differing) => {
		const harness = new PollHarness(context.credentials, { event: kind });
		await harness.activate();
		const created = await createRecord(context.sandbox, kind, `shape-${kind}`);
		const [item] = (await harness.poll()).items!;
		expect(item).toEqual({ event, timestamp: created.createdAt, record: expect.any(Object) });
		const delivery = context.sandbox.deliveries.find(
			(candidate) =>
				(JSON.parse(candidate.body) as IDataObject & { payload: IDataObject }).payload.id ===
				created.id,
		);
		expect(delivery?.event).toBe(event);
		const payload = (JSON.parse(delivery!.body) as { payload: IDataObject }).payload;
		expect(differences(item.record as IDataObject, payload)).toEqual(differing);
	},
);
