/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- test tooling, not shipped */
/**
 * A measuring stick for what n8n saves of a polling node's static data: a tiny
 * community package (one polling node, no dependencies) that counts its polls in
 * static data and asks a loopback recorder, at every poll, whether to emit. The
 * recorder keeps what each poll saw (its count before the poll, the process, the
 * activation mode), so a test can compare it with what n8n stored in its database.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PROBE_TYPE = 'n8n-nodes-heffl-poll-probe.pollProbe';

const NODE_SOURCE = `
class PollProbe {
	constructor() {
		this.description = {
			displayName: 'Poll Probe',
			name: 'pollProbe',
			group: ['trigger'],
			version: 1,
			polling: true,
			description: 'Counts its polls in static data',
			defaults: { name: 'Poll Probe' },
			inputs: [],
			outputs: ['main'],
			properties: [{ displayName: 'Recorder', name: 'recorder', type: 'string', default: '' }],
		};
	}
	async poll() {
		const data = this.getWorkflowStaticData('node');
		const seen = typeof data.polls === 'number' ? data.polls : 0;
		data.polls = seen + 1;
		const answer = await this.helpers.httpRequest({
			method: 'POST',
			url: this.getNodeParameter('recorder'),
			body: {
				seen,
				polls: data.polls,
				pid: process.pid,
				mode: this.getMode(),
				activation: this.getActivationMode(),
				workflowId: this.getWorkflow().id,
			},
			json: true,
		});
		if (this.getMode() === 'manual' || (answer && answer.emit)) {
			return [[{ json: { polls: data.polls, pid: process.pid } }]];
		}
		return null;
	}
}
module.exports = { PollProbe };
`;

/** Packs the probe package; returns the tarball's path. */
export function packProbe(): string {
	const dir = mkdtempSync(join(tmpdir(), 'heffl-poll-probe-'));
	mkdirSync(join(dir, 'dist'));
	writeFileSync(join(dir, 'dist', 'PollProbe.node.js'), NODE_SOURCE);
	writeFileSync(
		join(dir, 'package.json'),
		JSON.stringify({
			name: 'n8n-nodes-heffl-poll-probe',
			version: '1.0.0',
			license: 'MIT',
			keywords: ['n8n-community-node-package'],
			files: ['dist'],
			n8n: { n8nNodesApiVersion: 1, nodes: ['dist/PollProbe.node.js'] },
		}),
	);
	const packed = spawnSync('npm', ['pack', '--pack-destination', dir], {
		cwd: dir,
		encoding: 'utf8',
	});
	if (packed.status !== 0) throw new Error(`npm pack of the probe failed: ${packed.stderr}`);
	return join(dir, packed.stdout.trim().split('\n').pop()!);
}

export interface ProbePoll {
	seen: number;
	polls: number;
	pid: number;
	mode: string;
	activation: string;
	workflowId: string;
	at: number;
	emitted: boolean;
}

/** The loopback server the probe reports to; `emitNext` makes the next poll of a workflow emit. */
export async function startRecorder() {
	const polls: ProbePoll[] = [];
	const emitNext = new Set<string>();
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const poll = JSON.parse(Buffer.concat(chunks).toString()) as ProbePoll;
			const emit = emitNext.delete(poll.workflowId);
			polls.push({ ...poll, at: Date.now(), emitted: emit || poll.mode === 'manual' });
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(JSON.stringify({ emit }));
		});
	});
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const { port } = server.address() as { port: number };
	return {
		url: `http://127.0.0.1:${port}/poll`,
		polls,
		of: (workflowId: string) => polls.filter((poll) => poll.workflowId === workflowId),
		emitNext: (workflowId: string) => emitNext.add(workflowId),
		close: () => new Promise<void>((done) => server.close(() => done())),
	};
}
