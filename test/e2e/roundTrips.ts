import type { IDataObject } from 'n8n-workflow';

import type { StartedSandbox } from '../sandbox';

/**
 * Per CRUD resource of the action node (typeVersion 1, the saved-workflow shape): what
 * Create gets, what Update changes, where the sandbox keeps it. Shared by the
 * single-process and the queue-mode end-to-end tiers.
 */
export const CRUD = {
	lead: {
		kind: 'leads',
		create: () => ({ name: 'E2E Ada', email: 'e2e.ada@example.com' }),
		update: { title: 'Engineer' },
	},
	client: {
		kind: 'clients',
		create: () => ({
			name: 'E2E Babbage & Co',
			additionalFields: { email: 'office@babbage.example' },
		}),
		update: { city: 'Cambridge' },
	},
	deal: {
		kind: 'deals',
		create: (sandbox: StartedSandbox) => ({
			title: 'E2E Engine',
			dealPipelineId: String(sandbox.records('pipelines')[0].id),
			// Heffl's reference requires a stage and a client on deals (§10.3).
			additionalFields: {
				value: 5000,
				productIds: [String(sandbox.records('products')[0].id)],
				stageId: String((sandbox.records('pipelines')[0].stages as IDataObject[])[0].id),
				clientId: String(sandbox.records('clients')[0].id),
			},
		}),
		update: { value: 7000 },
	},
	task: {
		kind: 'tasks',
		create: () => ({ title: 'E2E call back', additionalFields: { priority: 'high' } }),
		update: { description: 'Called back' },
	},
} as const;
export type CrudResource = keyof typeof CRUD;
