/**
 * Custom-field writes (`--write`, §9): values as the node converts them, a cf_* key without a
 * definition, and a create without a required custom field.
 */
import type { IDataObject } from 'n8n-workflow';

import { unwrapRecord } from '../../nodes/shared/transport';
import { listing, names, refusal } from '../reads';
import type { Check } from '../types';
import { differs, holds, notChecked } from '../types';
import {
	CONTACT,
	definitionsOf,
	noContact,
	refusedWithout,
	requiredValues,
	runContact,
	sample,
} from './writeFixtures';

const CUSTOM_FIELDS = 'nodes/shared/records/customFields.ts';

const customValues: Check = {
	id: 'custom-fields.values',
	title:
		'custom-field values as the node converts them (numbers, booleans, YYYY-MM-DD, allowed options) are taken and kept (§9.2)',
	depends: [CUSTOM_FIELDS],
	sandbox: 'sandbox/fields.ts',
	write: true,
	async run(kit) {
		const created = await runContact(kit);
		if (!created) return noContact(kit);
		const definitions = await definitionsOf(kit, { entity: 'contacts' });
		const values: IDataObject = {};
		for (const definition of definitions) {
			const value = sample(definition, kit);
			if (value !== undefined) values[definition.key] = value;
		}
		if (!Object.keys(values).length) return notChecked('no custom field is defined for contacts');
		const reply = await kit.probe.change('v2', CONTACT.path, String(created.id), 'PATCH', values);
		if (!reply.ok) return differs(`refused: ${refusal(reply)}`);
		const after = unwrapRecord(reply.body as IDataObject);
		const same = (a: unknown, b: unknown) =>
			JSON.stringify(a) === JSON.stringify(b) ||
			(typeof a === 'string' && typeof b === 'string' && a.slice(0, 10) === b.slice(0, 10));
		const changed = Object.keys(values).filter((key) => !same(values[key], after[key]));
		const kinds = [...new Set(definitions.map((definition) => definition.kind))];
		return changed.length
			? differs(
					`taken, but ${listing(changed.map((key) => `${key} came back as ${JSON.stringify(after[key])}`))}`,
					'the values were accepted; only their form on the way out differs',
				)
			: holds(`${Object.keys(values).length} values (${listing(kinds)}) taken and kept`);
	},
};

const unknownKey: Check = {
	id: 'custom-fields.unknown-key',
	title:
		'a cf_* key without a definition is refused, naming it (§9.2: only documented fields and cf_* keys)',
	depends: [],
	sandbox: 'sandbox/v2/body.ts',
	write: true,
	async run(kit) {
		const created = await runContact(kit);
		if (!created) return noContact(kit);
		const key = 'cf_heffl_conformance_unknown';
		const reply = await kit.probe.change('v2', CONTACT.path, String(created.id), 'PATCH', {
			[key]: 'x',
		});
		const adapts =
			'the node refuses unknown keys itself where it has the definitions, and sends others for Heffl to judge (customFields.ts)';
		if (reply.ok) return differs('accepted', adapts);
		return reply.status === 400 && names(reply, key)
			? holds(`refused: ${refusal(reply)}`)
			: differs(`refused without naming it: ${refusal(reply)}`, adapts);
	},
};

const requiredOnCreate: Check = {
	id: 'custom-fields.required-on-create',
	title:
		'a create without a required custom field is refused, naming it (§9.1: fields can be Required)',
	depends: [],
	sandbox: 'sandbox/v2/body.ts',
	write: true,
	async run(kit) {
		const bodies: Record<string, { path: string; label: string; body: IDataObject }> = {
			contacts: {
				path: CONTACT.path,
				label: 'contact',
				body: { firstName: 'Heffl', lastName: `${kit.marker} required field` },
			},
			companies: {
				path: '/companies',
				label: 'company',
				body: { name: `${kit.marker} required field` },
			},
			tasks: { path: '/tasks', label: 'task', body: { title: `${kit.marker} required field` } },
		};
		for (const [entity, { path, label, body }] of Object.entries(bodies)) {
			const definitions = await definitionsOf(kit, { entity });
			const required = definitions.find((definition) => definition.required);
			if (!required) continue;
			const values = requiredValues(definitions, kit, required.key);
			return await refusedWithout(
				kit,
				path,
				label,
				{ ...body, ...values },
				required.key,
				'the node asks for required custom fields on Create anyway (customFields.ts)',
			);
		}
		return notChecked('no contact, company or task custom field is required in this account');
	},
};

export const CUSTOM_FIELD_WRITE_CHECKS: Check[] = [customValues, unknownKey, requiredOnCreate];
