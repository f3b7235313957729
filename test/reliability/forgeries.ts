/**
 * The deliveries of the campaign's forgery check (campaign.test.ts): for the n-th delivery,
 * a valid one signed with the trigger's secret, or one of nine forgeries (a tampered body, a
 * wrong secret, another signature version, truncated or padded base64, a missing header, a
 * stale, future or non-integer timestamp).
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A delivery to send: its headers and body, and whether the trigger must run it. */
export type Case = { kind: string; valid: boolean; headers: Record<string, string>; body: string };

const body = (n: number) =>
	JSON.stringify({
		event: 'lead.updated',
		timestamp: new Date().toISOString(),
		payload: { id: `ld_${n}`, name: `Lead ${n}` },
	});
const now = () => Math.floor(Date.now() / 1000);
const sign = (key: string, id: string, at: number, text: string) =>
	new Webhook(key).sign(id, new Date(at * 1000), text);
function signed(key: string, id: string, at: number, text: string) {
	return {
		body: text,
		headers: {
			'webhook-id': id,
			'webhook-timestamp': String(at),
			'webhook-signature': sign(key, id, at, text),
		},
	};
}

/** The makers of the valid delivery and of each forgery, for a trigger signing with `secret`. */
export function forgeries(secret: string): Array<(n: number) => Case> {

	return [
		(n) => ({ kind: 'valid', valid: true, ...signed(secret, `msg_v${n}`, now(), body(n)) }),
		(n) => ({
			kind: 'tampered body',
			valid: false,
			...signed(secret, `msg_t${n}`, now(), body(n)),
			body: body(n + 1),
		}),
		(n) => ({
			kind: 'wrong secret',
			valid: false,
			...signed(`whsec_${randomBytes(32).toString('base64')}`, `msg_w${n}`, now(), body(n)),
		}),
		(n) => {
			const good = signed(secret, `msg_o${n}`, now(), body(n));
			return {
				kind: 'other version',
				valid: false,
				...good,
				headers: {
					...good.headers,
					'webhook-signature': good.headers['webhook-signature'].replace('v1,', 'v2,'),
				},
			};
		},
		(n) => {
			const good = signed(secret, `msg_r${n}`, now(), body(n));
			return {
				kind: 'truncated base64',
				valid: false,
				...good,
				headers: {
					...good.headers,
					'webhook-signature': good.headers['webhook-signature'].slice(0, -3),
				},
			};
		},
		(n) => {
			const good = signed(secret, `msg_p${n}`, now(), body(n));
			return {
				kind: 'padded base64',
				valid: false,
				...good,
				headers: {
					...good.headers,
					'webhook-signature': `${good.headers['webhook-signature']}AA==`,
				},
			};
		},
		(n) => {
			const good = signed(secret, `msg_m${n}`, now(), body(n));
			const headers = { ...good.headers };
			delete (headers as Record<string, string>)[
				['webhook-id', 'webhook-timestamp', 'webhook-signature'][n % 3]
			];
			return { kind: 'missing header', valid: false, ...good, headers };
		},
		(n) => ({
			kind: 'stale timestamp',
			valid: false,
			...signed(secret, `msg_s${n}`, now() - 301 - (n % 1000), body(n)),
		}),
		(n) => ({
			kind: 'future timestamp',
			valid: false,
			...signed(secret, `msg_f${n}`, now() + 301 + (n % 1000), body(n)),
		}),
		(n) => {
			const good = signed(secret, `msg_n${n}`, now(), body(n));
			return {
				kind: 'non-integer timestamp',
				valid: false,
				...good,
				headers: { ...good.headers, 'webhook-timestamp': `${now()}.5` },
			};
		},
	];
}
