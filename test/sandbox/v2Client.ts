/* eslint-disable @typescript-eslint/no-explicit-any -- test tooling, not shipped: JSON answers read loosely */
/**
 * The sandbox's API v2 over loopback HTTP, for its contract tests (test/sandbox/v2-*.test.ts):
 * one sandbox per test file, started before its tests and closed after them, and the calls
 * and seeded records those tests read. Expectations stay in the tests, cited to their sections.
 */
import { afterAll, beforeAll, expect } from 'vitest';

import type { StartedSandbox } from '../../sandbox/index';
import { startSandbox } from '../../sandbox/index';

export type Body = Record<string, any>;
export type Answer = { status: number; body: Body };
type Kind = Parameters<StartedSandbox['records']>[0];

export function useV2Sandbox(options: Parameters<typeof startSandbox>[0] = {}) {
	let started: StartedSandbox | undefined;
	beforeAll(async () => {
		started = await startSandbox({ rateLimit: false, ...options });
	});
	afterAll(async () => started?.close());
	const sandbox = () => {
		if (!started) throw new Error('the sandbox starts in beforeAll: use it inside a test');
		return started;
	};

	async function call(path: string, method = 'GET', body?: unknown, key?: string): Promise<Answer> {
		const response = await fetch(`${sandbox().urls.v2}${path}`, {
			method,
			headers: {
				'x-api-key': key ?? sandbox().apiKey,
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body };
	}
	/** A list with its query; objects (filters) go JSON-encoded, as §7 says. */
	const list = (path: string, query: Record<string, unknown> = {}) => {
		const params = new URLSearchParams(
			Object.entries(query).map(([name, value]) => [
				name,
				typeof value === 'string' ? value : JSON.stringify(value),
			]),
		);
		return call(`${path}?${params.toString()}`);
	};
	/** Every page of a list, following meta.nextCursor (bounded). */
	async function all(path: string, query: Record<string, unknown> = {}) {
		const items: Body[] = [];
		let cursor: string | undefined;
		for (let page = 0; page < 200; page++) {
			const answer = await list(path, { ...query, pageSize: '100', ...(cursor ? { cursor } : {}) });
			expect(answer.status).toBe(200);
			items.push(...answer.body.data);
			if (!answer.body.meta.hasMore) return { items, pages: page + 1 };
			cursor = answer.body.meta.nextCursor;
		}
		throw new Error('list did not end');
	}
	const records = (kind: Kind) => sandbox().records(kind) as Body[];
	const pipeline = () => records('pipelines')[0];
	return {
		sandbox,
		call,
		list,
		all,
		records,
		/** The seeded sales pipeline (the first). */
		pipeline,
		stageOfType: (type: string, of: Body = pipeline()) =>
			(of.stages as Body[]).find((stage) => stage.type === type) as Body,
		company: () => records('clients').find((client) => client.type === 'company') as Body,
		userId: () => String(records('users')[0].id),
		quotationTemplate: () =>
			records('templates').find((template) => template.name === 'Project Quotation') as Body,
		tagOf: (type: string) => `tag_${String(records('tags').find((tag) => tag.type === type)?.id)}`,
	};
}

/** §4.2: a 400 VALIDATION_ERROR; returns its issues. */
export function validation(answer: Answer) {
	expect(answer.status).toBe(400);
	expect(answer.body.error.code).toBe('VALIDATION_ERROR');
	return issuesOf(answer.body);
}
/** §4.2: the issues of an error body. */
export const issuesOf = (body: Body) =>
	body.error.details.issues as Array<{ field?: string; message: string }>;
/** The fields a 400 VALIDATION_ERROR names, sorted. */
export const fieldsOf = (answer: Answer) =>
	validation(answer)
		.map((issue) => issue.field)
		.sort();
/** §4.2/§9.2: an unknown property is an issue without `field` whose message names it. */
export function expectUnknownField(answer: Answer, key: string) {
	expect(validation(answer)).toContainEqual({
		message: `Unknown field: ${key}. Only documented fields and cf_* keys are allowed.`,
	});
}
/** The IDs of a list answer's records. */
export const ids = (answer: { body: Body }) => (answer.body.data as Body[]).map((item) => item.id);
/** §6.2: a list answer's envelope, `data` and `meta` with `hasMore` and `nextCursor`. */
export const envelope = (body: Body) => {
	expect(Array.isArray(body.data)).toBe(true);
	expect(Object.keys(body.meta).sort()).toEqual(['hasMore', 'nextCursor']);
	expect(typeof body.meta.hasMore).toBe('boolean');
};
/**
 * Two quotation bodies §11.4 takes, for the seeded company and the quotation template: `body`
 * with the template's required cf_* keys and one discounted, taxed line (total 945), and
 * `base`, one plain line (2 × 50) without the required cf_* keys.
 */
export function quotationBodies(
	v2: Pick<ReturnType<typeof useV2Sandbox>, 'company' | 'quotationTemplate'>,
) {
	return {
		body: (extra: Body = {}) => ({
			clientId: v2.company().id,
			templateId: v2.quotationTemplate().id,
			date: '2026-11-23T00:00:00.000Z',
			quotationProducts: [
				{ name: 'Website Audit', quantity: 2, price: 500, discount: 100, tax: 5 },
			],
			cf_project_code: 'PRJ-1',
			cf_payment_terms: 'Net 30',
			...extra,
		}),
		base: () => ({
			clientId: v2.company().id,
			templateId: v2.quotationTemplate().id,
			date: '2026-04-01T00:00:00.000Z',
			quotationProducts: [{ name: 'Design', quantity: 2, price: 50 }],
		}),
	};
}
