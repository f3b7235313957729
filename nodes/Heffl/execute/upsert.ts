/**
 * Create or Update by e-mail: the records with exactly this e-mail are found (the lookup of
 * emailLookup.ts: Heffl's search where it is proven to find e-mails, else the whole list
 * once per execution), one is updated, none creates one, several is an error naming them.
 * An e-mail upserted by one item is updated by the next.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { HefflListRequest } from '../../shared/transport';
import { recordPath } from '../../shared/transport';
import { lookupEmail } from '../../shared/table/builders';
import type { ResourceSpec } from '../../shared/table/schema';
import { fieldKey, fieldsOf, plural } from '../../shared/table/schema';
import { collectBody } from './body';
import { findByEmail, rememberWritten } from './emailLookup';
import { checkValue, isUnset } from '../../shared/records/fieldChecks';
import type { ExecutionState } from '../contract/executionState';
import { checked } from '../../shared/checks';
import { createRecord, updateRecord, writtenBody } from './writes';

export async function upsert(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
	base: Omit<HefflListRequest, 'path'>,
	state: ExecutionState,
): Promise<IDataObject> {
	const node = context.getNode();
	const emailField = fieldsOf(resource, 'create').find((field) => field.format === 'email');
	const emailKey = emailField ? fieldKey(emailField) : 'email';
	const given = context.getNodeParameter('email', itemIndex, '');
	const asked = lookupEmail('The e-mail address the record is found by.');
	const email = isUnset(asked, given)
		? ''
		: String(checked(node, itemIndex, 'Email', checkValue(asked, given)));
	if (!email) {
		throw new NodeOperationError(node, 'Email: Create or Update needs an e-mail address', {
			itemIndex,
			description: `The ${resource.label} is found by it, or created with it.`,
		});
	}
	// Every field is checked before the search: a bad value is refused with nothing sent.
	const collected = collectBody(context, resource, 'upsert', itemIndex);
	const remembered = `${resource.value}:${email.toLowerCase()}`;
	let id = state.upserted.get(remembered);
	if (id === undefined) {
		const { records: found } = await findByEmail(context, resource, base, email, state);
		if (found.length > 1) {
			throw new NodeOperationError(
				node,
				`Email: ${found.length} ${plural(resource.label)} have the e-mail address '${email}' (${found.map((record) => String(record.id)).join(', ')})`,
				{
					itemIndex,
					description: `Nothing was created or changed. Merge or delete the duplicates in Heffl, or update one of them by ID with the Update operation.`,
				},
			);
		}
		id = found[0]?.id === undefined ? undefined : String(found[0].id);
	}
	const creating = id === undefined;
	const body = await writtenBody(context, resource, 'upsert', itemIndex, base, state, {
		creating,
		collected,
		prepare: (written) => {
			const given = written[emailKey];
			if (given !== undefined && String(given).trim().toLowerCase() !== email.toLowerCase()) {
				throw new NodeOperationError(
					node,
					'Additional Fields › Email: differs from the Email the record is found by',
					{ itemIndex, description: 'Remove it from Additional Fields, or make both the same.' },
				);
			}
			written[emailKey] = email;
			const missing = fieldsOf(resource, 'create').find(
				(field) => field.required && !(fieldKey(field) in written),
			);
			if (creating && missing) {
				throw new NodeOperationError(
					node,
					`${missing.displayName}: no ${resource.label} has this e-mail, and creating one needs a value here`,
					{ itemIndex },
				);
			}
		},
	});
	const record =
		id === undefined
			? await createRecord(context, resource, itemIndex, base, body)
			: await updateRecord(
					context,
					resource,
					recordPath(node, resource.path, id, resource.displayName, itemIndex),
					base,
					body,
				);
	if (record.id !== undefined) state.upserted.set(remembered, String(record.id));
	rememberWritten(state, resource, email, record);
	return record;
}
