/**
 * The hosts tier (hosts.test.ts names these tests; host.ts starts the host): the samples
 * of examples/ on one host. Saved through the editor's API, the webhook triggers register
 * one subscription each and the polling trigger polls; each trigger path runs once (a
 * tagged follow-up task, a quotation, a welcome call); a replayed or forged delivery
 * starts nothing.
 */
import type { IDataObject } from 'n8n-workflow';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';

import {
	followUpTaskTag,
	runnable,
	sandboxExamples,
	sandboxTarget,
} from '../../drivers/demo-workflows';
import { hefflCredentialData } from '../../drivers/real-n8n.mjs';
import type { Host } from './host';
import { createLead, followUps, settled, subscriptionsOf, webhookUrlOf } from './host';
import type { Workflow } from './hostTools';
import { saveCredential, saveWorkflow, sleep, until } from './hostTools';

export async function samplesSavedAndActive(host: Host) {
	const { sandbox, credentials, n8n } = host;
	credentials.hefflApi = await saveCredential(
		host.session,
		'Heffl sandbox',
		'hefflApi',
		hefflCredentialData(sandbox),
	);
	await followUpTaskTag(sandbox.urls.v2, sandbox.apiKey); // the task tag the new-lead sample finds
	const samples = sandboxExamples(sandboxTarget(sandbox));
	host.newLead = await saveWorkflow(host.session, samples.newLead as Workflow, credentials);
	host.wonDeal = await saveWorkflow(host.session, samples.wonDeal as Workflow, credentials);
	for (const workflow of [host.newLead, host.wonDeal]) {
		await host.session.activate(workflow.id);
		const subscriptions = await until(
			() => subscriptionsOf(host, workflow),
			(list) => list.length > 0,
		);
		expect(
			subscriptions,
			`${JSON.stringify(sandbox.records('webhooks'))} for ${webhookUrlOf(host, workflow)}\n${n8n.output().slice(-3000)}`,
		).toHaveLength(1);
	}
	await sleep(1000); // would a second registration follow?
	expect(subscriptionsOf(host, host.newLead)).toHaveLength(1);
	expect(subscriptionsOf(host, host.wonDeal)).toHaveLength(1);

	// The polling sample: its activation poll reads Heffl's newest company and emits nothing.
	sandbox.clearRequests();
	host.polling = await saveWorkflow(host.session, samples.newCompany as Workflow, credentials);
	await host.session.activate(host.polling.id);
	const polled = await until(
		() => sandbox.requests.filter((request) => request.path.startsWith('/api/v2/companies')),
		(list) => list.length > 0,
	);
	expect(polled.length, n8n.output().slice(-2000)).toBeGreaterThan(0);

	// The manual samples: all contacts (API v2), and the HTTP Request node with the credential.
	for (const workflow of [samples.contacts, samples.httpRequest]) {
		const saved = await saveWorkflow(host.session, workflow as Workflow, credentials);
		const last = runnable(workflow).at(-1)!.name;
		const run = await host.session.runManually(saved.id, last);
		expect({ status: run.status, error: run.error }).toEqual({
			status: 'success',
			error: undefined,
		});
		expect(run.outputs[last].length).toBeGreaterThan(0);
	}
}

export async function everyTriggerPath(host: Host) {
	const { sandbox, n8n } = host;
	const company = await fetch(`${sandbox.urls.v2}/companies`, {
		method: 'POST',
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ name: 'Polled Ltd', cf_industry: 'Retail' }),
	}).then(async (answer) => (await answer.json()) as IDataObject);
	const lead = await createLead(host, 'Ada Lovelace');
	const tasks = await until(
		() => followUps(host, lead.id),
		(list) => list.length > 0,
	);
	expect(tasks.map((task) => task.title)).toEqual(['Follow up with Ada Lovelace']);
	expect(tasks[0].tagIds ?? tasks[0].tags).toEqual(expect.arrayContaining([expect.anything()]));

	const [client] = sandbox.records('clients');
	const [pipeline] = sandbox.records('pipelines');
	const [first, second] = sandbox.records('products');
	const v2 = async (method: string, path: string, body: object) => {
		const answer = await fetch(`${sandbox.urls.v2}${path}`, {
			method,
			headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		expect(answer.ok, await answer.clone().text()).toBe(true);
		return (await answer.json()) as IDataObject;
	};
	const deal = await v2('POST', '/deals', {
		title: 'Website relaunch',
		clientId: client.id,
		pipelineId: pipeline.id,
		cf_lead_score: 80,
		products: [
			{ productId: first.id, quantity: 1 },
			{ productId: second.id, quantity: 3 },
		],
	});
	await v2('PATCH', `/deals/${String(deal.id)}`, { status: 'WON' });
	const quotations = await until(
		() => sandbox.records('quotations').filter((record) => record.dealId === deal.id),
		(list) => list.length > 0,
	);
	expect(quotations, n8n.output().slice(-2000)).toHaveLength(1);
	// The sandbox answers a deal without its products (§11.3 lists none): one line for the deal.
	expect(quotations[0].quotationProducts).toEqual([
		expect.objectContaining({ name: 'Website relaunch', quantity: 1 }),
	]);
	await sleep(1500);
	expect(sandbox.records('quotations').filter((record) => record.dealId === deal.id)).toHaveLength(
		1,
	);

	// n8n polls every minute: the company created above gets its welcome call within two.
	const welcome = () =>
		sandbox
			.records('tasks')
			.filter((task) => task.title === `Welcome call: ${String(company.name)}`);
	await until(welcome, (list) => list.length > 0, 150_000);
	expect(welcome(), n8n.output().slice(-2000)).toHaveLength(1);
}

export async function eachDeliveryOnce(host: Host) {
	const { relay, n8n } = host;
	const before = (await settled(host, host.newLead.id, 1)).length;
	const genuine = relay.recorded.find(
		(entry) => webhookUrlOf(host, host.newLead).endsWith(entry.path) && entry.status === 200,
	);
	expect(genuine).toBeDefined();
	expect(await relay.replay(genuine!)).toBeLessThan(300); // answered, so Heffl stops retrying

	const body = JSON.stringify({
		event: 'lead.created',
		timestamp: new Date().toISOString(),
		payload: { id: 'ld_forged', name: 'Mallory' },
	});
	const at = new Date();
	const forger = new Webhook(
		`whsec_${Buffer.from('not the secret, but 32 bytes long').toString('base64')}`,
	);
	const forged = await fetch(`${n8n.url}${genuine!.path}`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			'webhook-id': 'msg_forged1',
			'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
			'webhook-signature': forger.sign('msg_forged1', at, body),
		},
		body,
	});
	expect(forged.status).toBe(401);
	const after = await settled(host, host.newLead.id, before);
	expect(after).toHaveLength(before);
	expect(after.every((execution) => execution.status === 'success')).toBe(true);
}
