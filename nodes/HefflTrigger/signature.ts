import { createHmac, timingSafeEqual } from 'node:crypto';

/** Standard Webhooks' advice, and Heffl's: reject deliveries more than 5 minutes off. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const SECRET_PREFIX = 'whsec_';

/** Standard Webhooks: a signing key is 24 to 64 random bytes. */
export const MIN_KEY_BYTES = 24;
export const MAX_KEY_BYTES = 64;

const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export type SecretCheck = { valid: true; key: Buffer } | { valid: false; problem: string };

/**
 * The HMAC key of a Standard Webhooks secret: `whsec_` + canonical base64 of 24 to 64
 * bytes. Anything else is refused, so a blank, padding-only or garbled secret can never
 * turn into an empty or fixed key that anyone could sign with. The problem never
 * quotes the secret.
 */
export function parseSigningSecret(secret: unknown): SecretCheck {
	if (typeof secret !== 'string' || secret.trim() === '') {
		return { valid: false, problem: 'is empty' };
	}
	const text = secret.trim();
	if (!text.startsWith(SECRET_PREFIX)) {
		return { valid: false, problem: `does not start with ${SECRET_PREFIX}` };
	}
	const encoded = text.slice(SECRET_PREFIX.length);
	if (!CANONICAL_BASE64.test(encoded) || encoded === '') {
		return { valid: false, problem: `is not ${SECRET_PREFIX} followed by base64` };
	}
	const key = Buffer.from(encoded, 'base64');
	if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) {
		return {
			valid: false,
			problem: `holds a ${key.length}-byte key; Standard Webhooks keys are ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} bytes`,
		};
	}
	return { valid: true, key };
}

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
				| 'no-valid-signature'
				| 'invalid-secret';
			message: string;
	  };

function single(value: HeaderValue): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}

/** `v1,<base64>` of HMAC-SHA256 over `{id}.{timestamp}.{body}`. */
export function sign(key: Buffer, id: string, timestamp: number, rawBody: Buffer | string): string {
	const hmac = createHmac('sha256', key);
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
 * one of `secrets` (two during a rotation). Other signature versions are ignored, and so
 * are secrets that are not valid Standard Webhooks secrets: with none valid, nothing verifies.
 */
export function verifyDelivery(
	delivery: Delivery,
	secrets: readonly unknown[],
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
	const keys = secrets.flatMap((secret) => {
		const check = parseSigningSecret(secret);
		return check.valid ? [check.key] : [];
	});
	if (keys.length === 0) {
		return {
			valid: false,
			reason: 'invalid-secret',
			message: 'The signing secret is not a Standard Webhooks secret',
		};
	}
	const offered = signatures
		.split(' ')
		.filter((entry) => entry.startsWith('v1,'))
		.map((entry) => entry.slice(3));
	for (const key of keys) {
		const expected = sign(key, id, timestamp, delivery.rawBody).slice(3);
		// Every candidate is compared, so timing does not tell which one matched.
		if (offered.reduce((matched, candidate) => sameText(candidate, expected) || matched, false)) {
			return { valid: true, id, timestamp };
		}
	}
	return { valid: false, reason: 'no-valid-signature', message: 'No valid signature' };
}
