import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { httpsProblem, normalizeBaseUrl } from './origin';
import { API_VERSIONS } from './apiVersions';
import { budgetId } from './rateLimit';
import type { HefflContext } from './types';

/** The credential every Heffl request is signed with. */
export const CREDENTIAL_NAME = 'hefflApi';

export interface HefflCredentials {
	apiKey: string;
	v1BaseUrl: string;
	v2BaseUrl: string;
}

/** Trims the pasted parts of a credential and refuses base URLs Heffl would not serve. */
export function readCredentials(node: INode, raw: IDataObject): HefflCredentials {
	const apiKey = String(raw.apiKey ?? '').trim();
	if (!apiKey) {
		throw new NodeOperationError(node, 'The Heffl API credential has no API key', {
			description:
				'Open the credential and paste the key from Heffl → Settings → Developer settings.',
		});
	}
	if (/\s/.test(apiKey)) {
		throw new NodeOperationError(
			node,
			'Heffl API credential, API Key: contains spaces or line breaks',
			{
				description:
					'A Heffl key is one word. Paste it again from Heffl → Settings → Developer settings.',
			},
		);
	}
	const result = { apiKey } as HefflCredentials;
	for (const { baseUrlField, baseUrlLabel, defaultBaseUrl } of Object.values(API_VERSIONS)) {
		const value = normalizeBaseUrl(raw[baseUrlField]);
		const problem = httpsProblem(value);
		if (problem) {
			throw new NodeOperationError(node, `Heffl API credential, ${baseUrlLabel}: ${problem}`, {
				description: `Fix the ${baseUrlLabel} in the credential. The default is ${defaultBaseUrl}.`,
			});
		}
		result[baseUrlField] = value;
	}
	return result;
}

/**
 * The key and the base URL it is used with, hashed (never the key itself): what memory kept
 * across executions (a trigger's custom-field definitions) is keyed by, so an edited
 * credential is a different key.
 */
export async function keyIdentity(this: HefflContext): Promise<string> {
	const raw = await this.getCredentials<IDataObject>(CREDENTIAL_NAME);
	const { apiKey, v2BaseUrl } = readCredentials(this.getNode(), raw);
	return budgetId(apiKey, v2BaseUrl);
}
