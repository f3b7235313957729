/**
 * Issue 43, Options → Custom Fields As: what Labels costs beside Keys, in requests, for Get
 * Many of 1,000 contacts (their definitions once: ceil(1000/100) + 1) and of 3,000 deals in
 * two pipelines (once per pipeline), with every record's cf_* keys by label.
 */
import { credentialsOf } from '../drivers/harness/context';
import { runHeffl } from '../drivers/harness/n8n';
import { startSandbox } from '../sandbox';
import type { SeedCounts } from '../sandbox/types';

type Row = (name: string, value: string) => void;

async function getMany(resource: string, count: number, seed: SeedCounts, bulk?: 'deals') {
	const sandbox = await startSandbox({ rateLimit: false, seed });
	if (bulk) {
		sandbox.bulkCreate(bulk, count);
		// Every other deal into the second pipeline, its own field set (sandbox/v2/seed.ts).
		const [, partners] = sandbox.records('pipelines');
		sandbox.records('deals').forEach((deal, index) => {
			if (index % 2 === 0) return;
			Object.assign(deal, { pipelineId: partners.id, cf_partner_tier: 'Gold' });
			delete deal.cf_lead_score; // the Sales pipeline's own field
		});
	}
	const credentials = credentialsOf(sandbox);
	const runs: Record<string, { requests: number; ms: number; records: number; keys: number }> = {};
	for (const customFieldsAs of ['keys', 'labels']) {
		sandbox.clearRequests();
		const started = performance.now();
		const run = await runHeffl(
			{
				resource,
				operation: 'getAll',
				returnAll: true,
				simplify: false,
				options: { customFieldsAs },
			},
			credentials,
		);
		if (run.error) throw run.error;
		runs[customFieldsAs] = {
			requests: sandbox.requests.filter((request) => request.apiVersion === 'v2').length,
			ms: performance.now() - started,
			records: run.json.length,
			keys: run.json.filter((record) => Object.keys(record).some((key) => key.startsWith('cf_')))
				.length,
		};
	}
	await sandbox.close();
	return runs;
}

export async function labelBenchmarks(row: Row) {
	const contacts = await getMany('contact', 1000, { contacts: 1000 });
	row(
		'Custom Fields As, Contact → Get Many of 1,000 (Return All): requests with Keys / Labels (target ceil(1000/100) / + 1)',
		`${contacts.keys.requests} / ${contacts.labels.requests} (${contacts.labels.records} records, ${contacts.labels.keys} still with a cf_ key); ${contacts.keys.ms.toFixed(0)} ms / ${contacts.labels.ms.toFixed(0)} ms`,
	);
	const deals = await getMany('deal', 3000, { deals: 0 }, 'deals');
	row(
		'Custom Fields As, Deal → Get Many of 3,000 in two pipelines: requests with Keys / Labels (target 30 / + 1 per pipeline)',
		`${deals.keys.requests} / ${deals.labels.requests} (${deals.labels.records} records, ${deals.labels.keys} still with a cf_ key); ${deals.keys.ms.toFixed(0)} ms / ${deals.labels.ms.toFixed(0)} ms`,
	);
}
