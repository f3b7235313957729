/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped: HEFFL_POLLING_CONFIGS */
/**
 * The ways n8n runs polls that the polling tiers compare side by side (test/e2e/polling.test.ts,
 * test/e2e-queue/polling.test.ts): their n8n settings, which of them a run takes, and
 * starting one n8n per way at once.
 */

/**
 * The ways n8n 2.41 runs polls. The scheduler's rows abandon a poll after 10 s instead of
 * 45 s (N8N_SCHEDULER_POLL_TIMEOUT; getPollBudgetMs then says 5 s), so the scenario's
 * backlog takes more than one poll there without taking minutes.
 */
const SCHEDULER = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TIMEOUT: '10',
};
export const POLLING_CONFIGS: Record<string, Record<string, string>> = {
	legacy: {},
	scheduler: SCHEDULER,
	durable: { ...SCHEDULER, N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true' },
};

/** The configurations to run: HEFFL_POLLING_CONFIGS (comma-separated), else `defaults`. */
export function chosenConfigs(defaults: string[]): string[] {
	const asked = process.env.HEFFL_POLLING_CONFIGS?.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
	const configs = asked?.length ? asked : defaults;
	for (const config of configs)
		if (!(config in POLLING_CONFIGS))
			throw new Error(
				`HEFFL_POLLING_CONFIGS: no configuration '${config}' (known: ${Object.keys(POLLING_CONFIGS).join(', ')})`,
			);
	return configs;
}

/**
 * Starts one instance per configuration side by side. When one fails to start, those that
 * did are closed before the failure is thrown: left running, their n8n processes would
 * outlive the test and load the machine for the tiers after it.
 */
export async function startSideBySide<T extends { close: () => Promise<void> }>(
	starting: Array<Promise<T>>,
): Promise<T[]> {
	const settled = await Promise.allSettled(starting);
	const failure = settled.find((result) => result.status === 'rejected');
	const ready = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
	if (!failure) return ready;
	await Promise.allSettled(ready.map(async (instance) => await instance.close()));
	throw failure.reason;
}
