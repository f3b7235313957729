import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { UserError } from 'n8n-workflow';

import { httpsProblem, joinUrl, normalizeBaseUrl, originOf } from '../nodes/shared/transport/origin';
import { API_VERSIONS } from '../nodes/shared/transport/apiVersions';

/** One base URL per API version (nodes/shared/transport/apiVersions.ts). */
const BASE_URLS = Object.values(API_VERSIONS);

/** The request options n8n hands to `authenticate`: its own, or the legacy ones of the HTTP Request node. */
type AnyRequestOptions = IHttpRequestOptions & {
	uri?: string;
	followRedirect?: boolean;
	followAllRedirects?: boolean;
};

export class HefflApi implements ICredentialType {
	name = 'hefflApi';

	displayName = 'Heffl API';

	icon: Icon = { light: 'file:../icons/heffl.svg', dark: 'file:../icons/heffl.dark.svg' };

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-heffl#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'Create a key in Heffl under Settings → Developer settings → API keys. Heffl shows it only once.',
		},
		...BASE_URLS.map(
			({ baseUrlLabel, baseUrlField, defaultBaseUrl }): INodeProperties => ({
				displayName: baseUrlLabel,
				name: baseUrlField,
				type: 'string',
				default: defaultBaseUrl,
				description:
					'Change only to reach a local Heffl sandbox. Must use HTTPS, except for localhost.',
			}),
		),
	];

	/**
	 * Runs for every request n8n authenticates with this credential: the nodes', the
	 * credential test's and the HTTP Request node's. The key goes only to the origins of
	 * the base URLs, over https (plain http only to this machine), and never
	 * follows a redirect, so it cannot be carried to another host or downgraded.
	 * The key is trimmed because Heffl answers 401 to a key pasted with a space or line break.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const options = requestOptions as AnyRequestOptions;
		const target = joinUrl(options.baseURL, options.uri ?? options.url);
		const problem = httpsProblem(target);
		if (problem) {
			throw new UserError(`Heffl API credential: the API key was not sent, ${problem}`, {
				description: 'Fix the base URLs in the Heffl API credential.',
			});
		}
		const allowed = BASE_URLS.map(({ baseUrlField }) =>
			originOf(normalizeBaseUrl(credentials[baseUrlField])),
		);
		const origin = originOf(target);
		if (!allowed.includes(origin)) {
			throw new UserError(
				`Heffl API credential: the API key was not sent to ${origin}: it is sent only to the origins of the base URLs (${[...new Set(allowed.filter(Boolean))].join(', ')})`,
				{
					description:
						"Use a URL of Heffl's API, or fix the base URLs in the Heffl API credential.",
				},
			);
		}
		options.disableFollowRedirect = true;
		options.followRedirect = false;
		options.followAllRedirects = false;
		options.headers = { ...options.headers, 'x-api-key': String(credentials.apiKey ?? '').trim() };
		return options;
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.v1BaseUrl.replace(/\\/+$/, "")}}',
			url: '/leads/stages',
			qs: { limit: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'Heffl refused the API key (401): it is mistyped, revoked or incomplete. Create a new key in Heffl under Settings → Developer settings and paste it here.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'The API key works but has no access here (403): it belongs to another Heffl workspace. Use a key created in this workspace.',
				},
			},
		],
	};
}
