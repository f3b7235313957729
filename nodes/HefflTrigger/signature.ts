import { createHmac, timingSafeEqual } from 'node:crypto';

/** Standard Webhooks' advice, and Heffl's: reject deliveries more than 5 minutes off. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const SECRET_PREFIX = 'whsec_';

export type HeaderValue = string | string[] | undefined;

export interface Delivery {
	/** The body exactly as received: never a re-serialised parse. */
	rawBody: Buffer | string;
	headers: Record<string, HeaderValue>;
}

export type Verdict =
	| { valid: true; id: string; timestamp: number }
	| {
			valid: false;
			reason:
				| 'missing-headers'
				| 'invalid-timestamp'
				| 'too-old'
				| 'too-new'
				| 'no-valid-signature';
			message: string;
	  };

function single(value: HeaderValue): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}

/** The HMAC key of a `whsec_` secret: the base64 after the prefix, decoded. */
export function signingKey(secret: string): Buffer {
	const encoded = secret.trim().startsWith(SECRET_PREFIX)
		? secret.trim().slice(SECRET_PREFIX.length)
		: secret.trim();
	return Buffer.from(encoded, 'base64');
}

/** `v1,<base64>` of HMAC-SHA256 over `{id}.{timestamp}.{body}`. */
export function sign(
	secret: string,
	id: string,
	timestamp: number,
	rawBody: Buffer | string,
): string {
	const hmac = createHmac('sha256', signingKey(secret));
	hmac.update(`${id}.${timestamp}.`);
	hmac.update(rawBody);
	return `v1,${hmac.digest('base64')}`;
}

function sameText(a: string, b: string): boolean {
	const left = Buffer.from(a);
	const right = Buffer.from(b);
	return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Verifies a Standard Webhooks delivery: headers present, timestamp an integer within
 * `toleranceSeconds` of `now`, and at least one `v1` signature of the header made with
 * one of `secrets` (two during a rotation). Other signature versions are ignored.
 */
export function verifyDelivery(
	delivery: Delivery,
	secrets: string[],
	now: number = Date.now(),
	toleranceSeconds: number = DEFAULT_TOLERANCE_SECONDS,
): Verdict {
	const id = single(delivery.headers['webhook-id']);
	const timestampText = single(delivery.headers['webhook-timestamp']);
	const signatures = single(delivery.headers['webhook-signature']);
	if (!id || !timestampText || !signatures) {
		return {
			valid: false,
			reason: 'missing-headers',
			message: 'The webhook-id, webhook-timestamp and webhook-signature headers are required',
		};
	}
	if (!/^\d{1,15}$/.test(timestampText.trim())) {
		return {
			valid: false,
			reason: 'invalid-timestamp',
			message: 'webhook-timestamp is not an integer',
		};
	}
	const timestamp = Number(timestampText.trim());
	const nowSeconds = Math.floor(now / 1000);
	if (timestamp < nowSeconds - toleranceSeconds) {
		return { valid: false, reason: 'too-old', message: 'webhook-timestamp is too old' };
	}
	if (timestamp > nowSeconds + toleranceSeconds) {
		return {
			valid: false,
			reason: 'too-new',
			message: 'webhook-timestamp is too far in the future',
		};
	}
	const offered = signatures
		.split(' ')
		.filter((entry) => entry.startsWith('v1,'))
		.map((entry) => entry.slice(3));
	for (const secret of secrets.filter(Boolean)) {
		const expected = sign(secret, id, timestamp, delivery.rawBody).slice(3);
		// Every candidate is compared, so timing does not tell which one matched.
		if (offered.reduce((matched, candidate) => sameText(candidate, expected) || matched, false)) {
			return { valid: true, id, timestamp };
		}
	}
	return { valid: false, reason: 'no-valid-signature', message: 'No valid signature' };
}
