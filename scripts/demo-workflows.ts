/**
 * The demo's sample workflows (`npm start` imports them into n8n). Saved with the
 * Heffl node's version 1, as users' workflows were: a test runs them through
 * n8n-core against the sandbox to prove version 1 keeps working.
 */
// @ts-expect-error -- plain ESM script shared with the end-to-end tests
import { linearWorkflow } from './real-n8n.mjs';

export const credentials = { hefflApi: { id: 'hefflSandbox', name: 'Heffl sandbox' } };

export function sampleWorkflows(followUpTagId: number, v1BaseUrl: string) {
	const newLead = linearWorkflow(
		'demoNewLead',
		'Heffl demo: new lead → tag it, create a follow-up task',
		[
			{
				name: 'New Lead',
				type: 'n8n-nodes-heffl.hefflTrigger',
				parameters: { events: ['lead.created'] },
				credentials,
			},
			{
				name: 'Tag Lead',
				type: 'n8n-nodes-heffl.heffl',
				parameters: {
					resource: 'lead',
					operation: 'update',
					leadId: { __rl: true, mode: 'id', value: '={{ $json.record.id }}' },
					updateFields: { tags: [followUpTagId] },
				},
				credentials,
			},
			{
				name: 'Follow-up Task',
				type: 'n8n-nodes-heffl.heffl',
				parameters: {
					resource: 'task',
					operation: 'create',
					title: "=Follow up with {{ $('New Lead').item.json.record.name }}",
					additionalFields: {
						leadId: "={{ $('New Lead').item.json.record.id }}",
						priority: 'high',
						dueDate: '={{ $now.plus(1, "day").toISODate() }}',
					},
				},
				credentials,
			},
		],
	);
	const contacts = linearWorkflow('demoContacts', 'Heffl demo: list all contacts (v2)', [
		{ name: 'Run', type: 'n8n-nodes-base.manualTrigger' },
		{
			name: 'All Contacts',
			type: 'n8n-nodes-heffl.heffl',
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
			credentials,
		},
	]);
	const httpRequest = linearWorkflow(
		'demoHttpRequest',
		'Heffl demo: HTTP Request node with the Heffl credential',
		[
			{ name: 'Run', type: 'n8n-nodes-base.manualTrigger' },
			{
				name: 'Lead Tags',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				parameters: {
					url: `${v1BaseUrl}/tags`,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'hefflApi',
					sendQuery: true,
					queryParameters: { parameters: [{ name: 'type', value: 'leads' }] },
					options: {},
				},
				credentials,
			},
		],
	);
	return [newLead, contacts, httpRequest];
}
