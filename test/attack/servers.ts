/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- test tooling, not shipped */
/**
 * Misbehaving Heffl look-alikes on loopback: each listener records every request it
 * receives (headers included), so a test can prove where the API key went.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface SeenRequest {
	method: string;
	/** Path and query, as sent. */
	url: string;
	headers: IncomingMessage['headers'];
	body: string;
}

export type Handler = (
	request: SeenRequest,
	response: ServerResponse,
	index: number,
) => void | Promise<void>;

export interface Listener {
	/** `http://127.0.0.1:<port>` (or https). */
	origin: string;
	requests: SeenRequest[];
	/** Requests that carried `apiKey` in any header, the URL or the body. */
	sawKey(apiKey: string): number;
	close(): Promise<void>;
}

export async function listen(
	handler: Handler,
	tls?: { key: Buffer; cert: Buffer },
): Promise<Listener> {
	const requests: SeenRequest[] = [];
	const sockets = new Set<Socket>();
	const onRequest = (request: IncomingMessage, response: ServerResponse) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const seen: SeenRequest = {
				method: request.method ?? '',
				url: request.url ?? '',
				headers: request.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			};
			requests.push(seen);
			void Promise.resolve(handler(seen, response, requests.length - 1)).catch(() =>
				response.destroy(),
			);
		});
	};
	const server: Server = tls ? createHttpsServer(tls, onRequest) : createServer(onRequest);
	server.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	return {
		origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
		requests,
		sawKey: (apiKey) =>
			requests.filter((request) =>
				[JSON.stringify(request.headers), request.url, request.body].some((text) =>
					text.includes(apiKey),
				),
			).length,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

export function json(response: ServerResponse, status: number, body: unknown, headers = {}) {
	response.writeHead(status, { 'content-type': 'application/json', ...headers });
	response.end(JSON.stringify(body));
}

/** Every key the scenarios used, for the campaign's scan of outputs and logs. */
export const issuedKeys: string[] = [];

/** A fresh key per scenario, so a leak of one scenario's key is attributed to it. */
export function attackKey(): string {
	const key = `hk_attack_${randomBytes(12).toString('hex')}`;
	issuedKeys.push(key);
	return key;
}

export function credentialsFor(origin: string, apiKey = attackKey()) {
	return { apiKey, v1BaseUrl: `${origin}/api/v1`, v2BaseUrl: `${origin}/api/v2` };
}

/**
 * A self-signed certificate for 127.0.0.1, made with the openssl CLI for this run
 * only. The client side trusts it through NODE_TLS_REJECT_UNAUTHORIZED=0, set by the
 * scenario that needs https, in this test process only.
 */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
	const folder = mkdtempSync(join(tmpdir(), 'heffl-attack-tls-'));
	try {
		execFileSync(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'rsa:2048',
				'-nodes',
				'-days',
				'1',
				'-subj',
				'/CN=127.0.0.1',
				'-addext',
				'subjectAltName=IP:127.0.0.1',
				'-keyout',
				join(folder, 'key.pem'),
				'-out',
				join(folder, 'cert.pem'),
			],
			{ stdio: 'ignore' },
		);
		return {
			key: readFileSync(join(folder, 'key.pem')),
			cert: readFileSync(join(folder, 'cert.pem')),
		};
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}
