/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- test tooling, not shipped */
/**
 * `npm run sandbox`: the local Heffl API on SANDBOX_HOST:SANDBOX_PORT (127.0.0.1:4010),
 * seeded. `--json` prints one machine-readable line instead of the text.
 */
import { startSandbox } from './index';

const env = process.env;
const limit = Number(env.SANDBOX_RATE_LIMIT ?? 60);
async function main() {
	const sandbox = await startSandbox({
		host: env.SANDBOX_HOST ?? '127.0.0.1',
		port: Number(env.SANDBOX_PORT ?? 4010),
		apiKey: env.SANDBOX_API_KEY || undefined,
		rateLimit:
			limit > 0 ? { limit, windowMs: Number(env.SANDBOX_RATE_WINDOW_MS ?? 60_000) } : false,
	});
	const { v1, v2 } = sandbox.urls;
	if (process.argv.includes('--json')) {
		console.log(
			JSON.stringify({
				v1,
				v2,
				apiKey: sandbox.apiKey,
				otherWorkspaceKey: sandbox.otherWorkspaceKey,
			}),
		);
	} else {
		console.log(`Heffl sandbox
  v1 base URL  ${v1}
  v2 base URL  ${v2}
  API key      ${sandbox.apiKey}
  control      ${sandbox.urls.origin}/__sandbox/requests

Try: curl -H "x-api-key: ${sandbox.apiKey}" ${v1}/tags
Ctrl-C stops it.`);
	}
	const stop = () => void sandbox.close().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

void main();
