import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class HefflApi implements ICredentialType {
	name = 'hefflApi';

	displayName = 'Heffl API';

	icon: Icon = { light: 'file:../icons/heffl.svg', dark: 'file:../icons/heffl.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-heffl/n8n-nodes-heffl#credentials';

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
		{
			displayName: 'v1 Base URL',
			name: 'v1BaseUrl',
			type: 'string',
			default: 'https://api.heffl.com/api/v1',
			description:
				'Change only to reach a local Heffl sandbox. Must use HTTPS, except for localhost.',
		},
		{
			displayName: 'v2 Base URL',
			name: 'v2BaseUrl',
			type: 'string',
			default: 'https://api.heffl.com/api/v2',
			description:
				'Change only to reach a local Heffl sandbox. Must use HTTPS, except for localhost.',
		},
	];

	// Generic, so the HTTP Request node can reuse this credential. The key is
	// trimmed because Heffl answers 401 to a key pasted with spaces or a line break.
	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'x-api-key': '={{$credentials.apiKey.trim()}}',
			},
		},
	};

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
