/**
 * How the resources' own operations show in the editor (contract/ownOperation.ts): a new
 * operation's option in the Operation list, and parameters of their own. One entry per own
 * operation that adds either; one that only replaces a generic operation's run (Contact →
 * Delete, Webhook Subscription → Create) shows as the generic one and has none.
 */
import type { OwnOperationDescription } from '../contract/ownOperation';

export const OWN_OPERATION_DESCRIPTIONS: readonly OwnOperationDescription[] = [];
