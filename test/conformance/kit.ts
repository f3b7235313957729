/**
 * The conformance kit run in-process against a sandbox, as `npm run conformance` runs it
 * (conformance/run.ts, through the package's transport under n8n-core).
 */
import { Conformance } from '../../conformance/run';
import type { Report } from '../../conformance/run';
import type { SandboxOptions, StartedSandbox } from '../../sandbox';

/** A sandbox as fast as a test needs and still rate-limited (60 per 1 s): the headers are real. */
export const KIT_SANDBOX: SandboxOptions = { rateLimit: { limit: 60, windowMs: 1000 } };

export async function runKit(
	sandbox: StartedSandbox,
	options: { write?: boolean; only?: string[] } = {},
): Promise<Report> {
	const conformance = new Conformance({
		credentials: { apiKey: sandbox.apiKey, v1BaseUrl: sandbox.urls.v1, v2BaseUrl: sandbox.urls.v2 },
		...options,
	});
	return await conformance.run();
}

/** The ids of the checks that differ, and the failing ones among them. */
export function differing(report: Report) {
	const differs = report.checks.filter((check) => check.outcome === 'differs');
	return {
		ids: differs.map((check) => check.id),
		fails: differs.filter((check) => check.fails).map((check) => check.id),
	};
}

export const detailOf = (report: Report, id: string) =>
	report.checks.find((check) => check.id === id)?.detail ?? '';

/** The kinds of record the kit creates. */
export const MARKED_KINDS = [
	'leads',
	'clients',
	'contacts',
	'deals',
	'tasks',
	'quotations',
	'webhooks',
] as const;

/** Every record of the sandbox's workspace that carries a conformance marker. */
export function markedRecords(sandbox: StartedSandbox) {
	return MARKED_KINDS.flatMap((kind) =>
		sandbox.records(kind).filter((record) => JSON.stringify(record).includes('heffl-conformance-')),
	);
}
