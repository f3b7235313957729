/**
 * The `strictReferenceLists` behaviour (behaviours.ts): a server that takes no query
 * parameter the reference does not list on v2's reference lists. §11.9: "GET /tags
 * [TABLE] — query params not documented" (`type` is v1's, §10.6); §11.7, §11.10,
 * §11.11 and §13 name the pipelines, products, client-stages, sources and users lists by
 * path only. Paging (§6.2's `cursor`, `pageSize`) is kept, as docs/assumptions.md does.
 */
import { describe, expect, test } from 'vitest';

import { REFERENCE_LISTS } from '../../sandbox/behaviours';
import type { Body } from './v2Client';
import { useV2Sandbox } from './v2Client';

const { sandbox, call } = useV2Sandbox();

/** A parameter each list is refused with: the ones the sandbox otherwise takes, or any other. */
const UNLISTED: Record<string, string> = {
	tags: 'type=deals',
	products: 'search=a',
	users: 'search=a',
	pipelines: 'search=a',
	'client-stages': 'type=x',
	sources: 'name=x',
};

const issueFields = (body: Body) =>
	((body.error?.details?.issues ?? []) as Array<{ field: string; message: string }>).map(
		(issue) => issue.field,
	);

describe('strictReferenceLists: v2 reference lists take only paging', () => {
	test('off (the default): tags take `type`, products and users take `search`', async () => {
		sandbox().setBehaviours({});
		expect((await call('/tags?type=deals')).status).toBe(200);
		expect((await call('/products?search=a')).status).toBe(200);
		expect((await call('/users?search=a')).status).toBe(200);
	});

	test('on: each list answers 400 VALIDATION_ERROR naming the parameter and the section', async () => {
		sandbox().setBehaviours({ strictReferenceLists: true });
		for (const [path, section] of Object.entries(REFERENCE_LISTS)) {
			const answer = await call(`/${path}?${UNLISTED[path]}`);
			expect(answer.status, path).toBe(400);
			expect(answer.body.error.code, path).toBe('VALIDATION_ERROR');
			expect(issueFields(answer.body), path).toEqual([UNLISTED[path].split('=')[0]]);
			expect(answer.body.error.message, path).toContain(section);
		}
		sandbox().setBehaviours({});
	});

	test('on: paging is still answered, a cursor followed to the next page (§6.2)', async () => {
		sandbox().setBehaviours({ strictReferenceLists: true });
		for (const path of Object.keys(REFERENCE_LISTS)) {
			const first = await call(`/${path}?pageSize=1`);
			expect(first.status, path).toBe(200);
			expect(first.body.data, path).toHaveLength(1);
			if (first.body.meta.hasMore) {
				const next = await call(
					`/${path}?pageSize=1&cursor=${encodeURIComponent(first.body.meta.nextCursor)}`,
				);
				expect(next.status, path).toBe(200);
				expect(next.body.data[0].id, path).not.toBe(first.body.data[0].id);
			}
			expect((await call(`/${path}`)).status, path).toBe(200);
		}
		sandbox().setBehaviours({});
	});

	test('on: the §7 lists and the lists whose parameters are listed keep theirs', async () => {
		sandbox().setBehaviours({ strictReferenceLists: true });
		expect((await call('/deals?search=a&orderBy=createdAt&orderDir=desc')).status).toBe(200);
		expect((await call('/document-templates?type=quotations&search=p')).status).toBe(200);
		expect((await call('/custom-fields?entity=deals')).status).toBe(200);
		expect(
			(await call('/tags', 'POST', { name: 'Strict', type: 'deals', color: '#000000' })).status,
		).toBe(200);
		sandbox().setBehaviours({});
	});

	test('switched through the control route like the others', async () => {
		const on = await fetch(`${sandbox().urls.origin}/__sandbox/behaviours`, {
			method: 'POST',
			body: JSON.stringify({ strictReferenceLists: true }),
		});
		expect(on.status).toBe(200);
		expect((await call('/tags?type=deals')).status).toBe(400);
		sandbox().setBehaviours({});
		expect((await call('/tags?type=deals')).status).toBe(200);
	});
});
