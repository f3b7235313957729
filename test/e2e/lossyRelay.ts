/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * A loopback relay to n8n that can lose n8n's answers, as a broken connection would
 * (test/e2e/trigger.test.ts: Heffl's own retry after a lost answer).
 */
import type { Server } from 'node:http';
import { createServer } from 'node:http';

export type LossyRelay = Awaited<ReturnType<typeof lossyRelay>>;

/** Relays every POST to `target()`; `loseNext(n)` drops the next n answers after n8n gave them. */
export async function lossyRelay(target: () => string) {
	let lose = 0;
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			void (async () => {
				const headers = Object.fromEntries(
					Object.entries(request.headers).filter(
						([name]) => !['host', 'content-length', 'connection'].includes(name),
					),
				) as Record<string, string>;
				const answer = await fetch(target(), {
					method: 'POST',
					headers,
					body: Buffer.concat(chunks),
				});
				const text = await answer.text();
				if (lose > 0) {
					lose--;
					request.socket.destroy();
					return;
				}
				response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
			})();
		});
	});
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const { port } = server.address() as { port: number };
	return {
		url: `http://127.0.0.1:${port}/hook`,
		loseNext: (count: number) => (lose = count),
		close: () => new Promise<void>((done) => server.close(() => done())),
	};
}
