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

import type { Session } from '../../drivers/real-n8n.mjs';
import { until } from './pollingReads';

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

type Recorder = Awaited<ReturnType<typeof startRecorder>>;

/**
 * What each step of a polling node's static data reached: the count the probe found at
 * the poll after the activation, after a quiet poll, after an emitting poll, after
 * another quiet poll; and (`afterRestart`) at the first poll of the restarted n8n.
 */
export async function probeFlow(session: () => Session, recorder: Recorder, workflowId: string) {
	const polled = async (count: number) => {
		await until(`probe poll ${count}`, () => recorder.of(workflowId).length >= count);
		return recorder.of(workflowId)[count - 1];
	};
	await session().activate(workflowId);
	const activation = await polled(1);
	const afterActivation = await polled(2); // quiet
	recorder.emitNext(workflowId);
	const afterQuiet = await polled(3); // emits
	const afterEmitting = await polled(4); // quiet
	const afterSecondQuiet = await polled(5);
	return { activation, afterActivation, afterQuiet, afterEmitting, afterSecondQuiet };
}

/** The table docs/polling-schedulers.md shows: what the next poll found of each poll's change. */
export function savedWhen(
	steps: Awaited<ReturnType<typeof probeFlow>>,
	polls: ProbePoll[],
	restartedPid: number,
) {
	const firstAfterRestart = polls.find((poll) => poll.pid === restartedPid);
	return {
		/** Each poll adds 1: the count the next poll found. */
		activationKept: steps.afterActivation.seen - steps.activation.seen === 1,
		quietKept: steps.afterQuiet.seen - steps.afterActivation.seen === 1,
		emittingKept: steps.afterEmitting.seen - steps.afterQuiet.seen === 1,
		/** What the restarted n8n's first poll found: the count of the last poll, of the emitting poll, or another. */
		afterRestart: !firstAfterRestart
			? 'no poll'
			: firstAfterRestart.seen === polls.filter((poll) => poll.pid !== restartedPid).at(-1)?.polls
				? 'the last poll’s'
				: firstAfterRestart.seen === steps.afterQuiet.polls
					? 'the emitting poll’s'
					: `${firstAfterRestart.seen}`,
		restartPolledAtOnce: firstAfterRestart?.activation === 'init',
		activationModes: [...new Set(polls.map((poll) => poll.activation))],
	};
}

/** What the probe saw on each way of polling (pollingConfigs.ts), by savedWhen. */
export const EXPECTED_SAVES: Record<string, object> = {
	// The next poll finds the change of the activation poll, of a quiet poll (in memory) and
	// of an emitting poll; a restart polls at once ('init') from the last emission.
	legacy: {
		activationKept: true,
		quietKept: true,
		emittingKept: true,
		afterRestart: 'the emitting poll’s',
		restartPolledAtOnce: true,
	},
	// Rebuilt from the database at every poll: a quiet poll's change is lost; a restart
	// waits for the next poll time.
	scheduler: {
		activationKept: true,
		quietKept: false,
		emittingKept: true,
		afterRestart: 'the emitting poll’s',
		restartPolledAtOnce: false,
	},
	// Durable cursors: the activation poll's change is not committed, every later poll's is.
	durable: {
		activationKept: false,
		quietKept: true,
		emittingKept: true,
		afterRestart: 'the last poll’s',
		restartPolledAtOnce: false,
	},
};
