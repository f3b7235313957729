/**
 * The Polling Trigger tests' sandbox (pollingTrigger.test.ts, pollsThatFail.test.ts,
 * pollingFilters.test.ts): a recording relay in front of it, its rewrites and faults cleared
 * around each test; the list requests the sandbox received; and a trigger activated on a kind.
 */
import type { IDataObject } from 'n8n-workflow';
import { afterEach, beforeEach, expect } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { PollHarness } from '../../drivers/harness/poll';
import type { Kind } from '../../sandbox/records';
import { useRecorder } from '../harness/crm';

export function usePollingSandbox() {
	const context = useSandbox();
	const relay = useRecorder(context);
	beforeEach(() => {
		relay.rewrite = undefined;
		context.sandbox.faults.clear();
	});
	afterEach(() => {
		context.sandbox.faults.clear();
	});
	const listRequests = () =>
		context
			.apiRequests()
			.filter((request) => request.method === 'GET' && /\/api\/v2\//.test(request.path));
	/** A Polling Trigger on `kind`, activated: its first poll emits nothing. */
	async function activated(kind: Kind, parameters: IDataObject = {}) {
		const harness = new PollHarness(context.credentials, { event: kind, ...parameters });
		const first = await harness.activate();
		expect(first.items).toBeNull();
		return harness;
	}
	return { context, relay, listRequests, activated };
}
