/* eslint-disable @n8n/community-nodes/no-restricted-imports, no-console -- test tooling, not shipped */
/**
 * What real n8n (regular mode, SQLite) saves of a polling node's static data, measured
 * with the probe of pollProbe.ts: the facts the Heffl Polling Trigger's cursor is built
 * on (README, Polling trigger). Each poll counts itself in static data; the database is
 * read after each step and after a restart.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import {
	ensureN8n,
	freePort,
	importIntoN8n,
	linearWorkflow,
	login,
	prepareUserFolder,
	startN8n,
	// @ts-expect-error -- plain ESM script shared with `npm start`
} from '../../scripts/real-n8n.mjs';
import { packProbe, PROBE_TYPE, startRecorder } from './pollProbe';
import { sleep } from './triggerTools';

type Session = Awaited<ReturnType<typeof login>>;
type N8n = { url: string; output: () => string; stop: () => Promise<void> };

let recorder: Awaited<ReturnType<typeof startRecorder>>;
let n8n: N8n;
let session: Session;
let folder: string;
let port: number;
let brokerPort: number;
const workflow = { id: '' } as ReturnType<typeof linearWorkflow>;

/** The probe's count as n8n stored it in the database. */
async function storedPolls(): Promise<number | undefined> {
	const { staticData } = (await session.call('GET', `/workflows/${workflow.id}`)) as IDataObject;
	const node = (staticData as IDataObject | null)?.['node:Poll Probe'] as IDataObject | undefined;
	return node?.polls as number | undefined;
}

/** Waits for the probe's `count`th poll of this run (n8n polls at most once a minute). */
async function polled(count: number, timeoutMs = 150_000) {
	const deadline = Date.now() + timeoutMs;
	while (recorder.of(workflow.id).length < count) {
		if (Date.now() > deadline) throw new Error(`poll ${count} did not come in ${timeoutMs} ms`);
		await sleep(250);
	}
	await sleep(3000); // n8n saves after the poll returns, and runs the execution
	return recorder.of(workflow.id)[count - 1];
}

async function startAndLogin() {
	n8n = await startN8n(folder, port, { N8N_RUNNERS_BROKER_PORT: String(brokerPort) });
	session = await login(n8n.url);
}

beforeAll(async () => {
	ensureN8n();
	recorder = await startRecorder();
	folder = prepareUserFolder(mkdtempSync(join(tmpdir(), 'heffl-e2e-pollprobe-')), packProbe());
	Object.assign(
		workflow,
		linearWorkflow('wfPollProbe', 'poll probe', [
			{
				name: 'Poll Probe',
				type: PROBE_TYPE,
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, recorder: recorder.url },
			},
			{ name: 'Done', type: 'n8n-nodes-base.noOp' },
		]),
	);
	importIntoN8n(folder, { workflows: [workflow] });
	port = await freePort();
	brokerPort = await freePort();
	await startAndLogin();
}, 900_000);

afterAll(async () => {
	await n8n?.stop();
	await recorder?.close();
	console.log(`probe polls: ${JSON.stringify(recorder?.polls)}`);
});

describe('a polling node’s static data in real n8n (regular mode)', () => {
	test('saved after the activation poll, and with each emitting poll; not after a poll that emits nothing; a restart starts from the saved copy', async () => {
		await session.activate(workflow.id);
		const activation = await polled(1);
		expect(activation).toMatchObject({ seen: 0, activation: 'activate', emitted: false });
		const afterActivation = await storedPolls();

		const quiet = await polled(2);
		expect(quiet).toMatchObject({ seen: 1, emitted: false });
		const afterQuietPoll = await storedPolls();

		recorder.emitNext(workflow.id);
		const emitting = await polled(3);
		expect(emitting).toMatchObject({ seen: 2, emitted: true });
		const afterEmittingPoll = await storedPolls();

		await polled(4);
		const beforeRestart = await storedPolls();

		await n8n.stop();
		await startAndLogin();
		const afterRestart = await polled(5);
		const savedAfterInit = await storedPolls();

		const measured = {
			afterActivation,
			afterQuietPoll,
			afterEmittingPoll,
			beforeRestart,
			initPollSaw: afterRestart.seen,
			initActivation: afterRestart.activation,
			savedAfterInit,
		};
		console.log(`static data measured: ${JSON.stringify(measured)}`);
		expect(measured).toEqual({
			afterActivation: 1,
			afterQuietPoll: 1,
			afterEmittingPoll: 3,
			beforeRestart: 3,
			initPollSaw: 3,
			initActivation: 'init',
			savedAfterInit: 4,
		});
	});
});
