/**
 * Options → Custom Fields As → Labels in a real n8n 2.x (the packed package): the Heffl
 * Trigger, active, delivers deals of two pipelines with their custom fields by label, the
 * definitions read once per pipeline for all its deliveries (n8n's webhook process keeps
 * the trigger's memory between deliveries). Runs in the n8n the `e2e-shared` tier shares
 * (sharedN8n.ts): this file's credential and workflow are put in when it starts and
 * removed when it ends. The rest of the option is proven in the harness
 * (test/node/customFieldLabels.test.ts, test/trigger/customFieldLabels.test.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { hefflCredential, hefflTriggerWorkflow } from '../../drivers/real-n8n.mjs';
import type { StartedSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { SharedN8n } from '../../drivers/sharedN8n';
import { intoSharedN8n } from '../../drivers/sharedN8n';
import { activationError, settledExecutions } from './triggerTools';

const credentials = { hefflApi: { id: 'hefflLabels01', name: 'Heffl labels sandbox' } };

let sandbox: StartedSandbox;
let n8n: SharedN8n;
const workflow = hefflTriggerWorkflow(
	'wfDealLabels',
	'New deal, custom fields by label',
	{ parameters: { events: ['deal.created'], options: { customFieldsAs: 'labels' } }, credentials },
	[],
);

beforeAll(async () => {
	sandbox = await startSandbox({
		rateLimit: false,
		webhooks: { retryScheduleMs: [0, 300, 600], timeoutMs: 10_000, maxAttempts: 3 },
	});
	n8n = await intoSharedN8n({
		credentials: [hefflCredential(credentials.hefflApi, sandbox)],
		workflows: [workflow],
	});
}, 900_000);

afterAll(async () => {
	await n8n?.remove();
	await sandbox?.close();
});

test('the Heffl Trigger with Custom Fields As → Labels delivers deals of two pipelines with their custom fields by label, the definitions read once per pipeline', async () => {
	const { session } = n8n;
	expect(await activationError(session, workflow.id)).toBeUndefined();
	await expect.poll(() => sandbox.records('webhooks').length, { timeout: 10_000 }).toBe(1);
	const [client] = sandbox.records('clients');
	const [sales, partners] = sandbox.records('pipelines');
	sandbox.clearRequests();
	const deals = [
		{ title: 'Labels e2e 1', pipelineId: sales.id, cf_lead_score: 80, cf_budget_range: '50k+' },
		{ title: 'Labels e2e 2', pipelineId: partners.id, cf_partner_tier: 'Platinum' },
		{ title: 'Labels e2e 3', pipelineId: sales.id, cf_lead_score: 20, cf_competitor: 'Acme' },
	];
	for (const deal of deals) {
		const answer = await fetch(`${sandbox.urls.v2}/deals`, {
			method: 'POST',
			headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ clientId: client.id, ...deal }),
		});
		expect(answer.status).toBe(200);
		// One after another: the second delivery of a pipeline finds its definitions kept.
		await sandbox.waitForDeliveries(undefined, 30_000);
	}
	const executions = await settledExecutions(session, workflow.id, 3);
	expect(executions.map((execution) => execution.status)).toEqual([
		'success',
		'success',
		'success',
	]);
	const records: IDataObject[] = [];
	for (const execution of executions) {
		const { outputs } = await session.outputs(String(execution.id));
		records.push(
			(outputs as Record<string, IDataObject[]>)['Heffl Trigger'][0].record as IDataObject,
		);
	}
	const byTitle = (title: string) => records.find((record) => record.title === title);
	expect(byTitle('Labels e2e 1')).toMatchObject({
		'Lead Score': 80,
		'Budget Range': '50k+',
		Competitor: null,
	});
	expect(byTitle('Labels e2e 2')).toMatchObject({
		'Partner Tier': 'Platinum',
		'Budget Range': null,
	});
	expect(byTitle('Labels e2e 3')).toMatchObject({ 'Lead Score': 20, Competitor: 'Acme' });
	expect(
		records.flatMap((record) => Object.keys(record).filter((key) => key.startsWith('cf_'))),
	).toEqual([]);
	const reads = sandbox.requests
		.filter((request) => request.path.startsWith('/api/v2/custom-fields'))
		.map((request) => decodeURIComponent(request.path))
		.sort();
	expect(reads).toEqual(
		[sales.id, partners.id]
			.map((id) => `/api/v2/custom-fields?entity=deals&pipelineId=${String(id)}`)
			.sort(),
	);
	await session.deactivate(workflow.id);
	await expect.poll(() => sandbox.records('webhooks').length, { timeout: 10_000 }).toBe(0);
});
