import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The signing secret of a webhook subscription made by hand in Heffl, kept encrypted
 * by n8n like any credential instead of in the workflow (where every export and
 * execution would carry it). Checked by the Heffl Trigger's credential test.
 */
export class HefflWebhookSigningSecretApi implements ICredentialType {
	name = 'hefflWebhookSigningSecretApi';

	displayName = 'Heffl Webhook Signing Secret API';

	icon: Icon = { light: 'file:../icons/heffl.svg', dark: 'file:../icons/heffl.dark.svg' };

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-heffl#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Signing Secret',
			name: 'signingSecret',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			placeholder: 'e.g. whsec_...',
			description:
				'The secret Heffl showed once when the subscription was created in its developer settings: whsec_ followed by base64',
		},
	];
}
