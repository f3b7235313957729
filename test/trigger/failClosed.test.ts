/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * The trigger fails closed and runs each delivery once: strict Standard Webhooks
 * secrets (parameter, credential, and what Heffl returns), concurrent duplicates in one
 * process, refusals in n8n's log. Deliveries go over loopback HTTP through n8n-core's
 * WebhookContext, signed by the standardwebhooks library. Timestamp Tolerance, Trigger On
 * and what the editor shows: triggerSettings.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IDataObject } from 'n8n-workflow';
import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';

import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';
import { parseSigningSecret, verifyDelivery } from '../../nodes/HefflTrigger/signature';
import { useSandbox } from '../../drivers/harness/context';
import { deliverLeadEvent as deliver, newSecret, useTriggers } from './openTriggers';

const ctx = useSandbox();
const { listening, existing } = useTriggers(ctx);

/** A secret that some decoders turn into an empty or all-zero key: what a forger would sign with. */
const zeroKeySecret = `whsec_${Buffer.alloc(24).toString('base64')}`;

const garbledSecrets: Array<[string, unknown]> = [
	['blank', '   '],
	['empty', ''],
	['the bare prefix', 'whsec_'],
	['padding only', 'whsec_===='],
	['not base64', 'whsec_this is not base64!'],
	['URL-safe alphabet', `whsec_${randomBytes(32).toString('base64url')}-_`],
	['non-canonical padding', `whsec_${randomBytes(32).toString('base64').replace('=', '')}`],
	['a 16-byte key', newSecret(16)],
	['a 65-byte key', newSecret(65)],
	['no whsec_ prefix', randomBytes(32).toString('base64')],
	['a number', 12345],
	['null', null],
	['undefined', undefined],
];

describe('signing secrets: whsec_ + canonical base64 of 24 to 64 bytes, nothing else', () => {
	test.each(garbledSecrets)('%s is refused', (_label, secret) => {
		const check = parseSigningSecret(secret);
		expect(check.valid).toBe(false);
		if (!check.valid && typeof secret === 'string' && secret.length > 8)
			expect(check.problem).not.toContain(secret.slice(6));
	});

	test.each([
		['the Standard Webhooks test vector (24 bytes)', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
		['32 bytes, as the sandbox makes them', newSecret(32)],
		['64 bytes', newSecret(64)],
		['with a trailing line break from pasting', `${newSecret(32)}\n`],
	])('%s is accepted', (_label, secret) => {
		expect(parseSigningSecret(secret).valid).toBe(true);
	});

	test('verifyDelivery with only invalid secrets verifies nothing, not even an all-zero-key signature', () => {
		const body = '{"event":"lead.created"}';
		const at = new Date();
		const headers = {
			'webhook-id': 'msg_1',
			'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
			'webhook-signature': new Webhook(zeroKeySecret).sign('msg_1', at, body),
		};
		for (const secret of ['   ', 'whsec_', 'whsec_====']) {
			expect(verifyDelivery({ rawBody: body, headers }, [secret])).toMatchObject({
				valid: false,
				reason: 'invalid-secret',
			});
		}
	});

	test.each(garbledSecrets.filter(([, secret]) => secret !== undefined))(
		'the credential holding %s: activation fails naming the credential field; a delivery gets 401, runs nothing, and is logged',
		async (_label, secret) => {
			const harness = await existing({});
			harness.signingSecretCredential = secret;
			await expect(harness.activate()).rejects.toMatchObject({
				message: expect.stringContaining(
					'The Signing Secret of the Heffl Webhook Signing Secret credential',
				),
			});
			const answer = await deliver(harness, zeroKeySecret);
			expect(answer.status).toBe(401);
			expect(harness.executions).toHaveLength(0);
			expect(harness.logs).toEqual([
				expect.stringMatching(
					/^warn: Heffl Trigger .* refused a delivery .*answered 401.*credential/,
				),
			]);
		},
	);

	test('a valid credential: activation passes, deliveries verify, the credential test says OK', async () => {
		const secret = newSecret();
		const harness = await existing({});
		harness.signingSecretCredential = secret;
		await harness.activate();
		expect((await deliver(harness, secret)).status).toBe(200);
		expect(harness.executions).toHaveLength(1);

		const test = new HefflTrigger().methods.credentialTest.hefflWebhookSigningSecret;
		const call = (signingSecret: unknown) =>
			test.call(
				{} as never,
				{
					id: '1',
					name: 'x',
					type: 'hefflWebhookSigningSecretApi',
					data: { signingSecret },
				} as never,
			);
		expect(await call(secret)).toMatchObject({ status: 'OK' });
		expect(await call('whsec_')).toEqual({
			status: 'Error',
			message: expect.stringContaining('The Signing Secret is not whsec_ followed by base64'),
		});
	});

	test('a secret Heffl returns that is not valid: activation fails and the new subscription is deleted again', async () => {
		// In front of the sandbox (which makes valid secrets): a Heffl whose create answer carries a garbled one.
		const proxy = createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', () => {
				void (async () => {
					const answer = await fetch(
						`${ctx.sandbox.urls.v1}${String(request.url).replace(/^\/api\/v1/, '')}`,
						{
							method: request.method,
							headers: {
								'x-api-key': String(request.headers['x-api-key']),
								'content-type': 'application/json',
							},
							body:
								request.method === 'GET' || request.method === 'DELETE'
									? undefined
									: Buffer.concat(chunks),
						},
					);
					let text = await answer.text();
					if (request.method === 'POST' && request.url?.endsWith('/webhooks'))
						text = JSON.stringify({ ...(JSON.parse(text) as IDataObject), secret: 'whsec_====' });
					response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
				})();
			});
		});
		await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
		const { port } = proxy.address() as { port: number };
		const harness = await listening(
			{ subscription: 'automatic', events: ['lead.created'] },
			{ ...ctx.credentials, v1BaseUrl: `http://127.0.0.1:${port}/api/v1` },
		);
		try {
			await expect(harness.activate()).rejects.toMatchObject({
				message: expect.stringContaining('Heffl returned a signing secret that is not whsec_'),
			});
		} finally {
			await new Promise<void>((done) => proxy.close(() => done()));
		}
		expect(
			ctx.sandbox.records('webhooks').filter((s) => s.url === harness.webhookUrl),
		).toHaveLength(0);
	});
});

describe('each delivery runs once in one process', () => {
	test('10 identical deliveries at once and 3 in a row: 1 execution, every answer 200', async () => {
		const secret = newSecret();
		const harness = await existing({});
		harness.signingSecretCredential = secret;
		const burst = await Promise.all(
			Array.from({ length: 10 }, () => deliver(harness, secret, 'msg_burst')),
		);
		const sequential = [];
		for (let i = 0; i < 3; i++) sequential.push((await deliver(harness, secret, 'msg_row')).status);
		expect(burst.map((answer) => answer.status)).toEqual(Array(10).fill(200));
		expect(sequential).toEqual([200, 200, 200]);
		expect(harness.executions).toHaveLength(2);
	});

	test('the memory is per process, not per static data: a repeat after static data was lost still runs nothing', async () => {
		const secret = newSecret();
		const harness = await existing({});
		harness.signingSecretCredential = secret;
		await deliver(harness, secret, 'msg_kept');
		harness.loseStaticData();
		expect((await deliver(harness, secret, 'msg_kept')).body).toContain('"duplicate":true');
		expect(harness.executions).toHaveLength(1);
	});
});

describe('refusals in the log', () => {
	test('a forgery is logged once a minute per trigger and kind, without the secret; the advice fits the mode', async () => {
		const secret = newSecret();
		const harness = await existing({});
		harness.signingSecretCredential = secret;
		for (let i = 0; i < 5; i++) expect((await deliver(harness, newSecret())).status).toBe(401);
		expect(harness.logs).toHaveLength(1);
		expect(harness.logs[0]).toMatch(
			/No valid signature.*rotated.*paste|No valid signature.*Paste/i,
		);
		expect(harness.logs[0]).not.toContain(secret.slice(6));

		const automatic = await listening({ subscription: 'automatic', events: ['lead.created'] });
		await automatic.activate();
		await deliver(automatic, newSecret());
		expect(automatic.logs).toEqual([
			expect.stringContaining('Deactivate and activate the workflow again'),
		]);
		await automatic.deactivate();
	});
});

