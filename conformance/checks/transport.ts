/**
 * What the transport reads from every answer: error bodies (§4.1 v1 flat, §4.2 v2 under
 * `error`), a 404 and a 400 asked for on purpose; the rate-limit headers (§5 names only
 * `RateLimit-Reset`), their unit and the window (60 per minute or per hour, §17.8), read
 * from the answers the run got anyway, never by flooding; and how long answers take.
 */
import { readRateLimitHeaders } from '../../nodes/shared/transport/rateLimit';
import { transportLimits } from '../../nodes/shared/transport';
import type { Reply } from '../probe';
import { isObject, listing, plural, resource } from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';

const ERRORS = 'nodes/shared/transport/errors.ts';
const RATE_LIMIT = 'nodes/shared/transport/rateLimit.ts';

interface Provoked {
	what: string;
	reply: Reply;
	code: string;
}

/** The error body in the form of `api`, judged: what differs, and whether the package read it. */
function judgeError(api: 'v1' | 'v2', { what, reply, code }: Provoked) {
	const body = isObject(reply.body) ? reply.body : {};
	const nested = isObject(body.error) ? body.error : undefined;
	const source = api === 'v2' ? nested : body;
	const context = reply.error?.context ?? {};
	const read = typeof context.code === 'string' && typeof context.apiMessage === 'string';
	const problems: string[] = [];
	if (api === 'v1' && nested) problems.push('nested under error');
	if (api === 'v2' && !nested)
		problems.push(`not under error: ${JSON.stringify(body).slice(0, 120)}`);
	if (source && typeof source.message !== 'string') problems.push('no message');
	if (
		source &&
		source.code !== code &&
		!(code === 'VALIDATION_ERROR' && source.code === 'BAD_REQUEST')
	)
		problems.push(`code ${JSON.stringify(source.code)}, not ${code}`);
	return { what: `${what} → ${reply.status} ${String(context.code ?? '')}`, problems, read };
}

async function provoke(kit: Kit, api: 'v1' | 'v2'): Promise<Provoked[]> {
	const provoked: Provoked[] = [];
	const missing = api === 'v1' ? '/leads' : '/tasks';
	const path = kit.probe.pathOf(missing, `${api === 'v1' ? 'ld' : 'tsk'}_hefflConformanceMissing`);
	const notFound = await kit.probe.get(api, path);
	if (notFound.status === 404)
		provoked.push({ what: `GET ${path}`, reply: notFound, code: 'NOT_FOUND' });
	const list =
		api === 'v1'
			? { path: '/leads', qs: { limit: 0 } }
			: { path: '/contacts', qs: { pageSize: 0 } };
	const invalid = await kit.probe.get(api, list.path, list.qs);
	const query = Object.entries(list.qs)
		.map(([name, value]) => `${name}=${value}`)
		.join('&');
	if (invalid.status === 400)
		provoked.push({
			what: `GET ${list.path}?${query}`,
			reply: invalid,
			code: api === 'v1' ? 'BAD_REQUEST' : 'VALIDATION_ERROR',
		});
	if (api === 'v1' && kit.write) {
		// §4.1's own example: an invalid e-mail is a 400 BAD_REQUEST.
		const body = { name: `${kit.marker} invalid e-mail`, email: 'not-an-e-mail' };
		const reply = await kit.probe.create('v1', resource('lead').path, body, 'lead');
		if (reply.status === 400)
			provoked.push({ what: 'POST /leads with an invalid e-mail', reply, code: 'BAD_REQUEST' });
	}
	return provoked;
}

function errorCheck(api: 'v1' | 'v2'): Check {
	const shape =
		api === 'v1' ? '{code, message} (§4.1)' : '{error: {code, message, details}} (§4.2)';
	return {
		id: `errors.${api}-body`,
		title: `${api} errors answer ${shape}: a 404 and a 400 asked for on purpose`,
		depends: [ERRORS],
		sandbox: 'sandbox/errors.ts',
		async run(kit) {
			const provoked = await provoke(kit, api);
			if (!provoked.length) return notChecked('neither a 404 nor a 400 could be provoked');
			const judged = provoked.map((entry) => judgeError(api, entry));
			const wrong = judged.filter((entry) => entry.problems.length);
			const seen = judged.map((entry) => entry.what).join('; ');
			if (!wrong.length) return holds(seen);
			const detail = wrong.map((entry) => `${entry.what}: ${entry.problems.join(', ')}`).join('; ');
			return judged.every((entry) => entry.read)
				? differs(
						detail,
						"Heffl's code and message are still read: v1's flat form and v2's nested one both are (errors.ts)",
					)
				: differs(detail);
		},
	};
}

/** Every reset value seen, as sent: `RateLimit-Reset`, or `t=` of the combined header. */
function resets(kit: Kit): Array<{ raw: string; at: number }> {
	return kit.probe.observed.flatMap((answer) => {
		const raw =
			answer.headers['ratelimit-reset'] ??
			/(?:^|[;,\s])(?:t|reset)=([^;,\s]+)/.exec(answer.headers.ratelimit ?? '')?.[1];
		return raw === undefined ? [] : [{ raw, at: answer.at }];
	});
}

type Unit = 'delta seconds' | 'Unix seconds' | 'Unix milliseconds' | 'an HTTP date' | 'unreadable';

function unitOf(raw: string): Unit {
	const number = Number(raw.trim());
	if (raw.trim() !== '' && Number.isFinite(number))
		return number > 1e12 ? 'Unix milliseconds' : number > 1e9 ? 'Unix seconds' : 'delta seconds';
	return Number.isNaN(Date.parse(raw)) ? 'unreadable' : 'an HTTP date';
}

const headers: Check = {
	id: 'rate-limit.headers',
	title:
		'answers carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (§5 names only RateLimit-Reset)',
	depends: [RATE_LIMIT],
	sandbox: 'sandbox/rateLimit.ts',
	async run(kit) {
		const answers = kit.probe.observed;
		if (!answers.length) return notChecked('no answers');
		const names = new Set(answers.flatMap((answer) => Object.keys(answer.headers)));
		const separate = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];
		const present = [...names].filter(
			(name) => name.startsWith('ratelimit') || name === 'retry-after',
		);
		if (separate.every((name) => names.has(name)))
			return holds(`${listing(present)} on ${plural(answers.length, 'answer')}`);
		return differs(
			present.length ? `only ${listing(present)}` : 'no rate-limit header at all',
			present.length
				? 'the combined RateLimit/RateLimit-Policy form and Retry-After are read too (rateLimit.ts)'
				: 'without headers the package paces only after a 429, by Retry-After or backoff (request.ts)',
		);
	},
};

const resetUnit: Check = {
	id: 'rate-limit.reset-unit',
	title: 'RateLimit-Reset is the seconds until the window resets (§5: unit not documented)',
	depends: [RATE_LIMIT],
	sandbox: 'sandbox/rateLimit.ts',
	async run(kit) {
		const seen = resets(kit);
		if (!seen.length) return notChecked('no answer carried a reset time');
		const units = [...new Set(seen.map((entry) => unitOf(entry.raw)))];
		const sample = seen[0].raw;
		if (units.length === 1 && units[0] === 'delta seconds')
			return holds(`${plural(seen.length, 'value')} like ${sample}: seconds from now`);
		const readable = !units.includes('unreadable');
		return differs(
			`${listing(units)} (like ${sample})`,
			readable
				? 'values above 10⁹ are read as Unix seconds, above 10¹² as Unix milliseconds, and HTTP dates as dates (rateLimit.ts)'
				: undefined,
		);
	},
};

const windowCheck: Check = {
	id: 'rate-limit.window',
	title: '60 requests per minute per key (§5), not per hour (heffl.com/api-docs, §17.8)',
	depends: [RATE_LIMIT, 'nodes/shared/transport/limits.ts', ERRORS],
	sandbox: 'sandbox/rateLimit.ts',
	async run(kit) {
		const answers = kit.probe.observed;
		const readings = answers.map((answer) => ({
			...readRateLimitHeaders(answer.headers, answer.at),
		}));
		const limits = [
			...new Set(readings.map((reading) => reading.limit).filter((limit) => limit !== undefined)),
		];
		const policy = answers
			.map((answer) => /(?:^|[;,\s])w=(\d+)/.exec(answer.headers['ratelimit-policy'] ?? '')?.[1])
			.find(Boolean);
		const longestReset = Math.max(0, ...readings.map((reading) => reading.resetInMs ?? 0));
		const windowSec = policy ? Number(policy) : Math.ceil(longestReset / 1000);
		if (!limits.length && !windowSec) return notChecked('no answer said its limit or its window');
		const limit = limits.join(', ') || 'not said';
		const how = policy ? 'RateLimit-Policy w=' : 'the longest reset seen';
		const seen = `limit ${limit}, window ${windowSec} s (${how})`;
		if (windowSec > 60)
			return differs(
				`${seen}: longer than a minute`,
				windowSec * 1000 <= transportLimits.maxWaitMs
					? 'a spent budget still resets within the 2 minutes the transport waits (limits.ts)'
					: undefined,
			);
		if (limits.some((value) => value !== 60))
			return differs(
				seen,
				'pacing follows the headers whatever the limit; only the 429 message says 60 (errors.ts)',
			);
		return holds(seen);
	},
};

const answerTime: Check = {
	id: 'transport.answer-time',
	title: "every answer arrives well within the transport's 60 s deadline",
	depends: ['nodes/shared/transport/limits.ts'],
	async run(kit) {
		const times = kit.probe.observed.map((answer) => answer.ms).sort((a, b) => a - b);
		const cut = kit.probe.deadlinesHit;
		if (!times.length && !cut) return notChecked('no answers');
		const slowest = times[times.length - 1] ?? 0;
		const median = times[Math.floor(times.length / 2)] ?? 0;
		const seen = `${plural(times.length, 'answer')}: median ${median} ms, slowest ${slowest} ms`;
		return cut || slowest * 2 > transportLimits.deadlineMs
			? differs(`${seen}${cut ? `; ${plural(cut, 'answer')} cut off at the deadline` : ''}`)
			: holds(seen);
	},
};

export const TRANSPORT_CHECKS: Check[] = [errorCheck('v1'), errorCheck('v2')];

/** Run last: they read the answers of the whole run. */
export const LATE_TRANSPORT_CHECKS: Check[] = [headers, resetUnit, windowCheck, answerTime];
