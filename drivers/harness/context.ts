/**
 * One sandbox per test file, started on a free loopback port, and the credential
 * that points the nodes at it.
 */
import { afterAll, beforeAll } from 'vitest';

import { hefflCredentialData } from '../heffl-credential.mjs';
import type { HefflCredentials } from './n8n';
import { startSandbox } from '../../sandbox';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
type SandboxOptions = Parameters<typeof startSandbox>[0];

export interface TestContext {
	sandbox: Sandbox;
	credentials: HefflCredentials;
	/** Requests to the API (not the control routes) since the last `clear`. */
	apiRequests(): Sandbox['requests'];
}

/** The credential that points the nodes at a sandbox (the one builder, as real n8n imports it too). */
export const credentialsOf = (sandbox: Pick<Sandbox, 'apiKey' | 'urls'>): HefflCredentials =>
	hefflCredentialData(sandbox);

export function useSandbox(options: SandboxOptions = {}): TestContext {
	const context = {} as TestContext;
	beforeAll(async () => {
		context.sandbox = await startSandbox({ rateLimit: false, ...options });
		context.credentials = credentialsOf(context.sandbox);
		context.apiRequests = () =>
			context.sandbox.requests.filter((request) => request.apiVersion !== 'control');
	});
	afterAll(async () => {
		await context.sandbox?.close();
	});
	return context;
}

/** The sandbox's companies require Industry on create (its custom-field definitions, §9.1): a value, as the resource mapper gives it. */
export const COMPANY_REQUIRED_FIELDS = {
	customFieldsMapping: {
		mappingMode: 'defineBelow',
		value: { cf_industry: 'Retail' },
		matchingColumns: [],
		schema: [],
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	},
};
