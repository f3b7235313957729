/**
 * v2 contact writes (`--write`): a contact created with the update page's fields (§11.1), the
 * field a create needs, and the refused delete of a contact a deal links to (§4.2).
 */
import { isObject, listing, problemOf, refusal, resourceFile } from '../reads';
import type { Check } from '../types';
import { differs, holds, notChecked } from '../types';
import {
	CONTACT,
	definitionsOf,
	NAMES_IT,
	refusedWithout,
	requiredValues,
	runContact,
} from './writeFixtures';

const contactCreate: Check = {
	id: 'contact.create',
	title:
		"POST /v2/contacts takes the update page's fields and answers the contact (create page not stored, §11.1)",
	depends: [resourceFile('contact')],
	sandbox: 'sandbox/v2/crm/contacts.ts',
	write: true,
	async run(kit) {
		const created = await runContact(kit);
		if (!created) return differs(`refused: ${problemOf(kit, 'contact')}`);
		const lost = ['firstName', 'lastName', 'email', 'phone', 'jobTitle', 'salutation'].filter(
			(key) => created[key] === undefined || created[key] === null,
		);
		return lost.length
			? differs(
					`created ${String(created.id)}; the answer lacks ${listing(lost)}`,
					'the node outputs the answer as it comes',
				)
			: holds(`created ${String(created.id)} (type ${String(created.type)}) with every field sent`);
	},
};

const contactRequired: Check = {
	id: 'contact.create-required',
	title: 'POST /v2/contacts needs firstName (the sandbox requires it; the node requires nothing)',
	depends: [],
	sandbox: 'sandbox/v2/crm/contacts.ts',
	write: true,
	async run(kit) {
		const definitions = await definitionsOf(kit, { entity: 'contacts' });
		return await refusedWithout(
			kit,
			CONTACT.path,
			'contact',
			{ lastName: `${kit.marker} without first name`, ...requiredValues(definitions, kit) },
			'firstName',
			NAMES_IT,
		);
	},
};

/** Runs after every check that needs the contact: Heffl may delete a linked contact after all. */
export const linkedDelete: Check = {
	id: 'contact.delete-linked',
	title: 'deleting a contact with a linked deal is refused with 400 (§4.2)',
	depends: [],
	sandbox: 'sandbox/v2/crm/clients.ts',
	write: true,
	async run(kit) {
		const client = await runContact(kit);
		if (!client || !isObject(kit.shared.deal))
			return notChecked('no contact with a deal (deal.create-defaults)');
		const reply = await kit.probe.remove('v2', CONTACT.path, String(client.id));
		const adapts = 'the node adds why Heffl may refuse it to any 400 (resources/contact.ts)';
		if (reply.ok) return differs('the contact was deleted although a deal links to it', adapts);
		return reply.status === 400
			? holds(`refused: ${refusal(reply)}`)
			: differs(`refused: ${refusal(reply)}`, adapts);
	},
};

export const CONTACT_WRITE_CHECKS: Check[] = [contactCreate, contactRequired];
