/**
 * The switchable behaviours (behaviours.ts): each is off by default, changes only what it
 * names, and can be switched at run time through the control route.
 */
import { sleep } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { StartedSandbox } from '../../sandbox/index';
import { BEHAVIOURS, startSandbox } from '../../sandbox/index';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = Record<string, any>;

let sandbox: StartedSandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false, seed: false });
});
afterAll(async () => await sandbox.close());

async function call(path: string, init: RequestInit = {}) {
	const answer = await fetch(`${sandbox.urls.v2}${path}`, {
		...init,
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
	});
	return { status: answer.status, body: (await answer.json()) as Body };
}

async function control(behaviours: object) {
	const answer = await fetch(`${sandbox.urls.origin}/__sandbox/behaviours`, {
		method: 'POST',
		body: JSON.stringify(behaviours),
	});
	return { status: answer.status, body: (await answer.json()) as Body };
}

/** The companies this file created, in the order it created them. */
const created: string[] = [];
const newCompany = async (name: string) =>
	remember(
		(
			await call('/companies', {
				method: 'POST',
				body: JSON.stringify({ name, cf_industry: 'Software' }),
			})
		).body,
	);

function remember(company: Body) {
	created.push(company.id);
	return company;
}

describe('switchable behaviours', () => {
	test('by default createdAt keeps milliseconds and lists honour orderDir (§7)', async () => {
		await control({});
		const first = await newCompany('Default A');
		await sleep(5);
		const second = await newCompany('Default B');
		const desc = await call('/companies?orderBy=createdAt&orderDir=desc');
		const asc = await call('/companies?orderBy=createdAt&orderDir=asc');
		expect(desc.body.data.map((record: { id: string }) => record.id).slice(0, 2)).toEqual([
			second.id,
			first.id,
		]);
		expect(asc.body.data.map((record: { id: string }) => record.id).slice(-2)).toEqual([
			first.id,
			second.id,
		]);
	});

	test('secondPrecisionTimestamps: every new createdAt is a whole second', async () => {
		expect((await control({ secondPrecisionTimestamps: true })).status).toBe(200);
		for (let index = 0; index < 5; index++) {
			const company = await newCompany(`Seconds ${index}`);
			expect(company.createdAt).toMatch(/T\d\d:\d\d:\d\d\.000Z$/);
		}
		sandbox.setBehaviours({});
	});

	test('ignoreOrderDir: orderDir=desc still answers in creation order, oldest first', async () => {
		sandbox.setBehaviours({ ignoreOrderDir: true });
		const answer = await call('/companies?orderBy=createdAt&orderDir=desc&pageSize=100');
		const ids = answer.body.data.map((record: { id: string }) => record.id);
		expect(created.length).toBeGreaterThan(2);
		expect(ids).toEqual(created);
		sandbox.setBehaviours({});
	});

	test('the control route refuses an unknown switch, a non-boolean and a value a switch does not take, naming it', async () => {
		const unknown = await control({ keysetCursors: 'yes', nonsense: true });
		expect(unknown.status).toBe(400);
		expect(JSON.stringify(unknown.body)).toContain('keysetCursors');
		const typed = await control({ ignoreOrderDir: 'yes' });
		expect(typed.status).toBe(400);
		expect(JSON.stringify(typed.body)).toContain('ignoreOrderDir');
		// A valued switch takes one of its values only.
		const valued = await control({ dealLineItems: true });
		expect(valued.status).toBe(400);
		expect(JSON.stringify(valued.body)).toContain(
			'dealLineItems: must be one of lineItems, products',
		);
		const set = await control({ dealLineItems: 'products' });
		expect(set.body).toEqual({ behaviours: { dealLineItems: 'products' } });
		sandbox.setBehaviours({});
		const listed = await fetch(`${sandbox.urls.origin}/__sandbox/behaviours`);
		const known = ((await listed.json()) as { known: Record<string, string> }).known;
		expect(Object.keys(known)).toEqual(Object.keys(BEHAVIOURS));
		expect(Object.keys(known).slice(0, 2)).toEqual(['secondPrecisionTimestamps', 'ignoreOrderDir']);
	});
});
