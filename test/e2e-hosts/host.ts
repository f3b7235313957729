/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- test tooling, not shipped */
/**
 * The hosts tier's one n8n host and what surrounds it (hosts.test.ts starts it once and
 * its concern files, hostInstaller.ts, hostWorkflows.ts and hostEditor.ts, test it): a
 * loopback registry (Verdaccio) holding 0.1.0 and 0.1.1 of the package, the npm shim
 * that points n8n's installer at it, the sandbox, a scripted model, a relay recording
 * Heffl's deliveries, and n8n itself, started by the real-n8n fixture with no package in
 * its user folder (n8n's own installer installs it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { expect } from 'vitest';

import { packPackage } from '../../drivers/pack.mjs';
import type { RealN8n } from '../../drivers/real-n8n.mjs';
import { ensureN8n, HOST, N8N_DIR, NODE_BIN, startRealN8n } from '../../drivers/real-n8n.mjs';
import type { NpmShim, Registry } from '../../drivers/registry';
import { npmShim, repack, startRegistry } from '../../drivers/registry';
import type { StartedSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { FakeModel } from './fakeModel';
import { startFakeModel } from './fakeModel';
import type { Session, Workflow } from './hostTools';
import { recordingRelay, until } from './hostTools';

export const PACKAGE = 'n8n-nodes-heffl';
export const NODE = `${PACKAGE}.heffl`;
export const TRIGGER = `${PACKAGE}.hefflTrigger`;
export const POLLING = `${PACKAGE}.hefflPollingTrigger`;
export const TOOL = `${PACKAGE}.hefflTool`;

type Saved = Workflow & { id: string };

export interface Host {
	/** The packed package as 0.1.0, published to the registry as it is. */
	tarball: string;
	registry: Registry;
	shim: NpmShim;
	sandbox: StartedSandbox;
	model: FakeModel;
	relay: Awaited<ReturnType<typeof recordingRelay>>;
	n8n: RealN8n;
	/** Logged in on the n8n process running now. */
	readonly session: Session;
	/** What this host's n8n has, read from its code once it is installed. */
	has: { envList: boolean; envChecksum: boolean; nodesManifestCleanup: boolean };
	/** The credentials saved through the editor's API, by type. */
	credentials: Record<string, { id: string; name: string }>;
	/** The workflows the tests save, in the order they save them. */
	newLead: Saved;
	wonDeal: Saved;
	polling: Saved;
	agent: Saved;
}

/** What this host's n8n has, read from its install. */
function capabilities(): Host['has'] {
	const dist = join(N8N_DIR, 'node_modules', 'n8n', 'dist');
	const envLoader = join(
		dist,
		'instance-settings-loader/loaders/community-packages.instance-settings-loader.js',
	);
	const envList = existsSync(envLoader);
	return {
		// n8n 2.21+ installs packages listed in N8N_COMMUNITY_PACKAGES at start.
		envList,
		// ... and, where it knows "no checksum available", refuses an unverified one without a checksum.
		envChecksum: envList && readFileSync(envLoader, 'utf8').includes('no checksum available'),
		// n8n 2.41's uninstaller also removes the package from ~/.n8n/nodes/package.json.
		nodesManifestCleanup: readFileSync(
			join(dist, 'modules/community-packages/community-packages.service.js'),
			'utf8',
		).includes('removePackageJsonDependency'),
	};
}

/**
 * Everything the tier needs, started; n8n last, with the npm shim first on its PATH.
 * What started is stopped again when a later part fails.
 */
export async function startHost(): Promise<Host> {
	ensureN8n();
	const host = { has: capabilities(), credentials: {} } as Host;
	try {
		host.tarball = packPackage();
		host.registry = await startRegistry();
		host.registry.publish(host.tarball);
		host.registry.publish(repack(host.tarball, '0.1.1'));
		host.shim = npmShim(host.registry.url);
		host.sandbox = await startSandbox({ rateLimit: false });
		host.model = await startFakeModel();
		host.relay = await recordingRelay(() => host.n8n.url);
		host.n8n = await startRealN8n({
			name: `heffl-host-${HOST.n8n}`,
			catalog: false, // n8n's own installer installs it
			env: {
				PATH: `${host.shim.dir}:${NODE_BIN}:${process.env.PATH}`,
				N8N_WEBHOOK_URL: host.relay.url, // n8n 2.x
				WEBHOOK_URL: host.relay.url, // n8n 1.x
			},
		});
	} catch (error) {
		await stopHost(host);
		throw error;
	}
	Object.defineProperty(host, 'session', { get: () => host.n8n.session as Session });
	return host;
}

export async function stopHost(host: Partial<Host> | undefined) {
	await host?.n8n?.stop();
	await Promise.all([
		host?.sandbox?.close(),
		host?.model?.close(),
		host?.relay?.close(),
		host?.registry?.close(),
	]);
}

export const installed = (host: Host) =>
	join(host.n8n.folder, '.n8n', 'nodes', 'node_modules', PACKAGE);
export const nodesManifest = (host: Host) =>
	JSON.parse(
		readFileSync(join(host.n8n.folder, '.n8n', 'nodes', 'package.json'), 'utf8'),
	) as IDataObject;
export const webhookUrlOf = (host: Host, workflow: Workflow) =>
	`${host.relay.url}webhook/${String(workflow.nodes[0].webhookId)}/webhook`;
export const subscriptionsOf = (host: Host, workflow: Workflow) =>
	host.sandbox.records('webhooks').filter((record) => record.url === webhookUrlOf(host, workflow));

export async function createLead(host: Host, name: string) {
	const answer = await fetch(`${host.sandbox.urls.v1}/leads`, {
		method: 'POST',
		headers: { 'x-api-key': host.sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ name, email: `${name.split(' ')[0].toLowerCase()}@example.com` }),
	});
	expect(answer.ok).toBe(true);
	return (await answer.json()) as { id: string; name: string };
}

/** The follow-up tasks the new-lead sample made for a lead. */
export const followUps = (host: Host, leadId: string) =>
	host.sandbox
		.records('tasks')
		.filter((task) => task.entityId === leadId || task.leadId === leadId);

/** Executions of a workflow once their number stops changing for 1.5 s. */
export async function settled(host: Host, workflowId: string, atLeast: number) {
	let last = -1;
	let since = Date.now();
	return until(
		async () => {
			const list = await host.session.executions(workflowId);
			if (list.length !== last) [last, since] = [list.length, Date.now()];
			return list;
		},
		(list) => list.length >= atLeast && Date.now() - since > 1500,
	);
}
