import type { IDataObject } from 'n8n-workflow';

import type { StartedSandbox } from '../sandbox';
import { mapped } from './demo-workflows';

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/**
 * Per CRUD resource of the action node, its parameters as the editor saves them: what
 * Create gets, what Update changes (`update`) and how the record then reads (`updated`),
 * where the sandbox keeps it. Leads and clients are API v1 (§10.1, §10.2), deals and
 * tasks API v2 (§11.3, §11.5). Shared by the single-process and the queue-mode tiers.
 */
export const CRUD = {
	lead: {
		kind: 'leads',
		create: () => ({
			name: 'E2E Ada',
			additionalFields: { email: 'e2e.ada@example.com', website: 'ada.example' },
		}),
		update: { jobTitle: 'Engineer' },
		updated: { title: 'Engineer', website: 'https://ada.example' },
	},
	client: {
		kind: 'clients',
		create: () => ({
			clientType: 'company',
			name: 'E2E Babbage & Co',
			additionalFields: { website: 'babbage.example' },
		}),
		update: { taxNumber: 'GB-123' },
		updated: { taxNumber: 'GB-123', website: 'https://babbage.example' },
	},
	deal: {
		kind: 'deals',
		create: (sandbox: StartedSandbox) => {
			const [sales] = sandbox.records('pipelines');
			const [, second] = sales.stages as IDataObject[];
			const [product] = sandbox.records('products');
			return {
				title: 'E2E Engine',
				client: byId(String(sandbox.records('clients')[0].id)),
				pipeline: String(sales.id),
				additionalFields: {
					stage: String(second.id),
					price: 5000,
					lineItems: { entry: [{ productId: String(product.id), quantity: 2 }] },
				},
				// The Sales pipeline requires its Lead Score (sandbox/v2/seed.ts).
				customFieldsMapping: mapped({ cf_lead_score: 70 }, [
					['cf_lead_score', 'Lead Score', 'number', true],
				]),
			};
		},
		update: { price: 7000, status: 'WON' },
		updated: { price: 7000, status: 'WON', cf_lead_score: 70 },
	},
	task: {
		kind: 'tasks',
		create: () => ({
			title: 'E2E call back',
			additionalFields: { priority: 'HIGH', taskType: 'call' },
		}),
		update: { description: 'Called back', status: 'COMPLETED' },
		updated: { description: 'Called back', status: 'COMPLETED', type: 'call' },
	},
} as const;
export type CrudResource = keyof typeof CRUD;
