/* eslint-disable @n8n/community-nodes/no-restricted-globals -- demo tooling, not shipped */
/**
 * `npm start`'s self-check (scripts/start.ts starts the demo): the trigger workflows and
 * the polling workflow activated, then every trigger path proved once (a new lead gets a
 * tagged follow-up task, a won deal gets a quotation, a new company found by the polling
 * trigger gets a welcome call), the two samples that start by hand run once, and the
 * official MCP client connected to the MCP server. Each step throws with n8n's output
 * when it fails; `progress` says what is being done and what was proved.
 */
import {
	mcpServer,
	mcpUrl,
	runnable,
	sandboxExamples,
	webhookUrl,
} from '../drivers/demo-workflows';
import { callTool, connectMcp, untilMcpRegistered } from '../drivers/mcp-client';
import type { RealN8n } from '../drivers/real-n8n.mjs';
import type { StartedSandbox } from '../sandbox';

/** The demo as scripts/start.ts started it. */
export interface Demo {
	sandbox: StartedSandbox;
	n8n: RealN8n;
	samples: ReturnType<typeof sandboxExamples>;
	/** The Bearer token of the MCP server's credential. */
	mcpToken: string;
	/** The task tag the new-lead sample tags its follow-up task with. */
	followUpTag: string;
}

/** `now`: what is being done (named when it fails); `step`: what was done, printed. */
export interface Progress {
	now: (doing: string) => void;
	step: (message: string) => void;
}

/** Every check of the demo, in the order a newcomer reads them. */
export async function selfCheck(demo: Demo, progress: Progress) {
	const company = await activateSamples(demo, progress);
	await checkTriggers(demo, progress);
	await checkManualSamples(demo, progress);
	await checkMcp(demo, progress);
	await checkPolling(demo, company, progress);
}

/** The end of what n8n printed, for a failed check's message. */
const outputEnd = (n8n: RealN8n) => n8n.output().slice(-2000);

/** The trigger workflows and the polling workflow activated; a company for the next poll. */
async function activateSamples({ sandbox, n8n, samples }: Demo, { now, step }: Progress) {
	now('activating the trigger workflows');
	for (const workflow of [samples.newLead, samples.wonDeal]) {
		await n8n.session.activate(workflow.id);
		const url = webhookUrl(n8n.url, workflow);
		const subscription = () => sandbox.records('webhooks').find((record) => record.url === url);
		if (!(await until(() => Boolean(subscription()))))
			throw new Error(
				`activating "${workflow.name}" registered no subscription in the sandbox:\n${outputEnd(n8n)}`,
			);
		step(
			`trigger workflow active: subscription ${String(subscription()?.id)} (${(subscription()?.events as string[]).join(', ')}) → ${url}`,
		);
	}
	// The polling workflow: its activation poll notes Heffl's newest company; the company
	// created here is found by its next poll (within a minute), checked last.
	const companyPolls = () =>
		sandbox.requests.filter((request) => request.path.startsWith('/api/v2/companies?')).length;
	await n8n.session.activate(samples.newCompany.id);
	if (!(await until(() => companyPolls() > 0)))
		throw new Error(`"${samples.newCompany.name}" did not poll:\n${outputEnd(n8n)}`);
	step('polling workflow active: checks Heffl for new companies every minute');
	return createCompany(sandbox, 'Lovelace Analytical Engines');
}

/** A lead created in "Heffl" gets its tagged task; a deal won gets its quotation. */
async function checkTriggers(demo: Demo, { now, step }: Progress) {
	const { sandbox, followUpTag } = demo;
	now('running the self-check (a new lead must start the trigger workflow)');
	const answer = await fetch(`${sandbox.urls.v1}/leads`, {
		method: 'POST',
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com' }),
	});
	const lead = (await answer.json()) as { id: string; name: string };
	// §11.5: the task links to the lead by entity and entityId.
	const followUp = () =>
		sandbox.records('tasks').find((task) => task.entity === 'leads' && task.entityId === lead.id);
	if (!(await until(() => Boolean(followUp()))))
		throw new Error(`no follow-up task appeared for lead ${lead.id}:\n${outputEnd(demo.n8n)}`);
	const task = followUp();
	if (!(task?.tagIds as string[] | undefined)?.includes(followUpTag))
		throw new Error(
			`the follow-up task ${String(task?.id)} lacks the tag ${followUpTag}: ${JSON.stringify(task)}`,
		);
	step(
		`self-check: lead ${lead.id} (${lead.name}) → task ${String(task?.id)} "${String(task?.title)}", tagged ${followUpTag}`,
	);

	// The second self-check: a deal won in "Heffl" gets its quotation (one line for the deal:
	// the sandbox answers a deal without its products, as §11.3 shows the deal response).
	now('running the self-check (a won deal must get a quotation)');
	const deal = await wonDealForCheck(sandbox);
	const quotation = () => sandbox.records('quotations').find((record) => record.dealId === deal.id);
	if (!(await until(() => Boolean(quotation()))))
		throw new Error(`no quotation appeared for won deal ${deal.id}:\n${outputEnd(demo.n8n)}`);
	step(
		`self-check: deal ${deal.id} (${deal.title}) won → quotation ${String(quotation()?.id)} with ${(quotation()?.quotationProducts as unknown[]).length} line items, project code ${String(quotation()?.cf_project_code)}`,
	);
}

/** The samples that start by hand: each run once, as the editor runs it. */
async function checkManualSamples({ sandbox, n8n, samples }: Demo, { now, step }: Progress) {
	now('running the sample workflows that start by hand');
	for (const [workflow, wanted] of [
		[samples.contacts, sandbox.records('contacts').length], // every contact, once
		[samples.httpRequest, 1], // the answer of GET /tags
	] as const) {
		const last = runnable(workflow).at(-1)!.name;
		const { status, outputs, error } = await n8n.session.runManually(workflow.id, last);
		const items = (outputs[last] ?? []) as unknown[];
		if (status !== 'success' || items.length !== wanted)
			throw new Error(
				`"${workflow.name}" ended ${status} with ${items.length} items from ${last} (wanted ${wanted}): ${JSON.stringify(error)}`,
			);
		step(
			`self-check: "${workflow.name}" ran: ${items.length} item${items.length === 1 ? '' : 's'} from ${last}`,
		);
	}
}

/**
 * The MCP server, activated: a request without the token is refused (Bearer Auth is on);
 * the official MCP client connects with it, finds exactly the example's tools, and calls
 * Get_Quotation (read-only) for a seeded quotation.
 */
async function checkMcp({ sandbox, n8n, samples, mcpToken }: Demo, { now, step }: Progress) {
	now('running the self-check (an MCP client must list the Heffl tools and call one)');
	const url = mcpUrl(n8n.url, samples.mcpServer);
	const wanted = mcpServer(samples.mcpServer).toolNames;
	await n8n.session.activate(samples.mcpServer.id);
	await untilMcpRegistered(url);
	const anonymous = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
		body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
	});
	if (anonymous.status !== 403)
		throw new Error(
			`the MCP server answered ${anonymous.status} to a client without the token (wanted 403: Bearer Auth on)`,
		);
	const client = await connectMcp(url, mcpToken);
	try {
		const tools = (await client.listTools()).tools.map((tool) => tool.name);
		if ([...tools].sort().join() !== [...wanted].sort().join())
			throw new Error(`the MCP server lists ${tools.join(', ')}; wanted ${wanted.join(', ')}`);
		const [quotation] = sandbox.records('quotations');
		const answer = await callTool(client, 'Get_Quotation', { quotationId: quotation.id });
		const [got] = (Array.isArray(answer.json) ? answer.json : []) as Array<{ id?: unknown }>;
		if (answer.isError || got?.id !== quotation.id)
			throw new Error(`Get_Quotation for ${String(quotation.id)} answered: ${answer.text}`);
		step(
			`self-check: MCP server at ${url} refused a client without the token; with it, the MCP client listed ${tools.length} tools (${tools.join(', ')}); Get_Quotation answered quotation ${String(quotation.id)} (${answer.bytes} bytes)`,
		);
	} finally {
		await client.close();
	}
}

/** The last self-check: the polling trigger found the company activateSamples created. */
async function checkPolling(demo: Demo, company: { id: string; name: string }, progress: Progress) {
	progress.now(
		'running the self-check (the polling trigger must find the new company within a minute)',
	);
	const welcome = () =>
		demo.sandbox.records('tasks').find((task) => task.title === `Welcome call: ${company.name}`);
	if (!(await until(() => Boolean(welcome()), 150_000)))
		throw new Error(`no welcome call task for company ${company.id}:\n${outputEnd(demo.n8n)}`);
	progress.step(
		`self-check: company ${company.id} (${company.name}) polled → task ${String(welcome()?.id)} "${String(welcome()?.title)}"`,
	);
}

/** Creates a company on the sandbox's v2 API (its required custom field set); the company. */
async function createCompany(sandbox: StartedSandbox, name: string) {
	const answer = await fetch(`${sandbox.urls.v2}/companies`, {
		method: 'POST',
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ name, cf_industry: 'Software' }),
	});
	if (!answer.ok) throw new Error(`POST /companies: ${answer.status} ${await answer.text()}`);
	return (await answer.json()) as { id: string; name: string };
}

/** Creates a deal with two products on the sandbox's v2 API and marks it won; the deal. */
async function wonDealForCheck(sandbox: StartedSandbox): Promise<{ id: string; title: string }> {
	const call = async (method: string, path: string, body: object) => {
		const answer = await fetch(`${sandbox.urls.v2}${path}`, {
			method,
			headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		const text = await answer.text();
		if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
		return JSON.parse(text) as { id: string; title: string };
	};
	const [client] = sandbox.records('clients');
	const [sales] = sandbox.records('pipelines');
	const [first, second] = sandbox.records('products');
	const deal = await call('POST', '/deals', {
		title: 'Website relaunch',
		clientId: client.id,
		pipelineId: sales.id,
		cf_lead_score: 80, // the Sales pipeline's required custom field (sandbox/v2/seed.ts)
		products: [
			{ productId: first.id, quantity: 1 },
			{ productId: second.id, quantity: 3 },
		],
	});
	await call('PATCH', `/deals/${deal.id}`, { status: 'WON' });
	return deal;
}

async function until(condition: () => boolean, timeoutMs = 30_000): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) return false;
		await new Promise((done) => setTimeout(done, 100));
	}
	return true;
}
