/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * Deal won → quotation in a real n8n 2.x (issue 15): the `npm start` sample workflow,
 * as the editor saves it, active, fed by the sandbox's own deliveries as Heffl sends
 * them. Each won deal gets exactly one quotation from the template,
 * with its custom fields and the deal's products as line items; a deal updated but
 * not won gets none, and a won deal updated again gets no second one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { credentials, wonDealQuotation } from '../../scripts/demo-workflows';
import {
	ensureN8n,
	freePort,
	importIntoN8n,
	login,
	packPackage,
	prepareUserFolder,
	startN8n,
	// @ts-expect-error -- plain ESM script shared with `npm start`
} from '../../scripts/real-n8n.mjs';
import type { StartedSandbox } from '../sandbox';
import { startSandbox } from '../sandbox';
import { activationError, registered, settledExecutions } from './triggerTools';

type Session = Awaited<ReturnType<typeof login>>;

let sandbox: StartedSandbox;
let n8n: { url: string; output: () => string; stop: () => Promise<void> };
let session: Session;
let workflow: ReturnType<typeof wonDealQuotation>;
let seededQuotations: Set<unknown>;
const wonDealIds: unknown[] = [];

const template = () =>
	sandbox
		.records('templates')
		.find((record) => record.type === 'quotations' && record.name === 'Project Quotation')!;

/** A call to the sandbox's API v2 that must succeed; its JSON. */
async function v2(method: string, path: string, body?: IDataObject): Promise<IDataObject> {
	const answer = await fetch(`${sandbox.urls.v2}${path}`, {
		method,
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
		body: body && JSON.stringify(body),
	});
	const json = (await answer.json()) as IDataObject;
	expect({ status: answer.status, json }).toMatchObject({ status: 200 });
	return json;
}

/** A deal in the Sales pipeline (its required custom field set), as a user would create it. */
async function newDeal(title: string, extra: IDataObject = {}) {
	const [client] = sandbox.records('clients');
	const [sales] = sandbox.records('pipelines');
	return v2('POST', '/deals', {
		title,
		clientId: client.id,
		pipelineId: sales.id,
		cf_lead_score: 50, // required in the Sales pipeline (test/sandbox/v2/seed.ts)
		...extra,
	});
}

const quotationsOf = (dealId: unknown) =>
	sandbox.records('quotations').filter((record) => record.dealId === dealId);

/** Waits until the sandbox delivered every event and n8n saved `count` executions in all. */
async function executionsSettled(count: number) {
	await sandbox.waitForDeliveries();
	const executions = await settledExecutions(session, workflow.id, count);
	expect(executions.map((execution) => execution.status)).toEqual(
		Array<string>(count).fill('success'),
	);
	return executions;
}

const line = ({ name, quantity, price, productId }: IDataObject) => ({
	name,
	quantity,
	price,
	productId,
});

beforeAll(async () => {
	ensureN8n();
	const folder = prepareUserFolder(mkdtempSync(join(tmpdir(), 'heffl-e2e-quote-')), packPackage());
	sandbox = await startSandbox({
		rateLimit: false,
		webhooks: { retryScheduleMs: [0, 300, 600], timeoutMs: 10_000, maxAttempts: 3 },
	});
	workflow = wonDealQuotation(String(template().id));
	importIntoN8n(folder, {
		credentials: [
			{
				...credentials.hefflApi,
				type: 'hefflApi',
				data: { apiKey: sandbox.apiKey, v1BaseUrl: sandbox.urls.v1, v2BaseUrl: sandbox.urls.v2 },
			},
		],
		workflows: [workflow],
	});
	n8n = await startN8n(folder, await freePort(), {
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
	});
	session = await login(n8n.url);
	seededQuotations = new Set(sandbox.records('quotations').map((record) => record.id));
}, 900_000);

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
});

test('activating the sample workflow subscribes to deal.updated only', async () => {
	expect(await activationError(session, workflow.id)).toBeUndefined();
	const url = `${n8n.url}/webhook/${String(workflow.nodes[0].webhookId)}/webhook`;
	await registered(url);
	expect(sandbox.records('webhooks').map(({ url, events }) => ({ url, events }))).toEqual([
		{ url, events: ['deal.updated'] },
	]);
});

test('a deal updated but not won runs the workflow and creates no quotation', async () => {
	const deal = await newDeal('Still talking');
	const before = sandbox.records('quotations').length;
	await v2('PATCH', `/deals/${String(deal.id)}`, { title: 'Still talking, call next week' });
	const [execution] = await executionsSettled(1);
	const { outputs } = await session.outputs(String(execution.id));
	expect(outputs['Won Deals Only']).toEqual([]);
	expect(outputs['Create Quotation']).toBeUndefined();
	expect(sandbox.records('quotations')).toHaveLength(before);
});

test('a won deal with products gets exactly one quotation from the template, its products as line items', async () => {
	const [first, second] = sandbox.records('products');
	const deal = await newDeal('Website relaunch', {
		products: [
			{ productId: first.id, quantity: 3 },
			{ productId: second.id, quantity: 1, price: 1234.5 },
			{ name: 'Onboarding day', quantity: 2, price: 900 },
		],
	});
	const won = await v2('PATCH', `/deals/${String(deal.id)}`, { status: 'WON' });
	wonDealIds.push(deal.id);
	await executionsSettled(2);

	const quotations = quotationsOf(deal.id);
	expect(quotations).toHaveLength(1);
	const [quotation] = quotations;
	expect(quotation).toMatchObject({
		clientId: deal.clientId,
		templateId: template().id,
		dealId: deal.id,
		subject: 'Quotation for Website relaunch',
		cf_project_code: deal.number,
		cf_payment_terms: 'Net 30',
	});
	for (const date of ['date', 'expiryDate', 'cf_delivery_date'])
		expect({ date, value: quotation[date] }).toMatchObject({ value: expect.any(String) });
	expect((quotation.quotationProducts as IDataObject[]).map(line)).toEqual([
		{ name: first.name, quantity: 3, price: first.price, productId: first.id },
		{ name: second.name, quantity: 1, price: 1234.5, productId: second.id },
		{ name: 'Onboarding day', quantity: 2, price: 900, productId: null },
	]);
	expect((quotation.quotationProducts as IDataObject[]).map(line)).toEqual(
		(won.products as IDataObject[]).map(line),
	);
});

test('the won deal updated again gets no second quotation', async () => {
	const deal = { id: wonDealIds[0] };
	await v2('PATCH', `/deals/${String(deal.id)}`, { title: 'Website relaunch (signed)' });
	const executions = await executionsSettled(3);
	const { outputs } = await session.outputs(String(executions[0].id));
	expect(outputs['Won Deals Only']).toHaveLength(1);
	expect(outputs['No Quotation Yet']).toEqual([]);
	expect(quotationsOf(deal.id)).toHaveLength(1);
});

test('a deal won by a move into its WON stage, without products, gets one line for the deal itself', async () => {
	const deal = await newDeal('Support retainer', { price: 4800 });
	const [sales] = sandbox.records('pipelines');
	const wonStage = (sales.stages as IDataObject[]).find((stage) => stage.type === 'WON')!;
	await v2('PATCH', `/deals/${String(deal.id)}`, { stageId: wonStage.id });
	await executionsSettled(4);

	const quotations = quotationsOf(deal.id);
	expect(quotations).toHaveLength(1);
	expect((quotations[0].quotationProducts as IDataObject[]).map(line)).toEqual([
		{ name: 'Support retainer', quantity: 1, price: 4800, productId: null },
	]);
	// In all: one quotation per won deal, none for anything else.
	expect(
		sandbox
			.records('quotations')
			.filter((record) => !seededQuotations.has(record.id))
			.map((record) => record.dealId),
	).toEqual([wonDealIds[0], deal.id]);
});
