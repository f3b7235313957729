/**
 * Finding 6: a 200 with an HTML page (a base URL pointing at a website, a captive
 * portal) fails with an error pointing at the base URL, not a JSON parse error.
 */
import type { INodeParameters } from 'n8n-workflow';

import { runHeffl } from '../../../drivers/harness/n8n';
import { credentialsFor } from '../servers';
import type { Scenario } from './tools';
import { createLead, expectFailure, getLead, leads, withServers } from './tools';

export const htmlAnswers: Scenario[] = (
	[
		['Get Many', leads(), /HTTP 200 with an HTML page/],
		['Create', createLead, /HTML page .*: the lead may or may not have been created/],
		['Get', getLead, /HTTP 200 with an HTML page/],
	] as Array<[string, INodeParameters, RegExp]>
).map(
	([what, parameters, message]): Scenario => ({
		item: 6,
		name: `${what} answered 200 with an HTML page: a clear error pointing at the base URL`,
		capMs: 3000,
		run: async () =>
			await withServers(
				(_request, response) => {
					response.writeHead(200, { 'content-type': 'text/html' });
					response.end('<!doctype html><html><body>Welcome to Heffl</body></html>');
				},
				async (base, apiKey) => {
					const result = await runHeffl(parameters, credentialsFor(base.origin, apiKey));
					expectFailure(result, message, /Check the v1 Base URL in the Heffl API credential/);
				},
			),
	}),
);
