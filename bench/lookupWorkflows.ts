/**
 * The workflows bench/lookupsInRealN8n.ts runs in a real n8n, and how it runs them: a
 * webhook takes the items, the Heffl node under measure writes each; one key for every
 * sandbox of the run, so the credential imported into n8n stays valid.
 */
import { randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import type { Session, Workflow } from '../drivers/real-n8n.mjs';
import { callWebhook, webhookWorkflow } from '../drivers/real-n8n.mjs';
import type { Kind } from './lookups';

export const API_KEY = `hk_test_${randomBytes(16).toString('hex')}`;
export const heffl = { hefflApi: { id: 'lookupHeffl', name: 'Heffl lookup bench' } };

/** Webhook (the items in its body) → Code (one item each) → the Heffl node. */
export function workflowOf(id: string, node: IDataObject): Workflow {
	return webhookWorkflow(id, `bench ${id}`, `bench-${id.toLowerCase()}`, [
		{
			name: 'Items',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: { jsCode: 'return $input.first().json.body.items.map((json) => ({ json }));' },
		},
		{
			name: 'Heffl',
			type: 'n8n-nodes-heffl.heffl',
			credentials: heffl,
			onError: 'continueRegularOutput',
			...node,
		},
	]);
}

export const upsertWorkflow = (kind: Kind) =>
	workflowOf(`lookup${kind}`, {
		parameters: {
			resource: kind === 'leads' ? 'lead' : 'contact',
			operation: 'upsert',
			email: '={{ $json.email }}',
			[kind === 'leads' ? 'name' : 'firstName']: '={{ $json.name }}',
		},
	});

/** Posts the items to the workflow's webhook; waits for the run's answer. */
export async function run(
	session: Session,
	n8nUrl: string,
	workflow: Workflow,
	items: IDataObject[],
) {
	await session.activate(workflow.id);
	const started = Date.now();
	const answer = await callWebhook(n8nUrl, workflow, { body: { items } });
	const body = (await answer.json().catch(() => [])) as IDataObject[];
	const wallMs = Date.now() - started;
	await session.deactivate(workflow.id);
	const output = Array.isArray(body) ? body : [];
	return { wallMs, failed: output.filter((item) => item.error).length, output };
}
