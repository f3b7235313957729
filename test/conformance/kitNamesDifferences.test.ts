/**
 * For every alternative a real Heffl might show (sandbox/behaviours.ts, the rate-limit
 * window, a v2 /tags that refuses `type`), the kit names exactly that difference and
 * nothing else; and it fails the run only where the package depends on it and cannot adapt.
 * Each case has a sandbox of its own, so the cases run at once: a kit run mostly waits for
 * its rate-limit window, and one after another they took 50 s of `npm test`.
 */
import { describe, expect, test } from 'vitest';

import { table } from '../../conformance/report';
import type { Behaviours, SandboxOptions, StartedSandbox } from '../../sandbox';
import { BEHAVIOURS, startSandbox } from '../../sandbox';
import { detailOf, differing, KIT_SANDBOX, markedRecords, runKit } from './kit';

/** Runs `check` against a sandbox of its own (the kit's settings, then `options`), closed after. */
async function withOwnSandbox(
	options: SandboxOptions,
	check: (sandbox: StartedSandbox) => Promise<void>,
) {
	const sandbox = await startSandbox({ ...KIT_SANDBOX, ...options });
	try {
		await check(sandbox);
	} finally {
		await sandbox.close();
	}
}

/**
 * Each switch: the one check that names it, what it says, and whether the run fails
 * (switched on with `value`, true when not given).
 */
const EXPECTED: Record<
	keyof Behaviours,
	{ check: string; says: RegExp; fails: boolean; value?: Behaviours[keyof Behaviours] }
> = {
	secondPrecisionTimestamps: {
		check: 'timestamps.precision',
		says: /whole-second createdAt/,
		fails: false,
	},
	ignoreOrderDir: { check: 'lists.order', says: /not newest first/, fails: true },
	keyCursors: { check: 'lists.cursor-kind', says: /the cursor points at a record/, fails: false },
	referenceListsIgnorePageSize: {
		check: 'lists.page-size',
		says: /ignored on \/users/,
		fails: false,
	},
	flatV2Errors: { check: 'errors.v2-body', says: /not under error/, fails: false },
	rateLimitResetUnixTime: { check: 'rate-limit.reset-unit', says: /Unix seconds/, fails: false },
	emptyDeleteAnswers: { check: 'delete.answer', says: /204 empty/, fails: false },
	createdStatus201: { check: 'create.answer', says: /answered 201 with the record/, fails: false },
	customFieldsAppShape: {
		check: 'custom-fields.definitions',
		says: /apiName.*fieldType/,
		fails: false,
	},
	v1NumberedPages: { check: 'v1.lists', says: /numbered pages/, fails: false },
	strictReferenceLists: {
		check: 'tags.v2-type-query',
		says: /refused, naming the parameter: 400/,
		fails: false,
	},
	dealLineItems: {
		check: 'deal.read-line-items',
		says: /GET gives its line items back under lineItems/,
		fails: false,
		value: 'lineItems',
	},
	leadSearchIgnoresEmail: {
		check: 'leads.search-email',
		says: /search=<its e-mail> did not return ld_/,
		fails: false,
	},
	contactSearchIgnoresEmail: {
		check: 'contacts.search-email',
		says: /search=<its e-mail> did not return clt_/,
		fails: false,
	},
	companySearchIgnoresWebsite: {
		check: 'companies.search-website',
		says: /search=K[^ ]+-SITE\.EXAMPLE did not return clt_/,
		fails: false,
	},
	companySearchIgnoresName: {
		check: 'companies.search-name',
		says: /KEY SEARCH did not return clt_/,
		fails: false,
	},
	companySearchIgnoresEmail: {
		check: 'companies.search-email',
		says: /@MAIL\.EXAMPLE did not return clt_/,
		fails: false,
	},
	lineItemNullsRefused: {
		check: 'quotation.line-nulls',
		says: /refused: 400 .*must not be null/,
		fails: false,
	},
};

describe.concurrent('each switched behaviour is named, and nothing else', () => {
	test('the table of expectations covers every switch of the sandbox', () => {
		expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(BEHAVIOURS).sort());
	});

	for (const [name, expected] of Object.entries(EXPECTED)) {
		test(`${name}: ${expected.check} differs${expected.fails ? ' and the run fails' : ', and the package adapts'}`, async () => {
			const behaviours: Behaviours = { [name]: expected.value ?? true };
			await withOwnSandbox({ behaviours }, async (sandbox) => {
				const report = await runKit(sandbox, { write: true });
				expect(differing(report).ids).toEqual([expected.check]);
				expect(detailOf(report, expected.check)).toMatch(expected.says);
				expect(differing(report).fails).toEqual(expected.fails ? [expected.check] : []);
				expect(report.exitCode).toBe(expected.fails ? 1 : 0);
				expect(report.records.leftovers).toEqual([]);
				expect(markedRecords(sandbox)).toEqual([]);
				const row = table(report, sandbox.apiKey)
					.split('\n')
					.find((line) => line.startsWith(`| \`${expected.check}\``));
				expect(row).toContain(expected.fails ? 'the package depends on it' : '**differs**');
			});
		}, 60_000);
	}
});

describe.concurrent('alternatives set outside the behaviours', () => {
	test("deal answers with the request's products: deal.read-line-items names that key, the example reads it", async () => {
		await withOwnSandbox({ behaviours: { dealLineItems: 'products' } }, async (sandbox) => {
			const report = await runKit(sandbox, { write: true });
			expect(differing(report)).toEqual({ ids: ['deal.read-line-items'], fails: [] });
			expect(detailOf(report, 'deal.read-line-items')).toMatch(
				/GET gives its line items back under products$/,
			);
			expect(report.exitCode).toBe(0);
		});
	}, 60_000);

	test('a lead stage of a type neither §11.8 nor the help page lists: lead-stages.types names it, the run does not fail', async () => {
		await withOwnSandbox({}, async (own) => {
			own.insert('leadStages', {
				id: 'lstg_planted',
				name: 'Nurturing',
				type: 'NURTURING',
				position: 6,
			});
			const report = await runKit(own);
			expect(differing(report)).toEqual({ ids: ['lead-stages.types'], fails: [] });
			expect(detailOf(report, 'lead-stages.types')).toBe(
				"types the node does not offer: NURTURING (stage 'Nurturing')",
			);
			expect(report.exitCode).toBe(0);
		});
	}, 60_000);

	test('60 requests per hour: rate-limit.window differs and fails the run, and --write creates nothing the spent budget could not delete', async () => {
		await withOwnSandbox({ rateLimit: { limit: 60, windowMs: 3_600_000 } }, async (sandbox) => {
			const report = await runKit(sandbox, { write: true });
			expect(differing(report)).toEqual({
				ids: ['rate-limit.window'],
				fails: ['rate-limit.window'],
			});
			expect(detailOf(report, 'rate-limit.window')).toMatch(/limit 60, window 3600 s/);
			expect(report.exitCode).toBe(1);
			// With --write, nothing is created that the spent budget could not delete for an hour.
			expect(report.records.created).toBe(0);
			expect(detailOf(report, 'lead.create')).toMatch(/requests left until .*fewer than the 60/);
		});
	}, 60_000);

	test('the combined RateLimit header of newer drafts: rate-limit.headers differs, the package reads it', async () => {
		const rateLimit = { limit: 60, windowMs: 1000, headerStyle: 'combined' as const };
		await withOwnSandbox({ rateLimit }, async (sandbox) => {
			const report = await runKit(sandbox);
			expect(differing(report)).toEqual({ ids: ['rate-limit.headers'], fails: [] });
			expect(detailOf(report, 'rate-limit.headers')).toMatch(/only ratelimit/);
		});
	}, 60_000);
});
