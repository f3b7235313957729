/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * The hosts tier (hosts.test.ts names these tests; host.ts starts the host): n8n's own
 * installer, the package's whole life on one host. Settings → Community Nodes → Install
 * from the loopback registry, 0.1.0 → 0.1.1 keeping the active workflows running, the
 * nodes after a restart, deactivation and uninstalling, the custom registry n8n refuses
 * without a licence, and N8N_COMMUNITY_PACKAGES installing and removing at start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { expect } from 'vitest';

import type { Host } from './host';
import {
	createLead,
	followUps,
	installed,
	NODE,
	nodesManifest,
	PACKAGE,
	POLLING,
	subscriptionsOf,
	TOOL,
	TRIGGER,
} from './host';
import { runnable, sandboxExamples, sandboxTarget } from '../../drivers/demo-workflows';
import { integrityOf } from '../../scripts/release-integrity.mjs';
import type { Workflow } from './hostTools';
import { saveCredential, saveWorkflow, sleep, until } from './hostTools';

export async function installsFromRegistry(host: Host) {
	const { shim, n8n } = host;
	const answer = await host.session.call('POST', '/community-packages', {
		name: PACKAGE,
		version: '0.1.0',
	});
	expect(answer).toMatchObject({ packageName: PACKAGE, installedVersion: '0.1.0' });
	expect(answer.installedNodes.map((node: IDataObject) => node.type).sort()).toEqual([
		NODE,
		POLLING,
		TRIGGER,
	]);
	// n8n's installer itself ran npm: pack from the registry, install without scripts.
	const calls = shim.calls();
	expect(calls).toEqual(
		expect.arrayContaining([
			expect.stringMatching(
				new RegExp(`^npm pack ${PACKAGE}@0\\.1\\.0 .*--registry=https://registry\\.npmjs\\.org`),
			),
			expect.stringMatching(/^npm install .*--ignore-scripts=true/),
		]),
	);
	expect(nodesManifest(host).dependencies).toEqual({ [PACKAGE]: '0.1.0' });
	const manifest = JSON.parse(readFileSync(join(installed(host), 'package.json'), 'utf8'));
	expect(manifest).toMatchObject({ name: PACKAGE, version: '0.1.0' });
	expect(manifest.peerDependencies).toBeUndefined(); // stripped by n8n's installer
	expect(existsSync(join(installed(host), 'node_modules'))).toBe(false); // nothing to install

	const types = await host.session.loadedTypes();
	expect(types.nodes).toEqual(expect.arrayContaining([NODE, POLLING, TRIGGER, TOOL]));
	expect(types.credentials).toEqual(
		expect.arrayContaining(['hefflApi', 'hefflWebhookSigningSecretApi']),
	);
	expect(n8n.output()).not.toMatch(/Failed to load package|cannot be used as a tool/i);
}

export async function upgradeKeepsWorkflows(host: Host) {
	const { shim, n8n } = host;
	const answer = await host.session.call('PATCH', '/community-packages', {
		name: PACKAGE,
		version: '0.1.1',
	});
	expect(answer).toMatchObject({ packageName: PACKAGE, installedVersion: '0.1.1' });
	expect(shim.calls()).toEqual(
		expect.arrayContaining([expect.stringMatching(new RegExp(`^npm pack ${PACKAGE}@0\\.1\\.1 `))]),
	);
	expect(nodesManifest(host).dependencies).toEqual({ [PACKAGE]: '0.1.1' });
	const lead = await createLead(host, 'Katherine Johnson');
	const tasks = await until(
		() => followUps(host, lead.id),
		(list) => list.length > 0,
	);
	expect(tasks, n8n.output().slice(-2000)).toHaveLength(1);
	expect(subscriptionsOf(host, host.newLead)).toHaveLength(1);
}

export async function restartKeepsNodes(host: Host) {
	const { n8n } = host;
	await n8n.restart();
	const types = await host.session.loadedTypes();
	expect(types.nodes).toEqual(expect.arrayContaining([NODE, POLLING, TRIGGER, TOOL]));
	const packages = await host.session.call('GET', '/community-packages');
	expect(packages).toEqual([
		expect.objectContaining({ packageName: PACKAGE, installedVersion: '0.1.1' }),
	]);
	// n8n 1.x activates its workflows a moment after its API answers: until then a
	// delivery meets a 404 and Heffl's next attempt comes 5 s later. An unsigned
	// probe is refused (401) once the trigger listens, and runs nothing.
	const live = await until(
		async () =>
			(
				await fetch(`${n8n.url}/webhook/${String(host.newLead.nodes[0].webhookId)}/webhook`, {
					method: 'POST',
					body: '{}',
				})
			).status,
		(status) => status !== 404,
	);
	expect(live).not.toBe(404);
	const lead = await createLead(host, 'Hedy Lamarr');
	const tasks = await until(
		() => followUps(host, lead.id),
		(list) => list.length > 0,
	);
	await sleep(1500);
	expect(followUps(host, lead.id), n8n.output().slice(-2000)).toHaveLength(1);
	expect(tasks).toHaveLength(1);
	expect(subscriptionsOf(host, host.newLead)).toHaveLength(1);
}

export async function deactivateAndUninstall(host: Host) {
	for (const workflow of [host.newLead, host.wonDeal]) {
		await host.session.deactivate(workflow.id);
		await until(
			() => subscriptionsOf(host, workflow),
			(list) => list.length === 0,
		);
		expect(subscriptionsOf(host, workflow)).toEqual([]);
	}
	await host.session.deactivate(host.agent.id);
	await host.session.deactivate(host.polling.id);
	await host.session.call('DELETE', `/community-packages?name=${PACKAGE}`);
	expect(existsSync(installed(host))).toBe(false);
	// n8n 2.41 also drops the entry from ~/.n8n/nodes/package.json; 1.123 and 2.20 keep it.
	if (host.has.nodesManifestCleanup)
		expect(nodesManifest(host).dependencies).not.toHaveProperty(PACKAGE);
	expect(await host.session.call('GET', '/community-packages')).toEqual([]);
	const types = await host.session.loadedTypes();
	expect(types.nodes.filter((type) => type.startsWith(`${PACKAGE}.`))).toEqual([]);
	expect(types.credentials).not.toContain('hefflApi');
}

export async function customRegistryRefused(host: Host) {
	const { registry, n8n } = host;
	await n8n.restart(undefined, { N8N_COMMUNITY_PACKAGES_REGISTRY: registry.url });
	const refused = await host.session
		.call('POST', '/community-packages', { name: PACKAGE, version: '0.1.1' })
		.then(
			() => 'installed',
			(error: Error) => error.message,
		);
	expect(refused).toMatch(/licen[cs]e|not licensed|feature/i);
	expect(existsSync(installed(host))).toBe(false);
}

export async function managedByEnv(host: Host) {
	const { n8n } = host;
	const managed = (list: object[]) => ({
		N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV: 'true',
		N8N_COMMUNITY_PACKAGES: JSON.stringify(list),
	});
	await n8n.restart(undefined, managed([{ name: PACKAGE, version: '0.1.1' }]));
	expect(await host.session.call('GET', '/community-packages')).toEqual([
		expect.objectContaining({ packageName: PACKAGE, installedVersion: '0.1.1' }),
	]);
	expect((await host.session.loadedTypes()).nodes).toEqual(expect.arrayContaining([NODE, TRIGGER]));
	expect(existsSync(installed(host))).toBe(true);

	await n8n.restart(undefined, managed([]));
	expect(await host.session.call('GET', '/community-packages')).toEqual([]);
	expect(existsSync(installed(host))).toBe(false);
	expect((await host.session.loadedTypes()).nodes).not.toContain(NODE);
}

/**
 * n8n 3.0's default, N8N_UNVERIFIED_PACKAGES_ENABLED=false, with the env-managed list of the
 * README: without a checksum n8n does not start; with another version's it starts without
 * the package, having downloaded nothing; with the registry's dist.integrity of 0.1.0 it
 * installs it, the nodes load and a sample runs; the next start changes nothing.
 */
export async function verifiedOnlyByEnv(host: Host) {
	const { n8n, registry, sandbox, shim } = host;
	const verifiedOnly = (entry: { checksum?: string }) => ({
		N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'false',
		N8N_COMMUNITY_PACKAGES: JSON.stringify([{ name: PACKAGE, version: '0.1.0', ...entry }]),
	});
	/** The npm commands n8n ran from here on. */
	const callsFrom =
		(from = shim.calls().length) =>
		() =>
			shim.calls().slice(from);
	// The README's command answers what the publish job's summary computes from the
	// tarball it publishes (npm publish sends the tarball as it is).
	const integrity = registry.integrity(PACKAGE, '0.1.0');
	expect(integrity).toBe(integrityOf(host.tarball));

	const refused = await n8n.restart(undefined, verifiedOnly({})).then(
		() => 'n8n started',
		(error: Error) => error.message,
	);
	expect(refused).toMatch(/^n8n exited early/);
	expect(refused).toContain(
		`N8N_COMMUNITY_PACKAGES: no checksum available for '${PACKAGE}@0.1.0' and unverified packages are disabled`,
	);
	expect(existsSync(installed(host))).toBe(false);

	// A checksum copied from another version: compared with the registry's, nothing packed.
	let calls = callsFrom();
	await n8n.start(verifiedOnly({ checksum: registry.integrity(PACKAGE, '0.1.1') }));
	expect(await host.session.call('GET', '/community-packages')).toEqual([]);
	expect(existsSync(installed(host))).toBe(false);
	expect(n8n.current.output()).toContain(
		`Failed to install community package '${PACKAGE}@0.1.0' from env: Failed to verify package checksum. Try restarting n8n and attempting the installation again.`,
	);
	expect(calls()).toEqual([
		expect.stringMatching(new RegExp(`^npm view ${PACKAGE}@0\\.1\\.0 dist\\.integrity `)),
	]);

	calls = callsFrom();
	await n8n.restart(undefined, verifiedOnly({ checksum: integrity }));
	expect(await host.session.call('GET', '/community-packages')).toEqual([
		expect.objectContaining({ packageName: PACKAGE, installedVersion: '0.1.0' }),
	]);
	expect(calls()).toEqual([
		expect.stringMatching(new RegExp(`^npm view ${PACKAGE}@0\\.1\\.0 dist\\.integrity `)),
		expect.stringMatching(new RegExp(`^npm view ${PACKAGE}@0\\.1\\.0 version `)),
		expect.stringMatching(new RegExp(`^npm pack ${PACKAGE}@0\\.1\\.0 `)),
		expect.stringMatching(/^npm install .*--ignore-scripts=true/),
	]);
	expect((await host.session.loadedTypes()).nodes).toEqual(
		expect.arrayContaining([NODE, POLLING, TRIGGER, TOOL]),
	);
	host.credentials.hefflApi ??= await saveCredential(host.session, 'Heffl sandbox', 'hefflApi', {
		apiKey: sandbox.apiKey,
		v1BaseUrl: sandbox.urls.v1,
		v2BaseUrl: sandbox.urls.v2,
	});
	const sample = sandboxExamples(sandboxTarget(sandbox)).contacts;
	const saved = await saveWorkflow(host.session, sample as Workflow, host.credentials);
	const last = runnable(sample).at(-1)!.name;
	const run = await host.session.runManually(saved.id, last);
	expect({ status: run.status, error: run.error }).toEqual({ status: 'success', error: undefined });
	expect(run.outputs[last].length).toBeGreaterThan(0);

	// Every later start with the same list: installed as it was, nothing asked of npm.
	calls = callsFrom();
	await n8n.restart(undefined, verifiedOnly({ checksum: integrity }));
	expect(calls()).toEqual([]);
	expect((await host.session.loadedTypes()).nodes).toEqual(expect.arrayContaining([NODE, TOOL]));
	expect((await host.session.runManually(saved.id, last)).status).toBe('success');
}
