/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * The packed package inside real n8n 2.41 (its CLI, its database, its credential
 * helper, its HTTP Request node) against the sandbox. Slow: run with
 * `npm run test:e2e`. Installs n8n into a cache folder on first use.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IDataObject, INode } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// @ts-expect-error -- plain ESM script shared with `npm start`
import { ensureN8n, n8nCli, packPackage, prepareUserFolder } from '../../scripts/real-n8n.mjs';
import type { StartedSandbox } from '../sandbox';
import { startSandbox } from '../sandbox';

let sandbox: StartedSandbox;
let folder: string;
const credential = { hefflApi: { id: 'hefflSandbox1', name: 'Heffl sandbox' } };
let workflowCount = 0;

beforeAll(async () => {
	ensureN8n();
	const tarball = packPackage();
	folder = prepareUserFolder(mkdtempSync(join(tmpdir(), 'heffl-e2e-')), tarball);
	sandbox = await startSandbox({ rateLimit: false, seed: { contacts: 250 } });
	const file = join(folder, 'credentials.json');
	writeFileSync(
		file,
		JSON.stringify([{ id: 'hefflSandbox1', name: 'Heffl sandbox', type: 'hefflApi', data: { apiKey: sandbox.apiKey, v1BaseUrl: sandbox.urls.v1, v2BaseUrl: sandbox.urls.v2 } }]),
	);
	const imported = n8nCli(folder, ['import:credentials', `--input=${file}`]);
	if (imported.status !== 0) throw new Error(`n8n could not import the credential:\n${imported.stderr.slice(-2000)}`);
}, 900_000);

afterAll(async () => sandbox?.close());

/** Imports a workflow (Manual Trigger first) and runs it with `n8n execute`; returns each node's output items. */
function execute(nodes: Array<Omit<INode, 'id' | 'position' | 'typeVersion'> & { typeVersion?: number }>) {
	const id = `wfE2e${++workflowCount}`;
	const all = [{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', parameters: {} }, ...nodes].map((node, index) => ({
		typeVersion: 1,
		...node,
		id: `n${index}`,
		position: [index * 200, 0],
	}));
	const connections = Object.fromEntries(
		all.slice(0, -1).map((node, index) => [node.name, { main: [[{ node: all[index + 1].name, type: 'main', index: 0 }]] }]),
	);
	const file = join(folder, `${id}.json`);
	writeFileSync(file, JSON.stringify([{ id, name: id, active: false, nodes: all, connections, settings: {} }]));
	expect(n8nCli(folder, ['import:workflow', `--input=${file}`]).status).toBe(0);
	const run = n8nCli(folder, ['execute', `--id=${id}`], { N8N_RUNNERS_BROKER_PORT: String(5800 + workflowCount) });
	const marker = run.stdout.indexOf('Execution was successful');
	if (marker < 0) throw new Error(`n8n execute failed:\n${(run.stdout + run.stderr).slice(-3000)}`);
	const json = run.stdout.slice(run.stdout.indexOf('{', marker));
	const result = JSON.parse(json) as { status: string; data: { resultData: { runData: Record<string, Array<{ data?: { main: Array<Array<{ json: IDataObject }>> } }>> } } };
	const output = (name: string) => result.data.resultData.runData[name]?.[0]?.data?.main[0]?.map((item) => item.json) ?? [];
	return { status: result.status, output, stdout: run.stdout };
}

describe('the packed package in real n8n', () => {
	test('a lead round trip: create, get, update, delete', () => {
		const id = '={{ $("Create").item.json.id }}';
		const run = execute([
			{ name: 'Create', type: 'n8n-nodes-heffl.heffl', parameters: { resource: 'lead', operation: 'create', name: 'E2E Ada', email: 'e2e.ada@example.com' }, credentials: credential },
			{ name: 'Get', type: 'n8n-nodes-heffl.heffl', parameters: { resource: 'lead', operation: 'get', leadId: { __rl: true, mode: 'id', value: id }, simplify: false }, credentials: credential },
			{ name: 'Update', type: 'n8n-nodes-heffl.heffl', parameters: { resource: 'lead', operation: 'update', leadId: { __rl: true, mode: 'id', value: id }, updateFields: { title: 'Engineer' } }, credentials: credential },
			{ name: 'Delete', type: 'n8n-nodes-heffl.heffl', parameters: { resource: 'lead', operation: 'delete', leadId: { __rl: true, mode: 'id', value: id } }, credentials: credential },
		]);
		expect(run.status).toBe('success');
		const [created] = run.output('Create');
		expect(created).toMatchObject({ id: expect.stringMatching(/^ld_/), name: 'E2E Ada' });
		expect(run.output('Get')).toEqual([created]);
		expect(run.output('Update')[0]).toMatchObject({ id: created.id, title: 'Engineer', email: 'e2e.ada@example.com' });
		expect(run.output('Delete')).toEqual([{ id: created.id, deleted: true }]);
		expect(sandbox.records('leads').some((lead) => lead.id === created.id)).toBe(false);
	});

	test('Return All over several pages of v2 contacts', () => {
		sandbox.clearRequests();
		const run = execute([{ name: 'Contacts', type: 'n8n-nodes-heffl.heffl', parameters: { resource: 'contact', operation: 'getAll', returnAll: true }, credentials: credential }]);
		expect(run.output('Contacts')).toHaveLength(250);
		expect(sandbox.requests.filter((request) => request.apiVersion === 'v2')).toHaveLength(3);
	});

	test('an error item with continueOnFail', () => {
		const run = execute([
			{ name: 'Missing', type: 'n8n-nodes-heffl.heffl', onError: 'continueRegularOutput', parameters: { resource: 'lead', operation: 'get', leadId: { __rl: true, mode: 'id', value: 'ld_missing0000000000000' } }, credentials: credential },
		]);
		expect(run.output('Missing')).toEqual([expect.objectContaining({ error: 'The lead was not found', code: 'NOT_FOUND', httpCode: 404 })]);
	});

	test('the HTTP Request node authenticates with the Heffl API credential (x-api-key)', () => {
		sandbox.clearRequests();
		const run = execute([
			{
				name: 'HTTP',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				parameters: { url: `${sandbox.urls.v1}/tags`, authentication: 'predefinedCredentialType', nodeCredentialType: 'hefflApi', options: {} },
				credentials: credential,
			},
		]);
		expect(run.status).toBe('success');
		expect((run.output('HTTP')[0].items as unknown[]).length).toBeGreaterThan(0);
		expect(sandbox.requests.map((request) => request.status)).toEqual([200]);
	});
});
