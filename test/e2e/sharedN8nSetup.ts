/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * The `e2e-shared` tier's global setup (vitest.config.mts): one real n8n 2.x (or the
 * N8N_VERSION host) with the packed package, started once per vitest run before the
 * tier's first file, stopped after its last. It starts empty: each file puts its own
 * credentials and workflows in and removes them when it ends (sharedN8n.ts). What n8n
 * prints goes to a log file the files read (they run in processes of their own).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

import { startRealN8n } from '../../drivers/real-n8n.mjs';
import type { SharedN8nInfo } from '../../drivers/sharedN8n';

export default async function setup(project: TestProject) {
	const n8n = await startRealN8n({ name: 'heffl-e2e-shared' });
	const log = join(n8n.folder, 'n8n-output.log');
	// What it printed while starting, then everything it prints, in order.
	writeFileSync(log, n8n.output());
	const { child } = n8n.current;
	const append = (chunk: Buffer) => appendFileSync(log, chunk);
	child.stdout.on('data', append);
	child.stderr.on('data', append);
	const info: SharedN8nInfo = { url: n8n.url, log };
	project.provide('sharedN8n', info);
	return async () => {
		await n8n.stop();
		// Its task runner may hold the pipes open after n8n exits: they would keep vitest alive.
		child.stdout.destroy();
		child.stderr.destroy();
	};
}
