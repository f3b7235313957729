/**
 * Webhook Subscription → Create: §12.1 requires a name, so an empty one becomes "n8n: "
 * and the events; the output warns that Heffl shows the signing secret only once.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OwnOperation } from '../contract/ownOperation';
import { createRecord, writtenBody } from '../execute/writes';

const SECRET_NOTICE =
	'Heffl shows this signing secret only once. Store it now (for example in a Heffl Trigger set to "Use Existing Subscription"); it cannot be read again.';

const withName = (body: IDataObject): IDataObject => ({
	...body,
	name: body.name ?? `n8n: ${((body.events ?? []) as string[]).join(', ')}`.slice(0, 100),
});

export const webhookSubscriptionCreate: OwnOperation = {
	resource: 'webhookSubscription',
	operation: 'create',
	async execute({ resource, itemIndex, state, base }) {
		const body = await writtenBody(this, resource, 'create', itemIndex, base, state);
		const subscription = await createRecord(this, resource, itemIndex, base, withName(body));
		return { ...subscription, secretNotice: SECRET_NOTICE };
	},
};
