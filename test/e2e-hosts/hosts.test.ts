/**
 * One n8n host (N8N_VERSION; `npm run test:hosts` runs each of test/e2e-hosts/hosts.json) with
 * the package installed the way n8n installs it: published to a real registry on
 * loopback (Verdaccio), installed by n8n's own installer through the REST call of
 * the editor's Settings → Community Nodes → Install, its only help an `npm` shim
 * that points the installer's `--registry=` at that registry (registry.ts says
 * why). Then on that host: the nodes load, the samples of examples/ run, the
 * trigger activates, verifies, runs each delivery once and deletes its subscription
 * on deactivation, list search and the resource mapper answer through the editor's
 * API, an AI Agent calls the Heffl tool (its model a scripted OpenAI-compatible
 * server on loopback), 0.1.0 → 0.1.1 keeps the active workflows running, the
 * package survives a restart, and uninstalling removes it.
 *
 * This file names the tests in the order they run on the one host (each needs the
 * state its predecessors left); host.ts starts the host through the real-n8n fixture,
 * and the tests' bodies live by concern in hostInstaller.ts (the package's life through
 * n8n's installer), hostWorkflows.ts (the samples and the trigger) and hostEditor.ts
 * (the editor's API and the AI Agent).
 */
import { afterAll, beforeAll, describe, test } from 'vitest';

import { HOST } from '../../drivers/real-n8n.mjs';
import type { Host } from './host';
import { startHost, stopHost } from './host';
import * as editor from './hostEditor';
import * as installer from './hostInstaller';
import * as workflows from './hostWorkflows';

let host: Host | undefined;

beforeAll(async () => {
	host = await startHost();
}, 900_000);

afterAll(async () => {
	await stopHost(host);
});

/** The host beforeAll started. */
const started = () => {
	if (!host) throw new Error('the host did not start (beforeAll)');
	return host;
};

describe(`n8n ${HOST.n8n} on Node ${HOST.node}: the package through n8n's own installer`, () => {
	test('Settings → Community Nodes → Install (POST /rest/community-packages) installs 0.1.0 from the loopback registry; the nodes load', () =>
		installer.installsFromRegistry(started()));

	test("the sample workflows of examples/, saved through the editor's API: the webhook triggers register one subscription each, the polling trigger polls", () =>
		workflows.samplesSavedAndActive(started()));

	test('a new lead gets one tagged follow-up task; a won deal gets one quotation; a new company is polled into one welcome call', () =>
		workflows.everyTriggerPath(started()));

	test('the trigger runs each delivery once: a replayed genuine delivery and a forged one start nothing', () =>
		workflows.eachDeliveryOnce(started()));

	test("list search and the resource mapper answer through the editor's API", () =>
		editor.listSearchAndMapper(started()));

	test("an AI Agent calls the Heffl tool: the model's arguments become a lead, the tool's answer (Output: Selected Fields) goes back to the model", () =>
		editor.agentCallsTool(started()));

	test('installing 0.1.1 over 0.1.0 (PATCH /rest/community-packages) keeps the active workflows running', () =>
		installer.upgradeKeepsWorkflows(started()));

	test('after a restart the nodes are there and the active trigger still runs each delivery once', () =>
		installer.restartKeepsNodes(started()));

	test('deactivation deletes the subscriptions; uninstalling (DELETE /rest/community-packages) removes the package cleanly', () =>
		installer.deactivateAndUninstall(started()));

	test('without the shim, n8n refuses a loopback N8N_COMMUNITY_PACKAGES_REGISTRY: a custom registry needs an enterprise licence', () =>
		installer.customRegistryRefused(started()));

	test('N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV: n8n installs the listed version at start, and removes it once unlisted', async (context) => {
		context.skip(!started().has.envList, `n8n ${HOST.n8n} has no N8N_COMMUNITY_PACKAGES loader`);
		await installer.managedByEnv(started());
	});

	test("N8N_UNVERIFIED_PACKAGES_ENABLED=false (n8n 3.0's default): the env-managed list without a checksum stops n8n, naming the package; a wrong checksum installs nothing; npm's dist.integrity installs it and a sample runs", async (context) => {
		context.skip(
			!started().has.envChecksum,
			`n8n ${HOST.n8n} has no checksum in its N8N_COMMUNITY_PACKAGES loader`,
		);
		await installer.verifiedOnlyByEnv(started());
	});
});
