/**
 * Issue 50: a sync run again starts no workflow triggered on *Client Updated* (§12.4: the
 * sandbox sends `client.updated` for every v2 company write that reaches it). A Heffl Trigger
 * listens while Company → Create or Update runs the same rows again: it runs once per row
 * that changed, and not at all when none did.
 */
import type { INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { COMPANY_REQUIRED_FIELDS, useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';
import { useTriggers } from './openTriggers';

const ctx = useSandbox({
	seed: { clients: 0, leads: 0, contacts: 0 },
	webhooks: { retryScheduleMs: [0, 50], timeoutMs: 2000 },
});
const { listening } = useTriggers(ctx);

const byWebsite: INodeParameters = {
	...COMPANY_REQUIRED_FIELDS,
	resource: 'company',
	operation: 'upsert',
	matchBy: 'website',
	website: '={{ $json.site }}',
	name: '={{ $json.name }}',
	additionalFields: { phone: '={{ $json.phone }}' },
};

const rows = [1, 2, 3, 4].map((n) => ({
	site: `https://updates${n}.example`,
	name: `Updates ${n}`,
	phone: `+97150100000${n}`,
}));

describe('Heffl Trigger on Client Updated during a Create or Update run again', () => {
	test('runs once for the one changed row, then 0 times for the same rows', async () => {
		expect((await runHeffl(byWebsite, ctx.credentials, { items: rows })).error).toBeUndefined();
		const harness = await listening({ subscription: 'automatic', events: ['client.updated'] });
		await harness.activate();

		const changed = rows.map((row, index) =>
			index === 1 ? { ...row, phone: '+971509000000' } : row,
		);
		await runHeffl(byWebsite, ctx.credentials, { items: changed });
		await ctx.sandbox.waitForDeliveries();
		expect(harness.executions).toHaveLength(1);

		await runHeffl(byWebsite, ctx.credentials, { items: changed });
		await ctx.sandbox.waitForDeliveries();
		expect(harness.executions).toHaveLength(1);
		await harness.deactivate();
	});
});
