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
import { homedir } from 'node:os';
import { join } from 'node:path';

import { credentials, sampleWorkflows } from './demo-workflows';
import {
	ensureN8n,
	importIntoN8n,
	login,
	OWNER,
	packPackage,
	prepareUserFolder,
	startN8n,
	// @ts-expect-error -- plain ESM script shared with the end-to-end tests
} from './real-n8n.mjs';
import { startSandbox } from '../test/sandbox';

const env = process.env;
const checkOnly = process.argv.includes('--check') || env.DEMO_CHECK === '1';
const step = (message: string) => console.log(`• ${message}`);

async function main() {
	step(
		'n8n 2.x and Node 24 (installed into ~/.cache/n8n-nodes-heffl on first run, about 5 minutes)',
	);
	ensureN8n();
	step('building and packing n8n-nodes-heffl');
	const tarball = packPackage();
	const folder = prepareUserFolder(join(homedir(), '.cache', 'n8n-nodes-heffl', 'demo'), tarball);

	const sandbox = await startSandbox({ host: '127.0.0.1', port: Number(env.SANDBOX_PORT ?? 4010) });
	step(`sandbox listening on ${sandbox.urls.origin}`);
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

	step('starting n8n (about 30 s)');
	const port = Number(env.N8N_PORT ?? 5678);
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
		const session = await login(n8n.url);
		await session.activate(newLead.id);
		const subscribed = await until(() => sandbox.records('webhooks').length === 1);
		if (!subscribed)
			throw new Error('activating the trigger workflow registered no subscription in the sandbox');
		step(
			`trigger workflow active: subscription ${String(sandbox.records('webhooks')[0].id)} → ${String(sandbox.records('webhooks')[0].url)}`,
		);

		// The self-check: a lead created in "Heffl" starts the workflow in n8n.
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
		console.error(`\nThe demo failed: ${(error as Error).message}`);
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

void main().catch((error: Error) => {
	console.error(error.message);
	process.exit(1);
});
