/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * Findings 1 and 2 of issue 13 inside real n8n 2.41.1 (its credential tester, its
 * HTTP Request node and the packed package), against loopback listeners:
 *
 *   npx tsx test/attack/real-n8n.mts
 *
 * Packs in a private copy of the project (drivers/pack.mjs; HEFFL_TARBALL when set) and
 * uses its own n8n user folder, so it can run beside other real-n8n runs. Prints one line per check and exits 1 if any failed.
 */
import { rmSync } from 'node:fs';

import type { NodeSpec, RealN8n } from '../../drivers/real-n8n.mjs';
import { callWebhook, startRealN8n, webhookWorkflow } from '../../drivers/real-n8n.mjs';
import { attackKey, json, listen } from './servers';

const results: Array<[string, boolean, string]> = [];
const check = (name: string, ok: boolean, detail = '') => {
	results.push([name, ok, detail]);
	console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
};

const apiKey = attackKey();
const base = await listen((_request, response) =>
	json(response, 200, { items: [], hasMore: false }),
);
const thief = await listen((_request, response) =>
	json(response, 200, { items: [], hasMore: false }),
);
const redirecting = await listen((request, response) => {
	response.writeHead(302, { location: `${thief.origin}${request.url}` });
	response.end();
});
let n8n: RealN8n | undefined;
try {
	const credential = (id: string, origin: string) => ({
		id,
		name: id,
		type: 'hefflApi',
		data: { apiKey, v1BaseUrl: `${origin}/api/v1`, v2BaseUrl: `${origin}/api/v2` },
	});
	const workflowOf = (name: string, node: NodeSpec) =>
		webhookWorkflow(`wf${name}`, name, name.toLowerCase(), [
			{ ...node, onError: 'continueRegularOutput' },
		]);
	const httpRequest = (credentialId: string, url: string) => ({
		name: 'HTTP',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			url,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'hefflApi',
			options: {},
		},
		credentials: { hefflApi: { id: credentialId, name: credentialId } },
	});
	const workflows = [
		workflowOf('HttpOwn', httpRequest('credSound', `${base.origin}/api/v1/tags`)),
		workflowOf('HttpElsewhere', httpRequest('credSound', `${thief.origin}/steal`)),
		workflowOf(
			'HttpRedirect',
			httpRequest('credRedirect', `${redirecting.origin}/api/v1/tags`),
		),
		workflowOf('HefflRedirect', {
			name: 'Heffl',
			type: 'n8n-nodes-heffl.heffl',
			parameters: { resource: 'lead', operation: 'getAll', returnAll: true },
			credentials: { hefflApi: { id: 'credRedirect', name: 'credRedirect' } },
		}),
	];
	const started = await startRealN8n({
		name: 'heffl-transport-n8n',
		credentials: [
			credential('credSound', base.origin),
			credential('credRedirect', redirecting.origin),
		],
		workflows,
	});
	n8n = started;
	const { session, url } = started;

	const run = async (name: string) => {
		await session.activate(`wf${name}`);
		const answer = await callWebhook(url, workflows.find((workflow) => workflow.name === name)!);
		return JSON.stringify(await answer.json());
	};

	const own = await run('HttpOwn');
	check(
		'HTTP Request node with the credential reaches the base URL with the key',
		base.sawKey(apiKey) === 1,
		own.slice(0, 120),
	);
	const elsewhere = await run('HttpElsewhere');
	check(
		'HTTP Request node with the credential: another origin never gets the key',
		thief.requests.length === 0 && /API key was not sent/.test(elsewhere),
		elsewhere.slice(0, 200),
	);
	const redirected = await run('HttpRedirect');
	check(
		'HTTP Request node with the credential: a 302 to another origin is not followed',
		thief.requests.length === 0,
		redirected.slice(0, 200),
	);
	const heffl = await run('HefflRedirect');
	check(
		'Heffl node: a 302 to another origin is not followed and names it',
		thief.requests.length === 0 && heffl.includes(`to ${thief.origin}; it was not followed`),
		heffl.slice(0, 200),
	);

	// The editor tests a credential as it is saved: POST /rest/credentials/test.
	const plainPort = new URL(thief.origin).port;
	const before = thief.requests.length;
	const plainCredential = {
		name: 'plain http',
		type: 'hefflApi',
		data: {
			apiKey,
			v1BaseUrl: `http://[::ffff:127.0.0.1]:${plainPort}/api/v1`,
			v2BaseUrl: `http://[::ffff:127.0.0.1]:${plainPort}/api/v2`,
		},
	};
	// Saving, as the editor does before it tests the credential.
	const saved = await session.call<{ id: string }>('POST', '/credentials', plainCredential);
	const tested = await session.call<{ status?: string } | undefined>('POST', '/credentials/test', {
		credentials: { id: saved.id, ...plainCredential },
	});
	check(
		'credential test with a plain-http, non-loopback base URL: refused, nothing sent',
		tested?.status === 'Error' && thief.requests.length === before,
		JSON.stringify(tested).slice(0, 200),
	);
	check("the key appears nowhere in n8n's log", !started.output().includes(apiKey));
} finally {
	await n8n?.stop();
	await Promise.all([base.close(), thief.close(), redirecting.close()]);
	if (n8n) rmSync(n8n.folder, { recursive: true, force: true });
}
const failed = results.filter(([, ok]) => !ok).length;
console.log(`${results.length - failed} of ${results.length} checks passed`);
process.exit(failed ? 1 : 0);
