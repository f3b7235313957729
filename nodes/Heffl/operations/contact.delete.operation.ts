/** Contact → Delete: Heffl's 400 for a contact still linked to sales records, explained. */
import type { NodeApiError } from 'n8n-workflow';

import type { OwnOperation } from '../contract/ownOperation';

const LINKED_RECORDS =
	'Heffl refuses to delete a contact that has linked deals, invoices or quotations (delete or reassign them first).';

export const contactDelete: OwnOperation = {
	resource: 'contact',
	operation: 'delete',
	async execute({ generic }) {
		return await generic().catch((error: NodeApiError) => {
			// Added whatever Heffl's message says: the reference names no code for it.
			if (error.httpCode === '400')
				error.description = `${LINKED_RECORDS} ${error.description ?? ''}`.trim();
			throw error;
		});
	},
};
