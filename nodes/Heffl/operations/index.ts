/** Every operation a resource has of its own (operations/ownOperation.ts): one line each. */
import type { OwnOperation } from './ownOperation';
import { contactDelete } from './contact.delete.operation';
import { webhookSubscriptionCreate } from './webhookSubscription.create.operation';

export const OWN_OPERATIONS: readonly OwnOperation[] = [contactDelete, webhookSubscriptionCreate];

export function ownOperation(resource: string, operation: string): OwnOperation | undefined {
	return OWN_OPERATIONS.find((own) => own.resource === resource && own.operation === operation);
}

/** The operations a resource adds to the generic ones (not those replacing one). */
export function newOperationsOf(resource: string): OwnOperation[] {
	return OWN_OPERATIONS.filter((own) => own.resource === resource && own.option);
}
