/**
 * The conformance kit against the default sandbox: every check holds, a read-only run only
 * reads and stays under 100 requests, a --write run removes all it created and changes or
 * deletes nothing it did not create, and neither the table nor the JSON holds the key.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { json, table } from '../../conformance/report';
import type { Report } from '../../conformance/run';
import { CHECKS } from '../../conformance/checks';
import type { StartedSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { ApiError } from '../../sandbox/errors';
import { KIT_SANDBOX, MARKED_KINDS, markedRecords, runKit } from './kit';

let sandbox: StartedSandbox;

beforeAll(async () => {
	sandbox = await startSandbox(KIT_SANDBOX);
});
afterAll(async () => await sandbox.close());

const api = () => sandbox.requests.filter((request) => request.apiVersion !== 'control');

describe('read-only (the default)', () => {
	let report: Report;

	beforeAll(async () => {
		sandbox.clearRequests();
		report = await runKit(sandbox);
	});

	test('every read-only check holds; those that create records say they need --write', () => {
		const notHolding = report.checks.filter((check) => check.outcome !== 'holds');
		const writes = CHECKS.filter((check) => check.write).map((check) => check.id);
		expect(notHolding.map((check) => check.id).sort()).toEqual(
			[...writes, 'timestamps.precision'].sort(),
		);
		for (const check of notHolding) expect(check.outcome).toBe('not checked');
		expect(report.exitCode).toBe(0);
	});

	test('it only reads, under 100 requests, and counts them as the server does', () => {
		expect(api().every((request) => request.method === 'GET')).toBe(true);
		expect(report.requests.total).toBe(api().length);
		expect(report.requests.total).toBeLessThan(100);
		expect(report.requests.writes).toBe(0);
		expect(report.records.created).toBe(0);
	});
});

describe('--write', () => {
	let report: Report;
	let before: Set<string>;

	beforeAll(async () => {
		before = new Set(
			MARKED_KINDS.flatMap((kind) => sandbox.records(kind).map((record) => String(record.id))),
		);
		sandbox.clearRequests();
		report = await runKit(sandbox, { write: true });
	});

	test('every check holds, and the run says so with its request count', () => {
		const other = report.checks.filter((check) => check.outcome !== 'holds');
		expect(other).toEqual([]);
		expect(report.exitCode).toBe(0);
		const text = table(report, sandbox.apiKey);
		expect(text).toContain(`${CHECKS.length} hold, 0 differ`);
		expect(text).toContain(
			`${report.requests.total} requests (${report.requests.writes} of them writes)`,
		);
		expect(report.requests.total).toBe(api().length);
	});

	test('every record it created carried the marker and is gone', () => {
		expect(report.records.created).toBeGreaterThan(5);
		expect(report.records.deleted).toBe(report.records.created);
		expect(report.records.leftovers).toEqual([]);
		expect(markedRecords(sandbox)).toEqual([]);
	});

	test('it changed and deleted only records it created', () => {
		const touched = api().filter((request) => ['PATCH', 'PUT', 'DELETE'].includes(request.method));
		expect(touched.length).toBeGreaterThan(5);
		for (const request of touched) {
			const id = decodeURIComponent(request.path.split('?')[0].split('/').pop() ?? '');
			expect(before.has(id), `${request.method} ${request.path}`).toBe(false);
		}
	});

	test('neither the table nor the JSON holds the API key or a webhook secret', () => {
		for (const text of [table(report, sandbox.apiKey), json(report, sandbox.apiKey)]) {
			expect(text).not.toContain(sandbox.apiKey);
			expect(text).not.toMatch(/whsec_[A-Za-z0-9+/]{8}/);
		}
		// The check that read the secret says it was valid: it was there, and it was cut out.
		expect(JSON.stringify(report)).toContain('with a valid whsec_ secret');
	});
});

describe('a server that repeats the key in its answers', () => {
	test('the key is cut out of the table and the JSON', async () => {
		const remove = sandbox.beforeRoute(({ path, query }) => {
			if (path === '/api/v2/tags' && query.has('type'))
				throw ApiError.field('type', `is unknown to the key ${sandbox.apiKey}`);
		});
		try {
			const report = await runKit(sandbox, { only: ['tags.v2-type-query'] });
			const check = report.checks.find((entry) => entry.id === 'tags.v2-type-query');
			expect(check?.outcome).toBe('differs');
			for (const text of [table(report, sandbox.apiKey), json(report, sandbox.apiKey)]) {
				expect(text).not.toContain(sandbox.apiKey);
				expect(text).toContain('[redacted API key]');
			}
		} finally {
			remove();
		}
	});
});
