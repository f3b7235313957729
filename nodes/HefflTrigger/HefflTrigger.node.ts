/**
 * The Heffl Trigger: its editor description, wired to its subscription lifecycle
 * (subscription.ts) and its handling of each delivery (receive.ts).
 */
import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { EVENT_DISPLAY_NAMES, EVENT_OPTIONS } from '../shared/table/events';
import { CREDENTIAL_NAME } from '../shared/transport';
import { customFieldsAsOption } from '../shared/editor/customFieldsAs';
import { RECORD_ONLY_OPTION } from '../shared/triggerOutput';
import { conditionOptions, filterOptions } from '../shared/records/filterOptions';
import { filterCollections } from './filterSettings';
import { receiveDelivery } from './receive';
import { ALL_EVENTS, MAX_TOLERANCE_SECONDS } from './settings';
import { DEFAULT_TOLERANCE_SECONDS, parseSigningSecret } from './signature';
import { subscriptionMethods } from './subscription';
import { DESCRIBED_VERSION, LATEST_VERSION } from './versions';

/** What the subtitle shows: the events' names, or All. Evaluated by the editor. */
const SUBTITLE = `={{ (() => { const names = ${JSON.stringify(EVENT_DISPLAY_NAMES)}; const events = [].concat($parameter["events"] || []); return events.includes("${ALL_EVENTS}") ? "All" : events.map((event) => names[event] || event).join(", "); })() }}`;

export class HefflTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Heffl Trigger',
		name: 'hefflTrigger',
		icon: { light: 'file:../../icons/heffl.svg', dark: 'file:../../icons/heffl.dark.svg' },
		group: ['trigger'],
		// What each version means: versions.ts.
		version: DESCRIBED_VERSION,
		defaultVersion: LATEST_VERSION,
		subtitle: SUBTITLE,
		description:
			'Starts the workflow when Heffl sends a signed webhook event. Heffl must reach n8n over HTTPS; otherwise use the Heffl Polling Trigger',
		defaults: { name: 'Heffl Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: CREDENTIAL_NAME,
				required: true,
				displayOptions: { show: { subscription: ['automatic'] } },
			},
			{
				// Written out: n8n's lint finds the credential's test by this literal name.
				name: 'hefflWebhookSigningSecretApi',
				required: true,
				testedBy: 'hefflWebhookSigningSecret',
				displayOptions: { show: { subscription: ['existing'] } },
			},
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: 'noData',
				path: 'webhook',
			},
		],
		properties: [
			{
				displayName: 'Subscription',
				name: 'subscription',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Register Automatically',
						value: 'automatic',
						description:
							'Create the webhook subscription in Heffl when the workflow is activated and delete it when it is deactivated',
					},
					{
						name: 'Use Existing Subscription',
						value: 'existing',
						description:
							"Use a subscription made by hand in Heffl's developer settings; its signing secret goes into a credential",
					},
				],
				default: 'automatic',
				description:
					'How Heffl learns where to send the events: a subscription this trigger registers itself, or one made by hand in Heffl',
			},
			{
				displayName:
					"Heffl must reach this workflow's Production URL over HTTPS. If n8n runs on localhost or behind a proxy, set the N8N_WEBHOOK_URL environment variable (WEBHOOK_URL before n8n 2) to its public https:// address before activating.",
				name: 'webhookUrlNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Trigger On',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: [{ name: 'All Events', value: ALL_EVENTS }, ...EVENT_OPTIONS],
				default: [],
			},
			// Deal Filters, Lead Filters...: shown for the chosen events' records.
			...filterCollections(),
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					customFieldsAsOption(
						"How the delivered record's custom fields are named (deals, contacts, quotations). Labels reads their definitions from Heffl at most once every five minutes.",
					),
					RECORD_ONLY_OPTION,
					{
						displayName: 'Timestamp Tolerance (Seconds)',
						name: 'toleranceSeconds',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: MAX_TOLERANCE_SECONDS },
						default: DEFAULT_TOLERANCE_SECONDS,
						description:
							'Deliveries signed longer ago (or further ahead) than this are rejected as replays',
					},
				],
			},
		],
	};

	methods = {
		loadOptions: { ...filterOptions, ...conditionOptions },
		credentialTest: {
			/** Checks the secret's form: Heffl offers no call that could confirm it. */
			async hefflWebhookSigningSecret(
				this: ICredentialTestFunctions,
				credential: ICredentialsDecrypted,
			): Promise<INodeCredentialTestResult> {
				const check = parseSigningSecret(credential.data?.signingSecret);
				return check.valid
					? { status: 'OK', message: 'The signing secret is a valid Standard Webhooks secret' }
					: {
							status: 'Error',
							message: `The Signing Secret ${check.problem}. Paste the secret Heffl showed for the subscription (whsec_ followed by base64).`,
						};
			},
		},
	};

	webhookMethods = { default: subscriptionMethods };

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}
}
