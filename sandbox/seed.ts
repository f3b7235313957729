/**
 * Deterministic, realistic sample data: the same seed gives the same workspace.
 * Reference data (users, stages, sources, pipelines, tags, templates: seedReference.ts)
 * always exists; products, CRM records and contacts (seedRecords.ts) follow the requested
 * counts. Every part draws from the workspace's one PRNG in the order below: reordering the
 * parts, or the draws inside one, changes every seeded workspace.
 */
import { newId, prng } from './random';
import {
	seedClients,
	seedContacts,
	seedDeals,
	seedLeads,
	seedProducts,
	seedTasks,
} from './seedRecords';
import { seedReferenceData } from './seedReference';
import type { Seeding } from './seedSamples';
import type { Store } from './store';
import type { SeedCounts, WorkspaceId } from './types';

export const DEFAULT_COUNTS: Required<SeedCounts> = {
	leads: 40,
	clients: 25,
	deals: 20,
	tasks: 30,
	contacts: 60,
	products: 12,
	quotations: 8,
};

/** Workspace B is small; `false` seeds no records (reference data still exists). */
function wantedCounts(workspace: WorkspaceId, counts: SeedCounts | false) {
	const small = workspace === 'B';
	return counts === false
		? { leads: 0, clients: 0, deals: 0, tasks: 0, contacts: 0, products: 0 }
		: {
				...DEFAULT_COUNTS,
				...(small ? { leads: 3, clients: 2, deals: 2, tasks: 2, contacts: 3 } : {}),
				...(small ? {} : counts),
			};
}

export function seedWorkspace(
	store: Store,
	workspace: WorkspaceId,
	counts: SeedCounts | false,
): void {
	const rand = prng(workspace === 'A' ? 1 : 2);
	const seeding: Seeding = {
		workspace,
		rand,
		id: (prefix) => newId(prefix, rand),
		insert: (kind, record) => store.insert(workspace, kind, record),
	};
	const wanted = wantedCounts(workspace, counts);
	const reference = seedReferenceData(seeding);
	seedProducts(seeding, wanted.products);
	const leads = seedLeads(seeding, wanted.leads, reference);
	const clients = seedClients(seeding, wanted.clients);
	seedDeals(seeding, wanted.deals, reference.pipelines, clients, leads);
	seedTasks(seeding, wanted.tasks, reference.users, leads);
	seedContacts(seeding, wanted.contacts, clients);
}
