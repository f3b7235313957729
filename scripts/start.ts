/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- demo tooling, not shipped */
/**
 * `npm start`: the demo. Starts the sandbox (a local Heffl API, seeded) and a real
 * n8n (the newest of test/e2e-hosts/hosts.json, or the one N8N_VERSION names) on loopback with this
 * package installed as the community catalog installs it, a ready "Heffl sandbox"
 * credential, an owner account and the six sample workflows of examples/; the three
 * trigger workflows and the MCP server (with a Bearer Auth credential of a random token)
 * are active. Proves every trigger path once (a new lead gets a tagged follow-up task, a
 * won deal gets a quotation, a new company found by the polling trigger gets a welcome
 * call), runs the two samples that start by hand once, connects the official MCP client
 * to the MCP server (its six tools listed, one read-only tool called), prints where to
 * look, and runs until Ctrl-C.
 *
 *   SANDBOX_PORT (4010), N8N_PORT (5678)   where they listen
 *   N8N_VERSION (the newest)               which n8n, e.g. 1.123.81 (drivers/n8n-hosts.mjs)
 *   DEMO_CHECK=1 or `npm start -- --check` stop after the self-check (CI)
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

import {
	credentials,
	followUpTaskTag,
	mcpServer,
	mcpUrl,
	runnable,
	sandboxExamples,
	sandboxTarget,
	webhookUrl,
} from '../drivers/demo-workflows';
import { callTool, connectMcp, TRANSPORTS, untilMcpRegistered } from '../drivers/mcp-client';
import {
	ensureN8n,
	HOST,
	importIntoN8n,
	login,
	N8N_DIR,
	OWNER,
	packPackage,
	prepareUserFolder,
	startN8n,
} from '../drivers/real-n8n.mjs';
import { startSandbox } from '../sandbox';

const env = process.env;
const checkOnly = process.argv.includes('--check') || env.DEMO_CHECK === '1';
/**
 * What `npm start` is doing now, and what a newcomer can try when that fails: the
 * last line of a failed start names both. An error may carry a sharper `hint`.
 */
let phase = {
	doing: 'starting',
	hint: 'run npm start again; if it fails the same way, report the output above',
};
const now = (doing: string, hint = phase.hint) => (phase = { doing, hint });
const step = (message: string, doing = phase.doing, hint = phase.hint) => {
	now(doing, hint);
	console.log(`• ${message}`);
};
const n8nHint = `n8n's output above says why; run npm start again, and if it fails the same way, delete ${N8N_DIR} so that it is installed anew`;

/** Fails early, with the fix, when a port the demo needs is taken. */
async function assertFree(port: number, variable: string) {
	const server = createServer();
	const error = await new Promise<NodeJS.ErrnoException | undefined>((done) => {
		server.once('error', done);
		server.listen(port, '127.0.0.1', () => server.close(() => done(undefined)));
	});
	if (error)
		throw Object.assign(new Error(`port ${port} on 127.0.0.1 is not free (${error.code})`), {
			hint: `stop what listens there (an earlier npm start?) or pick another port, e.g. ${variable}=${port + 100} npm start`,
		});
}

async function main() {
	const sandboxPort = Number(env.SANDBOX_PORT ?? 4010);
	const port = Number(env.N8N_PORT ?? 5678);
	step(`checking ports ${sandboxPort}, ${port} and ${port + 1}`, 'checking ports');
	await assertFree(sandboxPort, 'SANDBOX_PORT');
	await assertFree(port, 'N8N_PORT');
	await assertFree(port + 1, 'N8N_PORT'); // n8n's task broker
	step(
		`n8n ${HOST.n8n} and Node ${HOST.node} (installed into ${N8N_DIR} on first run, about 6 minutes)`,
		'installing n8n',
	);
	if (!HOST.listed)
		console.log(
			`  note: n8n ${HOST.n8n} is not one of the hosts this package is proven on (README, Compatibility); trying it on Node ${HOST.node}`,
		);
	ensureN8n();
	step(
		'building and packing n8n-nodes-heffl',
		'building this package',
		'run npm run build to see what breaks the build, fix it, and run npm start again',
	);
	const tarball = packPackage();
	// Beside the n8n install, so that HEFFL_N8N_DIR moves the whole demo; one per
	// version (a newer n8n's database is not for an older one).
	const folder = prepareUserFolder(join(dirname(N8N_DIR), `demo-${HOST.n8n}`), tarball);
	if (tarball !== process.env.HEFFL_TARBALL)
		rmSync(dirname(tarball), { recursive: true, force: true });

	step('starting the sandbox', 'starting the sandbox');
	const sandbox = await startSandbox({ host: '127.0.0.1', port: sandboxPort });
	step(
		`sandbox listening on ${sandbox.urls.origin}`,
		'importing the credential and workflows',
		n8nHint,
	);
	// The task tag the new-lead sample looks for (a workspace without one gets untagged tasks).
	const followUpTag = await followUpTaskTag(sandbox.urls.v2, sandbox.apiKey);
	// examples/, with what a user sets after importing set for the sandbox (forSandbox).
	const {
		newLead,
		wonDeal,
		newCompany: polling,
		contacts: allContacts,
		httpRequest,
		mcpServer: mcp,
	} = sandboxExamples(sandboxTarget(sandbox));
	// The token MCP clients send: a fresh one each start, as `openssl rand -hex 32` makes it.
	const mcpToken = randomBytes(32).toString('hex');
	importIntoN8n(folder, {
		credentials: [
			{
				// The examples' credential id: n8n's import wires every node to it.
				id: credentials.hefflApi.id,
				name: 'Heffl sandbox',
				type: 'hefflApi',
				data: { apiKey: sandbox.apiKey, v1BaseUrl: sandbox.urls.v1, v2BaseUrl: sandbox.urls.v2 },
			},
			{
				// The MCP server trigger's Bearer Auth credential, by the example's id.
				...credentials.httpBearerAuth,
				type: 'httpBearerAuth',
				data: { token: mcpToken },
			},
		],
		workflows: [newLead, wonDeal, polling, allContacts, httpRequest, mcp],
	});

	step('starting n8n (about 30 s)', 'starting n8n');
	const n8n = await startN8n(folder, port, { N8N_RUNNERS_BROKER_PORT: String(port + 1) });
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		console.log('\nstopping n8n and the sandbox…');
		await n8n.stop();
		await sandbox.close();
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	try {
		now('activating the trigger workflows');
		const session = await login(n8n.url);
		for (const workflow of [newLead, wonDeal]) {
			await session.activate(workflow.id);
			const url = webhookUrl(n8n.url, workflow);
			const subscription = () => sandbox.records('webhooks').find((record) => record.url === url);
			if (!(await until(() => Boolean(subscription()))))
				throw new Error(
					`activating "${workflow.name}" registered no subscription in the sandbox:\n${n8n.output().slice(-2000)}`,
				);
			step(
				`trigger workflow active: subscription ${String(subscription()?.id)} (${(subscription()?.events as string[]).join(', ')}) → ${url}`,
			);
		}

		// The polling workflow: its activation poll notes Heffl's newest company; the company
		// created here is found by its next poll (within a minute), checked last.
		const companyPolls = () =>
			sandbox.requests.filter((request) => request.path.startsWith('/api/v2/companies?')).length;
		await session.activate(polling.id);
		if (!(await until(() => companyPolls() > 0)))
			throw new Error(`"${polling.name}" did not poll:\n${n8n.output().slice(-2000)}`);
		step('polling workflow active: checks Heffl for new companies every minute');
		const company = await createCompany(sandbox, 'Lovelace Analytical Engines');

		// The self-check: a lead created in "Heffl" starts the workflow in n8n.
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
			throw new Error(
				`no follow-up task appeared for lead ${lead.id}:\n${n8n.output().slice(-2000)}`,
			);
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
		const quotation = () =>
			sandbox.records('quotations').find((record) => record.dealId === deal.id);
		if (!(await until(() => Boolean(quotation()))))
			throw new Error(
				`no quotation appeared for won deal ${deal.id}:\n${n8n.output().slice(-2000)}`,
			);
		step(
			`self-check: deal ${deal.id} (${deal.title}) won → quotation ${String(quotation()?.id)} with ${(quotation()?.quotationProducts as unknown[]).length} line items, project code ${String(quotation()?.cf_project_code)}`,
		);

		// The samples that start by hand: each run once, as the editor runs it.
		now('running the sample workflows that start by hand');
		for (const [workflow, wanted] of [
			[allContacts, sandbox.records('contacts').length], // every contact, once
			[httpRequest, 1], // the answer of GET /tags
		] as const) {
			const last = runnable(workflow).at(-1)!.name;
			const { status, outputs, error } = await session.runManually(workflow.id, last);
			const items = (outputs[last] ?? []) as unknown[];
			if (status !== 'success' || items.length !== wanted)
				throw new Error(
					`"${workflow.name}" ended ${status} with ${items.length} items from ${last} (wanted ${wanted}): ${JSON.stringify(error)}`,
				);
			step(
				`self-check: "${workflow.name}" ran: ${items.length} item${items.length === 1 ? '' : 's'} from ${last}`,
			);
		}

		// The MCP server: activated, then the official MCP client lists its tools and calls one.
		now('running the self-check (an MCP client must list the Heffl tools and call one)');
		const mcpAddress = mcpUrl(n8n.url, mcp);
		await session.activate(mcp.id);
		await untilMcpRegistered(mcpAddress);
		const checked = await mcpCheck(sandbox, mcpAddress, mcpToken, mcpServer(mcp).toolNames);
		step(
			`self-check: MCP server at ${mcpAddress} refused a client without the token; with it, the MCP client listed ${checked.tools.length} tools (${checked.tools.join(', ')}); Get_Quotation answered quotation ${checked.quotation} (${checked.bytes} bytes)`,
		);

		// The last self-check: the polling trigger found the new company.
		now('running the self-check (the polling trigger must find the new company within a minute)');
		const welcome = () =>
			sandbox.records('tasks').find((task) => task.title === `Welcome call: ${company.name}`);
		if (!(await until(() => Boolean(welcome()), 150_000)))
			throw new Error(
				`no welcome call task for company ${company.id}:\n${n8n.output().slice(-2000)}`,
			);
		step(
			`self-check: company ${company.id} (${company.name}) polled → task ${String(welcome()?.id)} "${String(welcome()?.title)}"`,
		);
	} catch (error) {
		report(error);
		await stop(1);
	}

	console.log(`
n8n ${HOST.n8n} (Node ${HOST.node}) with n8n-nodes-heffl is running.
  Editor      ${n8n.url}   (log in as ${OWNER.email} / ${OWNER.password})
  Workflows   "${newLead.name}" (active), "${wonDeal.name}" (active),
              "${polling.name}" (active),
              "${mcp.name}" (active),
              "${allContacts.name}", "${httpRequest.name}"
  Credentials "Heffl sandbox" (API key and base URLs of the sandbox),
              "${credentials.httpBearerAuth.name}" (Bearer Auth: the MCP token below)

The MCP server (any MCP client: Claude Desktop, Cursor, the MCP SDK):
  URL         ${mcpUrl(n8n.url, mcp)}
  Transport   ${TRANSPORTS.streamableHttp} (${TRANSPORTS.sse} at the same URL)
  Header      Authorization: Bearer ${mcpToken}
  Tools       ${mcpServer(mcp).toolNames.join(', ')}

The Heffl sandbox (a local, spec-faithful Heffl API, 60 requests per minute):
  v1 base URL ${sandbox.urls.v1}
  v2 base URL ${sandbox.urls.v2}
  API key     ${sandbox.apiKey}
  Try: curl -X POST -H "x-api-key: ${sandbox.apiKey}" -H "content-type: application/json" \\
         -d '{"name":"Grace Hopper"}' ${sandbox.urls.v1}/leads
       then open the workflow "${newLead.name}"'s executions in n8n.
  Or win a deal (the quotation gets one line for it: the sandbox, as Heffl's reference, answers
  a deal without its products; sandbox/behaviours.ts's dealLineItems answers them):
       curl -X PATCH -H "x-api-key: ${sandbox.apiKey}" -H "content-type: application/json" \\
         -d '{"status":"WON"}' ${sandbox.urls.v2}/deals/<a deal's dl_ ID>
`);
	if (checkOnly) await stop(0);
	else console.log('Ctrl-C stops everything.');
}

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/** Creates a company on the sandbox's v2 API (its required custom field set); the company. */
async function createCompany(sandbox: Sandbox, name: string) {
	const answer = await fetch(`${sandbox.urls.v2}/companies`, {
		method: 'POST',
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ name, cf_industry: 'Software' }),
	});
	if (!answer.ok) throw new Error(`POST /companies: ${answer.status} ${await answer.text()}`);
	return (await answer.json()) as { id: string; name: string };
}

/** Creates a deal with two products on the sandbox's v2 API and marks it won; the deal. */
async function wonDealForCheck(sandbox: Sandbox): Promise<{ id: string; title: string }> {
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

/**
 * The MCP self-check: a request without the token is refused (Bearer Auth is on); the
 * official MCP client connects with it, finds exactly `wanted` tools, and calls
 * Get_Quotation (read-only) for a seeded quotation.
 */
async function mcpCheck(sandbox: Sandbox, url: string, token: string, wanted: string[]) {
	const anonymous = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
		body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
	});
	if (anonymous.status !== 403)
		throw new Error(
			`the MCP server answered ${anonymous.status} to a client without the token (wanted 403: Bearer Auth on)`,
		);
	const client = await connectMcp(url, token);
	try {
		const tools = (await client.listTools()).tools.map((tool) => tool.name);
		if ([...tools].sort().join() !== [...wanted].sort().join())
			throw new Error(`the MCP server lists ${tools.join(', ')}; wanted ${wanted.join(', ')}`);
		const [quotation] = sandbox.records('quotations');
		const answer = await callTool(client, 'Get_Quotation', { quotationId: quotation.id });
		const [got] = (Array.isArray(answer.json) ? answer.json : []) as Array<{ id?: unknown }>;
		if (answer.isError || got?.id !== quotation.id)
			throw new Error(`Get_Quotation for ${String(quotation.id)} answered: ${answer.text}`);
		return { tools, quotation: String(quotation.id), bytes: answer.bytes };
	} finally {
		await client.close();
	}
}

async function until(condition: () => boolean, timeoutMs = 30_000): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) return false;
		await new Promise((done) => setTimeout(done, 100));
	}
	return true;
}

/** The error's details, then one sentence: what failed, what to try. */
function report(error: unknown) {
	const { message, hint } = error as Error & { hint?: string };
	console.error(`\n${message}`);
	console.error(`\nnpm start failed while ${phase.doing}: ${hint ?? phase.hint}.`);
}

void main().catch((error: Error) => {
	report(error);
	process.exit(1);
});
