import { EVENT_OPTIONS } from '../events';
import { text } from '../builders';
import type { ResourceSpec } from '../schema';

export const webhookSubscription: ResourceSpec = {
	// §12.1 (list, get and delete are not documented; the contract names them)
	value: 'webhookSubscription',
	displayName: 'Webhook Subscription',
	label: 'webhook subscription',
	api: 'v1',
	path: '/webhooks',
	reference: '§12.1',
	agentWarning: 'Create returns a signing secret, Delete silently stops a trigger',
	operations: ['create', 'delete', 'get', 'getAll'],
	title: (subscription) =>
		`${String(subscription.name ?? subscription.id)} → ${String(subscription.url)}`,
	fields: [
		text(
			'subscriptionName',
			'Name',
			'Shown in Heffl’s developer settings. Empty: "n8n: " and the events.',
			{
				key: 'name',
				main: true,
				placeholder: 'e.g. n8n: New Leads',
			},
		),
		text('url', 'URL', 'Where Heffl sends the events (HTTPS in production)', {
			main: true,
			required: true,
			placeholder: 'e.g. https://example.com/webhooks/heffl',
		}),
		{
			displayName: 'Events',
			name: 'events',
			type: 'multiOptions',
			options: EVENT_OPTIONS,
			main: true,
			required: true,
			default: [],
			description: 'The events Heffl sends to the URL',
		},
	],
	// Create's default name and secret notice: nodes/Heffl/operations/webhookSubscription.create.operation.ts.
};
