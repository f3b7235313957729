import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';

import { verifyDelivery } from '../../nodes/HefflTrigger/signature';

/** Signed by the standardwebhooks library, the independent oracle: never by our own signer. */
function signedDelivery(
	secret: string,
	body: string,
	at = new Date(),
	id = `msg_${randomBytes(8).toString('hex')}`,
) {
	const signature = new Webhook(secret).sign(id, at, body);
	return {
		rawBody: Buffer.from(body),
		headers: {
			'webhook-id': id,
			'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
			'webhook-signature': signature,
		},
	};
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const body = JSON.stringify({
	event: 'lead.created',
	timestamp: new Date().toISOString(),
	payload: { id: 'ld_1', name: 'Ada' },
});

describe('verifyDelivery', () => {
	test("the reference vector of Standard Webhooks' libraries", () => {
		const verdict = verifyDelivery(
			{
				rawBody: '{"test": 2432232314}',
				headers: {
					'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
					'webhook-timestamp': '1614265330',
					'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
				},
			},
			['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
			1614265330 * 1000,
		);
		expect(verdict).toEqual({
			valid: true,
			id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
			timestamp: 1614265330,
		});
	});

	test('accepts what standardwebhooks signs, for 1 KB and 64 KB bodies', () => {
		const secret = newSecret();
		for (const size of [1024, 65536]) {
			const large = JSON.stringify({ event: 'lead.updated', payload: { notes: 'x'.repeat(size) } });
			const delivery = signedDelivery(secret, large);
			expect(verifyDelivery(delivery, [secret]).valid).toBe(true);
			// And the library agrees with our verdict.
			expect(() => new Webhook(secret).verify(large, delivery.headers)).not.toThrow();
		}
	});

	test('during rotation the header holds two signatures; either secret is enough', () => {
		const oldSecret = newSecret();
		const currentSecret = newSecret();
		const withOld = signedDelivery(oldSecret, body);
		const withNew = signedDelivery(
			currentSecret,
			body,
			new Date(Number(withOld.headers['webhook-timestamp']) * 1000),
			withOld.headers['webhook-id'],
		);
		const rotated = {
			...withOld,
			headers: {
				...withOld.headers,
				'webhook-signature': `${withOld.headers['webhook-signature']} ${withNew.headers['webhook-signature']}`,
			},
		};
		expect(verifyDelivery(rotated, [oldSecret]).valid).toBe(true);
		expect(verifyDelivery(rotated, [currentSecret]).valid).toBe(true);
		expect(verifyDelivery(rotated, [newSecret()]).valid).toBe(false);
	});

	test('other signature versions are ignored; one valid v1 entry is enough', () => {
		const secret = newSecret();
		const delivery = signedDelivery(secret, body);
		const mixed = `v1a,${randomBytes(64).toString('base64')} ${delivery.headers['webhook-signature']}`;
		expect(
			verifyDelivery(
				{ ...delivery, headers: { ...delivery.headers, 'webhook-signature': mixed } },
				[secret],
			).valid,
		).toBe(true);
		const v2Only = delivery.headers['webhook-signature'].replace(/^v1,/, 'v2,');
		expect(
			verifyDelivery(
				{ ...delivery, headers: { ...delivery.headers, 'webhook-signature': v2Only } },
				[secret],
			),
		).toMatchObject({
			valid: false,
			reason: 'no-valid-signature',
		});
	});

	describe('rejections', () => {
		const secret = newSecret();
		const good = signedDelivery(secret, body);
		const now = Number(good.headers['webhook-timestamp']) * 1000;
		const withHeaders = (headers: Record<string, string | undefined>) => ({
			...good,
			headers: { ...good.headers, ...headers },
		});

		test.each([
			[
				'a tampered body',
				{ ...good, rawBody: Buffer.from(body.replace('Ada', 'Eve')) },
				'no-valid-signature',
			],
			[
				'a re-serialised body',
				{ ...good, rawBody: JSON.stringify(JSON.parse(body), null, 1) },
				'no-valid-signature',
			],
			['another id', withHeaders({ 'webhook-id': 'msg_other' }), 'no-valid-signature'],
			['no webhook-id', withHeaders({ 'webhook-id': undefined }), 'missing-headers'],
			['no webhook-timestamp', withHeaders({ 'webhook-timestamp': undefined }), 'missing-headers'],
			['no webhook-signature', withHeaders({ 'webhook-signature': undefined }), 'missing-headers'],
			[
				'a fractional timestamp',
				withHeaders({ 'webhook-timestamp': `${good.headers['webhook-timestamp']}.5` }),
				'invalid-timestamp',
			],
			[
				'a timestamp with letters',
				withHeaders({ 'webhook-timestamp': 'yesterday' }),
				'invalid-timestamp',
			],
			[
				'truncated base64',
				withHeaders({ 'webhook-signature': good.headers['webhook-signature'].slice(0, -4) }),
				'no-valid-signature',
			],
			[
				'padded base64',
				withHeaders({ 'webhook-signature': `${good.headers['webhook-signature']}==` }),
				'no-valid-signature',
			],
			['an empty signature', withHeaders({ 'webhook-signature': 'v1,' }), 'no-valid-signature'],
		])('%s', (_name, delivery, reason) => {
			expect(verifyDelivery(delivery, [secret], now)).toMatchObject({ valid: false, reason });
		});

		test('a wrong secret', () => {
			expect(verifyDelivery(good, [newSecret()], now)).toMatchObject({
				valid: false,
				reason: 'no-valid-signature',
			});
		});

		test('older than the tolerance, or too far in the future', () => {
			expect(verifyDelivery(good, [secret], now + 301_000)).toMatchObject({
				valid: false,
				reason: 'too-old',
			});
			expect(verifyDelivery(good, [secret], now - 301_000)).toMatchObject({
				valid: false,
				reason: 'too-new',
			});
			expect(verifyDelivery(good, [secret], now + 299_000).valid).toBe(true);
			expect(verifyDelivery(good, [secret], now + 61_000, 60)).toMatchObject({
				valid: false,
				reason: 'too-old',
			});
		});

		test('the library rejects what we reject', () => {
			const tampered = body.replace('Ada', 'Eve');
			expect(() => new Webhook(secret).verify(tampered, good.headers)).toThrow();
		});
	});
});
