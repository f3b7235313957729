/**
 * What the v2 write checks create and send: the run's contact (with the workspace's required
 * contact fields), custom-field values of each definition's type, and the probe of a create
 * that should be refused for a missing field. Every record carries the run's marker.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CustomFieldDefinition } from '../../nodes/shared/records/customFields';
import { customFieldValue, readDefinition } from '../../nodes/shared/records/customFields';
import type { Reply } from '../probe';
import { fixture, names, problemOf, recordsOf, refusal, resource } from '../reads';
import type { Kit, Result } from '../types';
import { differs, holds, notChecked } from '../types';

export const CONTACT = resource('contact');

/** The custom-field definitions of one scope, read as the node reads them. */
export async function definitionsOf(
	kit: Kit,
	scope: IDataObject,
): Promise<CustomFieldDefinition[]> {
	const reply = await kit.probe.get('v2', '/custom-fields', scope);
	return recordsOf('v2', reply)
		.map(readDefinition)
		.filter((definition): definition is CustomFieldDefinition => definition !== undefined);
}

/** A value of the definition's type, converted as the node converts what a user gives. */
export function sample(
	definition: CustomFieldDefinition,
	kit: Kit,
): IDataObject[string] | undefined {
	const today = new Date().toISOString().slice(0, 10);
	const given: Record<CustomFieldDefinition['kind'], unknown> = {
		text: `${kit.marker}`,
		number: 1,
		date: today,
		dateTime: `${today}T09:00:00.000Z`,
		boolean: true,
		select: definition.values[0] ?? 'heffl-conformance',
		multiselect: definition.values.slice(0, 1),
	};
	const checked = customFieldValue(definition, given[definition.kind]);
	return 'value' in checked ? checked.value : undefined;
}

/** Values for the required definitions, but `except`. */
export function requiredValues(
	definitions: CustomFieldDefinition[],
	kit: Kit,
	except?: string,
): IDataObject {
	const values: IDataObject = {};
	for (const definition of definitions)
		if (definition.required && definition.key !== except)
			values[definition.key] = sample(definition, kit) ?? null;
	return values;
}

/** The contact this run created, with the workspace's required contact fields. */
export const runContact = (kit: Kit) =>
	fixture(kit, 'contact', {
		api: 'v2',
		path: CONTACT.path,
		label: 'contact',
		body: async () => ({
			firstName: 'Heffl',
			lastName: kit.marker,
			email: `${kit.marker}.contact@example.com`,
			phone: '+15550100',
			jobTitle: 'Conformance probe',
			salutation: 'Dr.',
			billingAddress: { city: 'Conformance' },
			...requiredValues(await definitionsOf(kit, { entity: 'contacts' }), kit),
		}),
	});

/** Why a check that needs the run's contact could not run. */
export const noContact = (kit: Kit) =>
	notChecked(`no contact could be created (contact.create: ${problemOf(kit, 'contact')})`);

/** A create probe that should be refused for a missing field; a record it makes anyway is deleted at the end. */
export async function refusedWithout(
	kit: Kit,
	path: string,
	label: string,
	body: IDataObject,
	field: string | string[],
	adapts: string,
): Promise<Result> {
	const fields = Array.isArray(field) ? field : [field];
	const reply: Reply = await kit.probe.create('v2', path, body, label);
	if (reply.ok) return differs(`created without ${fields[0]}`, adapts);
	if (reply.status === 400 && fields.some((name) => names(reply, name)))
		return holds(`refused, naming ${fields.find((name) => names(reply, name))}: ${refusal(reply)}`);
	return differs(`refused without naming ${fields[0]}: ${refusal(reply)}`, adapts);
}

/** How the package copes when Heffl needs a field the node does not require. */
export const NAMES_IT = "the node requires nothing there; Heffl's answer names what it needs";
