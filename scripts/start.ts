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
 * look, and runs until Ctrl-C. n8n is started by the real-n8n fixture (startRealN8n);
 * the self-check is scripts/demo-check.ts.
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
	sandboxExamples,
	sandboxTarget,
} from '../drivers/demo-workflows';
import { TRANSPORTS } from '../drivers/mcp-client';
import {
	ensureN8n,
	hefflCredential,
	HOST,
	N8N_DIR,
	OWNER,
	packPackage,
	startRealN8n,
} from '../drivers/real-n8n.mjs';
import type { StartedSandbox } from '../sandbox';
import { startSandbox } from '../sandbox';
import type { Demo } from './demo-check';
import { selfCheck } from './demo-check';

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
	step('starting the sandbox', 'starting the sandbox');
	const sandbox = await startSandbox({ host: '127.0.0.1', port: sandboxPort });
	step(
		`sandbox listening on ${sandbox.urls.origin}`,
		'importing the credential and workflows',
		n8nHint,
	);
	const demo = await startDemoN8n(sandbox, tarball, port);
	if (tarball !== process.env.HEFFL_TARBALL)
		rmSync(dirname(tarball), { recursive: true, force: true });
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		console.log('\nstopping n8n and the sandbox…');
		await demo.n8n.stop();
		await sandbox.close();
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));
	try {
		await selfCheck(demo, { now: (doing) => now(doing), step: (message) => step(message) });
	} catch (error) {
		report(error);
		await stop(1);
	}
	console.log(welcome(demo));
	if (checkOnly) await stop(0);
	else console.log('Ctrl-C stops everything.');
}

/**
 * The demo's n8n, started by the real-n8n fixture: its user folder beside the n8n install
 * (HEFFL_N8N_DIR moves the whole demo; one per version: a newer n8n's database is not for
 * an older one), the samples of examples/ and their credentials imported, on `port`.
 */
async function startDemoN8n(sandbox: StartedSandbox, tarball: string, port: number): Promise<Demo> {
	// The task tag the new-lead sample looks for (a workspace without one gets untagged tasks).
	const followUpTag = await followUpTaskTag(sandbox.urls.v2, sandbox.apiKey);
	// examples/, with what a user sets after importing set for the sandbox (forSandbox).
	const samples = sandboxExamples(sandboxTarget(sandbox));
	// The token MCP clients send: a fresh one each start, as `openssl rand -hex 32` makes it.
	const mcpToken = randomBytes(32).toString('hex');
	const { newLead, wonDeal, newCompany, contacts, httpRequest, mcpServer: mcp } = samples;
	step('starting n8n (about 30 s)', 'starting n8n');
	const n8n = await startRealN8n({
		folder: join(dirname(N8N_DIR), `demo-${HOST.n8n}`),
		catalog: tarball,
		port,
		brokerPort: port + 1,
		credentials: [
			// The examples' credential id: n8n's import wires every node to it.
			hefflCredential({ id: credentials.hefflApi.id, name: 'Heffl sandbox' }, sandbox),
			{
				// The MCP server trigger's Bearer Auth credential, by the example's id.
				...credentials.httpBearerAuth,
				type: 'httpBearerAuth',
				data: { token: mcpToken },
			},
		],
		workflows: [newLead, wonDeal, newCompany, contacts, httpRequest, mcp],
	});
	return { sandbox, n8n, samples, mcpToken, followUpTag };
}

/** Where to look, once the demo runs. */
function welcome({ sandbox, n8n, samples, mcpToken }: Demo) {
	const { newLead, wonDeal, newCompany: polling, contacts, httpRequest, mcpServer: mcp } = samples;
	return `
n8n ${HOST.n8n} (Node ${HOST.node}) with n8n-nodes-heffl is running.
  Editor      ${n8n.url}   (log in as ${OWNER.email} / ${OWNER.password})
  Workflows   "${newLead.name}" (active), "${wonDeal.name}" (active),
              "${polling.name}" (active),
              "${mcp.name}" (active),
              "${contacts.name}", "${httpRequest.name}"
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
`;
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
