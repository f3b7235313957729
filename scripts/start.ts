/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- demo tooling, not shipped */
/**
 * `npm start`: the demo. Starts the sandbox (a local Heffl API, seeded) and a real
 * n8n 2.x on loopback with this package installed as the community catalog installs
 * it, a ready "Heffl sandbox" credential, an owner account and three sample
 * workflows; the trigger workflow is active. Proves the trigger path once with a
 * new lead, prints where to look, and runs until Ctrl-C.
 *
 *   SANDBOX_PORT (4010), N8N_PORT (5678)   where they listen
 *   DEMO_CHECK=1 or `npm start -- --check` stop after the self-check (CI)
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

import { credentials, sampleWorkflows } from './demo-workflows';
import {
	ensureN8n,
	importIntoN8n,
	login,
	N8N_DIR,
	OWNER,
	packPackage,
	prepareUserFolder,
	startN8n,
	// @ts-expect-error -- plain ESM script shared with the end-to-end tests
} from './real-n8n.mjs';
import { startSandbox } from '../test/sandbox';

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
		`n8n 2.x and Node 24 (installed into ${N8N_DIR} on first run, about 6 minutes)`,
		'installing n8n',
	);
	ensureN8n();
	step(
		'building and packing n8n-nodes-heffl',
		'building this package',
		'run npm run build to see what breaks the build, fix it, and run npm start again',
	);
	const tarball = packPackage();
	// Beside the n8n install, so that HEFFL_N8N_DIR moves the whole demo.
	const folder = prepareUserFolder(join(dirname(N8N_DIR), 'demo'), tarball);
	rmSync(dirname(tarball), { recursive: true, force: true });

	step('starting the sandbox', 'starting the sandbox');
	const sandbox = await startSandbox({ host: '127.0.0.1', port: sandboxPort });
	step(
		`sandbox listening on ${sandbox.urls.origin}`,
		'importing the credential and workflows',
		n8nHint,
	);
	const followUpTag = sandbox
		.records('tags')
		.find((tag) => tag.type === 'leads' && tag.name === 'Follow-up');
	const [newLead, ...others] = sampleWorkflows(Number(followUpTag?.id), sandbox.urls.v1);
	importIntoN8n(folder, {
		credentials: [
			{
				...credentials.hefflApi,
				type: 'hefflApi',
				data: { apiKey: sandbox.apiKey, v1BaseUrl: sandbox.urls.v1, v2BaseUrl: sandbox.urls.v2 },
			},
		],
		workflows: [newLead, ...others],
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
		now('activating the trigger workflow');
		const session = await login(n8n.url);
		await session.activate(newLead.id);
		const subscribed = await until(() => sandbox.records('webhooks').length === 1);
		if (!subscribed)
			throw new Error('activating the trigger workflow registered no subscription in the sandbox');
		step(
			`trigger workflow active: subscription ${String(sandbox.records('webhooks')[0].id)} → ${String(sandbox.records('webhooks')[0].url)}`,
		);

		// The self-check: a lead created in "Heffl" starts the workflow in n8n.
		now('running the self-check (a new lead must start the trigger workflow)');
		const answer = await fetch(`${sandbox.urls.v1}/leads`, {
			method: 'POST',
			headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com' }),
		});
		const lead = (await answer.json()) as { id: string; name: string };
		const followUp = () => sandbox.records('tasks').find((task) => task.leadId === lead.id);
		if (!(await until(() => Boolean(followUp()))))
			throw new Error(
				`no follow-up task appeared for lead ${lead.id}:\n${n8n.output().slice(-2000)}`,
			);
		const tagged = sandbox.records('leads').find((record) => record.id === lead.id);
		step(
			`self-check: lead ${lead.id} (${lead.name}) → tagged ${JSON.stringify(tagged?.tags)} → task ${String(followUp()?.id)} "${String(followUp()?.title)}"`,
		);
	} catch (error) {
		report(error);
		await stop(1);
	}

	console.log(`
n8n with n8n-nodes-heffl is running.
  Editor      ${n8n.url}   (log in as ${OWNER.email} / ${OWNER.password})
  Workflows   "${newLead.name}" (active), ${others.map((workflow) => `"${workflow.name}"`).join(', ')}
  Credential  "Heffl sandbox" (API key and base URLs of the sandbox)

The Heffl sandbox (a local, spec-faithful Heffl API, 60 requests per minute):
  v1 base URL ${sandbox.urls.v1}
  v2 base URL ${sandbox.urls.v2}
  API key     ${sandbox.apiKey}
  Try: curl -X POST -H "x-api-key: ${sandbox.apiKey}" -H "content-type: application/json" \\
         -d '{"name":"Grace Hopper"}' ${sandbox.urls.v1}/leads
       then open the active workflow's executions in n8n.
`);
	if (checkOnly) await stop(0);
	else console.log('Ctrl-C stops everything.');
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
